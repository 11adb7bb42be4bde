import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputSwitch } from 'primereact/inputswitch';
import { useTranslation } from 'react-i18next';
import { committeesApi, type Committee, type CommitteeInput } from '../../api/committees';
import { notify } from '../../api/notify';
import { AvatarStack } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { SearchBox } from '../../components/SearchBox';
import { useApi, useRevalidate } from '../../hooks/use-api';
import { useCan } from '../../hooks/use-profile';
import { CommitteeForm } from './CommitteeForm';
import { useUserOptions } from './pickers';
import { RecordDialog, RowActions, useRecordEditor } from './record-editor';
import { pagedTable, usePaged } from './use-paged';

function Statistics() {
  const { t } = useTranslation('committees');
  const { data } = useApi('committees/statistics', [], committeesApi.statistics);
  if (!data?.length) return null;
  return (
    <div className="stat-cards" data-testid="committee-statistics">
      {data.map((s) => (
        <div key={s.key} className="stat-card">
          <span className="stat-card__value">{s.value}</span>
          <span className="stat-card__label">{t(`stat.${s.key}`)}</span>
        </div>
      ))}
    </div>
  );
}

export function CommitteesPage() {
  const { t } = useTranslation('committees');
  const paged = usePaged();
  const can = useCan();
  const q = { page: paged.page, per_page: paged.perPage, search: paged.query || undefined };
  const { data, isLoading, mutate } = useApi('committees', [q.page, q.per_page, q.search], () => committeesApi.list(q), { keepPreviousData: true });
  const revalidate = useRevalidate();
  // the statistics cards count what the list shows: refresh both after a change
  const refresh = async () => {
    await Promise.all([mutate(), revalidate('committees/statistics')]);
  };
  const editor = useRecordEditor<Committee, CommitteeInput>('committees', committeesApi, refresh);
  const users = useUserOptions(editor.open);

  const setStatus = async (c: Committee, active: boolean) => {
    try {
      notify('success', (await committeesApi.setStatus(c.id, active)) ?? t('updated'));
    } finally {
      await refresh();
    }
  };

  return (
    <div data-testid="committees-page">
      <Statistics />
      <div className="toolbar">
        <SearchBox testId="committees-search" value={paged.search} onChange={paged.setSearch} placeholder={t('search')} />
        <span className="spacer" />
        {can('committees_manage') && <Button type="button" icon="pi pi-plus" label={t('new')} onClick={editor.openNew} data-testid="committee-create" id="committee-create" />}
      </div>
      <DataTable {...pagedTable(paged, data, isLoading)} emptyMessage={<EmptyState icon="pi pi-sitemap" title={t('empty')} compact />} data-testid="committees-table">
        <Column
          header={t('field.name')}
          body={(c: Committee) => (
            <span>
              <strong>{c.name}</strong>
              <small className="muted line-clamp-3">{c.description}</small>
            </span>
          )}
        />
        <Column header={t('field.quorum')} body={(c: Committee) => `${c.quorum}%`} />
        <Column header={t('field.admins')} body={(c: Committee) => <AvatarStack people={c.admins} moreLabel={(n) => t('more', { count: n })} />} />
        <Column header={t('field.users')} body={(c: Committee) => <AvatarStack people={c.users} moreLabel={(n) => t('more', { count: n })} />} />
        <Column
          header={t('field.status')}
          body={(c: Committee) => <InputSwitch checked={c.status === 'active'} disabled={!c.can_edit} onChange={(e) => void setStatus(c, !!e.value)} aria-label={c.status === 'active' ? t('active') : t('inactive')} />}
        />
        <Column header={t('actions')} style={{ width: '8rem' }} body={(c: Committee) => <RowActions ns="committees" row={c} canEdit={c.can_edit} canDelete={can('committees_manage')} onEdit={() => editor.edit(c)} remove={() => committeesApi.remove(c.id)} onRemoved={refresh} />} />
      </DataTable>
      <RecordDialog ns="committees" editor={editor} width="min(720px, 95vw)" testId="committee-dialog">
        <CommitteeForm committee={editor.record} users={users.data} onSubmit={editor.save} onCancel={editor.close} />
      </RecordDialog>
    </div>
  );
}
