import './offline.css';
import { useTranslation } from 'react-i18next';
import { copyDate } from './keys';

/** "Offline copy from <date>": a page shows it when what it shows comes from the offline copy */
export function OfflineBanner(props: { savedAt: string }) {
  const { t } = useTranslation('minutes');
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <i className="pi pi-wifi" aria-hidden="true" /> {t('offline.banner', { date: copyDate(props.savedAt) })}
    </div>
  );
}
