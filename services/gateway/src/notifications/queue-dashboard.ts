import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createBullBoard } from '@bull-board/api';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import type { NextFunction, Request, Response, Router } from 'express';
import type Redis from 'ioredis';
import {
  AppError, GetActor, NotificationMessages, parseLang, ReminderDue, ResolveOrganization, SendEmail, type OrgPublic,
} from '@app/contracts';
import { Bus, CONFIG, logger, PayloadSeal, REDIS, redisConnection, SessionStore, watchRedisErrors } from '@app/platform';
import { allowsXOrg, type GatewayConfig } from '../config';
import { errorBody, toAppError } from '../core/error.filter';
import { orgOfRequest } from '../core/request';
import { TenantQueueAdapter } from './tenant-queue.adapter';

export const DASHBOARD_PATH = '/admin/queues';
export const DASHBOARD_COOKIE = 'queues_token';
const QUEUE_REFRESH_MS = 30_000;
const BOARD_MAX = 200;

function cookieOf(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/**
 * The BullMQ dashboard (bull-board) at /admin/queues, for the administrators of the host's
 * organization. A browser cannot send the app's `token` header on a plain visit, so the web app opens
 * `/admin/queues?token=<session token>`: the token is checked, set as an HttpOnly cookie scoped to
 * /admin/queues (SameSite=Strict), and the browser is redirected to the same URL without it. Every
 * later request (the UI's own API calls) is checked again against the session store (sliding idle
 * expiry) and the actor's admin flag; the `token` header or `Authorization: Bearer` also work for tools.
 * Queues are found in Redis (every `bull:<name>:meta`), so other services' queues appear as they are created.
 */
@Injectable()
export class QueueDashboard implements OnModuleInit, OnApplicationShutdown {
  private readonly queues = new Map<string, Queue>();
  private readonly boards = new Map<string, { router: Router; names: string }>();
  private refreshedAt = 0;
  private readonly seal: PayloadSeal;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly bus: Bus,
    private readonly sessions: SessionStore,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {
    this.seal = PayloadSeal.fromKey(config.OUTBOX_KEY, config.NODE_ENV === 'production');
  }

  onModuleInit(): void {
    const http = this.adapterHost.httpAdapter?.getInstance() as { use: (path: string, ...h: unknown[]) => void } | undefined;
    if (!http) return; // no HTTP server (an application context in tests)
    http.use(DASHBOARD_PATH, (req: Request, res: Response, next: NextFunction) => {
      this.handle(req, res, next).catch((e) => this.fail(req, res, e));
    });
  }

  private async handle(req: Request, res: Response, next: NextFunction): Promise<void> {
    const org = await this.organization(req);
    const queryToken = typeof req.query.token === 'string' ? req.query.token : undefined;
    const token = queryToken ?? cookieOf(req, DASHBOARD_COOKIE) ?? this.headerToken(req);
    const session = token ? await this.sessions.touch(token, this.config.IDLE_TIMEOUT_MINUTES * 60, this.config.SESSION_LIFETIME_MINUTES * 60) : null;
    if (!session || session.orgId !== org.id) throw new AppError('UNAUTHENTICATED');
    const { actor } = await this.bus.request(GetActor, { orgId: org.id, userId: session.userId });
    if (!actor) throw new AppError('UNAUTHENTICATED');
    if (!actor.isAdmin) throw new AppError('FORBIDDEN', { message: NotificationMessages.dashboardAdminsOnly });

    if (queryToken) {
      // exchange the token in the URL for a cookie, and take it out of the address bar and history
      res.cookie(DASHBOARD_COOKIE, queryToken, {
        httpOnly: true,
        sameSite: 'strict',
        secure: req.secure || this.config.PUBLIC_PROTOCOL === 'https',
        path: DASHBOARD_PATH,
      });
      const url = new URL(req.originalUrl, 'http://x');
      url.searchParams.delete('token');
      res.redirect(303, `${url.pathname}${url.search}`);
      return;
    }
    const router = await this.board(org);
    router(req, res, next);
  }

  private headerToken(req: Request): string | undefined {
    const h = req.header('token');
    if (h && h !== 'null' && h !== 'undefined') return h;
    const auth = req.header('authorization');
    return auth?.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : undefined;
  }

  private async organization(req: Request): Promise<OrgPublic> {
    const { slug } = orgOfRequest(req, allowsXOrg(this.config));
    if (!slug) throw new AppError('INVALID_ORGANIZATION');
    const { organization } = await this.bus.request(ResolveOrganization, { slug });
    if (!organization || organization.status !== 'active') throw new AppError('INVALID_ORGANIZATION');
    return organization;
  }

  /** Every BullMQ queue in Redis, plus the notification queues (so the board is never empty on a fresh system). */
  private async refreshQueues(): Promise<void> {
    if (Date.now() - this.refreshedAt < QUEUE_REFRESH_MS && this.queues.size) return;
    this.refreshedAt = Date.now();
    const names = new Set<string>([SendEmail.queue, ReminderDue.queue]);
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', 'bull:*:meta', 'COUNT', 500);
      cursor = next;
      for (const k of keys) names.add(k.slice('bull:'.length, -':meta'.length));
    } while (cursor !== '0');
    for (const name of names) {
      if (!this.queues.has(name)) this.queues.set(name, watchRedisErrors(new Queue(name, { connection: redisConnection(this.config.REDIS_URL), prefix: 'bull' }), `dashboard queue ${name}`));
    }
  }

  private async board(org: OrgPublic): Promise<Router> {
    await this.refreshQueues();
    const names = [...this.queues.keys()].sort().join(',');
    const cached = this.boards.get(org.id);
    if (cached && cached.names === names) return cached.router;
    const server = new ExpressAdapter();
    server.setBasePath(DASHBOARD_PATH);
    createBullBoard({
      queues: [...this.queues.values()].map((q) => new TenantQueueAdapter(q, org.id, this.seal)),
      // @bull-board/express 9.10.1 pins its own copy of @bull-board/api (the root one is 9.10.2): same shape, separate private fields
      serverAdapter: server as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
      options: { uiConfig: { boardTitle: `${org.name}: queues`, hideDocsLink: true } },
    });
    const router = server.getRouter() as Router;
    if (this.boards.size >= BOARD_MAX) this.boards.delete(this.boards.keys().next().value as string);
    this.boards.set(org.id, { router, names });
    return router;
  }

  private fail(req: Request, res: Response, e: unknown): void {
    const err = toAppError(e);
    if (err.code === 'INTERNAL') logger().error({ err: e, path: req.originalUrl }, 'queue dashboard failed');
    const { status, body } = errorBody(err, parseLang(req.header('lang') ?? req.header('accept-language')));
    if (!res.headersSent) res.status(status).json(body);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close().catch((err: unknown) => logger().warn({ err, queue: q.name }, 'queue did not close cleanly'))));
  }
}
