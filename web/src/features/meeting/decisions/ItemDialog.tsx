import './decisions.css';
import { Button } from 'primereact/button';
import { Dialog, type DialogProps } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { notify } from '../../../api/notify';
import { Loading } from '../../../components/Loading';
import { confirmAction } from '../../../components/confirm';
import { useMessage } from '../../../i18n';
import { saveErrorMessage } from './people';

/**
 * The dialog shell of a meeting's items (decisions, actions, talking points) and of standalone resolutions: create
 * (id null), edit when the server allows it, or view. `useItemDialog` holds the item and its states (loading, the
 * load error, the save/delete error banner, editing) and the create / update / delete flows over the item's routes;
 * `ItemDialog` shows them around the item's own form and view, and hands the form its submit and cancel and the
 * view its edit / delete (when the server allows them and the viewer is no guest), change and error handlers.
 */
export interface ItemRoutes<I> {
  create(input: I): Promise<{ message: string | null }>;
  update(id: number, input: I): Promise<{ message: string | null }>;
  /** answers the server's message */
  remove(id: number): Promise<string | null>;
  /** the save toast when the server sends no message */
  saved: string;
  /** the question before a delete */
  deleteConfirm: string;
  /** the delete toast when the server sends no message (default 'Deleted successfully') */
  deleted?: string;
}

/** the create / update / delete of a meeting's item (`actionsApi`, `decisionsApi`), for the meeting's dialog */
export function meetingItemRoutes<I>(
  api: {
    create(meetingId: number, input: I): Promise<{ message: string | null }>;
    update(meetingId: number, id: number, input: I): Promise<{ message: string | null }>;
    remove(meetingId: number, id: number): Promise<string | null>;
  },
  meetingId: number,
): Pick<ItemRoutes<I>, 'create' | 'update' | 'remove'> {
  return { create: (input) => api.create(meetingId, input), update: (id, input) => api.update(meetingId, id, input), remove: (id) => api.remove(meetingId, id) };
}

export interface ItemDialogOptions<T, I = never> {
  /** the item's id; null creates one */
  id: number | null;
  visible: boolean;
  /** GET the item (the caller's token link for guests) */
  get(id: number): Promise<T>;
  /** create / update / delete, for the form's submit and the view's delete */
  routes?: ItemRoutes<I>;
  /** what `get` depends on besides the id (the meeting, a guest's token) */
  getDeps: readonly unknown[];
  /** changes when a live channel reports a change: the item in view loads again */
  liveTick?: number;
  /** the live channel reloads the item while it is edited too (a decision: new votes lock its ballot) */
  reloadWhileEditing?: boolean;
  /** after any save the dialog closes (a talking point), and a failed save is told in the banner only */
  closeAfterSave?: boolean;
  /** a guest (a meeting link's token): always the close button, never edit or delete */
  guest?: boolean;
  /** the dialog opened (again): reset what the caller keeps beside the item */
  onOpen?(): void;
  /** the item came (or came again) */
  onLoaded?(item: T): void;
  onChanged(): void;
  onHide(): void;
}

export interface ItemDialogState<T, I = never> {
  id: number | null;
  visible: boolean;
  guest: boolean;
  onHide(): void;
  item: T | null;
  loadError: string | null;
  banner: string | null;
  setBanner(message: string | null): void;
  editing: boolean;
  setEditing(editing: boolean): void;
  load(): Promise<void>;
  /** create or update: the success toast (the server's message, else `fallback`), then view (or close) */
  save(run: () => Promise<{ message: string | null }>, fallback: string): Promise<void>;
  /** after a confirmation (`confirm`): delete, the toast (the server's message, else `fallback`), close */
  remove(confirm: string, run: () => Promise<string | null>, fallback: string): void;
  /** the form's submit: `save` over the routes (create while the id is null, else update) */
  submit(input: I): Promise<void>;
  /** the view's delete: `remove` over the routes */
  del(): void;
  /** the form's cancel: a new item closes the dialog, an edited one goes back to its view */
  cancel(): void;
  /** the view changed the item (a vote, a participant's status): tell the page and load the item again */
  changed(): Promise<void>;
}

export function useItemDialog<T, I = never>(o: ItemDialogOptions<T, I>): ItemDialogState<T, I> {
  const m = useMessage();
  const { id, visible } = o;
  const [item, setItem] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  const load = useCallback(async () => {
    if (id === null) return;
    try {
      setLoadError(null);
      const got = await o.get(id);
      setItem(got);
      o.onLoaded?.(got);
    } catch (err) {
      setLoadError(saveErrorMessage(err));
    }
  }, [id, ...o.getDeps]);

  useEffect(() => {
    if (!visible) return;
    setBanner(null);
    setItem(null);
    o.onOpen?.();
    setEditing(id === null);
    void load();
  }, [visible, id, load]);

  useEffect(() => {
    if (visible && id !== null && (o.reloadWhileEditing || !editing) && o.liveTick) void load();
  }, [o.liveTick]);

  const save = async (run: () => Promise<{ message: string | null }>, fallback: string) => {
    setBanner(null);
    try {
      const { message } = await run();
      notify('success', m(message ?? fallback));
      o.onChanged();
      if (id === null || o.closeAfterSave) o.onHide();
      else {
        setEditing(false);
        await load();
      }
    } catch (err) {
      setBanner(saveErrorMessage(err));
      // the form shows the server's field errors (and stops its spinner)
      if (!o.closeAfterSave) throw err;
    }
  };

  const remove = (confirm: string, run: () => Promise<string | null>, fallback: string) =>
    confirmAction({
      message: confirm,
      danger: true,
      accept: async () => {
        if (id === null) return;
        try {
          notify('success', m((await run()) ?? fallback));
          o.onChanged();
          o.onHide();
        } catch (err) {
          setBanner(saveErrorMessage(err));
        }
      },
    });

  const routes = () => {
    if (!o.routes) throw new Error('useItemDialog: no routes given');
    return o.routes;
  };

  const submit = (input: I) => {
    const r = routes();
    return save(() => (id === null ? r.create(input) : r.update(id, input)), r.saved);
  };

  const del = () => {
    const r = routes();
    remove(r.deleteConfirm, () => r.remove(id!), r.deleted ?? 'Deleted successfully');
  };

  const cancel = () => (id === null ? o.onHide() : setEditing(false));

  const changed = async () => {
    o.onChanged();
    await load();
  };

  return { id, visible, guest: !!o.guest, onHide: o.onHide, item, loadError, banner, setBanner, editing, setEditing, load, save, remove, submit, del, cancel, changed };
}

/** what the view may do: edit and delete are there when the item allows them (`can_edit`, `can_delete`) and the viewer is no guest */
export interface ItemViewControls {
  onEdit?(): void;
  onDelete?(): void;
  /** the view changed the item (a vote, a status): the page hears of it and the item loads again */
  onChanged(): Promise<void>;
  /** an error of the view's own requests, for the banner */
  onError(message: string): void;
}

/** the form's submit (create or update, the server's field errors thrown back to the form) and cancel */
export interface ItemFormControls<I> {
  onSubmit(input: I): Promise<void>;
  onCancel(): void;
}

export interface ItemDialogProps<T extends ShellItem, I = never> {
  state: ItemDialogState<T, I>;
  /** names the dialog's test ids: `<testId>-dialog`, `-banner`, `-load-error`, `-close` */
  testId: string;
  /**
   * the header: creating, editing, and viewing an item that has not come yet (then its title); `close`, the footer's
   * close button while viewing (and always for a guest): without it the view closes itself
   */
  words: { create: string; edit: string; view: string; close?: string };
  /** before the footer's close button (the resolution report) */
  footerStart?: ReactNode;
  /** the dialog's size and mask, where an item's differ from 800 px (95 % of a narrow screen); `onShow` once it has come in */
  dialogProps?: Pick<DialogProps, 'style' | 'breakpoints' | 'dismissableMask' | 'onShow'>;
  /** the banner's and load error's class (default: the full-width banner of decisions.css) */
  messageClassName?: string;
  /** the create / edit form (shown while editing, once an edited item came) */
  form(controls: ItemFormControls<I>): ReactNode;
  /** the item's view */
  view(item: T, controls: ItemViewControls): ReactNode;
}

type ShellItem = { title: string; can_edit?: boolean; can_delete?: boolean };

export function ItemDialog<T extends ShellItem, I = never>(props: ItemDialogProps<T, I>) {
  const m = useMessage();
  const { state: d, testId } = props;
  const { words } = props;
  const header = d.id === null ? words.create : d.editing ? words.edit : (d.item?.title ?? words.view);
  return (
    <Dialog
      header={header}
      visible={d.visible}
      onHide={d.onHide}
      style={{ width: '800px' }}
      breakpoints={{ '880px': '95vw' }}
      {...props.dialogProps}
      data-testid={`${testId}-dialog`}
      footer={
        words.close && (d.guest || !d.editing) ? (
          <div className="dialog-footer">
            {props.footerStart}
            <Button type="button" label={words.close} outlined onClick={d.onHide} data-testid={`${testId}-close`} />
          </div>
        ) : undefined
      }
    >
      {d.banner && <Message severity="error" text={m(d.banner)} className={props.messageClassName ?? 'dialog-banner'} data-testid={`${testId}-banner`} />}
      {d.loadError && <Message severity="error" text={m(d.loadError)} className={props.messageClassName} data-testid={`${testId}-load-error`} />}
      {d.id !== null && !d.item && !d.loadError && <Loading />}
      {d.editing && (d.id === null || d.item) && props.form({ onSubmit: d.submit, onCancel: d.cancel })}
      {!d.editing && d.item && props.view(d.item, viewControls(d, d.item))}
    </Dialog>
  );
}

function viewControls<T extends ShellItem, I>(d: ItemDialogState<T, I>, item: T): ItemViewControls {
  return {
    onEdit: item.can_edit && !d.guest ? () => d.setEditing(true) : undefined,
    onDelete: item.can_delete && !d.guest ? d.del : undefined,
    onChanged: d.changed,
    onError: d.setBanner,
  };
}
