import type { ReactNode } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import type { LibraryItem } from '../../api/library';
import { formatDateTime } from '../../lib/dates';
import { FileIcon } from './FileChip';
import { formatSize } from './file-kinds';
import { STACKED_TABLE } from '../../components/stacked-table';

export interface FileRow {
  /** the table's row key (folders and files share one id space, the prefix only reads better) */
  key: string;
  item: LibraryItem;
  folder: boolean;
}

/** Folders first, then files, as one list of rows. */
export function rowsOf(dirs: readonly LibraryItem[], files: readonly LibraryItem[]): FileRow[] {
  return [...dirs.map((item) => ({ key: `d${item.id}`, item, folder: true })), ...files.map((item) => ({ key: `f${item.id}`, item, folder: false }))];
}

/**
 * The library's list: name with the type icon, owner, size, last change. A folder opens on click; a file
 * opens its viewer. With `selection` (the picker), files get a checkbox and folders none (folders cannot be ticked);
 * a file the selection cannot take is dimmed, its checkbox disabled and named with the reason.
 */
export function FileTable(props: {
  rows: FileRow[];
  loading?: boolean;
  empty: ReactNode;
  onOpenFolder(item: LibraryItem): void;
  onOpenFile(item: LibraryItem): void;
  actions?(row: FileRow): ReactNode;
  /** `selectable` false: the file is listed but cannot be ticked (the PDF-only picker's other files), with `why` */
  selection?: { ids: ReadonlySet<number>; toggle(item: LibraryItem): void; selectable?(item: LibraryItem): boolean; why?: string };
  testId?: string;
}) {
  const { t, i18n } = useTranslation('library');
  const unavailable = (r: FileRow) => !r.folder && !!props.selection?.selectable && !props.selection.selectable(r.item);
  return (
    <DataTable
      value={props.rows}
      {...STACKED_TABLE}
      dataKey="key"
      loading={props.loading}
      emptyMessage={props.empty}
      size="small"
      data-testid={props.testId ?? 'library-table'}
      rowClassName={(r: FileRow) => (r.folder ? 'library-row library-row--folder' : unavailable(r) ? 'library-row library-row--unavailable' : 'library-row')}
      pt={{ bodyRow: ({ context }: { context: { index: number } }) => ({ 'data-testid': 'library-row', 'data-name': props.rows[context.index]?.item.name, 'data-kind': props.rows[context.index]?.folder ? 'folder' : 'file' }) as never }}
    >
      {props.selection && (
        <Column
          headerStyle={{ width: '3rem' }}
          body={(r: FileRow) =>
            r.folder ? null : (
              <Checkbox
                inputId={`pick-${r.key}`}
                checked={props.selection!.ids.has(r.item.id)}
                disabled={unavailable(r)}
                onChange={() => props.selection!.toggle(r.item)}
                aria-label={unavailable(r) && props.selection!.why ? `${t('pick', { name: r.item.name })} (${props.selection!.why})` : t('pick', { name: r.item.name })}
                data-testid={`pick-${r.item.id}`}
              />
            )
          }
        />
      )}
      <Column
        header={t('col.name')}
        body={(r: FileRow) => (
          <button type="button" className="library-name" onClick={() => (r.folder ? props.onOpenFolder(r.item) : props.onOpenFile(r.item))} data-testid={r.folder ? 'library-open-folder' : 'library-open-file'}>
            <FileIcon type={r.item.type} name={r.item.name} kind={r.folder ? 'folder' : r.item.kind} />
            <span>{r.item.name}</span>
          </button>
        )}
      />
      <Column header={t('col.owner')} body={(r: FileRow) => r.item.owner?.name ?? ''} />
      <Column header={t('col.size')} body={(r: FileRow) => (r.folder ? '' : formatSize(r.item.size, i18n.language))} style={{ width: '7rem' }} />
      <Column header={t('col.modified')} body={(r: FileRow) => formatDateTime(r.item.updated_at, i18n.language)} style={{ width: '11rem' }} />
      {props.actions && <Column body={(r: FileRow) => props.actions!(r)} style={{ width: '13rem' }} />}
    </DataTable>
  );
}
