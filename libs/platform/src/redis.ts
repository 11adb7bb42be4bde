import Redis from 'ioredis';
import { logger } from './logger';
import { redisOptionsOf, type TlsCa } from './tls';

export const REDIS = Symbol('REDIS');

/** anything that emits a Redis connection's errors: an ioredis client, a BullMQ Queue or Worker */
export interface RedisErrorSource {
  on(event: 'error', fn: (err: Error) => void): unknown;
}

/**
 * One outage of Redis as this process sees it: the first error of any of its clients is logged (warn), the others
 * and every retry are counted, and the end (a client ready again) is logged once with the count. Without a listener
 * ioredis prints "[ioredis] Unhandled error event" on every retry and BullMQ prints each error on stderr.
 */
export class RedisOutageLog {
  private down: { since: number; errors: number; clients: Set<string> } | null = null;
  private upAt = -Infinity;
  constructor(
    private readonly log: { warn(o: object, m: string): void; info(o: object, m: string): void } = logger(),
    private readonly now: () => number = Date.now,
  ) {}

  error(client: string, err: Error): void {
    // the other clients' last retries just after one is ready again belong to the same outage
    if (this.down || this.now() - this.upAt < RedisOutageLog.SETTLE_MS) {
      if (!this.down) return;
      this.down.errors++;
      this.down.clients.add(client);
      return;
    }
    this.down = { since: this.now(), errors: 1, clients: new Set([client]) };
    this.log.warn({ client, err: err.message }, 'Redis unreachable: retrying (further errors of this outage are counted, not logged)');
  }

  ready(client: string): void {
    if (!this.down) return;
    const { since, errors, clients } = this.down;
    this.down = null;
    this.upAt = this.now();
    this.log.info({ client, ms: this.upAt - since, errors, clients: [...clients] }, 'Redis reachable again');
  }

  static readonly SETTLE_MS = 5000;

  get outage(): boolean {
    return this.down !== null;
  }
}

let processLog: RedisOutageLog | null = null;
const outageLog = () => (processLog ??= new RedisOutageLog());

/** give a Redis client (or a BullMQ queue or worker) its 'error' listener: the outage is logged once */
export function watchRedisErrors<T extends RedisErrorSource>(source: T, client: string): T {
  source.on('error', (err) => outageLog().error(client, err instanceof Error ? err : new Error(String(err))));
  const withReady = source as unknown as { on(event: 'ready', fn: () => void): unknown };
  if (source instanceof Redis) withReady.on('ready', () => outageLog().ready(client));
  return source;
}

/** a command connection; rediss://: TLS, the server's certificate checked against the CA (TLS_CA_FILE; tls.ts) */
export function createRedis(url: string, name: string, ca?: TlsCa): Redis {
  return watchRedisErrors(new Redis({ ...redisOptionsOf(url, ca), connectionName: name, maxRetriesPerRequest: null, lazyConnect: false }), `${name} (commands)`);
}

/** REDIS_URL with the service's own ACL user and password in it, when it has them (REDIS_USER, REDIS_PASSWORD) */
export function redisUrlOf(c: { REDIS_URL: string; REDIS_USER?: string; REDIS_PASSWORD?: string }): string {
  if (!c.REDIS_USER) return c.REDIS_URL;
  const u = new URL(c.REDIS_URL);
  u.username = encodeURIComponent(c.REDIS_USER);
  u.password = encodeURIComponent(c.REDIS_PASSWORD ?? '');
  return u.toString();
}
