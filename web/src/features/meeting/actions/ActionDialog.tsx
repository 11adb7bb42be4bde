import '../decisions/decisions.css';
import type { MeetingDetails } from '@app/contracts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsApi, type Action, type ActionInput } from '../../../api/actions';
import { formatDateTime } from '../../../lib/dates';
import { ceilQuarter, fromLocalString } from '../decisions/datetime';
import { ItemDialog, meetingItemRoutes, useItemDialog } from '../decisions/ItemDialog';
import { meetingPeople, personKey, withCurrent } from '../decisions/people';
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
  const { meeting, actionId, visible, guestToken } = props;
  const d = useItemDialog<Action, ActionInput>({
    id: actionId, visible, liveTick: props.liveTick, onChanged: props.onChanged, onHide: props.onHide,
    get: (id) => actionsApi.get(id, guestToken), getDeps: [guestToken], guest: !!guestToken,
    routes: { ...meetingItemRoutes(actionsApi, meeting.id), saved: 'Action saved successfully', deleteConfirm: t('deleteConfirm') },
  });
  const action = d.item;

  return (
    <ItemDialog
      state={d}
      testId="action"
      words={{ create: t('create'), edit: t('edit'), view: t('action'), close: t('close') }}
      form={(f) => (
        <ActionForm
          key={action?.updated_at ?? 'new'}
          initial={actionValues(action, meeting.start_date)}
          meetingStart={meeting.start_date}
          canAttach={action ? action.can_add_attachments : meeting.permissions.addAttachments}
          people={withCurrent(meetingPeople(meeting), action?.participants ?? [])}
          {...f}
        />
      )}
      view={(action, c) => (
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
              <ParticipantStatus key={`${p.id}-${p.status}-${p.updated_at}`} action={action} participant={p} guestToken={guestToken} onChanged={() => void c.onChanged()} onError={c.onError} />
            ))}
          </ul>
          <div className="action-details__actions">
            {c.onEdit && <Button type="button" label={t('edit')} icon="pi pi-pencil" outlined onClick={c.onEdit} data-testid="action-edit" />}
            {c.onDelete && <Button type="button" label={t('delete')} icon="pi pi-trash" severity="danger" outlined onClick={c.onDelete} data-testid="action-delete" />}
          </div>
          {props.renderComments?.(action)}
        </div>
      )}
    />
  );
}
