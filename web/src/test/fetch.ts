/**
 * A fetch stand-in for jsdom (which has none): handlers answer by method and path.
 */
import { anOrgRoot } from './contract-fixtures';

export interface FakeResponse {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  blob(): Promise<Blob>;
}

export function jsonResponse(status: number, body: unknown): FakeResponse {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (n: string) => (n.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => text,
    blob: async () => new Blob([text]),
  };
}

export function htmlResponse(status: number, html = '<!doctype html><html></html>'): FakeResponse {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (n: string) => (n.toLowerCase() === 'content-type' ? 'text/html' : null) },
    text: async () => html,
    blob: async () => new Blob([html]),
  };
}

export interface Call {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => FakeResponse | Promise<FakeResponse> | undefined;

/** Install a fetch mock; unmatched calls answer 404. Returns the recorded calls. */
export function installFetch(...handlers: Handler[]): Call[] {
  const calls: Call[] = [];
  const fn = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = String(input);
    const u = new URL(url, 'http://localhost');
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    } else if (init.body instanceof FormData) {
      body = Object.fromEntries(init.body.entries());
    }
    const call: Call = { method: init.method ?? 'GET', url, path: u.pathname + u.search, headers: (init.headers ?? {}) as Record<string, string>, body };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    for (const h of handlers) {
      const r = await h(call);
      if (r) return r;
    }
    return jsonResponse(404, { success: false, code: 'NOT_FOUND', message: 'Not Found' });
  });
  (globalThis as unknown as { fetch: unknown }).fetch = fn;
  return calls;
}

/** Handler helper: `on('POST', '/api/login', (call) => jsonResponse(200, {...}))` (path without query). */
export function on(method: string, path: string | RegExp, respond: (call: Call) => FakeResponse | Promise<FakeResponse>): Handler {
  return (call) => {
    const p = call.path.split('?')[0];
    if (call.method !== method) return undefined;
    if (typeof path === 'string' ? p !== path : !path.test(p)) return undefined;
    return respond(call);
  };
}

/** The public organization answer of GET /api/. */
/** GET /api/ of this host: the organization 'Demo Org' with these modules (a contract-typed answer). */
export function orgPublic(modules: { na?: string[] } = {}) {
  return on('GET', '/api/', () => jsonResponse(200, anOrgRoot(modules)));
}
