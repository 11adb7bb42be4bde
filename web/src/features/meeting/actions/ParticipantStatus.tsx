import { ACTION_STATUS_VALUES, type ActionStatus } from '@app/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsApi, type Action, type ActionParticipant } from '../../../api/actions';
import { ApiError } from '../../../api/client';
import { notify } from '../../../api/notify';
import { UserAvatar } from '../../../components/Avatar';
import { personName } from '../decisions/people';

/** In Progress amber, Complete green, Not Complete red */
export const STATUS_SEVERITY: Record<ActionStatus, 'warning' | 'success' | 'danger'> = { 'In Progress': 'warning', Complete: 'success', 'Not Complete': 'danger' };

/**
 * One participant of an action: their status as a tag, or a status control and reason when the server
 * says the actor may change it (their own row, a guest's own row, or any row for an administrator).
 */
export function ParticipantStatus(props: { action: Action; participant: ActionParticipant; guestToken?: string; onChanged(): void; onError(message: string): void }) {
  const { t } = useTranslation('actions');
  const p = props.participant;
  const [status, setStatus] = useState<ActionStatus>(p.status);
  const [reason, setReason] = useState(p.reason ?? '');
  const [busy, setBusy] = useState(false);
  const editable = p.can_change_status && !props.action.locked;

  const save = async () => {
    setBusy(true);
    try {
      const who = props.guestToken ? {} : p.user_id ? { user_id: p.user_id } : p.user_email ? { user_email: p.user_email } : {};
      await actionsApi.changeStatus(props.action.id, { status, reason: reason.trim() || undefined, ...who }, props.guestToken);
      // the toast says what was saved (the answer's message is only 'Done')
      notify('success', t('statusSaved', { name: personName(p), status: t(status) }));
      props.onChanged();
    } catch (err) {
      if (err instanceof ApiError) props.onError(Object.values(err.fieldErrors)[0] ?? err.serverMessage ?? err.message);
      else throw err;
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="participant-status" data-testid={`participant-${p.id}`}>
      <UserAvatar name={personName(p)} image={p.user?.image} />
      <span className="participant-status__name">{personName(p)}</span>
      {editable ? (
        <span className="participant-status__control">
          <Dropdown
            value={status}
            options={ACTION_STATUS_VALUES.map((s) => ({ value: s, label: t(s) }))}
            onChange={(e) => setStatus(e.value as ActionStatus)}
            aria-label={t('status')}
            data-testid={`participant-status-${p.id}`}
          />
          <InputText value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('reason')} aria-label={t('reason')} data-testid={`participant-reason-${p.id}`} />
          <Button
            type="button"
            label={t('update')}
            loading={busy}
            disabled={status === p.status && reason === (p.reason ?? '')}
            onClick={() => void save()}
            data-testid={`participant-save-${p.id}`}
          />
        </span>
      ) : (
        <>
          <Tag value={t(p.status)} severity={STATUS_SEVERITY[p.status]} data-testid={`participant-tag-${p.id}`} />
          {p.reason && <small className="participant-status__reason">{p.reason}</small>}
        </>
      )}
    </li>
  );
}
