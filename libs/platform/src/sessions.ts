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

/**
 * Sign-in sessions in Redis. The token is 256 random bits; only its hash is stored. Each request
 * through the gateway slides the expiry, so more than 60 minutes between requests ends the session
 * (docs/product/sign-in.md#sessions-sign-out-and-idle-logout: "Session idle more than 60 minutes between requests clears stored login").
 */
@Injectable()
export class SessionStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  private key(token: string): string {
    return `sess:${this.idOf(token)}`;
  }

  /** the id a token's session is stored under (its SHA-256): what a long-lived connection keeps instead of the token */
  idOf(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** which of these sessions (by `idOf`) still exist: a look-up that does not slide their expiry */
  async alive(ids: readonly string[]): Promise<boolean[]> {
    if (!ids.length) return [];
    const p = this.redis.pipeline();
    for (const id of ids) p.exists(`sess:${id}`);
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

  async create(orgId: string, userId: number, idleSeconds = SESSION_IDLE_SECONDS): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const session: Session = { orgId, userId, createdAt: new Date().toISOString() };
    const k = this.key(token);
    await this.redis.multi().set(k, JSON.stringify(session), 'EX', idleSeconds).sadd(this.userKey(orgId, userId), k).exec();
    return token;
  }

  /** Look up and slide the idle expiry; null when unknown or idle too long. */
  async touch(token: string, idleSeconds = SESSION_IDLE_SECONDS): Promise<Session | null> {
    if (!token || token.length > 200) return null;
    const raw = await this.redis.getex(this.key(token), 'EX', idleSeconds);
    return raw ? (JSON.parse(raw) as Session) : null;
  }

  async destroy(token: string): Promise<void> {
    await this.redis.del(this.key(token));
  }

  /** End every session of a user (password reset, deactivation, deletion). */
  async destroyAllForUser(orgId: string, userId: number): Promise<void> {
    const uk = this.userKey(orgId, userId);
    const keys = await this.redis.smembers(uk);
    if (keys.length) await this.redis.del(...keys);
    await this.redis.del(uk);
  }

  /** For tests of idle expiry: shorten a session's remaining life. */
  async expireIn(token: string, seconds: number): Promise<void> {
    await this.redis.expire(this.key(token), seconds);
  }
}
