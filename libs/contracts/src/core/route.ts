import { z } from 'zod';
import type { RequestInputOf, RpcDef } from './define';
import type { Actor, Lang } from './common';
import { zPageMeta } from './common';

/**
 * One definition per `/api` route. The gateway registers its routes from these entries (a generic handler
 * where a route only forwards to one RPC, a hand-written implementation where it composes), /api/docs is
 * generated from them, and the web calls `api(Routes.x, { params, query, body })` and gets the parsed,
 * typed answer. See docs/how-to-add-a-route.md.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - 'user': a signed-in user of the host's organization;
 * - 'guest': a signed-in user, or a guest whose token (query `token` or path) the owning service checks;
 * - 'public': anyone; the organization is resolved when the host names one; a token, if sent, is used;
 * - 'no-org': anyone, and no organization is needed (the portal host, the docs).
 */
export type RouteAccess = 'user' | 'guest' | 'public' | 'no-org';

/** Rate-limit buckets of the credential routes (the gateway's limiter decides the numbers). */
export type RateLimitName = 'login' | 'pin' | 'password-reset' | 'password-change' | 'two-factor' | 'guest' | 'sso' | 'verify' | 'seal-verify';
export interface RouteRateLimit {
  /** bucket family, e.g. 'login': counters are per family, organization and address */
  name: RateLimitName;
  /** 'failures': failed attempts are counted per account (a success clears them); 'attempts' (default): every attempt counts */
  count?: 'failures' | 'attempts';
  /** input field naming the account or token the attempt is about (e.g. email, log_token) */
  identityField?: string;
  /** the signed-in user is the account (routes behind a session, e.g. turning two-factor on) */
  identityFromActor?: boolean;
  /** a 409 'Error in validation' on one of these fields is a wrong credential (a bad token, code or password) */
  credentialFields?: readonly string[];
}

/**
 * A file the route cannot do without: when no file comes (in any of the route's fields), `message` is reported
 * under `field`, in the same 409 as the body's own field errors.
 */
export interface RequiredFile {
  field: string;
  message: string;
}
/** The image limit: a file of a route whose upload names no `maxBytes` (avatars, logos, news photos); 413 past it. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The files of a route that takes several (news photos), together; 413 past it. */
export const FILES_TOTAL_MAX_BYTES = 50 * 1024 * 1024;

/**
 * multipart uploads: which file fields the route takes (memory, size-limited by `maxBytes` or the image limit; bytes go
 * on to S3, never NATS). `stream`: the file is never held whole in memory but streamed into this folder of the
 * organization's S3 prefix while it arrives, its kind decided from its first bytes (docs/library.md#uploads).
 */
export type RouteUpload =
  | { kind: 'single'; field: string; required?: RequiredFile; maxBytes?: number; stream?: string }
  | { kind: 'fields'; fields: readonly { name: string; maxCount: number }[]; required?: RequiredFile; maxBytes?: number }
  | { kind: 'none' };

/** What a forwarding route hands to its RPC builder: who calls, from where, in which language. */
export interface MemberCall {
  orgId: string;
  actor: Actor;
  variant: Variant;
  lang: Lang;
}
type Variant = 'default' | 'moe' | 'tender';
/** public and no-org routes: the organization and actor only when the host and token give them */
export interface PublicCall {
  orgId?: string;
  actor?: Actor;
  variant?: Variant;
  lang: Lang;
}
export type CallOf<A extends RouteAccess> = A extends 'user' | 'guest' ? MemberCall : PublicCall;

type Out<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;

/** How the success body is built from the RPC's answer (forwarding routes). */
export type RouteAnswer =
  /** `{ success, message?, data: answer }` (the default) */
  | 'data'
  /** `{ success, message?, data: answer.items, meta: answer.meta }`: the RPC answers `paged(item)`; `response` is the items' array */
  | 'paged'
  /** `{ success, message?, data: answer[pick] }`: the RPC answers an object and one of its fields is the data */
  | { pick: string }
  /** the answer is the whole body (a few spec answers are flat, e.g. the sign-in answer) */
  | 'raw'
  /** `{ success, message, data: null }`: commands whose RPC answers only `zOk` (deletes) */
  | 'empty';

export interface RouteDef<
  M extends HttpMethod = HttpMethod,
  A extends RouteAccess = RouteAccess,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  An extends RouteAnswer = RouteAnswer,
> {
  readonly kind: 'route';
  readonly method: M;
  /** the full path with `:name` parameters, exactly as the spec has it: '/api/decisions/:id/vote/change' */
  readonly path: string;
  readonly access: A;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** the schema of `data` in the success body (of the whole body when answer is 'raw') */
  readonly response: R;
  /** kept literal in the route's type, so the web types a 'paged' answer as `{ items, meta }` */
  readonly answer: An;
  /** success message (an English key, translated into the request's language) */
  readonly message?: string;
  readonly rateLimit?: RouteRateLimit;
  readonly upload?: RouteUpload;
  /** the query string and the body are read together (body wins): the sign-in calls */
  readonly mergeQuery?: boolean;
  /** the route answers something other than the JSON envelope (a redirect, a file) */
  readonly produces?: 'json' | 'redirect' | 'file' | 'html';
  /** forwarding routes: the RPC and how its request is built from the call and the parsed input */
  readonly rpc?: RpcDef;
  readonly toRpc?: (input: { call: any; params: any; query: any; body: any }) => unknown;
}

/** the parsed input of a route, as its implementation (or RPC builder) receives it */
export interface RouteInput<D extends RouteDef> {
  call: CallOf<D['access']>;
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
}
/** what the web sends: the input side of each schema */
export interface RouteRequest<D extends RouteDef> {
  params: D['params'] extends z.ZodType ? z.input<D['params']> : undefined;
  query: D['query'] extends z.ZodType ? Partial<z.input<D['query']>> : undefined;
  body: D['body'] extends z.ZodType ? z.input<D['body']> : undefined;
}
/** `data` of the success body (or the whole body for 'raw' routes) */
export type RouteData<D extends RouteDef> = z.output<D['response']>;

type FieldOf<R, K> = R extends z.ZodObject<infer S> ? (K extends keyof S ? S[K] : never) : never;
type AnswerSchema<Rpc extends RpcDef, An extends RouteAnswer> = An extends 'paged'
  ? FieldOf<Rpc['response'], 'items'>
  : An extends { pick: infer K }
    ? FieldOf<Rpc['response'], K>
    : An extends 'empty'
      ? z.ZodNull
      : Rpc['response'];

interface RouteBase<M extends HttpMethod, A extends RouteAccess, P, Q, B> {
  method: M;
  path: string;
  access: A;
  summary: string;
  tags: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  message?: string;
  rateLimit?: RouteRateLimit;
  upload?: RouteUpload;
  mergeQuery?: boolean;
  produces?: 'json' | 'redirect' | 'file' | 'html';
}

const PATH = /^\/api(\/[A-Za-z0-9_.\-{}:]+)*\/?$/;

function check(def: { path: string; params?: z.ZodType }): void {
  if (!PATH.test(def.path)) throw new Error(`route path must start with /api: ${def.path}`);
  const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const shape = def.params instanceof z.ZodObject ? Object.keys(def.params.shape) : [];
  for (const n of names) if (!shape.includes(n)) throw new Error(`route ${def.path}: params schema lacks :${n}`);
  for (const n of shape) if (!names.includes(n)) throw new Error(`route ${def.path}: params schema has ${n}, the path does not`);
}

/**
 * The query schema a route is served with (docs/decisions.md "Unknown query keys"): a plain `z.object` becomes
 * strict, so a key the route does not know is refused with 409 naming it instead of being dropped; a guest route
 * also takes the guest's `token` (the gateway's guard reads it, the web's request layer adds it), and a paged list
 * the keys of the product's generic list call (`LIST_QUERY_KEYS`). A query that must
 * take keys nobody lists (an identity provider's callback) says so with `z.looseObject`; a strict one stays strict.
 */
export function strictQuery<Q extends z.ZodType | undefined>(query: Q, access: RouteAccess, answer: RouteAnswer = 'data'): Q {
  if (!(query instanceof z.ZodObject) || query._zod.def.catchall !== undefined) return query;
  const shape = query.shape as Record<string, z.ZodType>;
  const extra: Record<string, z.ZodType> = {};
  if (access === 'guest' && !('token' in shape)) extra.token = z.string().max(500).optional();
  // the product's generic list call sends these to every paged list; a list takes them all and uses those it knows
  if (answer === 'paged') for (const k of LIST_QUERY_KEYS) if (!(k in shape)) extra[k] = z.string().max(200).optional();
  return (Object.keys(extra).length ? query.extend(extra) : query).strict() as unknown as Q;
}

/**
 * The keys the product's list pages send to any paged list (`?page&per_page&status&committee_id&search&from_date&to_date`,
 * and `perpage` from the settings tables): accepted by every paged route, as optional strings where it does not use them.
 */
export const LIST_QUERY_KEYS = ['page', 'per_page', 'perpage', 'search', 'status', 'committee_id', 'from_date', 'to_date'] as const;

/**
 * A route that forwards to one RPC: the gateway's generic handler parses the input, builds the RPC request
 * with `toRpc`, and answers the RPC's reply. Its documented response IS the RPC's response schema (or its
 * picked field for 'paged' / { pick }), so the docs cannot drift from what the service answers.
 */
export function defineRoute<
  M extends HttpMethod,
  A extends RouteAccess,
  Rpc extends RpcDef,
  const An extends RouteAnswer = 'data',
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  def: RouteBase<M, A, P, Q, B> & {
    rpc: Rpc;
    answer?: An;
    toRpc: (input: { call: CallOf<A>; params: Out<P>; query: Out<Q>; body: Out<B> }) => RequestInputOf<Rpc>;
  },
): RouteDef<M, A, P, Q, B, AnswerSchema<Rpc, An> extends z.ZodType ? AnswerSchema<Rpc, An> : z.ZodType, An> {
  check(def);
  const answer = (def.answer ?? 'data') as RouteAnswer;
  const rpcResponse = def.rpc.response as z.ZodType;
  let response: z.ZodType = rpcResponse;
  if (answer === 'empty') response = z.null();
  else if (answer !== 'data' && answer !== 'raw') {
    const key = answer === 'paged' ? 'items' : answer.pick;
    const field = rpcResponse instanceof z.ZodObject ? (rpcResponse.shape as Record<string, z.ZodType>)[key] : undefined;
    if (!field) throw new Error(`route ${def.method} ${def.path}: the RPC's answer has no field '${key}'`);
    if (answer === 'paged' && !(rpcResponse instanceof z.ZodObject && 'meta' in rpcResponse.shape)) throw new Error(`route ${def.method} ${def.path}: 'paged' needs an RPC answering paged(item)`);
    response = field;
  }
  return {
    kind: 'route',
    ...def,
    params: def.params as P,
    query: strictQuery(def.query as Q, def.access, answer),
    body: def.body as B,
    answer: answer as An,
    response: response as never,
    toRpc: def.toRpc as RouteDef['toRpc'],
  };
}

/**
 * A route whose gateway implementation composes (several RPCs, an upload to S3, a redirect, a file):
 * the implementation is a method marked `@Implements(route)` in the gateway. Its answer is validated
 * against `response` outside production, so the docs cannot drift from it either.
 */
export function defineComposedRoute<
  M extends HttpMethod,
  A extends RouteAccess,
  R extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  const An extends 'data' | 'raw' | 'paged' = 'data',
>(def: RouteBase<M, A, P, Q, B> & { response: R; answer?: An }): RouteDef<M, A, P, Q, B, R, An> {
  check(def);
  return { kind: 'route', ...def, params: def.params as P, query: strictQuery(def.query as Q, def.access, def.answer ?? 'data'), body: def.body as B, answer: (def.answer ?? 'data') as An };
}

/**
 * What a file route answers the web: the file's bytes, read by the web's request layer as a Blob (the gateway's
 * implementation answers a `FileAnswer` that it streams, never the JSON envelope, so nothing parses this schema there).
 */
export const zFileAnswer = z.instanceof(Blob);

/**
 * A route that answers a file (a download, a public image, a calendar feed): a composed GET route whose answer is
 * the bytes (`produces: 'file'`, response `zFileAnswer`), so `await api(Routes.downloadBook, { params })` is a Blob
 * in the web without a cast. /api/docs documents it as binary.
 */
export function defineFileRoute<
  A extends RouteAccess,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(def: Omit<RouteBase<'GET', A, P, Q, undefined>, 'body' | 'produces' | 'upload' | 'mergeQuery'>): RouteDef<'GET', A, P, Q, undefined, typeof zFileAnswer, 'data'> {
  return defineComposedRoute({ ...def, produces: 'file', response: zFileAnswer });
}

/** The body of a success answer of a route (docs/conventions.md): the envelope around `data`. */
export function successBodySchema(route: RouteDef): z.ZodType {
  if (route.answer === 'raw') return route.response;
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: route.response,
    ...(route.answer === 'paged' ? { meta: zPageMeta } : {}),
  });
}

/** '/api/decisions/:id/vote/change' with { id: 5 } -> '/api/decisions/5/vote/change' */
export function routePath(route: Pick<RouteDef, 'path'>, params?: Record<string, unknown>): string {
  return route.path.replace(/:(\w+)/g, (_, k: string) => {
    const v = params?.[k];
    if (v === undefined || v === null || v === '') throw new Error(`route ${route.path}: missing :${k}`);
    return encodeURIComponent(String(v));
  });
}

/** Every route of a group, named by its key: the table the gateway, the docs and the tests walk. */
export type RouteGroup = Readonly<Record<string, RouteDef>>;
export function routeList(...groups: RouteGroup[]): { name: string; route: RouteDef }[] {
  const out: { name: string; route: RouteDef }[] = [];
  const names = new Set<string>();
  const keys = new Set<string>();
  for (const g of groups) {
    for (const [name, route] of Object.entries(g)) {
      if (names.has(name)) throw new Error(`route name defined twice: ${name}`);
      const key = `${route.method} ${route.path}`;
      if (keys.has(key)) throw new Error(`route defined twice: ${key}`);
      names.add(name);
      keys.add(key);
      out.push({ name, route });
    }
  }
  return out;
}
