import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppPaths } from '@app/contracts';
import { approvalsApi, APPROVAL_STATUSES, APPROVAL_TABS, type ApprovalItem, type ApprovalStatus } from '../../api/approvals';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { useApi } from '../../hooks/use-api';
import { useCan } from '../../hooks/use-profile';
import { ROUTES } from '../../routes';
import { ApprovalStatusTag } from './status';
import { STACKED_TABLE } from '../../components/stacked-table';

/**
 * The approvals list (docs/approval.md): tabs all / action required / waiting for others / completed, filters by
 * status, text and dates, pages of 20. A row opens the details page.
 */
export function ApprovalsPage() {
  const { t } = useTranslation('approvals');
  const navigate = useNavigate();
  const can = useCan();
  const [tab, setTab] = useState(0);
  const [status, setStatus] = useState<ApprovalStatus | null>(null);
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const filters = { tab: APPROVAL_TABS[tab], status: status ?? undefined, search: search.trim(), from_date: from || undefined, to_date: to || undefined, page };
  const list = useApi('approvals/list', [filters], () => approvalsApi.list(filters));
  const rows = list.data?.items ?? [];
  const meta = list.data?.meta;
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  const table = list.error ? (
    <ErrorState error={list.error} onRetry={() => list.mutate()} />
  ) : !list.isLoading && rows.length === 0 ? (
    <EmptyState icon="pi pi-verified" title={t('empty')} description={t('emptyText')} testId="approvals-empty" />
  ) : (
    <DataTable
      value={rows}
      {...STACKED_TABLE}
      loading={list.isLoading}
      dataKey="id"
      lazy
      paginator={!!meta && meta.last_page > 1}
      rows={meta?.per_page ?? 20}
      totalRecords={meta?.total ?? 0}
      first={((meta?.page ?? 1) - 1) * (meta?.per_page ?? 20)}
      onPage={(e) => setPage((e.page ?? 0) + 1)}
      onRowClick={(e) => navigate(AppPaths.approval((e.data as ApprovalItem).id))}
      rowClassName={() => 'cursor-pointer'}
      pt={{ bodyRow: { 'data-testid': 'approval-row' } as never }}
    >
      <Column field="title" header={t('col.title')} />
      <Column header={t('col.sender')} body={(r: ApprovalItem) => r.sender.name} />
      <Column header={t('col.documents')} body={(r: ApprovalItem) => r.documents.map((d) => d.name).join(', ')} />
      <Column header={t('col.status')} body={(r: ApprovalItem) => <ApprovalStatusTag status={r.status} />} />
      <Column field="updated_at" header={t('col.updated')} />
    </DataTable>
  );

  return (
    <div data-testid="approvals-page">
      <PageHeader title={t('title')} actions={can('approvals_create') && <Button type="button" icon="pi pi-plus" label={t('new')} onClick={() => navigate(ROUTES.approvalsUpload)} data-testid="approvals-new" />} />
      <div className="surface-card">
        <div className="flex flex-wrap gap-2 align-items-end mb-3" data-testid="approvals-filters">
          <SearchBox value={search} onChange={reset(setSearch)} placeholder={t('filter.search')} testId="approvals-search" />
          <Dropdown
            value={status}
            options={APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(e) => reset(setStatus)(e.value ?? null)}
            placeholder={t('filter.status')}
            aria-label={t('filter.status')}
            showClear
            data-testid="approvals-status"
          />
          <span className="flex flex-column">
            <label htmlFor="approvals-from">{t('filter.from')}</label>
            <InputText id="approvals-from" type="date" value={from} onChange={(e) => reset(setFrom)(e.target.value)} />
          </span>
          <span className="flex flex-column">
            <label htmlFor="approvals-to">{t('filter.to')}</label>
            <InputText id="approvals-to" type="date" value={to} onChange={(e) => reset(setTo)(e.target.value)} />
          </span>
          {(status || search || from || to) && (
            <Button type="button" text label={t('filter.clear')} onClick={() => { setStatus(null); setSearch(''); setFrom(''); setTo(''); setPage(1); }} />
          )}
        </div>
        <TabView activeIndex={tab} onTabChange={(e) => { setTab(e.index); setPage(1); }}>
          {APPROVAL_TABS.map((name) => (
            <TabPanel key={name} header={t(`tab.${name}`)}>
              {table}
            </TabPanel>
          ))}
        </TabView>
      </div>
    </div>
  );
}
