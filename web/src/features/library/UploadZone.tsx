import { useRef, useState, type DragEvent } from 'react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notify } from '../../api/notify';
import { FileIcon } from './FileChip';
import { acceptAttribute, extensionOf } from './file-kinds';
import './library.css';

type UploadStatus = 'queued' | 'uploading' | 'success' | 'failure' | 'cancelled';
type UploadState = { key: string; name: string; percent: number; status: UploadStatus; message?: string };

/** what one batch of chosen files came to: the one toast it gets */
export interface BatchOutcome {
  uploaded: number;
  /** the server's message when exactly one file went up */
  message: string | null;
  failed: { name: string; why: string }[];
  cancelled: number;
}

/** What a failed upload says: the first error on the file, else the server's message, else the status message. */
export function uploadErrorOf(e: unknown): string {
  if (e instanceof ApiError) return e.fieldErrors.file ?? Object.values(e.fieldErrors)[0] ?? e.serverMessage ?? e.message;
  return e instanceof Error ? e.message : String(e);
}

/**
 * Upload with a progress bar per file and drag-and-drop (docs/library-web.md#the-library-page). Every chosen file is
 * listed at once: Waiting, then Uploading (one at a time, in the order chosen), then Uploaded, Failed or Cancelled;
 * a waiting or uploading file has its own Cancel. A failure names the file and says why. A batch ends with one toast:
 * the server's message for a single file, "N files uploaded" for more, and one 'File upload failed' toast naming
 * each file that failed. PDF-only mode refuses other files before sending them ('you Must Choose pdf only').
 */
export function UploadZone(props: {
  /** sends one file; `signal` aborts it (Cancel) */
  upload(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<string | null>;
  onUploaded?(): void;
  pdfOnly?: boolean;
  /** a folder that takes no uploads: the reason shown instead of the zone */
  blockedReason?: string | null;
  multiple?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('library');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [items, setItems] = useState<UploadState[]>([]);
  const testId = props.testId ?? 'library-upload';

  // the uploads run one after another; a batch chosen while another runs waits behind it
  const queue = useRef<Promise<void>>(Promise.resolve());
  const controllers = useRef(new Map<string, AbortController>());
  const patch = (key: string, p: Partial<UploadState>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...p } : i)));

  const cancel = (key: string) => {
    const c = controllers.current.get(key);
    if (c) c.abort();
    patch(key, { status: 'cancelled' });
  };

  const summarize = (o: BatchOutcome) => {
    if (o.uploaded > 0) {
      const text = o.uploaded === 1 && o.message ? o.message : o.uploaded === 1 ? t('uploaded') : t('uploadedCount', { count: o.uploaded });
      notify('success', text, o.cancelled > 0 ? t('cancelledCount', { count: o.cancelled }) : undefined);
    } else if (o.cancelled > 0 && o.failed.length === 0) notify('info', t('cancelledCount', { count: o.cancelled }));
    if (o.failed.length > 0) notify('error', t('uploadFailed'), o.failed.map((f) => `${f.name}: ${f.why}`).join('\n'));
  };

  const send = (chosen: File[]) => {
    if (props.blockedReason) {
      notify('error', t('uploadFailed'), props.blockedReason);
      return;
    }
    const files = props.multiple === false ? chosen.slice(0, 1) : chosen;
    const batch = files.map((file) => ({ file, key: `${file.name}-${Date.now()}-${Math.random()}`, refused: !!props.pdfOnly && extensionOf(file.name) !== 'pdf' }));
    const outcome: BatchOutcome = { uploaded: 0, message: null, failed: [], cancelled: 0 };
    // the whole batch shows at once: what is refused says why, the rest waits its turn
    setItems((list) => [
      ...list,
      ...batch.map(({ file, key, refused }) => (refused ? { key, name: file.name, percent: 0, status: 'failure' as const, message: t('pdfOnly') } : { key, name: file.name, percent: 0, status: 'queued' as const })),
    ]);
    for (const b of batch) if (b.refused) outcome.failed.push({ name: b.file.name, why: t('pdfOnly') });
    for (const b of batch) if (!b.refused) controllers.current.set(b.key, new AbortController());
    const run = async () => {
      for (const { file, key, refused } of batch) {
        if (refused) continue;
        const controller = controllers.current.get(key)!;
        if (controller.signal.aborted) {
          outcome.cancelled += 1;
          controllers.current.delete(key);
          continue;
        }
        patch(key, { status: 'uploading' });
        try {
          const message = await props.upload(file, (percent) => patch(key, { percent }), controller.signal);
          patch(key, { percent: 100, status: 'success' });
          outcome.uploaded += 1;
          outcome.message = message;
          props.onUploaded?.();
        } catch (e) {
          if (controller.signal.aborted) {
            outcome.cancelled += 1;
            patch(key, { status: 'cancelled' });
          } else {
            const why = uploadErrorOf(e);
            patch(key, { status: 'failure', message: why });
            outcome.failed.push({ name: file.name, why });
          }
        } finally {
          controllers.current.delete(key);
        }
      }
      summarize(outcome);
    };
    queue.current = queue.current.then(run, run);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) send(files);
  };

  return (
    <div className="upload-zone-wrap" data-testid={testId}>
      <div
        className={`upload-zone${over ? ' upload-zone--over' : ''}${props.blockedReason ? ' upload-zone--blocked' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid={`${testId}-drop`}
      >
        <i className="pi pi-cloud-upload upload-zone__icon" aria-hidden="true" />
        {props.blockedReason ? (
          <p className="upload-zone__text" role="alert">
            {props.blockedReason}
          </p>
        ) : (
          <>
            <p className="upload-zone__text">{props.pdfOnly ? t('dropPdf') : t('drop')}</p>
            <Button type="button" size="small" icon="pi pi-upload" label={t('choose')} onClick={() => input.current?.click()} data-testid={`${testId}-choose`} />
          </>
        )}
        <input
          ref={input}
          type="file"
          hidden
          multiple={props.multiple !== false}
          accept={acceptAttribute(!!props.pdfOnly)}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) send(files);
          }}
          data-testid={`${testId}-input`}
        />
      </div>
      {items.length > 0 && (
        <ul className="upload-list" data-testid={`${testId}-list`}>
          {items.map((i) => (
            <li key={i.key} className={`upload-item upload-item--${i.status}`} data-testid="upload-item" data-status={i.status} data-name={i.name}>
              <div className="upload-item__head">
                <FileIcon type={null} name={i.name} />
                <span className="upload-item__name">{i.name}</span>
                <span className="upload-item__status">{t(`status.${i.status}`)}</span>
                {(i.status === 'queued' || i.status === 'uploading') && (
                  <Button type="button" text size="small" icon="pi pi-times" aria-label={t('cancelUpload', { name: i.name })} onClick={() => cancel(i.key)} data-testid="upload-cancel" />
                )}
              </div>
              {i.status === 'uploading' && <ProgressBar value={i.percent} className="upload-item__bar" data-testid="upload-progress" aria-label={t('progress', { name: i.name })} />}
              {i.status === 'failure' && i.message && (
                <p className="upload-item__error" role="alert">
                  {i.message}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
