/**
 * Errors are data. A service throws `new AppError(code, ...)` (libs/contracts/src/errors.ts); it crosses
 * NATS as JSON and the gateway maps the code to the HTTP status and message of the spec's error
 * catalogue, in the Lang language. This file holds what every domain's error table is made of.
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
} as const satisfies Record<string, ErrorSpec>;

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
