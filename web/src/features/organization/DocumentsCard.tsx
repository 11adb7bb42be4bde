import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import { DownloadPolicyControl } from '../library/DownloadPolicyControl';

/** The organization's download policy (docs/library-web.md#download-policy): the default every committee, folder and file inherits. */
export function DocumentsCard() {
  const { t } = useTranslation('library');
  return (
    <Card title={t('policy.title')} className="documents-card" data-testid="documents-card">
      <p className="muted">{t('policy.text')}</p>
      <DownloadPolicyControl level="organization" id={null} />
    </Card>
  );
}
