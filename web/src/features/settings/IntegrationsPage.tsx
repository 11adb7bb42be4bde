import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { integrationsApi } from '../../api/integrations';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useApi } from '../../hooks/use-api';
import { CalendarFeedCard } from './CalendarFeedCard';

/**
 * Integrations: the user's private calendar address (the iCal feed), and the other calendar integrations
 * (GET /api/integrations/calendars, its 'ical' entry left out: the address card is that feed).
 */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const { data: all, error, isLoading } = useApi('integrations/calendars', [], integrationsApi.calendars);
  // the iCal feed is the calendar address card above (working, per user): listed again it read "iCal feed – Not
  // connected" beside it
  const data = all?.filter((i) => i.key !== 'ical');
  return (
    <div data-testid="integrations-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <CalendarFeedCard />
      {isLoading ? (
        <Loading />
      ) : error ? (
        <EmptyState icon="pi pi-exclamation-circle" title={t('loadFailed')} />
      ) : !data?.length ? (
        <EmptyState icon="pi pi-link" title={t('empty')} description={t('emptyText')} />
      ) : (
        <ul className="integration-list">
          {data.map((i) => (
            <li key={i.key} className="integration-card" data-testid={`integration-${i.key}`}>
              <i className="pi pi-calendar integration-card__icon" aria-hidden="true" />
              <div className="integration-card__body">
                <strong>{i.name || i.key}</strong>
                <Tag value={i.connected ? t('connected') : t('notConnected')} severity={i.connected ? 'success' : 'secondary'} />
              </div>
              {!i.connected && i.url && <Button type="button" label={t('connect')} onClick={() => window.location.assign(i.url ?? '')} size="small" />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
