/**
 * Errors are data. A service throws `new AppError(code, ...)`; it crosses NATS as JSON and the gateway maps the code
 * to the HTTP status and message of the spec's error catalogue, in the Lang language. This file is the registry:
 * the core table, `registerErrors` through which each domain's `<domain>/<domain>.errors.ts` adds its own table,
 * and AppError. It imports no domain: the domains register here (docs/conventions.md "Errors"), so the arrows
 * point from the domains down to core, never up.
 */
export interface ErrorSpec {
  status: 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 503 | 508;
  message: string;
}

/** The spec's catalogue (docs/product/errors.md#the-catalogue): status and message. */
export const CORE_ERRORS = {
  VALIDATION: { status: 409, message: 'Error in validation' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication Fail' },
  FORBIDDEN: { status: 403, message: 'Authentication Fail' },
  NOT_FOUND: { status: 404, message: 'Not Found' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too Many Attempts.' },
  INTERNAL: { status: 500, message: 'Internal Server Error' },
  UNAVAILABLE: { status: 503, message: 'Service Unavailable' },
  RPC_TIMEOUT: { status: 508, message: 'Time Out' },
  INVALID_ORGANIZATION: { status: 404, message: 'Invalid Organization URL' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'File too large' },
  /** a body the gateway cannot decode: an unknown charset or Content-Encoding, or a corrupt compressed body */
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported Media Type' },
  /**
   * a guest link (meeting or approval) past its expiry, or whose meeting was cancelled or archived, or whose approval
   * ended (docs/security.md "Guest links and calendar feeds"); the spec names no status: 410 Gone
   */
  GUEST_LINK_EXPIRED: { status: 410, message: 'This link has expired.' },
  /** a guest link that the meeting's owner or an administrator revoked (issue 27): 410 like an expired one */
  GUEST_LINK_REVOKED: { status: 410, message: 'This link has been revoked.' },
} as const satisfies Record<string, ErrorSpec>;

/**
 * The tables, by domain, as types: each `<domain>.errors.ts` adds its own with
 * `declare module '../core/errors' { interface ErrorTables { meeting: typeof MEETING_ERRORS } }` next to its
 * `registerErrors('meeting', ...)`. `ErrorCode` is the union of every table's keys, so `new AppError('MEETING_LOCKD')`
 * fails typecheck wherever the domain's table is part of the program (the package's index imports every domain).
 */
export interface ErrorTables {
  core: typeof CORE_ERRORS;
}
export type ErrorDomain = keyof ErrorTables;
export type ErrorCode = { [D in ErrorDomain]: keyof ErrorTables[D] & string }[ErrorDomain];

const registry: Record<string, ErrorSpec> = { ...CORE_ERRORS };
/** every registered code -> its status and message (filled as the domains' tables load) */
export const ERRORS = registry as Readonly<Record<ErrorCode, ErrorSpec>>;
const domainOf = new Map<string, string>(Object.keys(CORE_ERRORS).map((c) => [c, 'core']));
const tables = new Map<string, Readonly<Record<string, ErrorSpec>>>([['core', CORE_ERRORS]]);

/**
 * Adds a domain's table to the registry (called once, by the domain's own errors file, right under the table). A code
 * another domain already registered is refused when the module loads: two domains never share a code. Registering the
 * same domain again (a module loaded twice, hot reload) replaces its table. The table must be the one the domain
 * declared in ErrorTables, so the types and the registry cannot drift apart.
 */
export function registerErrors<D extends Exclude<ErrorDomain, 'core'>>(domain: D, table: ErrorTables[D] & Record<string, ErrorSpec>): void {
  for (const code of Object.keys(table)) {
    const owner = domainOf.get(code);
    if (owner !== undefined && owner !== domain) throw new Error(`error code ${code} of ${domain} is already registered by ${owner}`);
  }
  for (const [code, owner] of domainOf) {
    if (owner === domain && !(code in table)) {
      domainOf.delete(code);
      delete registry[code];
    }
  }
  for (const [code, spec] of Object.entries(table)) {
    domainOf.set(code, domain);
    registry[code] = spec;
  }
  tables.set(domain, table);
}

/** the registered tables by domain ('core' first) */
export function errorTables(): ReadonlyMap<string, Readonly<Record<string, ErrorSpec>>> {
  return tables;
}

/** every registered code */
export function errorCodes(): ErrorCode[] {
  return Object.keys(ERRORS) as ErrorCode[];
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && domainOf.has(code);
}

/** Status and English message of a code (the gateway's catalogue). */
export function errorSpec(code: ErrorCode): ErrorSpec {
  const spec = registry[code] as ErrorSpec | undefined;
  if (!spec) throw new Error(`error code ${code} is not registered: its domain's errors file was not loaded (import the package's index)`);
  return spec;
}

/** `{ CODE: 'CODE' }` for a domain's table, for call sites that prefer `OrgErrors.X` to the literal. */
export function codesOf<T extends Record<string, ErrorSpec>>(table: T): { readonly [K in keyof T]: K } {
  return Object.fromEntries(Object.keys(table).map((k) => [k, k])) as { [K in keyof T]: K };
}

export type FieldErrors = Record<string, string[]>;

/** What crosses NATS (the bus's error reply): the code stays a string on the wire. */
export interface AppErrorJson {
  code: string;
  message?: string;
  fields?: FieldErrors;
  params?: Record<string, string | number>;
  details?: Record<string, unknown>;
}

/** Substitute `{name}` placeholders. */
export function interpolate(message: string, params?: Record<string, string | number>): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
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
