import '../decisions/decisions.css';
import type { MeetingDetails } from '@app/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsApi, type Action, type ActionInput } from '../../../api/actions';
import { notify } from '../../../api/notify';
import { Loading } from '../../../components/Loading';
import { confirmAction } from '../../../components/confirm';
import { useMessage } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { ceilQuarter, fromLocalString } from '../decisions/datetime';
import { meetingPeople, personKey, saveErrorMessage, withCurrent } from '../decisions/people';
import { AttachmentLinks } from '../details/AttachmentChips';
import { ActionForm, PRIORITY_SEVERITY, type ActionValues } from './ActionForm';
import { ParticipantStatus, STATUS_SEVERITY } from './ParticipantStatus';

export function actionValues(a: Action | null, meetingStart: string | null): ActionValues {
  return {
    title: a?.title ?? '',
    description: a?.description ?? '',
    participants: (a?.participants ?? []).map((p) => personKey(p)).filter((k): k is string => !!k),
    open_till: a ? fromLocalString(a.open_till) : (fromLocalString(meetingStart) ?? ceilQuarter(new Date())),
    priority: a?.priority ?? 'Low',
    attachments: (a?.attachments ?? []).map((x) => ({ library_id: x.library_id, name: x.name ?? x.library.name })),
    talkingpoint_id: a?.talkingpoint_id ?? null,
    talkingpoint_subpoint_id: a?.talkingpoint_subpoint_id ?? null,
    progress: a ? a.progress : null,
  };
}

/**
 * An action in a dialog (800): create (actionId null), edit when the server allows it, or view with the
 * overall status from the server and each participant's status control. Guests see one close button.
 */
export function ActionDialog(props: {
  meeting: MeetingDetails;
  actionId: number | null;
  visible: boolean;
  onHide(): void;
  onChanged(): void;
  guestToken?: string;
  /** the comments of the action (the meeting page wires its Comments component) */
  renderComments?(action: Action): ReactNode;
  /** changes when the meeting's live channel reports a change: an open action in view loads again (statuses) */
  liveTick?: number;
}) {
  const { t, i18n } = useTranslation('actions');
  const m = useMessage();
  const { meeting, actionId, visible, guestToken } = props;
  const [action, setAction] = useState<Action | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  const load = useCallback(async () => {
    if (actionId === null) return;
    try {
      setLoadError(null);
      setAction(await actionsApi.get(actionId, guestToken));
    } catch (err) {
      setLoadError(saveErrorMessage(err));
    }
  }, [actionId, guestToken]);

  useEffect(() => {
    if (!visible) return;
    setBanner(null);
    setAction(null);
    setEditing(actionId === null);
    void load();
  }, [visible, actionId, load]);

  useEffect(() => {
    if (visible && actionId !== null && !editing && props.liveTick) void load();
  }, [props.liveTick]);

  const save = async (input: ActionInput) => {
    setBanner(null);
    try {
      const { message } = actionId === null ? await actionsApi.create(meeting.id, input) : await actionsApi.update(meeting.id, actionId, input);
      notify('success', m(message ?? 'Action saved successfully'));
      props.onChanged();
      if (actionId === null) props.onHide();
      else {
        setEditing(false);
        await load();
      }
    } catch (err) {
      setBanner(saveErrorMessage(err));
      throw err;
    }
  };

  const changed = async () => {
    props.onChanged();
    await load();
  };

  const remove = () =>
    confirmAction({
      message: t('deleteConfirm'),
      danger: true,
      accept: async () => {
        if (actionId === null) return;
        try {
          notify('success', m((await actionsApi.remove(meeting.id, actionId)) ?? 'Deleted successfully'));
          props.onChanged();
          props.onHide();
        } catch (err) {
          setBanner(saveErrorMessage(err));
        }
      },
    });

  const header = actionId === null ? t('create') : editing ? t('edit') : (action?.title ?? t('action'));
  const people = withCurrent(meetingPeople(meeting), action?.participants ?? []);

  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={props.onHide}
      style={{ width: '800px' }}
      breakpoints={{ '880px': '95vw' }}
      data-testid="action-dialog"
      footer={
        guestToken || !editing ? (
          <div className="dialog-footer">
            <Button type="button" label={t('close')} outlined onClick={props.onHide} data-testid="action-close" />
          </div>
        ) : undefined
      }
    >
      {banner && <Message severity="error" text={m(banner)} className="dialog-banner" data-testid="action-banner" />}
      {loadError && <Message severity="error" text={m(loadError)} data-testid="action-load-error" />}
      {actionId !== null && !action && !loadError && <Loading />}
      {editing && (actionId === null || action) && (
        <ActionForm
          key={action?.updated_at ?? 'new'}
          initial={actionValues(action, meeting.start_date)}
          meetingStart={meeting.start_date}
          canAttach={action ? action.can_add_attachments : meeting.permissions.addAttachments}
          people={people}
          onSubmit={save}
          onCancel={() => (actionId === null ? props.onHide() : setEditing(false))}
        />
      )}
      {!editing && action && (
        <div className="action-details" data-testid="action-details">
          <div className="action-details__meta">
            {/* the tracker's "not started" (nobody has acted, no progress) reads the same here, not "In Progress" */}
            {action.group === 'not_started'
              ? <Tag value={t('Not started')} severity="secondary" data-testid="action-status" data-status="not_started" />
              : <Tag value={t(action.status)} severity={STATUS_SEVERITY[action.status]} data-testid="action-status" data-status={action.status} />}
            <Tag value={t(action.priority)} severity={PRIORITY_SEVERITY[action.priority]} data-testid="action-priority-tag" />
            <span>
              {t('openTill')}: <bdi>{formatDateTime(action.open_till, i18n.language)}</bdi>
            </span>
          </div>
          {action.locked && <Message severity="warn" text={t('locked')} data-testid="action-locked" />}
          {action.description && <p className="action-details__description">{action.description}</p>}
          <AttachmentLinks items={action.attachments} meetingId={meeting.id} guestToken={guestToken} />
          <h4>{t('participants')}</h4>
          <ul className="participant-list" data-testid="action-participants-list">
            {action.participants.map((p) => (
              <ParticipantStatus key={`${p.id}-${p.status}-${p.updated_at}`} action={action} participant={p} guestToken={guestToken} onChanged={() => void changed()} onError={setBanner} />
            ))}
          </ul>
          <div className="action-details__actions">
            {action.can_edit && !guestToken && <Button type="button" label={t('edit')} icon="pi pi-pencil" outlined onClick={() => setEditing(true)} data-testid="action-edit" />}
            {action.can_delete && !guestToken && <Button type="button" label={t('delete')} icon="pi pi-trash" severity="danger" outlined onClick={remove} data-testid="action-delete" />}
          </div>
          {props.renderComments?.(action)}
        </div>
      )}
    </Dialog>
  );
}
