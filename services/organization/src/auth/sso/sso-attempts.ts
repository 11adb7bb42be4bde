import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { REDIS } from '@app/platform';
import type { OidcAttempt } from './oidc.provider';

/** An SSO attempt between the check and the provider's return (state, nonce, PKCE verifier, browser, organization). */
export interface StoredAttempt extends OidcAttempt {
  orgId: string;
  /** SHA-256 of the attempt cookie the gateway set on the browser that started it */
  browser: string;
}

export const ATTEMPT_TTL_SECONDS = 10 * 60;

/**
 * Attempts live in Redis under the SHA-256 of their state for ten minutes, and are taken with GETDEL:
 * the provider's return is accepted once, whatever happens next.
 */
@Injectable()
export class SsoAttempts {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  private key(state: string): string {
    return `sso:attempt:${createHash('sha256').update(state).digest('hex')}`;
  }

  async save(a: StoredAttempt): Promise<void> {
    await this.redis.set(this.key(a.state), JSON.stringify(a), 'EX', ATTEMPT_TTL_SECONDS);
  }

  /** The attempt of this state, removed as it is read; null when unknown, expired or already used. */
  async take(state: string): Promise<StoredAttempt | null> {
    const raw = await this.redis.getdel(this.key(state));
    return raw ? (JSON.parse(raw) as StoredAttempt) : null;
  }
}
