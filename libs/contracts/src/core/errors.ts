/**
 * Errors are data. A service throws `new AppError(code, ...)`; it crosses NATS as JSON and the gateway
 * maps the code to the HTTP status and message of the spec's error catalogue, in the Lang language.
 */
export interface ErrorSpec {
  status: 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503 | 508;
  message: string;
}

/** The spec's catalogue (platform.md §8, meetings.md §8): status and message. */
export const CORE_ERRORS = {
  VALIDATION: { status: 409, message: 'Error in validation' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication Fail' },
  FORBIDDEN: { status: 403, message: 'Authentication Fail' },
  NOT_FOUND: { status: 404, message: 'Not Found' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too Many Attempts.' },
  INTERNAL: { status: 500, message: 'Internal Server Error' },
  RPC_TIMEOUT: { status: 508, message: 'Time Out' },
  INVALID_ORGANIZATION: { status: 404, message: 'Invalid Organization URL' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'File too large' },
} as const satisfies Record<string, ErrorSpec>;

const registry: Record<string, ErrorSpec> = { ...CORE_ERRORS };

/** Each domain declares its codes once (libs/contracts/src/<domain>/<domain>.errors.ts). */
export function defineErrors<T extends Record<string, ErrorSpec>>(codes: T): { [K in keyof T]: K } {
  const out = {} as { [K in keyof T]: K };
  for (const [code, spec] of Object.entries(codes)) {
    if (registry[code] && registry[code].message !== spec.message) throw new Error(`error code defined twice: ${code}`);
    registry[code] = spec;
    (out as Record<string, string>)[code] = code;
  }
  return out;
}

export function errorSpec(code: string): ErrorSpec {
  return registry[code] ?? CORE_ERRORS.INTERNAL;
}
export function knownErrorCodes(): string[] {
  return Object.keys(registry);
}

export type FieldErrors = Record<string, string[]>;

export interface AppErrorOptions {
  /** field errors for VALIDATION (field -> messages); messages are English keys translated at the edge */
  fields?: FieldErrors;
  /** values substituted into `{name}` placeholders of messages */
  params?: Record<string, string | number>;
  /** replaces the catalogue message (e.g. a domain message under a generic code) */
  message?: string;
  details?: Record<string, unknown>;
}

export interface AppErrorJson {
  code: string;
  message?: string;
  fields?: FieldErrors;
  params?: Record<string, string | number>;
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly code: string;
  readonly fields?: FieldErrors;
  readonly params?: Record<string, string | number>;
  readonly details?: Record<string, unknown>;
  readonly customMessage?: string;

  constructor(code: string, opts: AppErrorOptions = {}) {
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
  static validation(fields: Record<string, string | string[]>, params?: Record<string, string | number>): AppError {
    const f: FieldErrors = {};
    for (const [k, v] of Object.entries(fields)) f[k] = Array.isArray(v) ? v : [v];
    return new AppError('VALIDATION', { fields: f, params });
  }
  static notFound(what?: string): AppError {
    return new AppError('NOT_FOUND', what ? { details: { what } } : {});
  }
  static forbidden(reason?: string): AppError {
    return new AppError('FORBIDDEN', reason ? { details: { reason } } : {});
  }

  toJSON(): AppErrorJson {
    return { code: this.code, message: this.customMessage, fields: this.fields, params: this.params, details: this.details };
  }

  static fromJSON(json: AppErrorJson): AppError {
    return new AppError(json.code, { fields: json.fields, params: json.params, details: json.details, message: json.message });
  }

  static is(e: unknown): e is AppError {
    return e instanceof AppError;
  }
}

/** Substitute `{name}` placeholders. */
export function interpolate(message: string, params?: Record<string, string | number>): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
