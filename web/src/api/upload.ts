/**
 * Uploads with a progress bar: fetch cannot report upload progress, so the multipart request of the upload
 * routes goes through XMLHttpRequest here, with the request layer's headers (token, Lang), its idle check and
 * its failure handling (catalogue toasts, 401/403 sign-out) — handleFailure of web/src/api/client.ts.
 */
import { ApiError, buildUrl, handleFailure, OTHER_ERROR, REQUEST_TIMEOUT_MS, type Query } from './client';
import { session } from './session';
import { currentLang } from '../i18n/lang';
import { translate } from '@app/contracts';

export interface UploadRequest {
  /** the route's path with its parameters filled in (routePath) */
  path: string;
  query?: Query;
  form: FormData;
  onProgress?(percent: number): void;
  signal?: AbortSignal;
  /** show the catalogue toast on failure (default false: the uploader shows the file's own message) */
  notify?: boolean;
}

/** The parsed JSON answer (the envelope `{ success, message, data }`); failures reject with ApiError. */
export function uploadWithProgress(req: UploadRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const token = session.token();
    if (!token) {
      reject(new ApiError(401, translate('Authentication Fail', currentLang())));
      return;
    }
    session.touch();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(req.path, req.query));
    xhr.timeout = REQUEST_TIMEOUT_MS * 5;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Lang', currentLang());
    xhr.setRequestHeader('token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) req.onProgress?.(Math.min(100, Math.floor((e.loaded / e.total) * 100)));
    };
    const parse = (): unknown => {
      const text = xhr.responseText;
      try {
        return text ? JSON.parse(text) : null;
      } catch {
        return text;
      }
    };
    xhr.onload = () => {
      const body = parse();
      if (xhr.status >= 200 && xhr.status < 300) {
        req.onProgress?.(100);
        resolve(body);
      } else reject(handleFailure(xhr.status, body, { notify: req.notify ?? false }));
    };
    xhr.onerror = () => reject(new ApiError(0, translate(OTHER_ERROR, currentLang())));
    xhr.ontimeout = () => reject(handleFailure(508, null, { notify: req.notify ?? false }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    req.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(req.form);
  });
}
