import { ROLL_CALL_VALUES, type MeetingDetails, type MemberPayload, type RollCallMark } from '@app/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chairApi } from '../../../api/meetings';
import { Field } from '../../../components/Field';
import { confirmAction } from '../../../components/confirm';
import { useMessage } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { memberName } from './Participants';
import { useCardCommand } from './use-card-command';

type Errors = Partial<Record<'chair_user_id' | 'secretary_user_id' | 'user_id' | 'status' | 'agenda' | 'note', string>>;

/** the meeting's chair or secretary, by role */
export function holderOf(meeting: Pick<MeetingDetails, 'members'>, role: 'chair' | 'secretary'): MemberPayload | null {
  return meeting.members.find((m) => m.meeting_role === role) ?? null;
}

/**
 * The quorum indicator (docs/meeting.md#running-the-meeting): "Quorum reached" with when, or "Quorum not reached",
 * and the count. Once the roll call is taken it is the roll call's; before, the replies' (`attendance_quorum`).
 */
export function QuorumIndicator(props: { meeting: MeetingDetails }) {
  const { t, i18n } = useTranslation('meeting');
  const { roll_call: roll } = props.meeting;
  const q = roll.taken ? roll.quorum : props.meeting.attendance_quorum;
  return (
    <div className={`quorum-indicator ${q.met ? 'quorum-indicator--met' : ''}`} data-testid="quorum-indicator" data-met={q.met ? '1' : '0'} role="status">
      <strong data-testid="quorum-state">{q.met ? t('chair.quorumReached') : t('chair.quorumNotReached')}</strong>
      {q.met && roll.reached_at && <span data-testid="quorum-reached-at"> {t('chair.quorumReachedAt', { time: formatDateTime(roll.reached_at, i18n.language) })}</span>}
      <span className="muted block" data-testid="quorum-count">{t('chair.quorumCount', { present: q.present, total: q.total, needed: q.needed, percent: q.percent })}</span>
      {!roll.taken && <span className="muted block">{t('chair.quorumFromRsvp')}</span>}
    </div>
  );
}

/**
 * Running the meeting (issue 27): the chair and the secretary (named by the owner or an admin), Start meeting and End
 * meeting (the chair, the owner, an admin), the quorum indicator and the roll call (the chair or the secretary marks
 * each member present, remote, absent or excused while the meeting is Live). The server's `chair_controls` decide
 * what is offered; every change comes back as the meeting's details and reaches other open pages live.
 */
export function ChairCard(props: { meeting: MeetingDetails; onChanged(): void }) {
  const { t, i18n } = useTranslation('meeting');
  const m = useMessage();
  const { meeting } = props;
  const can = meeting.chair_controls;
  const users = meeting.members.filter((x) => x.user_id !== null);
  const chair = holderOf(meeting, 'chair');
  const secretary = holderOf(meeting, 'secretary');
  const [roles, setRoles] = useState<{ chair: number | null; secretary: number | null } | null>(null);
  const { errors, busy, run } = useCardCommand<Errors>(props.onChanged);
  const picked = roles ?? { chair: chair?.user_id ?? null, secretary: secretary?.user_id ?? null };

  const saveRoles = async () => {
    if (await run(() => chairApi.setRoles(meeting.id, { chair_user_id: picked.chair, secretary_user_id: picked.secretary }))) setRoles(null);
  };
  const options = [{ value: null, label: t('chair.nobody') }, ...users.map((u) => ({ value: u.user_id, label: memberName(u) }))];
  const markOptions = ROLL_CALL_VALUES.map((v) => ({ value: v, label: t(`rollCall.${v}`) }));
  const showRoll = meeting.roll_call.taken || can.roll_call;

  return (
    <section className="surface-card chair-card" data-testid="chair-card" aria-labelledby="chair-title">
      <div className="side-card__head">
        <h2 id="chair-title" className="section-title">{t('chair.title')}</h2>
      </div>
      {can.set_roles ? (
        <div className="chair-card__roles" data-testid="chair-roles-form">
          <Field id="chair-role-chair" label={t('chair.chair')} error={errors.chair_user_id}>
            <Dropdown inputId="chair-role-chair" value={picked.chair} options={options} onChange={(e) => setRoles({ ...picked, chair: e.value as number | null })} placeholder={t('chair.chooseMember')} data-testid="chair-role-chair" />
          </Field>
          <Field id="chair-role-secretary" label={t('chair.secretary')} error={errors.secretary_user_id}>
            <Dropdown inputId="chair-role-secretary" value={picked.secretary} options={options} onChange={(e) => setRoles({ ...picked, secretary: e.value as number | null })} placeholder={t('chair.chooseMember')} data-testid="chair-role-secretary" />
          </Field>
          <Button type="button" size="small" label={t('chair.saveRoles')} onClick={() => void saveRoles()} loading={busy} disabled={roles === null} data-testid="chair-roles-save" />
        </div>
      ) : (
        <dl className="meeting-facts" data-testid="chair-roles">
          <div><dt>{t('chair.chair')}</dt><dd data-testid="chair-role-chair-name">{chair ? <bdi>{memberName(chair)}</bdi> : t('chair.nobody')}</dd></div>
          <div><dt>{t('chair.secretary')}</dt><dd data-testid="chair-role-secretary-name">{secretary ? <bdi>{memberName(secretary)}</bdi> : t('chair.nobody')}</dd></div>
        </dl>
      )}
      <div className="chair-card__run">
        {meeting.started_at && <span className="muted" data-testid="meeting-started-at">{t('chair.startedAt', { time: formatDateTime(meeting.started_at, i18n.language) })}</span>}
        {meeting.ended_at && <span className="muted" data-testid="meeting-ended-at">{t('chair.endedAt', { time: formatDateTime(meeting.ended_at, i18n.language) })}</span>}
        {can.start && (
          <Button type="button" icon="pi pi-play" label={t('chair.start')} disabled={busy} data-testid="chair-start"
            onClick={() => confirmAction({ message: t('chair.startConfirm'), accept: () => void run(() => chairApi.start(meeting.id)) })} />
        )}
        {can.end && (
          <Button type="button" icon="pi pi-stop" label={t('chair.end')} severity="danger" outlined disabled={busy} data-testid="chair-end"
            onClick={() => confirmAction({ message: t('chair.endConfirm'), danger: true, accept: () => void run(() => chairApi.end(meeting.id)) })} />
        )}
      </div>
      <div className="chair-card__run" data-testid="agenda-publication">
        <span className="muted" data-testid="agenda-published-at">
          {meeting.agenda_published_at
            ? t(meeting.agenda_edition > 1 ? 'chair.agendaUpdatedAt' : 'chair.agendaPublishedAt', { time: formatDateTime(meeting.agenda_published_at, i18n.language), edition: meeting.agenda_edition })
            : t('chair.agendaNotPublished')}
        </span>
        {errors.agenda && <p className="p-error" role="alert" data-testid="agenda-publish-error">{m(errors.agenda)}</p>}
        {can.publish_agenda && (
          <Button type="button" icon="pi pi-send" outlined label={meeting.agenda_edition > 0 ? t('chair.publishUpdate') : t('chair.publishAgenda')} disabled={busy} data-testid="chair-publish-agenda"
            onClick={() => confirmAction({ message: meeting.agenda_edition > 0 ? t('chair.publishUpdateConfirm') : t('chair.publishAgendaConfirm'), accept: () => void run(() => chairApi.publishAgenda(meeting.id)) })} />
        )}
      </div>
      <QuorumIndicator meeting={meeting} />
      {showRoll && (
        <>
          <h3 className="chair-card__subtitle">{t('rollCall.title')}</h3>
          {(errors.user_id || errors.status) && <p className="p-error" role="alert">{m(errors.user_id ?? errors.status ?? '')}</p>}
          <ul className="people-list roll-call" data-testid="roll-call">
            {users.map((u) => (
              <li key={u.member_id} data-testid={`roll-${u.user_id}`}>
                <span className="people-list__name"><bdi>{memberName(u)}</bdi></span>
                {can.roll_call ? (
                  <Dropdown
                    value={u.roll_call} options={markOptions} placeholder={t('rollCall.unmarked')} disabled={busy}
                    aria-label={t('rollCall.markFor', { name: memberName(u) })}
                    onChange={(e) => void run(() => chairApi.mark(meeting.id, { user_id: u.user_id!, status: e.value as RollCallMark }))}
                    data-testid={`roll-mark-${u.user_id}`}
                  />
                ) : (
                  <span className="attendance-tag" data-testid={`roll-tag-${u.user_id}`}>{u.roll_call ? t(`rollCall.${u.roll_call}`) : t('rollCall.unmarked')}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {!showRoll && <p className="muted">{t('rollCall.waits')}</p>}
    </section>
  );
}
