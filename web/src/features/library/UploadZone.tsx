import { useRef, useState, type DragEvent } from 'react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notify } from '../../api/notify';
import { FileIcon } from './FileChip';
import { acceptAttribute, extensionOf } from './file-kinds';
import './library.css';

type UploadState = { key: string; name: string; percent: number; status: 'uploading' | 'success' | 'failure'; message?: string };

/** What a failed upload says: the first error on the file, else the server's message, else the status message. */
export function uploadErrorOf(e: unknown): string {
  if (e instanceof ApiError) return e.fieldErrors.file ?? Object.values(e.fieldErrors)[0] ?? e.serverMessage ?? e.message;
  return e instanceof Error ? e.message : String(e);
}

/**
 * Upload with a progress bar per file and drag-and-drop (docs/library-web.md#the-library-page). Each file goes
 * uploading, then success or failure; a failure names the file and says why, and the toast says
 * 'File upload failed'. PDF-only mode refuses other files before sending them ('you Must Choose pdf only').
 */
export function UploadZone(props: {
  upload(file: File, onProgress: (percent: number) => void): Promise<string | null>;
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

  const patch = (key: string, p: Partial<UploadState>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...p } : i)));

  const send = async (files: File[]) => {
    if (props.blockedReason) {
      notify('error', t('uploadFailed'), props.blockedReason);
      return;
    }
    for (const file of props.multiple === false ? files.slice(0, 1) : files) {
      const key = `${file.name}-${Date.now()}-${Math.random()}`;
      if (props.pdfOnly && extensionOf(file.name) !== 'pdf') {
        setItems((list) => [...list, { key, name: file.name, percent: 0, status: 'failure', message: t('pdfOnly') }]);
        notify('error', t('uploadFailed'), `${file.name}: ${t('pdfOnly')}`);
        continue;
      }
      setItems((list) => [...list, { key, name: file.name, percent: 0, status: 'uploading' }]);
      try {
        const message = await props.upload(file, (percent) => patch(key, { percent }));
        patch(key, { percent: 100, status: 'success' });
        notify('success', message ?? t('uploaded'));
        props.onUploaded?.();
      } catch (e) {
        const why = uploadErrorOf(e);
        patch(key, { status: 'failure', message: why });
        notify('error', t('uploadFailed'), `${file.name}: ${why}`);
      }
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) void send(files);
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
            if (files.length) void send(files);
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
