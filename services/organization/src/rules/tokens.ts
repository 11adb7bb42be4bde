/**
 * Single-use, expiring tokens (invitation, password reset, e-mail verification, two-factor step, SSO
 * secret) and the device token of PIN sign-in (reusable until it expires).
 */
export type TokenPurpose = 'invite' | 'reset' | 'verify' | 'two_factor' | 'pin' | 'sso';

export interface TokenTtls {
  INVITE_TOKEN_HOURS: number;
  RESET_TOKEN_MINUTES: number;
  VERIFY_TOKEN_HOURS: number;
  TWO_FACTOR_TOKEN_MINUTES: number;
  PIN_TOKEN_DAYS: number;
}

const MIN = 60_000;
export function tokenLifetimeMs(purpose: TokenPurpose, ttl: TokenTtls): number {
  switch (purpose) {
    case 'invite': return ttl.INVITE_TOKEN_HOURS * 60 * MIN;
    case 'reset': return ttl.RESET_TOKEN_MINUTES * MIN;
    case 'verify': return ttl.VERIFY_TOKEN_HOURS * 60 * MIN;
    case 'two_factor': return ttl.TWO_FACTOR_TOKEN_MINUTES * MIN;
    case 'pin': return ttl.PIN_TOKEN_DAYS * 24 * 60 * MIN;
    case 'sso': return 2 * MIN;
  }
}

export function isSingleUse(purpose: TokenPurpose): boolean {
  return purpose !== 'pin';
}

export type TokenState = 'valid' | 'expired' | 'used' | 'missing';

/** Whether a stored token may still be used at `now`. */
export function tokenState(token: { purpose: string; expiresAt: Date; usedAt: Date | null } | null | undefined, now: Date): TokenState {
  if (!token) return 'missing';
  if (token.usedAt && isSingleUse(token.purpose as TokenPurpose)) return 'used';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}
