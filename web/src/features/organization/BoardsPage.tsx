import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { boardsApi, type Board, type BoardInput } from '../../api/boards';
import { AvatarStack } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { useApi } from '../../hooks/use-api';
import { useCan } from '../../hooks/use-profile';
import { formatDate } from '../../lib/dates';
import { BoardForm } from './BoardForm';
import { useCommitteeOptions, useUserOptions } from './pickers';
import { RecordDialog, RowActions, useRecordEditor } from './record-editor';
import { pagedTable, usePaged } from './use-paged';

export function BoardsPage() {
  const { t, i18n } = useTranslation('boards');
  const paged = usePaged();
  const can = useCan();
  const q = { page: paged.page, per_page: paged.perPage };
  const { data, isLoading, mutate } = useApi('boards', [q.page, q.per_page], () => boardsApi.list(q), { keepPreviousData: true });
  const editor = useRecordEditor<Board, BoardInput>('boards', boardsApi, mutate);
  const users = useUserOptions(editor.open);
  const committees = useCommitteeOptions(editor.open);

  return (
    <div data-testid="boards-page">
      <div className="toolbar">
        <span className="spacer" />
        {can('boards_manage') && <Button type="button" icon="pi pi-plus" label={t('new')} onClick={editor.openNew} data-testid="board-create" />}
      </div>
      <DataTable {...pagedTable(paged, data, isLoading)} emptyMessage={<EmptyState icon="pi pi-th-large" title={t('empty')} compact />} data-testid="boards-table">
        <Column header={t('field.name')} field="name" />
        <Column header={t('field.committees')} body={(b: Board) => b.committees.map((c) => c.name).join(', ') || '—'} />
        <Column header={t('field.quorum')} body={(b: Board) => `${b.quorum}%`} />
        <Column header={t('field.users')} body={(b: Board) => <AvatarStack people={b.users} moreLabel={(n) => t('more', { count: n })} />} />
        <Column header={t('field.expirationDate')} body={(b: Board) => formatDate(b.expiration_date, i18n.language) || '—'} />
        <Column header={t('field.status')} body={(b: Board) => <Tag value={b.status === 'active' ? t('active') : t('inactive')} severity={b.status === 'active' ? 'success' : 'secondary'} />} />
        <Column header={t('actions')} style={{ width: '8rem' }} body={(b: Board) => <RowActions ns="boards" row={b} canEdit={b.can_edit} canDelete={can('boards_manage')} onEdit={() => editor.edit(b)} remove={() => boardsApi.remove(b.id)} onRemoved={mutate} />} />
      </DataTable>
      <RecordDialog ns="boards" editor={editor} width="min(720px, 95vw)">
        <BoardForm board={editor.record} users={users.data} committees={committees.data} onSubmit={editor.save} onCancel={editor.close} />
      </RecordDialog>
    </div>
  );
}
