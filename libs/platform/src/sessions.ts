import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { REDIS } from './redis';

export interface Session {
  orgId: string;
  userId: number;
  createdAt: string;
}

export const SESSION_IDLE_SECONDS = 60 * 60;
/** No session lives longer than this from its sign-in, however active (the gateway's SESSION_LIFETIME_MINUTES). */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;

/**
 * How long a session may live from now (ms; 0 or less: it has ended): the idle window, but never past the absolute
 * limit counted from its sign-in. Pure (table test in sessions.spec.ts).
 */
export function sessionTtlMs(p: { createdAt: string | Date; now: Date; idleSeconds: number; lifetimeSeconds: number }): number {
  const created = new Date(p.createdAt).getTime();
  if (!Number.isFinite(created)) return 0;
  const left = created + p.lifetimeSeconds * 1000 - p.now.getTime();
  return Math.min(p.idleSeconds * 1000, left);
}

/**
 * Sign-in sessions in Redis. The token is 256 random bits; only its hash is stored. Each request
 * through the gateway slides the idle expiry, so more than 60 minutes between requests ends the session
 * (docs/product/sign-in.md#sessions-sign-out-and-idle-logout: "Session idle more than 60 minutes between requests clears stored login"),
 * and no session outlives its absolute lifetime, however active (docs/security.md#accounts).
 */
@Injectable()
export class SessionStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** A session's id: the hash its key is stored under (safe to pass around; it cannot be used as a token). */
  idOf(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
  private key(token: string): string {
    return this.keyOfId(this.idOf(token));
  }
  private keyOfId(id: string): string {
    return `sess:${id}`;
  }

  /** which of these sessions (by `idOf`) still exist: a look-up that does not slide their expiry */
  async alive(ids: readonly string[]): Promise<boolean[]> {
    if (!ids.length) return [];
    const p = this.redis.pipeline();
    for (const id of ids) p.exists(this.keyOfId(id));
    const res = (await p.exec()) ?? [];
    return ids.map((_, i) => {
      const [err, n] = res[i] ?? [new Error('no answer'), 0];
      // a failed look-up keeps the connection: the next check asks again
      return err ? true : Number(n) > 0;
    });
  }
  private userKey(orgId: string, userId: number): string {
    return `sessu:${orgId}:${userId}`;
  }

  async create(orgId: string, userId: number, idleSeconds = SESSION_IDLE_SECONDS, lifetimeSeconds = SESSION_LIFETIME_SECONDS): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const session: Session = { orgId, userId, createdAt: new Date().toISOString() };
    const k = this.key(token);
    const ttl = Math.max(1, Math.ceil(Math.min(idleSeconds, lifetimeSeconds) * 1000));
    await this.redis.multi().set(k, JSON.stringify(session), 'PX', ttl).sadd(this.userKey(orgId, userId), k).exec();
    return token;
  }

  /**
   * Look up and slide the idle expiry; null when unknown, idle too long, or past its absolute lifetime. One round
   * trip while the session is far from its end; near it, the expiry is shortened to the absolute limit.
   */
  async touch(token: string, idleSeconds = SESSION_IDLE_SECONDS, lifetimeSeconds = SESSION_LIFETIME_SECONDS): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    const k = this.key(token);
    const idleMs = Math.max(1, Math.ceil(idleSeconds * 1000));
    const raw = await this.redis.getex(k, 'PX', idleMs);
    if (!raw) return null;
    const session = JSON.parse(raw) as Session;
    const ttl = sessionTtlMs({ createdAt: session.createdAt, now: new Date(), idleSeconds, lifetimeSeconds });
    if (ttl <= 0) {
      await this.redis.del(k);
      return null;
    }
    if (ttl < idleMs) await this.redis.pexpire(k, Math.ceil(ttl));
    return session;
  }

  async destroy(token: string): Promise<void> {
    await this.redis.del(this.key(token));
  }

  /**
   * End every session of a user (password reset, deactivation, deletion), or every one but `exceptId` (a password
   * change keeps the session that made it).
   */
  async destroyAllForUser(orgId: string, userId: number, opts: { exceptId?: string | null } = {}): Promise<void> {
    const uk = this.userKey(orgId, userId);
    const keep = opts.exceptId ? this.keyOfId(opts.exceptId) : null;
    const keys = (await this.redis.smembers(uk)).filter((k) => k !== keep);
    if (keys.length) await this.redis.multi().del(...keys).srem(uk, ...keys).exec();
    if (!keep) await this.redis.del(uk);
  }

  /** For tests: shorten a session's remaining life (the expiry of the lifetimes themselves is tested with short configured values). */
  async expireIn(token: string, seconds: number): Promise<void> {
    await this.redis.expire(this.key(token), seconds);
  }
}
