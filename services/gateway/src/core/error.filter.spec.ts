import { HttpException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { AppError, type ErrorCode } from '@app/contracts';
import { ErrorFilter, errorBody, toAppError } from './error.filter';

describe('error catalogue (docs/product/errors.md#the-catalogue)', () => {
  const cases: [ErrorCode, number, string][] = [
    ['UNAUTHENTICATED', 401, 'Authentication Fail'],
    ['FORBIDDEN', 403, 'Authentication Fail'],
    ['NOT_FOUND', 404, 'Not Found'],
    ['VALIDATION', 409, 'Error in validation'],
    ['INTERNAL', 500, 'Internal Server Error'],
    ['RPC_TIMEOUT', 508, 'Time Out'],
    ['TOO_MANY_ATTEMPTS', 429, 'Too Many Attempts.'],
    ['INVALID_ORGANIZATION', 404, 'Invalid Organization URL'],
    ['UNAVAILABLE', 503, 'Service Unavailable'],
    ['UNSUPPORTED_MEDIA_TYPE', 415, 'Unsupported Media Type'],
  ];
  it.each(cases)('%s -> %i %s', (code, status, message) => {
    const r = errorBody(new AppError(code), 'en');
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ success: false, code, message });
  });

  it('a code from the wire that this build does not know is a 500', () => {
    const r = errorBody(AppError.fromJSON({ code: 'SOMETHING_NOBODY_DEFINED' }), 'en');
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ success: false, code: 'INTERNAL', message: 'Internal Server Error' });
  });

  it('fr answers with English texts, ar and ru are translated', () => {
    expect(errorBody(new AppError('VALIDATION'), 'fr').body.message).toBe('Error in validation');
    expect(errorBody(new AppError('VALIDATION'), 'ar').body.message).toBe('خطأ في التحقق');
    expect(errorBody(new AppError('TOO_MANY_ATTEMPTS'), 'ru').body.message).toBe('Слишком много попыток.');
  });

  it('field errors appear as errors (lists) and data (first message), translated', () => {
    const r = errorBody(AppError.validation({ email: 'This field is required.', phone: ['The phone must contain digits only.', 'x'] }), 'ar');
    expect(r.body.errors).toEqual({ email: ['هذا الحقل مطلوب.'], phone: ['يجب أن يحتوي الهاتف على أرقام فقط.', 'x'] });
    expect(r.body.data).toEqual({ email: 'هذا الحقل مطلوب.', phone: 'يجب أن يحتوي الهاتف على أرقام فقط.' });
  });

  it('interpolates message parameters', () => {
    const e = AppError.validation({ deadline: 'Date and time must be after start time {datetime}' }, { datetime: '2026-01-01 10:00' });
    expect(errorBody(e, 'en').body.data).toEqual({ deadline: 'Date and time must be after start time 2026-01-01 10:00' });
  });

  const mapped: [unknown, string][] = [
    [new NotFoundException(), 'NOT_FOUND'],
    [new PayloadTooLargeException(), 'PAYLOAD_TOO_LARGE'],
    [new HttpException('bad', 400), 'VALIDATION'],
    [{ type: 'entity.parse.failed' }, 'VALIDATION'],
    [{ type: 'charset.unsupported', status: 415 }, 'UNSUPPORTED_MEDIA_TYPE'],
    [{ type: 'encoding.unsupported', status: 415 }, 'UNSUPPORTED_MEDIA_TYPE'],
    [{ status: 400, code: 'Z_DATA_ERROR' }, 'UNSUPPORTED_MEDIA_TYPE'],
    [new HttpException('incorrect header check', 400, { cause: Object.assign(new Error('incorrect header check'), { status: 400, code: 'Z_DATA_ERROR' }) }), 'UNSUPPORTED_MEDIA_TYPE'],
    [new HttpException('unsupported charset "KLINGON"', 415), 'UNSUPPORTED_MEDIA_TYPE'],
    [{ type: 'request.size.invalid', status: 400 }, 'VALIDATION'],
    [{ type: 'request.aborted', status: 400 }, 'VALIDATION'],
    [{ code: 'LIMIT_FILE_SIZE' }, 'PAYLOAD_TOO_LARGE'],
    [new Error('boom'), 'INTERNAL'],
    [new AppError('RPC_TIMEOUT'), 'RPC_TIMEOUT'],
  ];
  it.each(mapped)('maps %p to %s', (thrown, code) => {
    expect(toAppError(thrown).code).toBe(code);
  });
});

describe('ErrorFilter: readiness', () => {
  /** the filter's answer to one exception: status and body as Express would send them */
  function answer(exception: unknown): { status?: number; body?: unknown } {
    const out: { status?: number; body?: unknown } = {};
    const res = { headersSent: false, setHeader() {}, status(s: number) { out.status = s; return res; }, json(b: unknown) { out.body = b; return res; } };
    const req = { path: '/health/ready', header: () => undefined };
    const host = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) };
    new ErrorFilter().catch(exception, host as never);
    return out;
  }

  it('a 503 from /health/ready (draining, a dependency down) stays the probe\'s 503 with its checks', () => {
    expect(answer(new HttpException({ status: 'stopping', checks: { nats: true } }, 503))).toEqual({ status: 503, body: { status: 'stopping', checks: { nats: true } } });
  });

  it('other unexpected errors are still the catalogue\'s 500', () => {
    expect(answer(new Error('boom'))).toMatchObject({ status: 500, body: { code: 'INTERNAL' } });
  });
});
