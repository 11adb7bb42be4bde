import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { multipartRefused } from './body-limits';
import { AppError, errorSpec, parseLang, translate, type Lang } from '@app/contracts';
import { logger } from '@app/platform';
import type { ApiRequest } from './request';

/** Body of every error answer (docs/conventions.md). */
export interface ErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
  data?: Record<string, string>;
}

/** AppError -> the spec's catalogue (status and message), translated into the request's language. */
export function errorBody(e: AppError, lang: Lang): { status: number; body: ErrorBody } {
  const spec = errorSpec(e.code);
  const message = translate(e.customMessage ?? spec.message, lang, e.params);
  const body: ErrorBody = { success: false, code: e.code, message };
  if (e.fields) {
    body.errors = {};
    body.data = {};
    for (const [field, msgs] of Object.entries(e.fields)) {
      body.errors[field] = msgs.map((m) => translate(m, lang, e.params));
      body.data[field] = body.errors[field][0];
    }
  }
  return { status: spec.status, body };
}

/**
 * body-parser's refusals of a body it cannot decode: an unknown charset (`charset=klingon`) or Content-Encoding
 * (`br;q=abc`), or a compressed body that does not decompress (zlib's Z_* errors, which may come wrapped).
 */
function undecodable(e: unknown): boolean {
  const err = e as { type?: string; status?: number; code?: string } | undefined;
  if (!err || typeof err !== 'object') return false;
  if (err.type === 'charset.unsupported' || err.type === 'encoding.unsupported' || err.status === 415) return true;
  return typeof err.code === 'string' && err.code.startsWith('Z_');
}

/** Anything thrown on the way (Nest HTTP errors, body-parser, multer) is mapped into the catalogue too. */
export function toAppError(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (undecodable(e) || undecodable((e as { cause?: unknown })?.cause)) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (e instanceof HttpException) {
    const status = e.getStatus();
    if (status === 404) return new AppError('NOT_FOUND');
    if (status === 401) return new AppError('UNAUTHENTICATED');
    if (status === 403) return new AppError('FORBIDDEN');
    if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
    if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
    if (status === 429) return new AppError('TOO_MANY_ATTEMPTS');
    if (status === 400 || status === 409 || status === 422) {
      return AppError.validation({ _: [typeof e.message === 'string' && e.message.length < 200 ? e.message : 'The request is invalid.'] });
    }
  }
  const err = e as { type?: string; status?: number; code?: string; errno?: number };
  if (err?.type === 'entity.parse.failed') return AppError.validation({ _: ['The request body is not valid JSON.'] });
  if (err?.type === 'entity.too.large' || err?.code === 'LIMIT_FILE_SIZE') return new AppError('PAYLOAD_TOO_LARGE');
  // any other refusal of body-parser (an aborted body, a Content-Length that does not match): the caller's fault
  if (typeof err?.type === 'string' && typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    return AppError.validation({ _: ['The request body could not be read.'] });
  }
  if (err?.code === 'LIMIT_UNEXPECTED_FILE') return AppError.validation({ file: ['Unexpected file field.'] });
  return new AppError('INTERNAL');
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<ApiRequest>();
    const res = ctx.getResponse<Response>();
    // not ready (health while draining or a dependency is down): the probe's own answer, not an error of the catalogue
    if (exception instanceof HttpException && exception.getStatus() === 503) {
      if (!res.headersSent) res.status(503).json(exception.getResponse());
      return;
    }
    // a multipart body refused for its size mid-way: the parser reports whatever it made of the cut, the answer is 413
    const e = multipartRefused(req) ? new AppError('PAYLOAD_TOO_LARGE') : toAppError(exception);
    if (e.code === 'INTERNAL') logger().error({ err: exception, path: req.path }, 'unhandled error');
    // body-parser fails before the context middleware has read Lang
    const { status, body } = errorBody(e, req.lang ?? parseLang(req.header?.('lang') ?? req.header?.('accept-language')));
    if (e.code === 'TOO_MANY_ATTEMPTS' && typeof e.details?.retryAfter === 'number') res.setHeader('Retry-After', String(e.details.retryAfter));
    if (res.headersSent) return;
    res.status(status).json(body);
  }
}
