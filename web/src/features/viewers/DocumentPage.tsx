import { Routes } from '@app/contracts';
import { useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ProgressBar } from 'primereact/progressbar';
import { api } from '../../api/client';
import { libraryApi } from '../../api/library';
import { notify } from '../../api/notify';
import { ErrorState } from '../../components/ErrorState';
import { saveBlob } from '../../lib/download';
import { FileIcon } from '../library/FileChip';
import { isNetworkFailure } from '../offline/keys';
import { OfflineBanner } from '../offline/OfflineBanner';
import { useOfflineCopy } from '../offline/use-offline';
import { BookMarkTag, useBookChanges, useMarkBookOpened } from '../meeting/minutes/BookChanges';
import { marksByTitle } from '../meeting/minutes/book-changes-rules';
import { BookSummary } from '../meeting/minutes/BookSummary';
import { BookViewer } from './BookViewer';
import { ChangesBanner } from './ChangesBanner';
import { MeetingDetailsDrawer } from './MeetingDetailsDrawer';
import { PdfViewer } from './PdfViewer';
import { isEditable, startPageOf } from './pdf-rules';
import { usePrintRecord } from './room';
import { fileIdOf, isConverting, useLibraryFile } from './use-library-file';
import './viewers.css';

/**
 * The PDF viewer's pages: /doc-view?doc=&id=&e=&meeting_id= (e=1 opens the editor when the file may be
 * edited), /document-view/{fileId} and /document/{fileId}/{meetingId} (with the Meeting Details drawer).
 * A guest's ?token= goes with every call.
 */
export function DocumentPage(props: { route: 'docView' | 'documentView' | 'document' }) {
  const { t } = useTranslation('viewer');
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const token = query.get('token') ?? undefined;
  // a search result opens the document at the page that matched
  const startPage = startPageOf(query.get('page'));
  const id = fileIdOf(props.route === 'docView' ? query.get('id') : params.fileId);
  const meetingId = fileIdOf(props.route === 'document' ? params.meetingId : query.get('meeting_id'));
  const [drawer, setDrawer] = useState(false);
  const file = useLibraryFile(id, meetingId, token);
  const f = file.data;
  // a board book kept offline by the signed-in user opens from the copy when the network fails
  const copy = useOfflineCopy(id !== null && !token ? { docId: id } : null);
  const offline = !f && file.error && isNetworkFailure(file.error) && copy ? copy : null;
  const name = offline?.name ?? f?.name ?? query.get('doc') ?? '';
  const editable = !!f && isEditable(props.route === 'docView' ? query.get('e') : null, f.can_edit);
  const room = f ? { canDownload: f.can_download, watermark: f.watermark } : undefined;
  usePrintRecord(f && f.can_download && id !== null ? () => libraryApi.print(id, { meetingId, token }) : null);
  // a meeting's board book: its items marked by what changed, then recorded as opened (docs/minutes.md#what-changed-in-the-book)
  // (a guest's too, by their token: docs/minutes.md#what-changed-in-the-book)
  const bookOfMeeting = !!f && !!f.file_url && f.outlines_data.entries.length > 0 && !!meetingId;
  const bookChanges = useBookChanges(bookOfMeeting ? meetingId : null, id, token);
  useMarkBookOpened(bookOfMeeting ? meetingId : null, id, bookChanges.data !== undefined || !!bookChanges.error, token);
  const marks = bookChanges.data && bookChanges.data.book_library_id === id ? marksByTitle(bookChanges.data) : null;

  if (id === null) return <ErrorState error={new Error(t('noFile'))} testId="document-error" />;

  return (
    <div className="viewer-page" data-testid="document-page">
      <div className="viewer-head">
        <h1 className="viewer-head__title">
          <Button type="button" text rounded icon="pi pi-arrow-left" className="pdf-flip" aria-label={t('back')} onClick={() => navigate(-1)} data-testid="viewer-back" />
          <FileIcon type="application/pdf" name={name} />
          <span data-testid="document-name">{name}</span>
        </h1>
        {props.route === 'document' && meetingId && <Button type="button" outlined icon="pi pi-info-circle" label={t('meetingDetails')} onClick={() => setDrawer(true)} data-testid="meeting-details" />}
      </div>
      {offline ? (
        <BookViewer url={null} data={offline.pdf} name={offline.name} entries={offline.entries} banner={<OfflineBanner savedAt={offline.savedAt} />} onDownload={() => saveBlob(new Blob([offline.pdf], { type: 'application/pdf' }), offline.name)} />
      ) : file.error && isNetworkFailure(file.error) && copy === undefined ? null : file.error ? (
        <ErrorState error={file.error} onRetry={() => void file.mutate()} testId="document-error" />
      ) : f && isConverting(f) ? (
        <div className="surface-card" data-testid="viewer-converting">
          <p>{t('office.converting')}</p>
          <ProgressBar value={f.conversion.progress} aria-label={t('office.converting')} />
        </div>
      ) : f && !f.file_url ? (
        // the catalogue: a fetch without file_url shows the returned message in an error banner
        <div className="pdf-banner pdf-banner--error" role="alert" data-testid="document-message">
          {f.message ?? t('noPermission')}
        </div>
      ) : f && f.file_url && f.outlines_data.entries.length > 0 ? (
        // a merged board book (the library keeps its outline): the book viewer
        <BookViewer
          url={f.file_url}
          name={name}
          entries={f.outlines_data.entries}
          startPage={startPage}
          room={room}
          marks={marks && marks.size ? (title, i) => { const m = marks.get(title); return m ? <BookMarkTag mark={m} testId={`book-section-mark-${i}`} /> : null; } : undefined}
          summary={meetingId && id !== null && !token ? (openPage) => <BookSummary meetingId={meetingId} book={{ libraryId: id, openPage }} /> : undefined}
          shared={id !== null && !token ? { itemId: id, meetingId } : undefined}
          onDownload={async () => {
            try {
              saveBlob(await api(Routes.downloadBook, { params: { docId: id } }), f.outlines_data.libraryName || name);
            } catch (e) {
              console.error('book download', e);
            }
          }}
        />
      ) : (
        <PdfViewer
          url={f?.file_url ?? null}
          name={name}
          sections={f?.outlines_data.entries}
          editable={editable}
          startPage={startPage}
          room={room}
          shared={!token && id !== null && f ? { itemId: id, meetingId } : undefined}
          changes={id !== null && !token ? (v) => <ChangesBanner fileId={id} meetingId={meetingId} page={v.page} goTo={v.goTo} /> : undefined}
          onDownload={
            id !== null
              ? async () => {
                  try {
                    saveBlob(await libraryApi.download(id, { meetingId, token }), name);
                  } catch (e) {
                    // the request layer has shown the catalogue's toast
                    console.error('download', e);
                  }
                }
              : undefined
          }
          onSave={async (pdf) => {
            const message = await libraryApi.saveVersion(id, pdf, name, meetingId);
            notify('success', message ?? t('saved'));
            await file.mutate();
          }}
        />
      )}
      {props.route === 'document' && meetingId && <MeetingDetailsDrawer meetingId={meetingId} token={token} visible={drawer} onHide={() => setDrawer(false)} />}
    </div>
  );
}
