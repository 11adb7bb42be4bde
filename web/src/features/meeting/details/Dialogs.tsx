import { M, MeetingStatus, MM, type Attendance, type MeetingDetails, type MemberPayload } from '@app/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meetingsApi, membersApi } from '../../../api/meetings';
import { notify } from '../../../api/notify';
import { Field } from '../../../components/Field';
import { useMessage } from '../../../i18n';
import { agendaEntries } from './AgendaList';
import { scheduleCheck } from './schedule-check';

/** the closable alert of a failed status change, delete or upload: the server's message, else the error's text */
export function alertText(err: unknown): string {
  const e = err as { serverMessage?: string; fieldErrors?: Record<string, string>; message?: string } | null;
  return e?.serverMessage ?? Object.values(e?.fieldErrors ?? {})[0] ?? e?.message ?? '';
}

/** Change the meeting's status to one the server allows now, with the reason it asks for. */
export function StatusDialog(props: { meeting: MeetingDetails; visible: boolean; onHide(): void; onChanged(): void }) {
  const { t } = useTranslation('meeting');
  const m = useMessage();
  const allowed = props.meeting.permissions.allowedStatuses;
  const [status, setStatus] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (props.visible) {
      setStatus(allowed[0] ?? null);
      setReason('');
      setSubmitted(false);
      setError(null);
    }
  }, [props.visible]);
  const [asking, setAsking] = useState(false);
  const statusError = submitted && !status ? M.required : null;
  const reasonError = submitted && !reason.trim() ? MM.statusReasonRequired : null;
  const entries = agendaEntries(props.meeting);
  const check = scheduleCheck({
    agendaItems: entries.filter((e) => e.type === 'talking_point').length,
    decisionsAndActions: entries.filter((e) => e.type !== 'talking_point').length,
    needsMembers: props.meeting.permissions.needsMembers,
  });
  const save = async (confirmed = false) => {
    setSubmitted(true);
    if (!status || !reason.trim()) return;
    if (status === MeetingStatus.Scheduled && check.confirm && !confirmed) return setAsking(true);
    setAsking(false);
    setBusy(true);
    try {
      const r = await meetingsApi.changeStatus(props.meeting.id, status, reason);
      notify('info', r.data.message ?? r.message ?? t('done'));
      props.onChanged();
      props.onHide();
    } catch (err) {
      setError(alertText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog visible={props.visible} onHide={props.onHide} header={t('status.change')} style={{ width: 'min(600px, 95vw)' }} data-testid="status-dialog">
      {error && (
        <div className="closable-alert" role="alert" data-testid="status-error">
          <Message severity="error" text={`${t('error')}: ${m(error)}`} />
          <Button type="button" icon="pi pi-times" text rounded size="small" aria-label={t('close')} onClick={() => setError(null)} />
        </div>
      )}
      <Field id="status-value" label={t('status.new')} required error={statusError}>
        <Dropdown inputId="status-value" value={status} options={allowed.map((s) => ({ value: s, label: t(`status.${s}`) }))} onChange={(e) => setStatus(e.value as number)} data-testid="status-value" />
      </Field>
      <Field id="status-reason" label={t('status.reason')} required error={reasonError}>
        <InputTextarea id="status-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} autoResize data-testid="status-reason" />
      </Field>
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onHide} />
        <Button type="button" label={t('save')} loading={busy} onClick={() => void save()} data-testid="status-submit" />
      </div>
      <Dialog visible={asking} onHide={() => setAsking(false)} header={t('schedule.title')} style={{ width: 'min(480px, 95vw)' }} data-testid="schedule-confirm">
        <p>{t('schedule.text')}</p>
        <ul data-testid="schedule-missing">
          {check.missing.map((x) => (
            <li key={x}>{t(`schedule.missing.${x}`)}</li>
          ))}
        </ul>
        <div className="form-actions">
          <Button type="button" label={t('cancel')} outlined onClick={() => setAsking(false)} />
          <Button type="button" label={t('schedule.confirm')} disabled={!check.canConfirm} loading={busy} onClick={() => void save(true)} data-testid="schedule-confirm-accept" />
        </div>
      </Dialog>
    </Dialog>
  );
}

/** reason box: disabled while Pending (docs/product/meetings.md#participants-and-attendance) */
export function attendanceReasonDisabled(status: Attendance): boolean {
  return status === 'Pending';
}

/** My attendance (or, for the owner and editors of a live meeting, another participant's) with a reason. */
export function AttendanceDialog(props: { meeting: MeetingDetails; member: MemberPayload | null; visible: boolean; onHide(): void; onChanged(): void; guestToken?: string }) {
  const { t } = useTranslation('meeting');
  const m = useMessage();
  const current = props.member ?? props.meeting.current_member;
  const [status, setStatus] = useState<Attendance>('Pending');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    if (props.visible) {
      setStatus(current?.attendance_status ?? 'Pending');
      setReason(current?.status_reason ?? current?.reason ?? '');
      setErrors([]);
    }
  }, [props.visible]);
  const save = async () => {
    const body = { status, reason: attendanceReasonDisabled(status) ? undefined : reason };
    try {
      const r = props.member
        ? await membersApi.adminAttendance(props.meeting.id, { ...body, member_id: props.member.member_id })
        : await membersApi.attendance(props.meeting.id, body, props.guestToken);
      notify('success', r.message ?? t('done'));
      props.onChanged();
      props.onHide();
    } catch (err) {
      const e = err as { serverMessage?: string; fieldErrors?: Record<string, string>; message?: string };
      const list = Object.values(e.fieldErrors ?? {});
      setErrors(list.length ? list : [e.serverMessage ?? e.message ?? '']);
    }
  };
  return (
    <Dialog visible={props.visible} onHide={props.onHide} header={props.member ? t('attendance.for', { name: props.member.user?.name ?? props.member.guest_name ?? props.member.user_email }) : t('attendance.title')} style={{ width: 'min(600px, 95vw)' }} data-testid="attendance-dialog">
      {errors.map((e) => (
        <Message key={e} severity="error" text={m(e)} className="w-full mb-2" />
      ))}
      <div className="radio-list" role="radiogroup">
        {props.meeting.attendance_options.map((o) => (
          <div key={o} className="form-row">
            <RadioButton inputId={`attendance-${o}`} value={o} checked={status === o} onChange={() => setStatus(o)} />
            <label htmlFor={`attendance-${o}`}>{t(`attendance.${o}`)}</label>
          </div>
        ))}
      </div>
      <Field id="attendance-reason" label={t('attendance.reason')}>
        <InputTextarea id="attendance-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} disabled={attendanceReasonDisabled(status)} data-testid="attendance-reason" />
      </Field>
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onHide} />
        <Button type="button" label={t('save')} onClick={() => void save()} data-testid="attendance-submit" />
      </div>
    </Dialog>
  );
}

/** The NDA modal: accept clears it; decline leaves (a member to the meeting list, a guest to sign-in). */
export function NdaModal(props: { visible: boolean; onAccept(): Promise<void>; onDecline(): void }) {
  const { t } = useTranslation('meeting');
  const [busy, setBusy] = useState(false);
  // Escape declines, as the decline button does (leaves the page; nothing of the meeting is behind the modal). The
  // dialog has no close icon (closable false), and PrimeReact binds Escape only to closable dialogs.
  const { visible, onDecline } = props;
  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onDecline();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible, onDecline]);
  return (
    <Dialog visible={props.visible} onHide={props.onDecline} closable={false} header={t('nda.title')} style={{ width: 'min(600px, 95vw)' }} data-testid="nda-modal">
      <p className="pre-line">{t('nda.text')}</p>
      <div className="form-actions">
        <Button type="button" label={t('nda.decline')} outlined onClick={props.onDecline} data-testid="nda-decline" />
        <Button
          type="button"
          label={t('nda.accept')}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await props.onAccept();
            } finally {
              setBusy(false);
            }
          }}
          data-testid="nda-accept"
        />
      </div>
    </Dialog>
  );
}
