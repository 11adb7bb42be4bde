import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { notify } from '../../api/notify';
import { confirmAction } from '../../components/confirm';

/**
 * The administration lists (users, roles, committees, boards) edit one record at a time in a dialog.
 * Each namespace has the same keys: new, newTitle, editTitle, edit, delete, added, updated, deleted, confirmDelete.
 */
export interface RecordEditor<T, I> {
  /** the dialog is open (for a new record or a row) */
  open: boolean;
  /** the row being edited; null for a new record */
  record: T | null;
  openNew: () => void;
  edit: (row: T) => void;
  close: () => void;
  /** create or update, show the server's message (or the namespace's added/updated), close, refresh the list */
  save: (input: I) => Promise<void>;
}

type Saver<I> = { create: (input: I) => Promise<string | null>; update: (id: number, input: I) => Promise<string | null> };

export function useRecordEditor<T extends { id: number }, I>(ns: string, api: Saver<I>, refresh: () => Promise<unknown>): RecordEditor<T, I> {
  const { t } = useTranslation(ns);
  const [editing, setEditing] = useState<T | null | 'new'>(null);
  const record = editing === 'new' ? null : editing;
  return {
    open: editing !== null,
    record,
    openNew: () => setEditing('new'),
    edit: (row) => setEditing(row),
    close: () => setEditing(null),
    save: async (input) => {
      const message = record ? await api.update(record.id, input) : await api.create(input);
      notify('success', message ?? (record ? t('updated') : t('added')));
      setEditing(null);
      await refresh();
    },
  };
}

/** The editor's dialog: "New …" or "Edit …"; the form inside is mounted only while it is open. */
export function RecordDialog(props: { ns: string; editor: Pick<RecordEditor<unknown, never>, 'open' | 'record' | 'close'>; width: string; testId?: string; children: ReactNode }) {
  const { t } = useTranslation(props.ns);
  const { editor } = props;
  return (
    <Dialog visible={editor.open} onHide={editor.close} header={editor.record ? t('editTitle') : t('newTitle')} style={{ width: props.width }} data-testid={props.testId}>
      {editor.open && props.children}
    </Dialog>
  );
}

/** A row's edit and delete buttons, shown only when the API allows them (the row's flags or the user's slugs); delete asks first. */
export function RowActions(props: { ns: string; row: { name: string }; canEdit: boolean; canDelete: boolean; onEdit: () => void; remove: () => Promise<string | null>; onRemoved: () => Promise<unknown> }) {
  const { t } = useTranslation(props.ns);
  const { row } = props;
  return (
    <span className="row-actions">
      {props.canEdit && <Button type="button" icon="pi pi-pencil" text rounded aria-label={t('edit')} onClick={props.onEdit} />}
      {props.canDelete && (
        <Button
          type="button"
          icon="pi pi-trash"
          text
          rounded
          severity="danger"
          aria-label={t('delete')}
          onClick={() =>
            confirmAction({
              message: t('confirmDelete', { name: row.name }),
              danger: true,
              accept: async () => {
                notify('success', (await props.remove()) ?? t('deleted'));
                await props.onRemoved();
              },
            })
          }
        />
      )}
    </span>
  );
}
