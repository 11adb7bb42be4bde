import { DOWNLOAD_POLICIES, Routes, type DownloadPolicy, type DownloadPolicyView, type PolicyLevel } from '@app/contracts';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiCommand } from '../../api/client';
import { notify } from '../../api/notify';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';

const INHERIT = 'inherit';

/**
 * The download policy of one level (docs/library-web.md#download-policy): organization, committee, folder or file.
 * Inherit (what applies above, shown in the option) or view only, download, watermarked; the line under it says what
 * applies and where it is set. Read-only when the server says the caller may not change it (`can_edit`).
 */
export function DownloadPolicyControl(props: { level: PolicyLevel; id: number | null }) {
  const { t } = useTranslation('library');
  const key = `${props.level}-${props.id ?? 'org'}`;
  const policy = useApi('download-policy', [props.level, props.id], () => api(Routes.getDownloadPolicy, { query: { level: props.level, id: props.id ?? undefined } }));
  const [saving, setSaving] = useState(false);
  const p = policy.data;
  if (!p) return <Loading />;

  // the setting above this level: what "inherit" would give (the effective one when this level sets nothing)
  const inherited = p.policy === null ? p.effective : null;
  const options = [
    { value: INHERIT, label: inherited ? t('policy.inherit', { effective: t(`policy.${inherited}`) }) : t('policy.inheritPlain') },
    ...DOWNLOAD_POLICIES.map((v) => ({ value: v, label: t(`policy.${v}`) })),
  ];
  const save = async (value: string) => {
    setSaving(true);
    try {
      const r = await apiCommand(Routes.setDownloadPolicy, { body: { level: props.level, id: props.id, policy: value === INHERIT ? null : (value as DownloadPolicy) } });
      void policy.mutate(r.data as DownloadPolicyView, { revalidate: false });
      notify('success', r.message ?? t('policy.saved'));
    } catch {
      /* the request layer showed the catalogue's toast */
    } finally {
      setSaving(false);
    }
  };
  const from = p.inherited_from ? t('policy.from', { level: t(`policy.level.${p.inherited_from}`) }) : t('policy.default');
  return (
    <div className="download-policy" data-testid={`download-policy-${key}`}>
      <label htmlFor={`download-policy-${key}`}>{t('policy.label')}</label>
      <Dropdown
        inputId={`download-policy-${key}`}
        value={p.policy ?? INHERIT}
        options={options}
        optionLabel="label"
        optionValue="value"
        disabled={!p.can_edit || saving}
        onChange={(e) => void save(e.value as string)}
        data-testid="download-policy-select"
      />
      <small className="muted" data-testid="download-policy-effective">
        {t('policy.effective', { policy: t(`policy.${p.effective}`) })} ({from})
      </small>
    </div>
  );
}
