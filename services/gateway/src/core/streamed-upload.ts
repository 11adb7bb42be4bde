import { Injectable, mixin, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import type { Request } from 'express';
import multer, { MulterError, type StorageEngine } from 'multer';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { catchError, defer, type Observable } from 'rxjs';
import { AppError, detectKind, LibraryErrors, LibraryMessages, zUploadBody, type DetectedKind } from '@app/contracts';
import { logger, Storage } from '@app/platform';
import type { ApiRequest } from './request';

/** What the gateway keeps of a streamed file: where it went in S3 and what its first bytes said it is. */
export interface StoredFile {
  fieldname: string;
  originalname: string;
  key: string;
  size: number;
  kind: DetectedKind;
}

/** How much of a file is read before its kind is decided (the entry names of a ZIP sit in its local headers). */
export const HEAD_BYTES = 1024 * 1024;
/** What a multipart body may carry besides the file (boundaries, part headers, the few text fields). */
const FORM_OVERHEAD = 1024 * 1024;

/**
 * What the library accepts of a file's first bytes (docs/library.md#uploads): not empty, one of the accepted kinds by
 * its content (a renamed executable is refused with 415), a PDF when the picker asks for PDF only.
 */
export function acceptFile(file: { buffer: Buffer; originalname: string }, pdfOnly: boolean): DetectedKind {
  if (!file.buffer.length) throw AppError.validation({ file: LibraryMessages.fileEmpty });
  const kind = detectKind(file.buffer, file.originalname);
  if (pdfOnly && kind?.kind !== 'pdf') throw new AppError(LibraryErrors.LIBRARY_PDF_ONLY, { fields: { file: [LibraryMessages.pdfOnly] } });
  if (!kind) throw new AppError(LibraryErrors.LIBRARY_FILE_TYPE, { fields: { file: [LibraryMessages.fileType] } });
  return kind;
}

/** pdf_only when it came before the file (the web sends the fields first); otherwise the route checks it after */
function pdfOnlySoFar(body: unknown): boolean {
  const v = (body as Record<string, unknown> | undefined)?.pdf_only;
  const r = zUploadBody.shape.pdf_only.safeParse(v);
  return r.success && r.data === true;
}

export interface StreamTarget {
  storage: Storage;
  orgId: string;
  /** the folder under the organization's prefix */
  folder: string;
  field: string;
  maxBytes: number;
  /** S3 part size (5 MiB, S3's minimum, unless a test wants another) */
  partSize?: number;
}

/**
 * A multer storage engine that never holds a file whole: it reads the first `HEAD_BYTES`, decides the kind (nothing
 * is stored when it is refused), then streams the rest into S3 part by part. Past `maxBytes` busboy truncates the
 * file and multer answers 413; the engine then aborts the S3 upload. Every piece of work it starts is tracked, so
 * the request settles only once a refused, truncated or aborted file has been cleaned up.
 */
class S3StreamEngine implements StorageEngine {
  readonly work = new Set<Promise<unknown>>();

  constructor(private readonly t: StreamTarget) {}

  private track<T>(p: Promise<T>): Promise<T> {
    this.work.add(p);
    // the caller of track() handles the failure; this branch only keeps the set current
    void p.finally(() => this.work.delete(p)).catch(() => undefined);
    return p;
  }

  _handleFile(req: Request, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<StoredFile>) => void): void {
    this.track(this.store(req, file)).then((info) => cb(null, info), (e: unknown) => cb(e));
  }

  _removeFile(_req: Request, file: Express.Multer.File & Partial<StoredFile>, cb: (error: Error | null) => void): void {
    if (!file.key) return cb(null);
    this.track(this.t.storage.remove(file.key)).then(() => cb(null), (e: unknown) => cb(e as Error));
  }

  private async store(req: Request, file: Express.Multer.File): Promise<Partial<StoredFile>> {
    const stream = file.stream as Readable & { truncated?: boolean };
    const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const tooLarge = (): boolean => stream.truncated === true;
    const head: Buffer[] = [];
    let headBytes = 0;
    let ended = false;
    try {
      while (headBytes < HEAD_BYTES) {
        const r = await it.next();
        if (r.done) {
          ended = true;
          break;
        }
        head.push(r.value);
        headBytes += r.value.length;
      }
      if (tooLarge()) throw new AppError('PAYLOAD_TOO_LARGE');
      const first = Buffer.concat(head, headBytes);
      const kind = acceptFile({ buffer: first, originalname: file.originalname }, pdfOnlySoFar(req.body));
      const key = Storage.key(this.t.orgId, this.t.folder, `${randomUUID()}.${kind.extension}`);
      async function* bytes(): AsyncGenerator<Buffer> {
        yield first;
        while (!ended) {
          const r = await it.next();
          // past the limit: stop here, so the S3 upload is aborted rather than completed and removed
          if (tooLarge()) throw new AppError('PAYLOAD_TOO_LARGE');
          if (r.done) break;
          yield r.value;
        }
      }
      const size = await this.t.storage.putStream(key, bytes(), kind.mime, this.t.partSize);
      return { key, size, kind };
    } catch (e) {
      // what is left of the file is not wanted: let it flow away instead of holding the request
      stream.resume();
      // the client went away before its body was complete: whatever failed, nobody waits for the answer. (The file
      // stream itself says nothing: it is destroyed after a normal end too, and a small file has ended before S3.)
      if (e instanceof AppError || (req.destroyed && !req.complete)) throw e;
      // the request is still there, so S3 failed: 503, with the cause in the log
      logger().error({ err: e }, 'upload to S3 failed');
      throw new AppError('UNAVAILABLE', { details: { what: 'storage', op: 'upload' } });
    }
  }
}

/** multer's and busboy's refusals in the catalogue's words (the size limit is 413, a broken body 409) */
function refusal(e: unknown): unknown {
  if (e instanceof AppError) return e;
  if (e instanceof MulterError) {
    if (e.code === 'LIMIT_FILE_SIZE') return new AppError('PAYLOAD_TOO_LARGE');
    if (e.code === 'LIMIT_UNEXPECTED_FILE' || e.code === 'LIMIT_FILE_COUNT') return AppError.validation({ file: ['Unexpected file field.'] });
    return AppError.validation({ _: ['The request body could not be read.'] });
  }
  return AppError.validation({ _: ['The request body could not be read.'] });
}

/**
 * Parse a multipart request as a stream, its one file going straight to S3 (docs/library.md#uploads). Resolves with
 * the stored file (or none when the request had no file), and the text fields in `req.body`. Rejects with the
 * catalogue's error only once nothing of a refused or aborted file is left in S3.
 */
export async function streamUpload(req: Request, t: StreamTarget): Promise<StoredFile | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > t.maxBytes + FORM_OVERHEAD) throw new AppError('PAYLOAD_TOO_LARGE');
  const engine = new S3StreamEngine(t);
  const parse = multer({ storage: engine, limits: { fileSize: t.maxBytes, files: 1, fields: 50 } }).single(t.field);
  try {
    await new Promise<void>((resolve, reject) => parse(req, req.res!, (e?: unknown) => (e ? reject(e) : resolve())));
  } catch (e) {
    // an aborted request settles at once; wait for the engine to abort its S3 upload or remove what it stored
    while (engine.work.size) await Promise.allSettled([...engine.work]);
    const err = refusal(e);
    // a refusal of ours is the answer; anything else mapped to 'could not be read' keeps its cause in the log
    if (!(e instanceof AppError) || e.status >= 500) logger().warn({ err: e }, 'upload refused');
    throw err;
  }
  return req.file as unknown as StoredFile | undefined;
}

/**
 * The interceptor of a route whose upload says `stream`: the organization comes from the request (the guard ran
 * before), the limit and the field from the route. When the route then fails, the stored object is removed.
 */
export function StreamedUploadInterceptor(upload: { field: string; maxBytes?: number; stream: string }, defaultMax: number): Type<NestInterceptor> {
  @Injectable()
  class Streamed implements NestInterceptor {
    constructor(private readonly storage: Storage) {}

    async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = ctx.switchToHttp().getRequest<ApiRequest>();
      if (!req.org) throw new AppError('INVALID_ORGANIZATION');
      const stored = await streamUpload(req, { storage: this.storage, orgId: req.org.id, folder: upload.stream, field: upload.field, maxBytes: upload.maxBytes ?? defaultMax });
      // whatever fails after the file reached S3 (the body's own fields, the service's refusal) removes it again
      return next.handle().pipe(
        catchError((e: unknown) =>
          defer(async () => {
            if (stored) await this.storage.remove(stored.key).catch((err: unknown) => logger().warn({ err, key: stored.key }, 'uploaded object left behind after a failed request'));
            throw e;
          }),
        ),
      );
    }
  }
  return mixin(Streamed);
}
