import { CORE_ERRORS, type AppErrorJson, type ErrorSpec, type FieldErrors } from './core/errors';
import { MEETING_ERRORS } from './meeting/meeting.errors';
import { ORGANIZATION_ERRORS } from './organization/organization.errors';
import { LIBRARY_ERRORS } from './library/library.errors';
import { APPROVAL_ERRORS } from './approval/approval.errors';
import { MINUTES_ERRORS } from './minutes/minutes.errors';

/**
 * Every error code of the platform, in one explicit registry: each domain's table is a plain
 * `as const satisfies Record<string, ErrorSpec>` object in `<domain>/<domain>.errors.ts`, listed here.
 * Nothing registers itself by being imported. `ErrorCode` is the union of the keys, so
 * `new AppError('MEETING_LOCKD')` fails typecheck. A new domain adds its table to ERROR_TABLES.
 */
export const ERROR_TABLES = {
  core: CORE_ERRORS,
  organization: ORGANIZATION_ERRORS,
  meeting: MEETING_ERRORS,
  library: LIBRARY_ERRORS,
  approval: APPROVAL_ERRORS,
  minutes: MINUTES_ERRORS,
} as const;

export const ERRORS = { ...CORE_ERRORS, ...ORGANIZATION_ERRORS, ...MEETING_ERRORS, ...LIBRARY_ERRORS, ...APPROVAL_ERRORS, ...MINUTES_ERRORS } as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, code);
}

/** Status and English message of a code (the gateway's catalogue). */
export function errorSpec(code: ErrorCode): ErrorSpec {
  return ERRORS[code];
}

export interface AppErrorOptions {
  /** field errors for VALIDATION (field -> messages); messages are English keys translated at the edge */
  fields?: FieldErrors;
  /** values substituted into `{name}` placeholders of messages */
  params?: Record<string, string | number>;
  /** replaces the catalogue message (e.g. a domain message under a generic code) */
  message?: string;
  details?: Record<string, unknown>;
}

export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly fields?: FieldErrors;
  readonly params?: Record<string, string | number>;
  readonly details?: Record<string, unknown>;
  readonly customMessage?: string;

  constructor(code: C, opts: AppErrorOptions = {}) {
    super(opts.message ?? errorSpec(code).message);
    this.name = 'AppError';
    this.code = code;
    this.fields = opts.fields;
    this.params = opts.params;
    this.details = opts.details;
    this.customMessage = opts.message;
  }

  get status(): number {
    return errorSpec(this.code).status;
  }

  /** 409 'Error in validation' with one message per field. */
  static validation(fields: Record<string, string | string[]>, params?: Record<string, string | number>): AppError<'VALIDATION'> {
    const f: FieldErrors = {};
    for (const [k, v] of Object.entries(fields)) f[k] = Array.isArray(v) ? v : [v];
    return new AppError('VALIDATION', { fields: f, params });
  }
  static notFound(what?: string): AppError<'NOT_FOUND'> {
    return new AppError('NOT_FOUND', what ? { details: { what } } : {});
  }
  static forbidden(reason?: string): AppError<'FORBIDDEN'> {
    return new AppError('FORBIDDEN', reason ? { details: { reason } } : {});
  }

  toJSON(): AppErrorJson {
    return { code: this.code, message: this.customMessage, fields: this.fields, params: this.params, details: this.details };
  }

  /**
   * Back from the wire. A code this build does not know (a newer service during a rolling deploy)
   * becomes INTERNAL (500), keeping the code it came with in `details.wireCode`.
   */
  static fromJSON(json: AppErrorJson): AppError {
    const opts = { fields: json.fields, params: json.params, details: json.details, message: json.message };
    if (isErrorCode(json.code)) return new AppError(json.code, opts);
    return new AppError('INTERNAL', { ...opts, details: { ...json.details, wireCode: json.code } });
  }

  static is(e: unknown): e is AppError {
    return e instanceof AppError;
  }
}
