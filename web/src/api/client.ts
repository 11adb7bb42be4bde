import { AppPaths, CORE_ERRORS, routePath, translate, zPageMeta, type PageMeta, type RouteDef, type RouteRequest } from '@app/contracts';
import type { z } from 'zod';
import { currentLang } from '../i18n/lang';
import { isOnline } from '../hooks/use-online';
import { hasUrlToken } from '../lib/host';
import { navigateTo } from './navigation';
import { notify } from './notify';
import { session } from './session';

/**
 * The request layer: every /api call goes through `request`. Base `/api` on the same origin, headers
 * `token` and `Lang`, a 60 s timeout, the 60-minute idle logout, and the status -> message toasts of
 * docs/product/errors.md#the-catalogue.
 */
export const API_BASE = '/api';
/** docs/product/overview.md#formats-and-limits: HTTP timeout 60,000 ms */
export const REQUEST_TIMEOUT_MS = 60_000;

export const AUTH_FAIL = { summary: 'Authentication Fail', detail: 'Please login again' } as const;
export const OTHER_ERROR = 'Something went wrong.';
/** a request made while the browser has no network (no toast: the header shows it) */
export const OFFLINE_ERROR = 'You are offline.';

/**
 * The error catalogue's message of each status, read from libs/contracts (the gateway answers the same
 * catalogue): the first code of a status names it (404 'Not Found', not 'Invalid Organization URL').
 */
const CATALOGUE: ReadonlyMap<number, string> = Object.values(CORE_ERRORS).reduce(
  (m, e) => (m.has(e.status) ? m : m.set(e.status, e.message)),
  new Map<number, string>(),
);

export function statusMessage(status: number): string {
  if (status === 401 || status === 403) return AUTH_FAIL.summary;
  return CATALOGUE.get(status) ?? OTHER_ERROR;
}

/** field -> first message (from `errors: {field: [msg]}` or `data: {field: msg}`) */
export type FieldErrorMap = Record<string, string>;

export class ApiError extends Error {
  /** HTTP status; 508 for the client-side timeout, 0 when the network failed */
  readonly status: number;
  /** the message the server sent, if any (sign-in screens show it) */
  readonly serverMessage: string | undefined;
  readonly fieldErrors: FieldErrorMap;
  readonly body: unknown;

  constructor(status: number, message: string, opts: { serverMessage?: string; fieldErrors?: FieldErrorMap; body?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = opts.serverMessage;
    this.fieldErrors = opts.fieldErrors ?? {};
    this.body = opts.body;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** JSON body */
  body?: unknown;
  /** multipart or url-encoded body */
  form?: FormData | URLSearchParams;
  /** calls that need no sign-in (sign-in screens, organization checks, guest links) */
  public?: boolean;
  /** show the status toast on failure (default true) */
  notify?: boolean;
  /** another origin (an organization check); default: this origin */
  origin?: string;
  responseType?: 'auto' | 'blob';
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function t(message: string): string {
  return translate(message, currentLang());
}

export function buildUrl(path: string, query?: Query, origin = ''): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const base = clean.startsWith(`${API_BASE}/`) || clean === API_BASE ? clean : `${API_BASE}${clean}`;
  const url = `${origin}${base}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function fieldErrorsOf(body: unknown): FieldErrorMap {
  const out: FieldErrorMap = {};
  if (!body || typeof body !== 'object') return out;
  const b = body as { errors?: unknown; data?: unknown };
  if (b.errors && typeof b.errors === 'object') {
    for (const [k, v] of Object.entries(b.errors as Record<string, unknown>)) {
      const first = Array.isArray(v) ? v[0] : v;
      if (typeof first === 'string') out[k] = first;
    }
  }
  if (b.data && typeof b.data === 'object' && !Array.isArray(b.data)) {
    for (const [k, v] of Object.entries(b.data as Record<string, unknown>)) {
      if (typeof v === 'string' && !(k in out)) out[k] = v;
    }
  }
  return out;
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return undefined;
}

/** Clear the stored login and go to the login page (401/403, idle expiry, no token). */
function endSession(): void {
  session.clear();
  navigateTo(AppPaths.login());
}

/** A failed answer: the catalogue's toast, the 401/403 sign-out, the ApiError (also used by the upload requests with progress). */
export function handleFailure(status: number, body: unknown, opts: RequestOptions): ApiError {
  const serverMessage = messageOf(body);
  const fieldErrors = fieldErrorsOf(body);
  const show = opts.notify !== false;

  if (status === 401 || status === 403) {
    const guest = hasUrlToken();
    if (!guest && !opts.public) {
      notify('error', t(AUTH_FAIL.summary), t(AUTH_FAIL.detail));
      endSession();
    } else if (show) {
      notify('error', t(AUTH_FAIL.summary), serverMessage);
    }
    return new ApiError(status, t(AUTH_FAIL.summary), { serverMessage, fieldErrors, body });
  }

  const message = t(statusMessage(status));
  // an expired guest link is a state of the guest page (features/guest/LinkExpired.tsx), not an error toast
  if (show && !(status === 410 && hasUrlToken())) {
    const detail = status === 409 ? Object.values(fieldErrors)[0] ?? serverMessage : undefined;
    notify('error', message, detail);
  }
  return new ApiError(status, message, { serverMessage, fieldErrors, body });
}

async function parseBody(res: Response, responseType: 'auto' | 'blob'): Promise<unknown> {
  if (responseType === 'blob' && res.ok) return res.blob();
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return text;
    }
  }
  return text;
}

export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.body !== undefined || opts.form ? 'POST' : 'GET');
  const token = session.token();

  if (!opts.public) {
    // docs/product/sign-in.md#sessions-sign-out-and-idle-logout: idle over 60 minutes between requests clears the stored login.
    if (session.isIdleExpired()) {
      notify('warn', t(AUTH_FAIL.summary), t(AUTH_FAIL.detail));
      endSession();
      throw new ApiError(401, t(AUTH_FAIL.summary));
    }
    // a request without a token that is not public goes to login
    if (!token) {
      if (!hasUrlToken()) navigateTo(AppPaths.login());
      throw new ApiError(401, t(AUTH_FAIL.summary));
    }
    // the idle clock counts signed-in calls only: a public call must not revive an expired login
    session.touch();
  }

  // another origin (organization check) gets a CORS "simple" request: no token, no Lang, no preflight
  const headers: Record<string, string> = opts.origin ? { Accept: 'application/json' } : { Accept: 'application/json', Lang: currentLang(), ...opts.headers };
  if (token && !opts.origin) headers.token = token;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query, opts.origin), { method, headers, body, signal: controller.signal });
  } catch (e) {
    if (timedOut) throw handleFailure(508, null, opts);
    if (opts.signal?.aborted) throw e;
    // no network at all: the header says so once (OfflineStatus) and pages fall back to their offline copies; a
    // toast per failed request would only repeat it
    if (!isOnline()) throw new ApiError(0, t(OFFLINE_ERROR));
    if (opts.notify !== false) notify('error', t(OTHER_ERROR));
    throw new ApiError(0, t(OTHER_ERROR));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }

  let parsed: unknown;
  try {
    parsed = await parseBody(res, opts.responseType ?? 'auto');
  } catch {
    parsed = null;
  }
  if (!res.ok) throw handleFailure(res.status, parsed, opts);
  return parsed as T;
}

/** `{ success, data }` -> data (tolerates flat bodies). */
export function dataOf<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  return body as T;
}

/** What a route call sends: the input side of the route's schemas (params in the path, query, JSON body or a form). */
export type RouteCallInput<D extends RouteDef> = Partial<RouteRequest<D>> & {
  /** multipart body for upload routes (the route's body fields and files) */
  form?: FormData;
  /** a guest's token link (`?token=`) for guest routes */
  token?: string;
} & Pick<RequestOptions, 'notify' | 'signal' | 'timeoutMs' | 'origin'>;

/** What a route call answers: `data` parsed with the route's schema; paged routes add their meta; file routes answer the Blob. */
export type RouteAnswerOf<D extends RouteDef> = D['answer'] extends 'paged'
  ? { items: z.output<D['response']>; meta: PageMeta }
  : z.output<D['response']>;

function parseAnswer(route: RouteDef, schema: z.ZodType, value: unknown): unknown {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  console.error(`answer of ${route.method} ${route.path} does not match the contract`, r.error.issues.slice(0, 5));
  throw new ApiError(0, t(OTHER_ERROR), { body: value });
}

/**
 * Call a route of the table: `await api(Routes.castVote, { params: { id }, body })` gets the typed, parsed
 * answer. Path parameters are filled in and encoded, public routes send no sign-in, errors are the ApiError
 * of `request` (status toasts of the error catalogue).
 */
async function send<D extends RouteDef>(route: D, input: RouteCallInput<D>): Promise<{ answer: RouteAnswerOf<D>; message: string | null }> {
  const path = routePath(route, (input.params ?? undefined) as Record<string, unknown> | undefined);
  const query = { ...((input.query ?? {}) as Query), ...(input.token ? { token: input.token } : {}) };
  const body = await request<unknown>(path, {
    method: route.method,
    query,
    body: input.form ? undefined : route.method === 'GET' || route.method === 'DELETE' ? undefined : (input.body ?? {}),
    form: input.form,
    public: route.access === 'public' || route.access === 'no-org' || (route.access === 'guest' && !!input.token),
    notify: input.notify,
    signal: input.signal,
    timeoutMs: input.timeoutMs,
    responseType: route.produces === 'file' ? 'blob' : 'auto',
    origin: input.origin,
  });
  // a file answers its bytes, not the JSON envelope
  if (route.produces === 'file') return { answer: body as RouteAnswerOf<D>, message: null };
  const b = (body ?? {}) as { data?: unknown; meta?: unknown; message?: unknown };
  const message = typeof b.message === 'string' ? b.message : null;
  if (route.answer === 'raw') return { answer: parseAnswer(route, route.response, body) as RouteAnswerOf<D>, message };
  if (route.answer === 'paged') {
    return { answer: { items: parseAnswer(route, route.response, b.data), meta: parseAnswer(route, zPageMeta, b.meta) } as RouteAnswerOf<D>, message };
  }
  return { answer: parseAnswer(route, route.response, b.data ?? null) as RouteAnswerOf<D>, message };
}

async function callRoute<D extends RouteDef>(route: D, input: RouteCallInput<D> = {} as RouteCallInput<D>): Promise<RouteAnswerOf<D>> {
  return (await send(route, input)).answer;
}

/**
 * A command whose success toast shows what the server said: `const { data, message } = await apiCommand(Routes.createRole, { body })`.
 * `message` is the success message of the answer (in the request's language), null when it sent none.
 */
export async function apiCommand<D extends RouteDef>(route: D, input: RouteCallInput<D> = {} as RouteCallInput<D>): Promise<{ data: RouteAnswerOf<D>; message: string | null }> {
  const { answer, message } = await send(route, input);
  return { data: answer, message };
}

export const api = callRoute;
