import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { rolesApi, type Role, type RoleInput } from '../../api/roles';
import { AvatarStack } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import { useApi } from '../../hooks/use-api';
import { useUserOptions } from './pickers';
import { RecordDialog, RowActions, useRecordEditor } from './record-editor';
import { RoleForm } from './RoleForm';

export function RolesPage() {
  const { t } = useTranslation('roles');
  const { data, isLoading, mutate } = useApi('roles/full', [], rolesApi.list);
  const editor = useRecordEditor<Role, RoleInput>('roles', rolesApi, mutate);
  const users = useUserOptions(editor.open);
  const permissions = useApi(editor.open ? 'permissions' : null, [], rolesApi.permissions);

  return (
    <div data-testid="roles-page">
      <div className="toolbar">
        <span className="spacer" />
        <Button type="button" icon="pi pi-plus" label={t('new')} onClick={editor.openNew} data-testid="role-create" />
      </div>
      <DataTable value={data ?? []} loading={isLoading} dataKey="id" emptyMessage={<EmptyState icon="pi pi-shield" title={t('empty')} compact />} data-testid="roles-table">
        <Column header={t('field.name')} field="name" />
        <Column header={t('field.users')} body={(r: Role) => (r.users.length ? <AvatarStack people={r.users} moreLabel={(n) => t('more', { count: n })} /> : r.users_count)} />
        <Column header={t('field.permissions')} body={(r: Role) => t('permissionsCount', { count: r.permissions.length })} />
        <Column header={t('actions')} style={{ width: '8rem' }} body={(r: Role) => <RowActions ns="roles" row={r} canEdit={r.can_edit} canDelete={r.can_delete} onEdit={() => editor.edit(r)} remove={() => rolesApi.remove(r.id)} onRemoved={mutate} />} />
      </DataTable>
      <RecordDialog ns="roles" editor={editor} width="min(640px, 95vw)">
        <RoleForm role={editor.record} users={users.data} permissions={permissions.data} onSubmit={editor.save} onCancel={editor.close} />
      </RecordDialog>
    </div>
  );
}
