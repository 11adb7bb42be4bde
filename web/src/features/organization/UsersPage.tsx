import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { TabMenu } from 'primereact/tabmenu';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notify } from '../../api/notify';
import { USERS_TEMPLATE_FILE, usersApi, type ImportResult, type User, type UserInput } from '../../api/users';
import { saveBlob } from '../../lib/download';
import { UserAvatar } from '../../components/Avatar';
import { confirmAction } from '../../components/confirm';
import { EmptyState } from '../../components/EmptyState';
import { SearchBox } from '../../components/SearchBox';
import { useApi } from '../../hooks/use-api';
import { useCan } from '../../hooks/use-profile';
import { useMessage } from '../../i18n';
import { useCommitteeOptions, useRoleOptions } from './pickers';
import { RecordDialog, useRecordEditor } from './record-editor';
import { pagedTable, usePaged } from './use-paged';
import { UserForm } from './UserForm';

type Tab = 'active' | 'deleted';

const STATUS_SEVERITY = { Active: 'success', Inactive: 'danger', Pending: 'warning' } as const;

function UploadDialog(props: { visible: boolean; onHide: () => void; onDone: () => void }) {
  const { t } = useTranslation('users');
  const m = useMessage();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const hide = () => {
    setResult(null);
    setError(null);
    setFile(null);
    props.onHide();
  };
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const { result: r, message } = await usersApi.importSheet(file);
      notify('success', message ?? t('upload.done'));
      props.onDone();
      // rows the service skipped are listed with their reasons; otherwise the dialog closes
      if (r.skipped.length) setResult(r);
      else hide();
    } catch (e) {
      // upload errors: server message (or the first file error), and the hint to use the template's structure
      const msg = e instanceof ApiError ? Object.values(e.fieldErrors)[0] ?? e.serverMessage ?? e.message : t('upload.failed');
      setError(msg);
      notify('error', t('upload.failed'), t('upload.hint'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog visible={props.visible} onHide={hide} header={t('upload.title')} style={{ width: 'min(520px, 95vw)' }} data-testid="user-upload-dialog">
      <Message severity="info" text={t('upload.hint')} className="form-message" />
      <p>
        <Button type="button" link icon="pi pi-download" label={t('upload.template')} className="p-0" data-testid="user-upload-template" onClick={async () => saveBlob(await usersApi.template(), USERS_TEMPLATE_FILE)} />
      </p>
      <input type="file" accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="user-upload-file" aria-label={t('upload.file')} />
      {error && <Message severity="error" text={m(error)} className="form-message" data-testid="user-upload-error" />}
      {result && (
        <div className="upload-result" data-testid="user-upload-result">
          <p>{t('upload.result', { created: result.created, skipped: result.skipped.length })}</p>
          <ul>
            {result.skipped.map((s) => (
              <li key={s.row}>
                {t('upload.row', { row: s.row, email: s.email ?? '—' })}: {Object.values(s.errors).flat().map((x) => m(x)).join(' ')}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="form-actions">
        <Button type="button" label={result ? t('close') : t('cancel')} outlined onClick={hide} />
        <Button type="button" label={t('upload.submit')} disabled={!file} loading={busy} onClick={upload} data-testid="user-upload-submit" />
      </div>
    </Dialog>
  );
}

export function UsersPage() {
  const { t } = useTranslation('users');
  const [tab, setTab] = useState<Tab>('active');
  const paged = usePaged();
  // the list is the users administration: who may see it may edit, (de)activate and delete (the service refuses the rest)
  const manage = useCan()('users_manage');
  const [uploading, setUploading] = useState(false);
  const q = { page: paged.page, perpage: paged.perPage, search: paged.query || undefined };
  const { data, isLoading, mutate } = useApi('users', [tab, q.page, q.perpage, q.search], () => (tab === 'active' ? usersApi.list(q) : usersApi.deleted(q)), { keepPreviousData: true });
  const editor = useRecordEditor<User, UserInput>('users', usersApi, mutate);
  const roles = useRoleOptions(editor.open);
  const committees = useCommitteeOptions(editor.open);

  const run = async (fn: () => Promise<string | null>, fallback: string) => {
    try {
      const message = await fn();
      notify('success', message ?? fallback);
    } finally {
      await mutate();
    }
  };

  const actions = (u: User) =>
    tab === 'deleted' ? (
      <Button
        type="button"
        icon="pi pi-replay"
        text
        rounded
        aria-label={t('restore')}
        data-testid={`user-restore-${u.id}`}
        onClick={() => confirmAction({ message: t('confirmRestore', { name: u.name }), accept: () => run(() => usersApi.restore(u.id), t('restored')) })}
      />
    ) : (
      <span className="row-actions">
        {manage && <Button type="button" icon="pi pi-pencil" text rounded aria-label={t('edit')} data-testid={`user-edit-${u.id}`} onClick={() => editor.edit(u)} />}
        {manage && (
          <Button
            type="button"
            icon={u.status === 'Active' ? 'pi pi-ban' : 'pi pi-check-circle'}
            text
            rounded
            aria-label={u.status === 'Active' ? t('deactivate') : t('activate')}
            data-testid={`user-toggle-${u.id}`}
            onClick={() =>
              confirmAction({
                message: u.status === 'Active' ? t('confirmDeactivate', { name: u.name }) : t('confirmActivate', { name: u.name }),
                accept: () => run(() => usersApi.toggleStatus(u.id), t('updated')),
              })
            }
          />
        )}
        {manage && (
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            severity="danger"
            aria-label={t('delete')}
            data-testid={`user-delete-${u.id}`}
            onClick={() => confirmAction({ message: t('confirmDelete', { name: u.name }), danger: true, accept: () => run(() => usersApi.remove(u.id), t('deleted')) })}
          />
        )}
      </span>
    );

  return (
    <div data-testid="users-page">
      <div className="toolbar">
        <TabMenu
          model={[
            { label: t('tab.users'), icon: 'pi pi-users', command: () => setTab('active') },
            { label: t('tab.deleted'), icon: 'pi pi-trash', command: () => setTab('deleted') },
          ]}
          activeIndex={tab === 'active' ? 0 : 1}
          data-testid="users-tabs"
        />
        <span className="spacer" />
        <SearchBox testId="users-search" value={paged.search} onChange={paged.setSearch} placeholder={t('search')} />
        {tab === 'active' && (
          <>
            <Button type="button" icon="pi pi-file-excel" label={t('upload.open')} outlined onClick={() => setUploading(true)} data-testid="user-upload" />
            <Button type="button" icon="pi pi-plus" label={t('new')} onClick={editor.openNew} data-testid="user-create" id="user-create" />
          </>
        )}
      </div>
      <DataTable {...pagedTable(paged, data, isLoading)} emptyMessage={<EmptyState icon="pi pi-users" title={tab === 'active' ? t('empty') : t('emptyDeleted')} compact />} data-testid="users-table">
        <Column
          header={t('field.name')}
          body={(u: User) => (
            <span className="person">
              <UserAvatar name={u.name} image={u.image} />
              <span>
                <strong>{u.name}</strong>
                <small className="muted">{u.email}</small>
              </span>
            </span>
          )}
        />
        <Column header={t('field.phone')} field="phone" />
        <Column header={t('field.role')} body={(u: User) => u.role?.name ?? '—'} />
        <Column header={t('field.committees')} body={(u: User) => [...u.admin_committees, ...u.member_committees].map((c) => c.name).join(', ') || '—'} />
        <Column header={t('field.status')} body={(u: User) => <Tag value={t(`status.${u.status}`)} severity={STATUS_SEVERITY[u.status]} />} />
        <Column header={t('actions')} body={actions} style={{ width: '10rem' }} />
      </DataTable>

      <RecordDialog ns="users" editor={editor} width="min(760px, 95vw)" testId="user-dialog">
        <UserForm user={editor.record} roles={roles.data} committees={committees.data} onSubmit={editor.save} onCancel={editor.close} />
      </RecordDialog>
      <UploadDialog visible={uploading} onHide={() => setUploading(false)} onDone={() => void mutate()} />
    </div>
  );
}
