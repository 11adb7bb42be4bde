import { useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { libraryApi } from '../../api/library';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';
import { FileIcon } from '../library/FileChip';
import { formatSize } from '../library/file-kinds';
import { fileIdOf } from './use-library-file';
import { SheetGrid } from './SheetGrid';
import './viewers.css';

/** The read-only spreadsheet viewer of /sheets/{sheetId} and /sheets/{sheetId}/{meetingId}: file name, size, the sheets as grids. */
export function SheetPage() {
  const { t, i18n } = useTranslation('viewer');
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const token = query.get('token') ?? undefined;
  const id = fileIdOf(params.sheetId);
  const sheet = useApi(id === null ? null : 'library/sheet', [id, token ?? null], () => libraryApi.sheet(id!, { token }), { revalidateOnFocus: false });
  const [active, setActive] = useState(0);
  const s = sheet.data;
  const current = s?.sheets[Math.min(active, Math.max(0, (s?.sheets.length ?? 1) - 1))];

  if (id === null) return <ErrorState error={new Error(t('noFile'))} testId="sheet-error" />;
  return (
    <div className="viewer-page" data-testid="sheet-page">
      <div className="viewer-head">
        <h1 className="viewer-head__title">
          <Button type="button" text rounded icon="pi pi-arrow-left" className="pdf-flip" aria-label={t('back')} onClick={() => navigate(-1)} />
          <FileIcon type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" name={s?.name ?? ''} />
          <span data-testid="sheet-name">{s?.name ?? ''}</span>
        </h1>
        {s && (
          <span className="viewer-head__meta" data-testid="sheet-size">
            {t('sheet.size')}: {formatSize(s.size, i18n.language)}
          </span>
        )}
      </div>
      {sheet.error ? (
        <ErrorState error={sheet.error} onRetry={() => void sheet.mutate()} testId="sheet-error" />
      ) : !s ? (
        <Loading />
      ) : !current ? (
        <EmptyState icon="pi pi-table" title={t('sheet.empty')} testId="sheet-empty" />
      ) : (
        <>
          {s.sheets.length > 1 && (
            <div className="sheet-tabs" role="tablist">
              {s.sheets.map((sh, i) => (
                <Button key={sh.name} type="button" size="small" role="tab" aria-selected={i === active} outlined={i !== active} label={sh.name} onClick={() => setActive(i)} data-testid={`sheet-tab-${i}`} />
              ))}
            </div>
          )}
          <SheetGrid rows={current.rows} />
          <span className="viewer-head__meta" data-testid="sheet-shown">
            {t('sheet.rowsShown', { rows: Math.min(current.row_count, s.rows), cols: Math.min(current.column_count, s.columns) })}
          </span>
        </>
      )}
    </div>
  );
}
