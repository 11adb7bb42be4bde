import type { TalkingPointPayload } from '@app/contracts';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordApi } from '../../../api/meetings';
import { useMessage } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { useCardCommand } from '../details/use-card-command';

type Errors = Partial<Record<'note' | 'talkingpoint', string>>;

/**
 * The conflicts of interest declared on an agenda item (docs/meeting.md#the-record-of-a-board): who declared, with
 * their note; a member may declare their own (`can_declare_conflict`) with an optional note, or withdraw it. The
 * server bars the declarer's votes on the item's decisions; this panel only shows what it says.
 */
export function ConflictsPanel(props: { meetingId: number; item: TalkingPointPayload; meUserId: number | null; onChanged(): void }) {
  const { t, i18n } = useTranslation('meeting');
  const m = useMessage();
  const id = useId();
  const { item, meUserId } = props;
  const [note, setNote] = useState('');
  const { errors, busy, run } = useCardCommand<Errors>(props.onChanged);
  const mine = meUserId !== null && item.conflicts.some((c) => c.user_id === meUserId);

  return (
    <section className="record-conflicts" aria-labelledby={`${id}-title`} data-testid="conflicts-panel">
      <h4 id={`${id}-title`}>{t('record.conflicts')}</h4>
      {item.conflicts.length === 0 ? (
        <p className="muted" data-testid="conflicts-none">{t('record.noConflicts')}</p>
      ) : (
        <ul className="people-list" data-testid="conflicts-list">
          {item.conflicts.map((c) => (
            <li key={c.user_id} data-testid={`conflict-${c.user_id}`}>
              <span className="people-list__name">
                <bdi>{c.name ?? '?'}</bdi>
                {c.note && <small className="muted"> — <bdi>{c.note}</bdi></small>}
              </span>
              <small className="muted">
                <bdi>{formatDateTime(c.declared_at, i18n.language)}</bdi>
              </small>
            </li>
          ))}
        </ul>
      )}
      {errors.talkingpoint && <p className="p-error" role="alert">{m(errors.talkingpoint)}</p>}
      {item.can_declare_conflict && (mine ? (
        <Button type="button" label={t('record.withdraw')} outlined size="small" disabled={busy} onClick={() => void run(() => recordApi.withdrawConflict(props.meetingId, item.id))} data-testid="conflict-withdraw" />
      ) : (
        <div className="record-conflicts__form">
          <label htmlFor={`${id}-note`}>{t('record.note')}</label>
          <InputTextarea id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={1000} aria-invalid={!!errors.note} aria-describedby={errors.note ? `${id}-note-error` : undefined} data-testid="conflict-note" />
          {errors.note && <small id={`${id}-note-error`} className="p-error" role="alert">{m(errors.note)}</small>}
          <small className="muted">{t('record.declareHint')}</small>
          <Button
            type="button" label={t('record.declare')} icon="pi pi-exclamation-triangle" severity="warning" size="small" disabled={busy}
            onClick={() => void run(() => recordApi.declareConflict(props.meetingId, item.id, { note: note.trim() || null })).then((done) => done && setNote(''))}
            data-testid="conflict-declare"
          />
        </div>
      ))}
    </section>
  );
}
