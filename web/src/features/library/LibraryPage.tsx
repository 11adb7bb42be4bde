import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { libraryApi, LIBRARY_TABS, type LibraryItem, type LibraryTab } from '../../api/library';
import { notify } from '../../api/notify';
import { confirmAction } from '../../components/confirm';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { useApi } from '../../hooks/use-api';
import { DetailsDrawer } from './DetailsDrawer';
import { viewerPath } from './file-kinds';
import { FileTable, rowsOf, type FileRow } from './FileTable';
import { NameDialog } from './NameDialog';
import { ShareDialog } from './ShareDialog';
import { UploadZone } from './UploadZone';
import './library.css';

const ICON: Record<LibraryTab, string> = { my: 'pi pi-folder-open', shared: 'pi pi-share-alt', organization: 'pi pi-building', favorite: 'pi pi-star' };

/** the library's listing of one tab and folder (SWR, keyed by the organization) */
export function useLibraryListing(tab: LibraryTab, dir: number | null, search: string, enabled = true) {
  return useApi(enabled ? 'library/list' : null, [tab, dir, search], () => libraryApi.list(tab, { dir, search }));
}

/**
 * The library page (docs/library-web.md#the-library-page): four tabs, folders with breadcrumbs, upload with a
 * progress bar and drag-and-drop, share, details, favorites, search, delete with confirmation. The tab and the
 * folder are in the address (?tab=&dir=), so back and forward walk the folders.
 */
export function LibraryPage() {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (LIBRARY_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as LibraryTab) : 'my';
  const dir = params.get('dir') && /^\d+$/.test(params.get('dir')!) ? Number(params.get('dir')) : null;
  const [search, setSearch] = useState('');
  const listing = useLibraryListing(tab, dir, search.trim());
  const [newFolder, setNewFolder] = useState(false);
  const [renaming, setRenaming] = useState<FileRow | null>(null);
  const [sharing, setSharing] = useState<FileRow | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [showUpload, setShowUpload] = useState(false);
  const [dragOver, setDragOver] = useState(false);

  const rows = useMemo(() => rowsOf(listing.data?.dirs ?? [], listing.data?.files ?? []), [listing.data]);
  const crumbs = listing.data?.breadcrumbs ?? [];
  const canAdd = tab === 'my' || tab === 'organization';
  const blocked = listing.data?.dir?.restricted ? t('restricted') : null;

  const go = (next: { tab?: LibraryTab; dir?: number | null }) => {
    const p = new URLSearchParams();
    const nt = next.tab ?? tab;
    if (nt !== 'my') p.set('tab', nt);
    const nd = next.dir === undefined ? dir : next.dir;
    if (nd !== null) p.set('dir', String(nd));
    setParams(p);
    setSearch('');
  };

  const refresh = () => listing.mutate();

  const openFile = (item: LibraryItem) => {
    const to = viewerPath(item.kind, item.id, { name: item.name, edit: item.can_edit });
    if (to) navigate(to);
  };

  const remove = (r: FileRow) =>
    confirmAction({
      message: t(r.folder ? 'confirmDeleteFolder' : 'confirmDelete', { name: r.item.name }),
      danger: true,
      accept: async () => {
        notify('success', (await libraryApi.remove(r.item)) ?? t('deleted'));
        await refresh();
      },
    });

  const toggleFavorite = async (r: FileRow) => {
    notify('success', (await libraryApi.favorite(r.item, !r.item.favorite)) ?? t(r.item.favorite ? 'unfavorited' : 'favorited'));
    await refresh();
  };

  const actions = (r: FileRow) => (
    <span className="library-actions">
      <Button
        type="button"
        text
        rounded
        size="small"
        icon={r.item.favorite ? 'pi pi-star-fill' : 'pi pi-star'}
        className={r.item.favorite ? 'library-fav--on' : undefined}
        aria-label={t(r.item.favorite ? 'unfavorite' : 'favorite')}
        aria-pressed={r.item.favorite}
        onClick={() => void toggleFavorite(r).catch((e) => console.warn('favorite', e))}
        data-testid="library-favorite"
      />
      {r.item.can_edit && <Button type="button" text rounded size="small" icon="pi pi-share-alt" aria-label={t('share')} onClick={() => setSharing(r)} data-testid="library-share" />}
      {!r.folder && <Button type="button" text rounded size="small" icon="pi pi-info-circle" aria-label={t('details')} onClick={() => setDetailsId(r.item.id)} data-testid="library-details" />}
      {r.item.can_edit && <Button type="button" text rounded size="small" icon="pi pi-pencil" aria-label={t('rename')} onClick={() => setRenaming(r)} data-testid="library-rename" />}
      {r.item.can_edit && <Button type="button" text rounded size="small" severity="danger" icon="pi pi-trash" aria-label={t('delete')} onClick={() => remove(r)} data-testid="library-delete" />}
    </span>
  );

  const empty = search.trim() ? (
    <EmptyState icon="pi pi-search" title={t('noResults')} description={t('noResultsText', { search: search.trim() })} testId="library-empty" compact />
  ) : (
    <EmptyState icon={ICON[tab]} title={t(`empty.${tab}`)} description={t(`emptyText.${tab}`)} testId="library-empty" />
  );

  const body = listing.error ? (
    <ErrorState error={listing.error} onRetry={() => void refresh()} testId="library-error" />
  ) : (
    <>
      <nav className="library-crumbs" aria-label={t('breadcrumbs')} data-testid="library-crumbs">
        <button type="button" disabled={dir === null} onClick={() => go({ dir: null })}>
          {t(`tab.${tab}`)}
        </button>
        {crumbs.map((c, i) => (
          <span key={c.id} className="library-crumbs">
            <i className="pi pi-angle-right library-crumbs__sep" aria-hidden="true" />
            <button type="button" disabled={i === crumbs.length - 1} onClick={() => go({ dir: c.id })} data-testid="library-crumb">
              {c.name}
            </button>
          </span>
        ))}
      </nav>
      {showUpload && canAdd && (
        <div className="library-upload">
          <UploadZone
            blockedReason={blocked}
            upload={async (file, onProgress, signal) => (await libraryApi.upload(file, { dir, tab, onProgress, signal })).message}
            onUploaded={() => void refresh()}
          />
        </div>
      )}
      <FileTable rows={rows} loading={!listing.data && !listing.error} empty={empty} onOpenFolder={(item) => go({ dir: item.id })} onOpenFile={openFile} actions={actions} />
    </>
  );

  const activeIndex = LIBRARY_TABS.indexOf(tab);
  return (
    <div data-testid="library-page">
      <PageHeader
        title={t('title')}
        actions={
          <div className="library-toolbar">
            <SearchBox value={search} onChange={setSearch} placeholder={t('search')} testId="library-search" />
            {canAdd && <Button type="button" outlined icon="pi pi-folder-plus" label={t('newFolder')} onClick={() => setNewFolder(true)} data-testid="library-new-folder" />}
            {canAdd && <Button type="button" icon="pi pi-upload" label={t('upload')} aria-pressed={showUpload} onClick={() => setShowUpload((v) => !v)} data-testid="library-upload-toggle" />}
          </div>
        }
      />
      <div
        className={`surface-card${dragOver && canAdd ? ' library-drop--over' : ''}`}
        onDragOver={(e) => {
          if (!canAdd || !e.dataTransfer?.types.includes('Files')) return;
          e.preventDefault();
          setDragOver(true);
          setShowUpload(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={() => setDragOver(false)}
      >
        <TabView activeIndex={activeIndex} onTabChange={(e) => go({ tab: LIBRARY_TABS[e.index], dir: null })}>
          {LIBRARY_TABS.map((k) => (
            <TabPanel key={k} header={t(`tab.${k}`)} pt={{ headerAction: { 'data-testid': `library-tab-${k}` } as never }}>
              {k === tab ? body : null}
            </TabPanel>
          ))}
        </TabView>
      </div>
      <NameDialog
        open={newFolder}
        title={t('newFolder')}
        label={t('folderName')}
        onHide={() => setNewFolder(false)}
        onSubmit={async (name) => {
          notify('success', (await libraryApi.createFolder(name, dir, tab)) ?? t('folderCreated'));
          setNewFolder(false);
          await refresh();
        }}
        testId="folder-dialog"
      />
      <NameDialog
        open={renaming !== null}
        title={t('rename')}
        label={renaming?.folder ? t('folderName') : t('fileName')}
        initial={renaming?.item.name}
        onHide={() => setRenaming(null)}
        onSubmit={async (name) => {
          if (!renaming) return;
          notify('success', (await libraryApi.rename(renaming.item, name)) ?? t('renamed'));
          setRenaming(null);
          await refresh();
        }}
        testId="rename-dialog"
      />
      <ShareDialog
        name={sharing?.item.name ?? null}
        onHide={() => setSharing(null)}
        load={() => libraryApi.sharedWith(sharing!.item.id)}
        save={(users) => libraryApi.share(sharing!.item.id, users)}
        onSaved={() => void refresh()}
      />
      <DetailsDrawer id={detailsId} onHide={() => setDetailsId(null)} load={libraryApi.details} />
    </div>
  );
}
