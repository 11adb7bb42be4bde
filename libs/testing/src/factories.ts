/**
 * Factories for tests: a fresh organization per suite (never truncate, never share), users and
 * committees in it, sign-in through the gateway, and a tiny typed HTTP client for API tests.
 */
import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  CreateOrganization, ProvisionCommittee, ProvisionUser,
  type Lang, type OrgModules, type RequestInputOf, type RpcDef, type ResponseOf, type Variant,
} from '@app/contracts';
import { Bus } from '@app/platform';

export const TEST_PASSWORD = 'Test@12345';

export interface TestOrg {
  orgId: string;
  slug: string;
  admin: { email: string; password: string; userId: number };
}

export interface TestOrgOptions {
  /** default: a fresh `t-<random>` slug */
  slug?: string;
  name?: string;
  variant?: Variant;
  modules?: Partial<OrgModules>;
  adminEmail?: string;
  password?: string;
}

/** Anything that can send an RPC: the platform Bus, or a NATS URL (a connection is opened and closed). */
export type BusLike = Pick<Bus, 'request'> | string;

export function uniqueSlug(prefix = 't'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

async function withBus<T>(bus: BusLike, fn: (b: Pick<Bus, 'request'>) => Promise<T>): Promise<T> {
  if (typeof bus !== 'string') return fn(bus);
  const nc: NatsConnection = await connect({ servers: bus.replace(/^nats:\/\//, ''), name: 'test-factories' });
  try {
    return await fn(new Bus(nc, { service: 'test', defaultTimeoutMs: 20_000 }));
  } finally {
    await nc.drain().catch(() => undefined);
  }
}

/** Send one RPC through a Bus or a NATS URL. */
export function rpc<D extends RpcDef>(bus: BusLike, def: D, payload: RequestInputOf<D>): Promise<ResponseOf<D>> {
  return withBus(bus, (b) => b.request(def, payload));
}

/** A new organization (unique slug) with its built-in roles and an Active, verified administrator. */
export async function createTestOrg(bus: BusLike, opts: TestOrgOptions = {}): Promise<TestOrg> {
  const slug = opts.slug ?? uniqueSlug();
  const password = opts.password ?? TEST_PASSWORD;
  const email = opts.adminEmail ?? `admin@${slug}.test`;
  const r = await rpc(bus, CreateOrganization, {
    slug,
    name: opts.name ?? `Test ${slug}`,
    variant: opts.variant ?? 'default',
    modules: opts.modules,
    website: `https://${slug}.test`,
    location: 'Test City',
    admin: { name: `Admin ${slug}`, email, password, phone: '100000000' },
  });
  return { orgId: r.orgId, slug: r.slug, admin: { email, password, userId: r.adminUserId } };
}

/** An Active, verified user of the organization (role 'member' unless told). */
export async function createTestUser(
  bus: BusLike,
  orgId: string,
  opts: { email?: string; name?: string; password?: string; role?: 'admin' | 'member'; position?: string; designation?: string } = {},
): Promise<{ userId: number; email: string; password: string; name: string }> {
  const email = opts.email ?? `${uniqueSlug('u')}@example.test`;
  const password = opts.password ?? TEST_PASSWORD;
  const name = opts.name ?? email.split('@')[0];
  const r = await rpc(bus, ProvisionUser, { orgId, email, name, password, role: opts.role ?? 'member', position: opts.position ?? null, designation: opts.designation ?? null });
  return { userId: r.userId, email, password, name };
}

/** A committee with these admins and members (e-mails of existing users). */
export async function createTestCommittee(bus: BusLike, orgId: string, opts: { name?: string; admins?: string[]; members?: string[]; quorum?: number } = {}): Promise<number> {
  const r = await rpc(bus, ProvisionCommittee, {
    orgId, name: opts.name ?? `Committee ${uniqueSlug('c')}`, description: 'Test committee', quorum: opts.quorum ?? 50, admins: opts.admins ?? [], members: opts.members ?? [],
  });
  return r.committeeId;
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiOptions {
  /** organization slug, sent as X-Org */
  org?: string;
  token?: string;
  lang?: Lang;
  headers?: Record<string, string>;
}

export interface ApiClient {
  get<T = any>(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<ApiAnswer<T>>;
  post<T = any>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  put<T = any>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  patch<T = any>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  delete<T = any>(path: string, body?: unknown): Promise<ApiAnswer<T>>;
  /** multipart: fields plus files ({ field: { name, type, data } }) */
  upload<T = any>(path: string, fields: Record<string, string | string[]>, files: Record<string, { name: string; type: string; data: Buffer } | { name: string; type: string; data: Buffer }[]>, method?: 'POST' | 'PUT'): Promise<ApiAnswer<T>>;
  with(opts: Partial<ApiOptions>): ApiClient;
}

/** A tiny HTTP client for API tests: `/api` is prefixed when the path does not start with it. */
export function api(gatewayUrl: string, opts: ApiOptions = {}): ApiClient {
  const base = gatewayUrl.replace(/\/$/, '');
  const url = (path: string, query?: Record<string, string | number | boolean | undefined>) => {
    const p = path.startsWith('/api') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
    const u = new URL(base + p);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    return u.toString();
  };
  const headers = (json: boolean): Record<string, string> => ({
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(opts.org ? { 'x-org': opts.org } : {}),
    ...(opts.token ? { token: opts.token } : {}),
    ...(opts.lang ? { lang: opts.lang } : {}),
    ...(opts.headers ?? {}),
  });
  const send = async (method: string, path: string, body?: unknown, query?: Record<string, string | number | boolean | undefined>): Promise<ApiAnswer> => {
    const isForm = body instanceof FormData;
    const res = await fetch(url(path, query), {
      method,
      headers: headers(body !== undefined && !isForm),
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  return {
    get: (path, query) => send('GET', path, undefined, query),
    post: (path, body) => send('POST', path, body ?? {}),
    put: (path, body) => send('PUT', path, body ?? {}),
    patch: (path, body) => send('PATCH', path, body ?? {}),
    delete: (path, body) => send('DELETE', path, body),
    upload: (path, fields, files, method = 'POST') => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) form.append(k, x);
      for (const [k, v] of Object.entries(files)) {
        for (const f of Array.isArray(v) ? v : [v]) form.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
      }
      return send(method, path, form);
    },
    with: (more) => api(gatewayUrl, { ...opts, ...more, headers: { ...(opts.headers ?? {}), ...(more.headers ?? {}) } }),
  };
}

/** Sign in through the gateway; returns the session token (throws when the answer carries none). */
export async function login(gatewayUrl: string, slug: string, email: string, password: string): Promise<string> {
  const r = await api(gatewayUrl, { org: slug }).post('/login', { email, password });
  if (r.status !== 200 || !r.body?.token) throw new Error(`login failed for ${email}@${slug}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token as string;
}
