import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createBullBoard } from '@bull-board/api';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response, Router } from 'express';
import type Redis from 'ioredis';
import { AppError, parseLang, ReminderDue, SendEmail } from '@app/contracts';
import { CONFIG, logger, RateLimiter, REDIS, redisConnection, redisUrlOf, watchRedisErrors } from '@app/platform';
import type { GatewayConfig } from '../config';
import { errorBody, toAppError } from '../core/error.filter';
import { DASHBOARD_CSP } from '../core/security-headers';
import { OperatorQueueAdapter } from './operator-queue.adapter';

export const DASHBOARD_PATH = '/admin/queues';
export const DASHBOARD_REALM = 'Boardroom queues';
const QUEUE_REFRESH_MS = 30_000;
/** credential attempts per client address and minute (a success gives its attempt back) */
const ATTEMPTS_PER_MINUTE = 20;

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** `Authorization: Basic <base64 user:password>` -> its user and password, or null */
export function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const i = text.indexOf(':');
  return i < 0 ? null : { user: text.slice(0, i), password: text.slice(i + 1) };
}

/** both parts equal, compared in constant time (on their hashes, so the lengths do not show either) */
export function sameCredential(given: { user: string; password: string }, expected: { user: string; password: string }): boolean {
  const user = timingSafeEqual(digest(given.user), digest(expected.user));
  const password = timingSafeEqual(digest(given.password), digest(expected.password));
  return user && password;
}

/**
 * The BullMQ dashboard (bull-board) at /admin/queues, for the platform's operators only (docs/security.md
 * "HTTP edge"). The queues are shared by every organization, so no organization's sign-in opens it, an
 * administrator's neither: it has its own credential, QUEUE_DASHBOARD_USER and QUEUE_DASHBOARD_PASSWORD (HTTP Basic,
 * compared in constant time, 20 attempts per address and minute). Without them the dashboard is off and the path
 * answers 404 (the production default). Operators see every queue's state and timing, and each job's metadata
 * with its sealed payload left sealed and secret-looking values hidden (OperatorQueueAdapter).
 * Queues are found in Redis (every `bull:<name>:meta`), so other services' queues appear as they are created.
 */
@Injectable()
export class QueueDashboard implements OnModuleInit, OnApplicationShutdown {
  private readonly queues = new Map<string, Queue>();
  private board?: { router: Router; names: string };
  private refreshedAt = 0;
  private readonly credential: { user: string; password: string } | null;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly limiter: RateLimiter,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: GatewayConfig,
  ) {
    this.credential = config.QUEUE_DASHBOARD_USER && config.QUEUE_DASHBOARD_PASSWORD ? { user: config.QUEUE_DASHBOARD_USER, password: config.QUEUE_DASHBOARD_PASSWORD } : null;
  }

  onModuleInit(): void {
    const http = this.adapterHost.httpAdapter?.getInstance() as { use: (path: string, ...h: unknown[]) => void } | undefined;
    if (!http) return; // no HTTP server (an application context in tests)
    http.use(DASHBOARD_PATH, (req: Request, res: Response, next: NextFunction) => {
      this.handle(req, res, next).catch((e) => this.fail(req, res, e));
    });
  }

  private async handle(req: Request, res: Response, next: NextFunction): Promise<void> {
    if (!this.credential) throw new AppError('NOT_FOUND');
    res.setHeader('Cache-Control', 'no-store');
    const given = basicCredentials(req.header('authorization'));
    const attempt = { key: `{queues-dashboard}:${req.ip ?? 'unknown'}`, limit: ATTEMPTS_PER_MINUTE, windowSeconds: 60 };
    await this.limiter.takeOrThrow([attempt]);
    if (!given || !sameCredential(given, this.credential)) {
      res.setHeader('WWW-Authenticate', `Basic realm="${DASHBOARD_REALM}", charset="UTF-8"`);
      throw new AppError('UNAUTHENTICATED');
    }
    await this.limiter.refund([attempt.key]);
    // bull-board's own page: its inline styles and font stylesheet (scripts stay this origin's only)
    res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
    const router = await this.router();
    router(req, res, next);
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
      if (!this.queues.has(name)) this.queues.set(name, watchRedisErrors(new Queue(name, { connection: redisConnection(redisUrlOf(this.config), this.config.TLS_CA_FILE), prefix: 'bull' }), `dashboard queue ${name}`));
    }
  }

  private async router(): Promise<Router> {
    await this.refreshQueues();
    const names = [...this.queues.keys()].sort().join(',');
    if (this.board && this.board.names === names) return this.board.router;
    const server = new ExpressAdapter();
    server.setBasePath(DASHBOARD_PATH);
    createBullBoard({
      queues: [...this.queues.values()].map((q) => new OperatorQueueAdapter(q)),
      // @bull-board/express 9.10.1 pins its own copy of @bull-board/api (the root one is 9.10.2): same shape, separate private fields
      serverAdapter: server as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
      options: { uiConfig: { boardTitle: 'Boardroom: queues', hideDocsLink: true } },
    });
    this.board = { router: server.getRouter() as Router, names };
    return this.board.router;
  }

  private fail(req: Request, res: Response, e: unknown): void {
    const err = toAppError(e);
    if (err.code === 'INTERNAL') logger().error({ err: e, path: req.originalUrl }, 'queue dashboard failed');
    const { status, body } = errorBody(err, parseLang(req.header('lang') ?? req.header('accept-language')));
    if (err.code === 'TOO_MANY_ATTEMPTS' && typeof err.details?.retryAfter === 'number') res.setHeader('Retry-After', String(err.details.retryAfter));
    if (!res.headersSent) res.status(status).json(body);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close().catch((err: unknown) => logger().warn({ err, queue: q.name }, 'queue did not close cleanly'))));
  }
}
