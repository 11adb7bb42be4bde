import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { useTranslation } from 'react-i18next';
import { dashboardsApi } from '../../api/dashboards';
import { notify } from '../../api/notify';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';
import { formatDateTime } from '../../lib/dates';

const PER_PAGE = 20;

/** The home page's reminders widget (docs/product/administration.md#home-calendar-and-reminders): my reminders, dismiss one, dismiss all. */
export function RemindersWidget() {
  const { t, i18n } = useTranslation('home');
  const { data, error, isLoading, mutate } = useApi('reminders', [1, PER_PAGE], () => dashboardsApi.reminders({ page: 1, per_page: PER_PAGE }));
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const items = data?.items ?? [];

  const run = async (which: number | 'all') => {
    setBusy(which);
    try {
      const message = which === 'all' ? await dashboardsApi.dismissAll() : await dashboardsApi.dismiss(which);
      if (message) notify('success', message);
      await mutate();
    } catch {
      // the request layer has shown the error
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (isLoading && !data) body = <Loading label={t('reminders.loading')} />;
  else if (error && !data) body = <ErrorState error={error} onRetry={() => void mutate()} testId="reminders-error" compact />;
  else if (items.length === 0) body = <EmptyState icon="pi pi-bell" title={t('reminders.empty')} testId="reminders-empty" compact />;
  else
    body = (
      <>
        <ul className="reminder-list" data-testid="reminders-list">
          {items.map((r) => (
            <li key={r.id} className="reminder-list__item" data-testid={`reminder-${r.id}`}>
              <i className="pi pi-bell reminder-list__icon" aria-hidden="true" />
              <div className="reminder-list__body">
                {r.link ? (
                  <Link to={r.link} className="reminder-list__title">
                    {r.title}
                  </Link>
                ) : (
                  <span className="reminder-list__title">{r.title}</span>
                )}
                {r.message && <p className="reminder-list__message">{r.message}</p>}
                {r.due_at && <small className="reminder-list__date">{t('reminders.due', { date: formatDateTime(r.due_at, i18n.language) })}</small>}
              </div>
              <Button
                type="button"
                icon="pi pi-times"
                rounded
                text
                size="small"
                aria-label={t('reminders.dismiss')}
                loading={busy === r.id}
                disabled={busy !== null}
                onClick={() => void run(r.id)}
                data-testid={`reminder-dismiss-${r.id}`}
              />
            </li>
          ))}
        </ul>
        {data && data.meta.total > items.length && <small className="reminder-list__more">{t('reminders.more', { count: data.meta.total - items.length })}</small>}
      </>
    );

  return (
    <Card
      className="home-grid__reminders"
      data-tour="widget"
      title={
        <div className="card-title-row">
          <span>{t('reminders.title')}</span>
          <Button
            type="button"
            link
            size="small"
            label={t('reminders.dismissAll')}
            disabled={items.length === 0 || busy !== null}
            loading={busy === 'all'}
            onClick={() => void run('all')}
            data-testid="reminders-dismiss-all"
          />
        </div>
      }
    >
      {body}
    </Card>
  );
}
