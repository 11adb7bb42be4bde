import { useEffect } from 'react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { libraryApi, type ViewerFile } from '../../api/library';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';
import { FileChip, FileIcon } from '../library/FileChip';
import { AudioPlayer } from './AudioPlayer';
import { fileIdOf } from './DocumentPage';
import { PdfViewer } from './PdfViewer';
import './viewers.css';

/** how often the page asks again while an office file is being converted */
export const CONVERSION_POLL_MS = 1500;

function EmailView(props: { email: NonNullable<ViewerFile['email']> }) {
  const { t } = useTranslation('viewer');
  const e = props.email;
  return (
    <div className="email-view" data-testid="email-view">
      <div className="email-view__head surface-card">
        <dl>
          <dt>{t('email.subject')}</dt>
          <dd data-testid="email-subject">{e.subject}</dd>
          <dt>{t('email.from')}</dt>
          <dd>{e.from}</dd>
          <dt>{t('email.to')}</dt>
          <dd>{e.to}</dd>
          {e.cc && (
            <>
              <dt>{t('email.cc')}</dt>
              <dd>{e.cc}</dd>
            </>
          )}
          <dt>{t('email.date')}</dt>
          <dd>{e.date}</dd>
        </dl>
      </div>
      {/* the server sanitized the HTML; the frame runs no script and cannot reach this page either way */}
      <iframe className="email-view__body" title={e.subject} sandbox="" srcDoc={e.html} data-testid="email-body" />
      <div>
        <h4>{t('email.attachments')}</h4>
        {e.attachments.length === 0 ? (
          <p className="empty-state__text">{t('email.noAttachments')}</p>
        ) : (
          <div className="sheet-tabs" data-testid="email-attachments">
            {e.attachments.map((a) => (
              <FileChip key={a.index} name={a.name} type={null} size={a.size} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The viewer of /viewer/{meetingId}/{fileId}: office files as the PDF made for viewing (a progress bar while the
 * conversion job runs), e-mails as their sanitized HTML with the attachments listed, audio in a player, text as
 * text, PDFs in the PDF viewer (read-only here).
 */
export function FileViewerPage() {
  const { t } = useTranslation('viewer');
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const token = query.get('token') ?? undefined;
  const id = fileIdOf(params.fileId);
  const meetingId = params.meetingId && params.meetingId !== '0' ? params.meetingId : null;
  const file = useApi(id === null ? null : 'library/view', [id, meetingId, token ?? null], () => libraryApi.viewer(id!, { meetingId, token }), { revalidateOnFocus: false });
  const f = file.data;
  const converting = !!f && f.kind === 'office' && !f.pdf_url && f.conversion?.state !== 'failed';

  // while the conversion job runs, ask again
  useEffect(() => {
    if (!converting) return undefined;
    const timer = setTimeout(() => void file.mutate(), CONVERSION_POLL_MS);
    return () => clearTimeout(timer);
  }, [converting, f, file]);

  if (id === null) return <ErrorState error={new Error(t('noFile'))} testId="viewer-error" />;

  let body;
  if (file.error) body = <ErrorState error={file.error} onRetry={() => void file.mutate()} testId="viewer-error" />;
  else if (!f) body = <Loading />;
  else if (f.kind === 'email' && f.email) body = <EmailView email={f.email} />;
  else if (f.kind === 'audio' && f.file_url) body = <AudioPlayer url={f.file_url} name={f.name} type={f.type} />;
  else if (f.kind === 'text' && f.text !== null) body = <pre className="surface-card viewer-text" data-testid="viewer-text">{f.text}</pre>;
  else if (f.kind === 'pdf' && f.file_url) body = <PdfViewer url={f.file_url} name={f.name} />;
  else if (f.kind === 'office' && f.pdf_url) body = <PdfViewer url={f.pdf_url} name={f.name} />;
  else if (converting)
    body = (
      <div className="surface-card" data-testid="viewer-converting">
        <p>{t('office.converting')}</p>
        <ProgressBar value={f.conversion?.progress ?? 0} aria-label={t('office.converting')} />
      </div>
    );
  else
    body = (
      <div className="pdf-banner pdf-banner--error" role="alert" data-testid="viewer-failed">
        {f.kind === 'office' ? t('office.failed') : t('noPermission')}
      </div>
    );

  return (
    <div className="viewer-page" data-testid="file-viewer-page">
      <div className="viewer-head">
        <h1 className="viewer-head__title">
          <Button type="button" text rounded icon="pi pi-arrow-left" className="pdf-flip" aria-label={t('back')} onClick={() => navigate(-1)} />
          {f && <FileIcon type={f.type} name={f.name} />}
          <span data-testid="viewer-name">{f?.name ?? ''}</span>
        </h1>
        {f?.file_url && (
          <a className="p-button p-button-outlined p-button-sm" href={f.file_url} download={f.name} rel="noopener" data-testid="viewer-download">
            <i className="pi pi-download" aria-hidden="true" />
            &nbsp;{t('download')}
          </a>
        )}
      </div>
      {body}
    </div>
  );
}
