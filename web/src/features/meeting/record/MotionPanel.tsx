import type { DecisionPayload, MeetingDetails } from '@app/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordApi } from '../../../api/meetings';
import { useMessage } from '../../../i18n';
import { memberName } from '../details/Participants';
import { useCardCommand } from '../details/use-card-command';

type Errors = Partial<Record<'mover_user_id' | 'seconder_user_id', string>>;

/**
 * A decision's place in the record (docs/meeting.md#the-record-of-a-board): its resolution number, who moved it and who
 * seconded it; the owner, an admin or the chair (`can_set_motion`) records them among the meeting's members.
 */
export function MotionPanel(props: { meeting: Pick<MeetingDetails, 'id' | 'members'>; decision: Pick<DecisionPayload, 'id' | 'resolution_number' | 'mover' | 'seconder' | 'can_set_motion'>; onChanged(): void }) {
  const { t } = useTranslation('meeting');
  const m = useMessage();
  const id = useId();
  const d = props.decision;
  const [mover, setMover] = useState<number | null>(d.mover?.user_id ?? null);
  const [seconder, setSeconder] = useState<number | null>(d.seconder?.user_id ?? null);
  const { errors, busy, run } = useCardCommand<Errors>(props.onChanged);
  const options = props.meeting.members.filter((x) => x.user_id !== null).map((x) => ({ value: x.user_id!, label: memberName(x) }));
  const none = t('record.nobody');

  return (
    <section className="record-motion" aria-labelledby={`${id}-title`} data-testid="motion-panel">
      <h4 id={`${id}-title`}>{t('record.motion')}</h4>
      <dl className="record-motion__facts">
        <dt>{t('record.number')}</dt>
        <dd data-testid="motion-number">{d.resolution_number ? <bdi>{d.resolution_number}</bdi> : '—'}</dd>
        <dt>{t('record.mover')}</dt>
        <dd data-testid="motion-mover"><bdi>{d.mover?.name ?? none}</bdi></dd>
        <dt>{t('record.seconder')}</dt>
        <dd data-testid="motion-seconder"><bdi>{d.seconder?.name ?? none}</bdi></dd>
      </dl>
      {d.can_set_motion && (
        <div className="record-motion__form">
          <label htmlFor={`${id}-mover`}>{t('record.mover')}</label>
          <Dropdown inputId={`${id}-mover`} value={mover} options={options} onChange={(e) => setMover(e.value ?? null)} showClear placeholder={none} className="w-full" data-testid="motion-mover-select" />
          {errors.mover_user_id && <small className="p-error" role="alert">{m(errors.mover_user_id)}</small>}
          <label htmlFor={`${id}-seconder`}>{t('record.seconder')}</label>
          <Dropdown inputId={`${id}-seconder`} value={seconder} options={options} onChange={(e) => setSeconder(e.value ?? null)} showClear placeholder={none} className="w-full" data-testid="motion-seconder-select" />
          {errors.seconder_user_id && <small className="p-error" role="alert">{m(errors.seconder_user_id)}</small>}
          <Button type="button" label={t('record.saveMotion')} size="small" disabled={busy} onClick={() => void run(() => recordApi.setMotion(props.meeting.id, d.id, { mover_user_id: mover, seconder_user_id: seconder }))} data-testid="motion-save" />
        </div>
      )}
    </section>
  );
}
