import { useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ProgressBar } from 'primereact/progressbar';
import { libraryApi } from '../../api/library';
import { notify } from '../../api/notify';
import { ErrorState } from '../../components/ErrorState';
import { FileIcon } from '../library/FileChip';
import { MeetingDetailsDrawer } from './MeetingDetailsDrawer';
import { PdfViewer } from './PdfViewer';
import { isEditable } from './pdf-rules';
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
  const id = fileIdOf(props.route === 'docView' ? query.get('id') : params.fileId);
  const meetingId = fileIdOf(props.route === 'document' ? params.meetingId : query.get('meeting_id'));
  const [drawer, setDrawer] = useState(false);
  const file = useLibraryFile(id, meetingId, token);
  const f = file.data;
  const name = f?.name ?? query.get('doc') ?? '';
  const editable = !!f && isEditable(props.route === 'docView' ? query.get('e') : null, f.can_edit);

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
      {file.error ? (
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
      ) : (
        <PdfViewer
          url={f?.file_url ?? null}
          name={name}
          sections={f?.outlines_data.entries}
          editable={editable}
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
