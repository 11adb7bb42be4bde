/**
 * Strings that no service may store: a NUL character (PostgreSQL text refuses it) or a lone UTF-16
 * surrogate (not a character; it cannot be encoded as UTF-8). The gateway refuses them in the body and
 * the query of every route, before the route's schemas run and before anything reaches a service:
 * 409 'Error in validation' naming each field (docs/conventions.md "Input the gateway refuses").
 */
export const BAD_STRING_MESSAGE = 'This field may not contain a NUL character or an unpaired surrogate.';

/**
 * Fields that are credentials: never taken from a query string (it ends up in access logs, proxies' logs and the
 * browser's history), on any route, also those that merge the query into the body (POST /api/login).
 */
export const CREDENTIAL_FIELDS = ['password', 'password_confirmation', 'current_password', 'bin_code', 'pin', 'pin_confirmation'] as const;
export const CREDENTIAL_IN_QUERY_MESSAGE = 'Credentials must be sent in the request body, not in the address.';

/** the credential fields a query carries (each answered as a field error) */
export function credentialsInQuery(query: unknown): string[] {
  if (!query || typeof query !== 'object') return [];
  return CREDENTIAL_FIELDS.filter((f) => Object.prototype.hasOwnProperty.call(query, f));
}

// eslint-disable-next-line no-control-regex -- finding NUL is the point
const BAD = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isBadString = (s: string): boolean => BAD.test(s);

/** a key that is itself bad is named with its bad characters shown as U+FFFD */
const keyName = (k: string) => k.replace(new RegExp(BAD.source, 'g'), '\ufffd');

/**
 * The paths (dots between keys and indexes, as the 409's field errors name them: `subpoints.0.title`)
 * of every string value or key holding a NUL or a lone surrogate, walking objects and arrays. `_` is
 * the whole value when it is itself such a string. Walks at most `maxDepth` levels (the body parsers
 * already bound nesting).
 */
export function badStringPaths(value: unknown, prefix = '', maxDepth = 64): string[] {
  const out: string[] = [];
  const walk = (v: unknown, path: string, depth: number) => {
    if (typeof v === 'string') {
      if (isBadString(v)) out.push(path || '_');
      return;
    }
    if (!v || typeof v !== 'object' || depth > maxDepth) return;
    for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
      const p = path ? `${path}.${keyName(k)}` : keyName(k);
      if (isBadString(k)) out.push(p);
      walk(child, p, depth + 1);
    }
  };
  walk(value, prefix, 0);
  return [...new Set(out)];
}

/**
 * A multipart Content-Type the server can decode names a boundary of 1 to 70 characters (RFC 2046); without one
 * (`multipart/form-data`, `boundary=`) the body cannot be split into its parts, so the gateway answers 415 before
 * any parser or route sees it (a parser that reads such a body as empty would let a route with optional fields run).
 */
export function undecodableMultipart(contentType: string | undefined): boolean {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return false;
  const m = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const boundary = m ? (m[1] ?? m[2] ?? '') : '';
  return boundary.length < 1 || boundary.length > 70;
}
