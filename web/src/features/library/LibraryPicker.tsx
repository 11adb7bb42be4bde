import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { libraryApi, type LibraryItem, type LibraryTab } from '../../api/library';
import { notify } from '../../api/notify';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { SearchBox } from '../../components/SearchBox';
import { FileTable, rowsOf } from './FileTable';
import { useLibraryListing } from './LibraryPage';
import { UploadZone } from './UploadZone';
import './library.css';

export interface LibraryPickerProps {
  visible: boolean;
  onHide(): void;
  onPick(files: LibraryItem[]): void;
  /** decisions and actions take PDF files only */
  pdfOnly?: boolean;
  /** more than one file (default true) */
  multiple?: boolean;
}

type PickerTab = LibraryTab | 'upload';
const TABS: readonly PickerTab[] = ['my', 'shared', 'organization', 'favorite', 'upload'];

/**
 * The file picker (60% wide) used by talking points, decisions and actions: tabs my library, shared with me,
 * organization, favorite and upload. Folders open but cannot be ticked; items the user cannot edit are not
 * listed; in PDF-only mode a non-PDF file is listed dimmed with its checkbox disabled ('Choose only pdf'), and
 * clicking its name says so.
 */
export function LibraryPicker(props: LibraryPickerProps) {
  const { t } = useTranslation('library');
  const [tab, setTab] = useState<PickerTab>('my');
  const [dirs, setDirs] = useState<{ id: number; name: string }[]>([]);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Map<number, LibraryItem>>(new Map());
  const multiple = props.multiple !== false;
  const listTab: LibraryTab = tab === 'upload' ? 'my' : tab;
  const dir = dirs.length ? dirs[dirs.length - 1].id : null;
  const listing = useLibraryListing(listTab, dir, search.trim(), props.visible && tab !== 'upload');

  const rows = useMemo(() => {
    const d = listing.data;
    if (!d) return [];
    // items the user cannot edit are hidden in pickers
    return rowsOf(
      d.dirs.filter((i) => i.can_edit),
      d.files.filter((i) => i.can_edit),
    );
  }, [listing.data]);

  const toggle = (item: LibraryItem) => {
    if (props.pdfOnly && item.kind !== 'pdf') {
      notify('warn', t('choosePdf'));
      return;
    }
    setPicked((m) => {
      const next = new Map(multiple ? m : []);
      if (m.has(item.id)) next.delete(item.id);
      else next.set(item.id, item);
      return next;
    });
  };

  const reset = () => {
    setPicked(new Map());
    setDirs([]);
    setSearch('');
    setTab('my');
  };
  const hide = () => {
    reset();
    props.onHide();
  };
  const done = () => {
    props.onPick([...picked.values()]);
    reset();
  };

  const list = listing.error ? (
    <ErrorState error={listing.error} onRetry={() => void listing.mutate()} compact />
  ) : (
    <>
      <div className="library-toolbar">
        <nav className="library-crumbs" aria-label={t('breadcrumbs')}>
          <button type="button" disabled={dirs.length === 0} onClick={() => setDirs([])}>
            {t(`tab.${listTab}`)}
          </button>
          {dirs.map((c, i) => (
            <span key={c.id} className="library-crumbs">
              <i className="pi pi-angle-right library-crumbs__sep" aria-hidden="true" />
              <button type="button" disabled={i === dirs.length - 1} onClick={() => setDirs(dirs.slice(0, i + 1))}>
                {c.name}
              </button>
            </span>
          ))}
        </nav>
        <span className="library-toolbar__grow" />
        <SearchBox value={search} onChange={setSearch} placeholder={t('search')} testId="picker-search" />
      </div>
      <FileTable
        rows={rows}
        loading={!listing.data}
        empty={<EmptyState icon="pi pi-inbox" title={t(`empty.${listTab}`)} compact testId="picker-empty" />}
        onOpenFolder={(item) => setDirs([...dirs, { id: item.id, name: item.name }])}
        onOpenFile={toggle}
        selection={{ ids: new Set(picked.keys()), toggle, selectable: (item) => !props.pdfOnly || item.kind === 'pdf', why: props.pdfOnly ? t('choosePdf') : undefined }}
        testId="picker-table"
      />
    </>
  );

  return (
    <Dialog
      header={t('pickerTitle')}
      visible={props.visible}
      onHide={hide}
      style={{ width: '60%' }}
      breakpoints={{ '960px': '92vw' }}
      data-testid="library-picker"
      footer={
        <div className="picker-footer">
          <span data-testid="picker-count">{t('pickedCount', { count: picked.size })}</span>
          <span>
            <Button type="button" text label={t('cancel')} onClick={hide} />
            <Button type="button" icon="pi pi-check" label={t('pick.done')} disabled={picked.size === 0} onClick={done} data-testid="picker-done" />
          </span>
        </div>
      }
    >
      <TabView
        activeIndex={TABS.indexOf(tab)}
        onTabChange={(e) => {
          setTab(TABS[e.index]);
          setDirs([]);
          setSearch('');
        }}
      >
        {TABS.map((k) => (
          <TabPanel key={k} header={t(k === 'upload' ? 'upload' : k === 'favorite' ? 'picker.favorite' : `tab.${k}`)} pt={{ headerAction: { 'data-testid': `picker-tab-${k}` } as never }}>
            {k !== tab ? null : k === 'upload' ? (
              <UploadZone
                testId="picker-upload"
                pdfOnly={props.pdfOnly}
                multiple={multiple}
                upload={async (file, onProgress, signal) => {
                  const { item, message } = await libraryApi.upload(file, { dir: null, onProgress, signal, pdfOnly: props.pdfOnly });
                  // a file uploaded here is ticked at once
                  if (item) setPicked((m) => new Map(multiple ? m : []).set(item.id, item));
                  return message;
                }}
              />
            ) : (
              list
            )}
          </TabPanel>
        ))}
      </TabView>
    </Dialog>
  );
}
