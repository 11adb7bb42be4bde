import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { logsApi } from '../../api/logs';
import { EmptyState } from '../../components/EmptyState';
import { STACKED_TABLE } from '../../components/stacked-table';
import { SearchBox } from '../../components/SearchBox';
import { useApi } from '../../hooks/use-api';
import { pagedTable, usePaged } from './use-paged';

/** Activity logs: ID, username, date, time, activity; filter by username; results-found count. Rows stack on phones and tablets. */
export function LogsPage() {
  const { t } = useTranslation('logs');
  const paged = usePaged(20);
  const q = { page: paged.page, perpage: paged.perPage, username: paged.query || undefined };
  const { data, isLoading } = useApi('logs', [q.page, q.perpage, q.username], () => logsApi.list(q), { keepPreviousData: true });
  return (
    <div data-testid="logs-page">
      <div className="toolbar">
        <SearchBox icon="pi pi-user" testId="logs-username" value={paged.search} onChange={paged.setSearch} placeholder={t('username')} label={t('filterByUsername')} />
        <span className="spacer" />
        <span className="muted" data-testid="logs-count" aria-live="polite">
          {t('resultsFound', { count: data?.meta.total ?? 0 })}
        </span>
      </div>
      <DataTable {...pagedTable(paged, data, isLoading, [10, 20, 50, 100])} {...STACKED_TABLE} emptyMessage={<EmptyState icon="pi pi-history" title={t('empty')} compact />} data-testid="logs-table">
        <Column header={t('id')} field="id" style={{ width: '6rem' }} />
        <Column header={t('username')} field="username" />
        <Column header={t('date')} field="date" />
        <Column header={t('time')} field="time" />
        <Column header={t('activity')} field="activity" bodyClassName="logs-activity" />
      </DataTable>
    </div>
  );
}
