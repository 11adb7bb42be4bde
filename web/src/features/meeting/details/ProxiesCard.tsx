import { M, type MeetingDetails } from '@app/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { proxiesApi } from '../../../api/meetings';
import { Field } from '../../../components/Field';
import { confirmAction } from '../../../components/confirm';
import { useMessage } from '../../../i18n';
import { memberName } from './Participants';
import { useCardCommand } from './use-card-command';

type Errors = Partial<Record<'from_user_id' | 'to_user_id' | 'proxy', string>>;

/**
 * The proxies card (docs/meeting.md#proxies): the attendance quorum (the represented counted), who represents whom,
 * revoking where the server says `can_revoke`, and giving one: a member their own (`can_give`), the owner or an admin
 * for any member (`can_record`). Once the meeting has started the list is fixed and the form is gone.
 */
export function ProxiesCard(props: { meeting: MeetingDetails; onChanged(): void }) {
  const { t } = useTranslation('meeting');
  const m = useMessage();
  const { meeting } = props;
  const list = meeting.proxies;
  const q = meeting.attendance_quorum;
  const me = meeting.current_member?.user_id ?? null;
  const users = meeting.members.filter((x) => x.user_id !== null);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const { errors, setErrors, busy, run } = useCardCommand<Errors>(props.onChanged);
  const giver = list.can_record ? from : list.can_give ? me : null;
  const showForm = list.open && (list.can_record || list.can_give);

  const give = async () => {
    const e: Errors = {};
    if (!giver) e.from_user_id = M.required;
    if (!to) e.to_user_id = M.required;
    setErrors(e);
    if (!giver || !to) return;
    if (await run(() => proxiesApi.give(meeting.id, { from_user_id: giver, to_user_id: to }))) {
      setFrom(null);
      setTo(null);
    }
  };
  const options = (except: number | null) => users.filter((u) => u.user_id !== except).map((u) => ({ value: u.user_id, label: memberName(u) }));

  return (
    <section className="surface-card side-card" data-testid="proxies-card" aria-labelledby="proxies-title">
      <div className="side-card__head">
        <h3 id="proxies-title">{t('proxies.title')}</h3>
      </div>
      <p className="proxies__quorum" data-testid="proxies-quorum">
        {t('proxies.quorum', { present: q.present, total: q.total, needed: q.needed })}{' '}
        <span className={q.met ? 'proxies__met' : 'muted'}>{q.met ? t('proxies.quorumMet') : t('proxies.quorumNotMet')}</span>
      </p>
      {list.items.length === 0 ? (
        <p className="muted">{t('proxies.empty')}</p>
      ) : (
        <ul className="people-list" data-testid="proxies-list">
          {list.items.map((p) => (
            <li key={p.id} data-testid={`proxy-${p.id}`}>
              <span className="people-list__name">
                {t('proxies.represented', { from: p.from.name ?? '?', to: p.to.name ?? '?' })}
              </span>
              {p.can_revoke && (
                <Button
                  type="button" icon="pi pi-times" text rounded size="small" severity="danger" disabled={busy}
                  aria-label={t('proxies.revoke', { name: p.from.name ?? '?' })}
                  onClick={() => confirmAction({ message: t('proxies.revokeConfirm', { name: p.from.name ?? '?' }), danger: true, accept: () => void run(() => proxiesApi.revoke(meeting.id, p.id)) })}
                  data-testid={`proxy-revoke-${p.id}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {!list.open && list.items.length > 0 && <p className="muted" data-testid="proxies-fixed">{t('proxies.fixed')}</p>}
      {errors.proxy && <p className="p-error" role="alert">{m(errors.proxy)}</p>}
      {showForm && (
        <div className="proxies__form" data-testid="proxies-form">
          {list.can_record ? (
            <Field id="proxy-from" label={t('proxies.from')} required error={errors.from_user_id}>
              <Dropdown inputId="proxy-from" value={from} options={options(null)} onChange={(e) => setFrom(e.value as number)} placeholder={t('proxies.chooseMember')} filter data-testid="proxy-from" />
            </Field>
          ) : (
            errors.from_user_id && <p className="p-error" role="alert">{m(errors.from_user_id)}</p>
          )}
          <Field id="proxy-to" label={list.can_record ? t('proxies.to') : t('proxies.mineTo')} required error={errors.to_user_id}>
            <Dropdown inputId="proxy-to" value={to} options={options(giver)} onChange={(e) => setTo(e.value as number)} placeholder={t('proxies.chooseMember')} filter data-testid="proxy-to" />
          </Field>
          <Button type="button" size="small" label={t('proxies.give')} onClick={() => void give()} loading={busy} data-testid="proxy-give" />
        </div>
      )}
    </section>
  );
}
