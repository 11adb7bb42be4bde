import { Routes, type RouteData } from '@app/contracts';
import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCommand, api } from '../../api/client';
import { notify } from '../../api/notify';
import { Loading } from '../../components/Loading';
import { useApi, useRevalidate } from '../../hooks/use-api';

type OrgStatus = RouteData<typeof Routes.getOrgStatus>;
type Change = { nda?: 0 | 1; mom?: 0 | 1; compress?: 0 | 1; mom_secretary_signs?: 0 | 1; approval_mode?: 'new' | 'old' };

const SWITCHES = ['nda', 'mom', 'mom_secretary_signs', 'compress'] as const;

/**
 * The organization's module switches (docs/product/administration.md#organization-information-and-modules), shown to
 * administrators (`organization_manage`, which PUT /api/status requires): the NDA, the minutes module, whether the
 * meeting's secretary signs the minutes after the chair, compression (0/1, off by default) and the signing mode
 * (`old` or `new`, default `old`). Each change is saved at once with PUT /api/status and the shell's modules
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
      </ul>
    </Card>
  );
}
