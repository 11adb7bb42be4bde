import { Injectable, mixin, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { AppError, FILES_TOTAL_MAX_BYTES, IMAGE_MAX_BYTES, type RouteDef, type RouteUpload } from '@app/contracts';

/** One text field of a multipart form (busboy's default): a longer one is 409 on that field. */
export const FORM_FIELD_MAX_BYTES = 1024 * 1024;
/** A multipart body without a file (a form of text fields, e.g. /api/sso/check): as much as a JSON body. */
export const FORM_FIELDS_MAX_BYTES = 2 * 1024 * 1024;
/** What a multipart body may carry besides its files (boundaries, part headers, the text fields). */
export const FORM_OVERHEAD_BYTES = 1024 * 1024;

/**
 * The most a whole multipart body of a route may hold: every part and field together, not only each file.
 * - no file: FORM_FIELDS_MAX_BYTES;
 * - one file: the file's limit (the route's, else the image limit) and the form;
 * - several files: their limits added up, but never more than FILES_TOTAL_MAX_BYTES, and the form.
 */
export function multipartMaxBytes(upload: RouteUpload): number {
  if (upload.kind === 'none') return FORM_FIELDS_MAX_BYTES;
  if (upload.kind === 'single') return (upload.maxBytes ?? IMAGE_MAX_BYTES) + FORM_OVERHEAD_BYTES;
  const files = upload.fields.reduce((n, f) => n + f.maxCount, 0);
  return Math.min(files * (upload.maxBytes ?? IMAGE_MAX_BYTES), FILES_TOTAL_MAX_BYTES) + FORM_OVERHEAD_BYTES;
}

/** the largest multipart body any route of the table takes (the limit before the route is known) */
export const largestMultipart = (routes: readonly RouteDef[]): number =>
  Math.max(FORM_FIELDS_MAX_BYTES, ...routes.map((r) => (r.upload ? multipartMaxBytes(r.upload) : 0)));

const isMultipart = (req: Request): boolean => /^\s*multipart\//i.test(req.headers['content-type'] ?? '');

/** the limit of this request's multipart body and the bytes seen so far (set by multipartBodyLimit) */
const LIMIT = Symbol('multipart.limit');
type Counted = Request & { [LIMIT]?: { max: number; seen: number; refused: boolean } };

const tooLarge = (): AppError => new AppError('PAYLOAD_TOO_LARGE');

/**
 * Every multipart body is counted while it is read, whoever reads it (multer's parsers pipe the request): past its
 * limit the request is failed with 413 'File too large' (multer stops parsing, removes what it stored and answers
 * through the error filter). A declared Content-Length past the limit is refused before a byte is read. `max` is
 * the largest limit of any route; a route lowers it for its own requests (`limitMultipartBody`) before its parser
 * starts. Other bodies are bounded by their parsers (JSON and forms: 2 MB).
 */
export function multipartBodyLimit(max: number) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!isMultipart(req)) return next();
    const state = { max, seen: 0, refused: false };
    (req as Counted)[LIMIT] = state;
    if (Number(req.headers['content-length']) > max) return next(tooLarge());
    // a listener that does not start the flow: the parser's pipe does, and this one sees every chunk it reads
    req.pause();
    req.on('data', (chunk: Buffer) => {
      state.seen += chunk.length;
      if (state.seen > state.max && !state.refused) {
        state.refused = true;
        // the reader (multer) listens for errors and aborts; a body nobody reads is only discarded
        if (req.listenerCount('error') > 0) req.emit('error', tooLarge());
      }
    });
    next();
  };
}

/** a route's own limit for its multipart body (before its parser reads it): 413 at once when its declared length is past it */
export function limitMultipartBody(req: Request, max: number): void {
  const state = (req as Counted)[LIMIT];
  if (!state) return;
  state.max = Math.min(state.max, max);
  if (Number(req.headers['content-length']) > state.max || state.seen > state.max) throw tooLarge();
}

/** the body was refused for its size while it was read: whatever the parser made of it, the answer is 413 */
export function multipartRefused(req: Request): boolean {
  return (req as Counted)[LIMIT]?.refused === true;
}

/** The first interceptor of a route that takes a multipart body: its own limit, before its parser reads a byte. */
export function MultipartLimitInterceptor(max: number): Type<NestInterceptor> {
  @Injectable()
  class MultipartLimit implements NestInterceptor {
    intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
      limitMultipartBody(ctx.switchToHttp().getRequest<Request>(), max);
      return next.handle();
    }
  }
  return mixin(MultipartLimit);
}
