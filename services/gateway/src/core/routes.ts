import { Controller, Delete, Get, HttpCode, Inject, Injectable, OnApplicationBootstrap, Patch, Post, Put, Req, Res, SetMetadata, UseInterceptors, type Type } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { FileFieldsInterceptor, FileInterceptor, NoFilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import {
  AppError, CastVote, fieldErrorsOf, parseOrThrow, translate, type FieldErrors, type RouteDef, type RouteInput, type RouteUpload, type MemberCall, type PublicCall, type RpcDef,
} from '@app/contracts';
import { Bus, CONFIG, checksBuiltReplies, logger } from '@app/platform';
import type { GatewayConfig } from '../config';
import { ACCESS } from './decorators';
import { BAD_STRING_MESSAGE, badStringPaths, CREDENTIAL_IN_QUERY_MESSAGE, credentialsInQuery } from './input-guard';
import { RATE_LIMIT, SignInLimitsInterceptor } from './sign-in-limits';
import type { ApiRequest } from './request';
import { StreamedUploadInterceptor, type StoredFile } from './streamed-upload';
import { uploadOptions } from './upload-options';
import { FORM_FIELD_MAX_BYTES, MultipartLimitInterceptor, multipartMaxBytes } from './body-limits';

/**
 * The gateway's routes come from the route table in libs/contracts (see docs/how-to-add-a-route.md):
 * - a route with an RPC is served by the generic handler below: parse params, query and body with the
 *   route's schemas (409 'Error in validation'), build the RPC request with `toRpc`, answer the reply;
 * - a composed route is served by the one gateway method marked `@Implements(route)`.
 * One generated controller registers every route, GET routes first and each method's most specific paths first, so
 * `/users/deleted` is never taken by `/users/:id` (`inRegistrationOrder`). Start-up fails when a route has no
 * implementation or two.
 */

export const ROUTE = Symbol('ROUTE');
const IMPLEMENTS = Symbol('IMPLEMENTS');

/**
 * Forwarded RPCs whose reply the gateway takes as the serving service checked it against the response schema
 * (`Bus.serve` checks every reply before sending it), without parsing it a second time: the vote, answered a
 * thousand times at once in a burst (docs/performance.md, P2). Every other forwarded reply is parsed on arrival.
 */
const CHECKED_REPLIES: ReadonlySet<RpcDef> = new Set<RpcDef>([CastVote]);

/** What an implementation receives: the parsed input, and the raw request and response for the rare route that needs them. */
export type RouteContext<D extends RouteDef> = RouteInput<D> & {
  req: ApiRequest;
  res: Response;
  file?: Express.Multer.File;
  files?: Record<string, Express.Multer.File[]>;
  /** the file of a route whose upload streams (`upload.stream`): already in S3, never in memory */
  stored?: StoredFile;
};
/** The answer of an implementation: the `data` of the success body (the whole body for 'raw' routes), or a redirect or file. */
export type RouteResult<D extends RouteDef> = import('zod').z.input<D['response']> | Redirect | FileAnswer;

export class Redirect {
  constructor(readonly url: string, readonly status = 302) {}
}
export class FileAnswer {
  constructor(
    readonly body: Buffer | NodeJS.ReadableStream,
    readonly headers: Record<string, string>,
  ) {}
}

/** Marks the gateway method that implements a composed route (in a provider of a feature module). */
export function Implements<D extends RouteDef>(route: D) {
  return (target: object, key: string | symbol, desc: TypedPropertyDescriptor<(ctx: RouteContext<D>) => Promise<RouteResult<D>>>) => {
    SetMetadata(IMPLEMENTS, route)(target, key, desc);
  };
}

type Impl = (ctx: RouteContext<RouteDef>) => Promise<unknown>;

/** literal segments before parameters, then longer paths first: the order Express must see them in */
export function bySpecificity(a: RouteDef, b: RouteDef): number {
  const sa = a.path.split('/');
  const sb = b.path.split('/');
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = sa[i].startsWith(':');
    const pb = sb[i].startsWith(':');
    if (pa !== pb) return pa ? 1 : -1;
  }
  return sb.length - sa.length;
}

/** the method groups in the order they are registered: reads first (most requests are reads) */
const METHOD_ORDER: Record<RouteDef['method'], number> = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 };

/**
 * The order Express is given the routes in: by method, GET first, and each method's routes most specific first
 * (`bySpecificity`). Express tries a request against every route registered before the one that takes it (about
 * 0.4 µs each in the gateway); `GET /api/meetings/{id}` was the 189th of 278 and is the 64th now, and a write passes
 * the 105 GET routes first (docs/performance.md, P1: reads are most requests). A request is only ever taken by a
 * route of its own method (HEAD by GET's), so which of two routes that could both answer it comes first is what it
 * was: each method's routes keep their order (routes.spec.ts).
 */
export function inRegistrationOrder<T extends { route: RouteDef }>(table: readonly T[]): T[] {
  return [...table].sort((a, b) => METHOD_ORDER[a.route.method] - METHOD_ORDER[b.route.method] || bySpecificity(a.route, b.route));
}

/** The field error of an upload route whose required file did not come in any of its fields (none otherwise). */
export function missingFile(upload: RouteUpload | undefined, file: unknown, files: Record<string, unknown[]> | undefined): FieldErrors {
  if (!upload || upload.kind === 'none' || !upload.required) return {};
  const came = upload.kind === 'single' ? !!file : upload.fields.some((f) => (files?.[f.name]?.length ?? 0) > 0);
  return came ? {} : { [upload.required.field]: [upload.required.message] };
}

/** Parse the body; a missing required file is reported in the same 409 as the body's own field errors. */
function parseBody(schema: RouteDef['body'], value: unknown, missing: FieldErrors): unknown {
  const r = schema?.safeParse(value);
  const errors = { ...(r && !r.success ? fieldErrorsOf(r.error) : {}), ...missing };
  if (Object.keys(errors).length) throw new AppError('VALIDATION', { fields: errors });
  return r?.data;
}

/** A NUL or a lone surrogate anywhere in the body or the query: 409 naming each field, before any schema or service sees it. */
function refuseBadStrings(body: unknown, query: unknown): void {
  const paths = new Set([...badStringPaths(body), ...badStringPaths(query)]);
  if (!paths.size) return;
  throw new AppError('VALIDATION', { fields: Object.fromEntries([...paths].map((p) => [p, [BAD_STRING_MESSAGE]])) });
}

@Injectable()
export class RouteDispatcher implements OnApplicationBootstrap {
  private readonly impls = new Map<RouteDef, Impl>();
  private table: { name: string; route: RouteDef }[] = [];
  private readonly validate: boolean;

  constructor(
    private readonly bus: Bus,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(CONFIG) config: GatewayConfig,
  ) {
    // VALIDATE_RESPONSES (the base config; 'auto': on outside production): each composed route's answer checked
    this.validate = checksBuiltReplies(config);
  }

  /** Called by the generated controller's module with the table it registered. */
  useTable(table: { name: string; route: RouteDef }[]): void {
    this.table = table;
  }

  onApplicationBootstrap(): void {
    for (const w of this.discovery.getProviders()) {
      const instance = w.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const fn = (proto as Record<string, unknown>)[name] as Function;
        const route = Reflect.getMetadata(IMPLEMENTS, fn) as RouteDef | undefined;
        if (!route) continue;
        if (this.impls.has(route)) throw new Error(`route ${route.method} ${route.path} is implemented twice`);
        this.impls.set(route, (ctx) => fn.call(instance, ctx));
      }
    }
    const problems: string[] = [];
    const inTable = new Set(this.table.map((t) => t.route));
    for (const { name, route } of this.table) {
      const impl = this.impls.has(route);
      if (route.rpc && impl) problems.push(`${name}: forwards to ${route.rpc.subject} and has an @Implements method`);
      if (!route.rpc && !impl) problems.push(`${name} (${route.method} ${route.path}): no @Implements method`);
    }
    for (const route of this.impls.keys()) if (!inTable.has(route)) problems.push(`@Implements(${route.method} ${route.path}) is not in the route table`);
    if (problems.length) throw new Error(`route table: ${problems.join('; ')}`);
  }

  async dispatch(route: RouteDef, req: ApiRequest, res: Response): Promise<void> {
    const call = this.callOf(route, req);
    const raw = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : req.body === undefined ? {} : req.body;
    const inQuery = credentialsInQuery(req.query);
    if (inQuery.length) throw new AppError('VALIDATION', { fields: Object.fromEntries(inQuery.map((f) => [f, [CREDENTIAL_IN_QUERY_MESSAGE]])) });
    const bodyIn = route.mergeQuery ? { ...(req.query as object), ...(raw as object) } : raw;
    const files = req.files && !Array.isArray(req.files) ? (req.files as Record<string, Express.Multer.File[]>) : undefined;
    refuseBadStrings(bodyIn, req.query);
    const params = route.params ? parseOrThrow(route.params, req.params ?? {}) : {};
    const query = route.query ? parseOrThrow(route.query, req.query ?? {}) : {};
    const input = { call, params, query, body: parseBody(route.body, bodyIn ?? {}, missingFile(route.upload, req.file, files)) };
    let result: unknown;
    const impl = this.impls.get(route);
    if (impl) {
      const streamed = route.upload?.kind === 'single' && !!route.upload.stream;
      const ctx = streamed ? { ...input, req, res, stored: req.file as unknown as StoredFile | undefined } : { ...input, req, res, file: req.file, files };
      result = await impl(ctx as RouteContext<RouteDef>);
      if (this.validate && !(result instanceof Redirect) && !(result instanceof FileAnswer)) this.checkAnswer(route, result);
    } else if (route.rpc && route.toRpc) {
      result = await this.bus.request(route.rpc, route.toRpc(input) as never, { checkedReply: CHECKED_REPLIES.has(route.rpc) });
    } else {
      throw new AppError('NOT_FOUND');
    }
    if (res.headersSent) return;
    if (result instanceof Redirect) return res.redirect(result.status, result.url);
    if (result instanceof FileAnswer) {
      for (const [k, v] of Object.entries(result.headers)) res.setHeader(k, v);
      if (Buffer.isBuffer(result.body)) {
        res.status(200).end(result.body);
        return;
      }
      result.body.on('error', (e) => {
        logger().error({ err: e, path: req.path }, 'file stream failed');
        res.destroy(e as Error);
      });
      result.body.pipe(res);
      return;
    }
    res.status(200).json(this.envelope(route, result, call.lang));
  }

  private envelope(route: RouteDef, result: unknown, lang: MemberCall['lang']): unknown {
    if (route.answer === 'raw') return result;
    const message = route.message ? translate(route.message, lang) : undefined;
    const head = message === undefined ? { success: true } : { success: true, message };
    if (route.answer === 'paged') {
      const p = result as { items: unknown[]; meta: unknown };
      return { ...head, data: p.items, meta: p.meta };
    }
    if (route.answer === 'empty') return { ...head, data: null };
    if (typeof route.answer === 'object' && !this.impls.has(route)) return { ...head, data: (result as Record<string, unknown>)[route.answer.pick] };
    return { ...head, data: result ?? null };
  }

  /** outside production: a composed route's answer must match what the table documents */
  private checkAnswer(route: RouteDef, result: unknown): void {
    const value = route.answer === 'paged' ? (result as { items?: unknown })?.items : result;
    const r = route.response.safeParse(value ?? null);
    if (!r.success) {
      logger().error({ route: `${route.method} ${route.path}`, issues: r.error.issues.slice(0, 5) }, 'answer does not match the route table');
      throw new AppError('INTERNAL', { details: { reason: 'answer does not match the route table' } });
    }
  }

  private callOf(route: RouteDef, req: ApiRequest): MemberCall | PublicCall {
    const lang = req.lang ?? 'en';
    if (route.access === 'user' || route.access === 'guest') {
      if (!req.org) throw new AppError('INVALID_ORGANIZATION');
      if (!req.actor) throw new AppError('UNAUTHENTICATED');
      return { orgId: req.org.id, actor: req.actor, variant: req.org.variant, lang };
    }
    return { orgId: req.org?.id, actor: req.actor, variant: req.org?.variant, lang };
  }
}

const METHOD = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete } as const;

/**
 * One controller with a method per route of the table, in `inRegistrationOrder`. Each method carries
 * the route (for the guard: access, rate limit) and its upload interceptor, and hands the request to
 * the dispatcher, which writes the answer.
 */
export function routesController(table: { name: string; route: RouteDef }[]): Type<unknown> {
  class RoutesController {
    constructor(readonly dispatcher: RouteDispatcher) {
      dispatcher.useTable(table);
    }
  }
  Inject(RouteDispatcher)(RoutesController, undefined as never, 0);
  const proto = RoutesController.prototype as unknown as Record<string, unknown>;
  const sorted = inRegistrationOrder(table);
  for (const { name, route } of sorted) {
    const key = `route_${name}`;
    proto[key] = function (this: RoutesController, req: ApiRequest, res: Response) {
      return this.dispatcher.dispatch(route, req, res);
    };
    const decorators: MethodDecorator[] = [
      METHOD[route.method](route.path.replace(/^\/api\/?/, '')),
      HttpCode(200),
      SetMetadata(ROUTE, { name, route }),
      SetMetadata(ACCESS, route.access),
    ];
    // the sign-in limits interceptor after the upload interceptor (decorators apply last first), so it sees the parsed body;
    // a limit that names no identity from the body counts before the upload is read (a refused caller sends no file to S3)
    const limitFirst = !!route.rateLimit && !route.rateLimit.identityField && !!route.upload && route.upload.kind !== 'none';
    if (route.rateLimit && !limitFirst) decorators.push(SetMetadata(RATE_LIMIT, route.rateLimit), UseInterceptors(SignInLimitsInterceptor));
    const limits = route.upload && route.upload.kind !== 'none' && route.upload.maxBytes ? { ...uploadOptions, limits: { ...uploadOptions.limits, fileSize: route.upload.maxBytes } } : uploadOptions;
    if (route.upload?.kind === 'single' && route.upload.stream) {
      decorators.push(UseInterceptors(StreamedUploadInterceptor({ ...route.upload, stream: route.upload.stream }, uploadOptions.limits.fileSize)));
    } else if (route.upload?.kind === 'single') decorators.push(UseInterceptors(FileInterceptor(route.upload.field, limits)));
    if (route.upload?.kind === 'fields') decorators.push(UseInterceptors(FileFieldsInterceptor([...route.upload.fields], limits)));
    if (route.upload?.kind === 'none') decorators.push(UseInterceptors(NoFilesInterceptor({ limits: { fields: 200, fieldSize: FORM_FIELD_MAX_BYTES } })));
    // the whole multipart body's limit, checked before the parser above starts (decorators apply last first)
    if (route.upload) decorators.push(UseInterceptors(MultipartLimitInterceptor(multipartMaxBytes(route.upload))));
    // a rate limit that needs nothing of the body counts before any of it is read
    if (route.rateLimit && limitFirst) decorators.push(SetMetadata(RATE_LIMIT, route.rateLimit), UseInterceptors(SignInLimitsInterceptor));
    const desc = Object.getOwnPropertyDescriptor(proto, key)!;
    Reflect.decorate(decorators, proto, key, desc);
    Req()(proto, key, 0);
    Res()(proto, key, 1);
  }
  Controller()(RoutesController);
  return RoutesController;
}
