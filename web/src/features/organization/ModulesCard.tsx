import { Routes, type RouteData } from '@app/contracts';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCommand, api } from '../../api/client';
import { notify } from '../../api/notify';
import { Loading } from '../../components/Loading';
import { useApi, useRevalidate } from '../../hooks/use-api';

type OrgStatus = RouteData<typeof Routes.getOrgStatus>;
type Change = { nda?: 0 | 1; mom?: 0 | 1; compress?: 0 | 1; mom_secretary_signs?: 0 | 1; approval_mode?: 'new' | 'old'; meeting_reminder_minutes?: number };

const SWITCHES = ['nda', 'mom', 'mom_secretary_signs', 'compress'] as const;
/** the meeting reminder's offered leads in minutes (the API takes any whole number from 0 to 10080; another stored value is shown too) */
const REMINDER_LEADS = [0, 60, 120, 240, 1440, 2880, 10080] as const;

/**
 * The organization's module switches (docs/product/administration.md#organization-information-and-modules), shown to
 * administrators (`organization_manage`, which PUT /api/status requires): the NDA, the minutes module, whether the
 * meeting's secretary signs the minutes after the chair, compression (0/1, off by default) and the signing mode
 * (`old` or `new`, default `old`), and how long before a meeting its participants are reminded by e-mail
 * (`meeting_reminder_minutes`, a day by default, off at 0). Each change is saved at once with PUT /api/status and the shell's modules
 * (GET /api/) are read again.
 */
export function ModulesCard() {
  const { t } = useTranslation('organization');
  const status = useApi('org-status', [], () => api(Routes.getOrgStatus));
  const revalidate = useRevalidate();
  const [saving, setSaving] = useState<string | null>(null);
  const s = status.data;
  if (!s) return <Card title={t('modules.title')}><Loading /></Card>;

  const save = async (key: string, change: Change) => {
    setSaving(key);
    try {
      const r = await apiCommand(Routes.updateOrgStatus, { body: change });
      void status.mutate(r.data as OrgStatus, { revalidate: false });
      void revalidate('org-public');
      notify('success', r.message ?? t('modules.saved'));
    } catch {
      /* the request layer showed the catalogue's toast */
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card title={t('modules.title')} className="modules-card" data-testid="modules-card">
      <p className="muted">{t('modules.text')}</p>
      <ul className="modules-list">
        {SWITCHES.map((k) => (
          <li key={k} data-testid={`module-${k}`}>
            <InputSwitch inputId={`module-${k}-switch`} checked={s[k] === 1} disabled={saving !== null} onChange={(e) => void save(k, { [k]: e.value ? 1 : 0 })} data-testid={`module-${k}-switch`} />
            <div>
              <label htmlFor={`module-${k}-switch`}><strong>{t(`modules.${k}`)}</strong></label>
              <small className="muted">{t(`modules.${k}.hint`)}</small>
            </div>
          </li>
        ))}
        <li data-testid="module-approval_mode">
          <div>
            <span id="module-approval-mode-label"><strong>{t('modules.approval_mode')}</strong></span>
            <small className="muted">{t('modules.approval_mode.hint')}</small>
            <SelectButton
              aria-labelledby="module-approval-mode-label"
              value={s.approval_mode}
              allowEmpty={false}
              disabled={saving !== null}
              options={[{ label: t('modules.approval_mode.old'), value: 'old' }, { label: t('modules.approval_mode.new'), value: 'new' }]}
              onChange={(e) => e.value && e.value !== s.approval_mode && void save('approval_mode', { approval_mode: e.value as 'new' | 'old' })}
              data-testid="module-approval_mode-select"
            />
          </div>
        </li>
        <li data-testid="module-meeting_reminder_minutes">
          <div>
            <label htmlFor="module-meeting-reminder"><strong>{t('modules.meeting_reminder_minutes')}</strong></label>
            <small className="muted">{t('modules.meeting_reminder_minutes.hint')}</small>
            <Dropdown
              inputId="module-meeting-reminder"
              value={s.meeting_reminder_minutes}
              options={[...new Set<number>([...REMINDER_LEADS, s.meeting_reminder_minutes])].sort((a, b) => a - b).map((m) => ({ value: m, label: leadLabel(m, t) }))}
              optionLabel="label"
              optionValue="value"
              disabled={saving !== null}
              onChange={(e) => typeof e.value === 'number' && e.value !== s.meeting_reminder_minutes && void save('meeting_reminder_minutes', { meeting_reminder_minutes: e.value })}
              data-testid="module-meeting_reminder_minutes-select"
            />
          </div>
        </li>
      </ul>
    </Card>
  );
}

/** a lead in words: off, N minutes, N hours or N days (whichever divides it) */
function leadLabel(minutes: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (minutes === 0) return t('modules.meeting_reminder_minutes.off');
  if (minutes % 1440 === 0) return t('modules.meeting_reminder_minutes.days', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('modules.meeting_reminder_minutes.hours', { count: minutes / 60 });
  return t('modules.meeting_reminder_minutes.minutes', { count: minutes });
}
