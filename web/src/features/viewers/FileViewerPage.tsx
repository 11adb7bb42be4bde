import { useMemo } from 'react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { libraryApi, type EmailView as Email } from '../../api/library';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';
import { FileChip, FileIcon } from '../library/FileChip';
import { formatDateTime } from '../../lib/dates';
import { saveBlob } from '../../lib/download';
import { AudioPlayer } from './AudioPlayer';
import { blockRemotePictures } from './email-rules';
import { PdfViewer } from './PdfViewer';
import { startPageOf } from './pdf-rules';
import { fileIdOf, isConverting, useLibraryFile } from './use-library-file';
import './viewers.css';

/** an e-mail's view; `onOpen` downloads its attachment at that place (absent: the reader may not download, view only) */
function EmailBody(props: { email: Email; onOpen?: (index: number, name: string) => void }) {
  const { t, i18n } = useTranslation('viewer');
  const e = props.email;
  const body = useMemo(() => blockRemotePictures(e.html), [e.html]);
  const onOpen = props.onOpen;
  return (
    <div className="email-view" data-testid="email-view">
      <div className="email-view__head surface-card">
        <dl>
          <dt>{t('email.subject')}</dt>
          <dd data-testid="email-subject">{e.subject}</dd>
          <dt>{t('email.from')}</dt>
          <dd>{e.from}</dd>
          <dt>{t('email.to')}</dt>
          <dd>{e.to.join(', ')}</dd>
          {e.cc.length > 0 && (
            <>
              <dt>{t('email.cc')}</dt>
              <dd>{e.cc.join(', ')}</dd>
            </>
          )}
          {e.date && (
            <>
              <dt>{t('email.date')}</dt>
              <dd data-testid="email-date">
                <bdi>{formatDateTime(e.date, i18n.language)}</bdi>
              </dd>
            </>
          )}
        </dl>
      </div>
      {/* the server sanitized the HTML; the frame runs no script and cannot reach this page either way */}
      {body.blocked > 0 && (
        <p className="email-view__notice" role="status" data-testid="email-remote-blocked">
          <i className="pi pi-shield" aria-hidden="true" /> {t('email.remoteBlocked', { count: body.blocked })}
        </p>
      )}
      <iframe className="email-view__body" title={e.subject} sandbox="" srcDoc={body.html} data-testid="email-body" />
      <div>
        <h4>{t('email.attachments')}</h4>
        {e.attachments.length === 0 ? (
          <p className="empty-state__text">{t('email.noAttachments')}</p>
        ) : (
          <>
            <div className="sheet-tabs" data-testid="email-attachments">
              {e.attachments.map((a, i) => (
                <FileChip
                  key={`${a.name}-${i}`}
                  name={a.name}
                  type={a.content_type}
                  size={a.size}
                  onClick={onOpen ? () => onOpen(i, a.name) : undefined}
                  label={onOpen ? t('email.download', { name: a.name }) : undefined}
                  testId="email-attachment"
                />
              ))}
            </div>
            {!onOpen && (
              <p className="empty-state__text" data-testid="email-attachments-view-only">
                {t('email.viewOnly')}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function EmailFile(props: { id: number; token?: string; meetingId: number | null; canDownload: boolean }) {
  const email = useApi('library/email', [props.id, props.token ?? null], () => libraryApi.email(props.id, { token: props.token }), { revalidateOnFocus: false });
  if (email.error) return <ErrorState error={email.error} onRetry={() => void email.mutate()} testId="viewer-error" />;
  if (!email.data) return <Loading />;
  const open = async (index: number, name: string) => {
    try {
      saveBlob(await libraryApi.emailAttachment(props.id, index, { meetingId: props.meetingId, token: props.token }), name);
    } catch (e) {
      // the request layer has shown the catalogue's toast (403 view only, 409 not watermarkable)
      console.error('attachment download', e);
    }
  };
  return <EmailBody email={email.data} onOpen={props.canDownload ? (i, name) => void open(i, name) : undefined} />;
}

function TextFile(props: { url: string }) {
  const text = useApi('library/text', [props.url], async () => {
    const res = await fetch(props.url);
    if (!res.ok) throw new Error(res.statusText);
    return res.text();
  });
  if (text.error) return <ErrorState error={text.error} onRetry={() => void text.mutate()} testId="viewer-error" />;
  if (text.data === undefined) return <Loading />;
  return (
    <pre className="surface-card viewer-text" data-testid="viewer-text">
      {text.data}
    </pre>
  );
}

/**
 * The viewer of /viewer/{meetingId}/{fileId} (meeting 0 outside a meeting): office files as the PDF made for
 * viewing (a progress bar while the conversion job runs), e-mails as their sanitized HTML with the attachments
 * listed (each a download when the reader may download the message), audio in a player, text as text, PDFs in the PDF viewer (read-only here).
 */
export function FileViewerPage() {
  const { t } = useTranslation('viewer');
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const token = query.get('token') ?? undefined;
  const id = fileIdOf(params.fileId);
  const meetingId = fileIdOf(params.meetingId);
  const file = useLibraryFile(id, meetingId, token);
  const f = file.data;

  if (id === null) return <ErrorState error={new Error(t('noFile'))} testId="viewer-error" />;

  let body;
  if (file.error) body = <ErrorState error={file.error} onRetry={() => void file.mutate()} testId="viewer-error" />;
  else if (!f) body = <Loading />;
  else if (f.kind === 'email') body = <EmailFile id={id} token={token} meetingId={meetingId} canDownload={f.can_download} />;
  else if (isConverting(f))
    body = (
      <div className="surface-card" data-testid="viewer-converting">
        <p>{t('office.converting')}</p>
        <ProgressBar value={f.conversion.progress} aria-label={t('office.converting')} />
      </div>
    );
  else if (!f.file_url)
    body = (
      <div className="pdf-banner pdf-banner--error" role="alert" data-testid="viewer-message">
        {f.message ?? (f.conversion.status === 'failed' ? t('office.failed') : t('noPermission'))}
        {f.conversion.status === 'failed' && f.can_edit && (
          <Button type="button" text size="small" icon="pi pi-refresh" label={t('office.retry')} onClick={() => void libraryApi.convert(id).then(() => file.mutate())} data-testid="viewer-convert" />
        )}
      </div>
    );
  else if (f.kind === 'audio') body = <AudioPlayer url={f.file_url} name={f.name} type={f.type} />;
  else if (f.kind === 'text') body = <TextFile url={f.file_url} />;
  else body = <PdfViewer url={f.file_url} name={f.name} startPage={startPageOf(query.get('page'))} shared={token ? undefined : { itemId: id, meetingId }} />;

  return (
    <div className="viewer-page" data-testid="file-viewer-page">
      <div className="viewer-head">
        <h1 className="viewer-head__title">
          <Button type="button" text rounded icon="pi pi-arrow-left" className="pdf-flip" aria-label={t('back')} onClick={() => navigate(-1)} />
          {f && <FileIcon type={f.type} name={f.name} kind={f.kind} />}
          <span data-testid="viewer-name">{f?.name ?? ''}</span>
        </h1>
      </div>
      {body}
    </div>
  );
}
