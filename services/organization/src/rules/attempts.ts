/**
 * Pure rules of second-factor and PIN attempts (table tests in attempts.spec.ts). The counts live on the
 * account's row (users.second_factor_failures, pin_failures), so minting a new log_token or device token never
 * resets them; AuthService reads and writes them under a row lock.
 */

/** Backoff of an account's failed TOTP codes: free failures, then a lock that doubles with each failure, capped. */
export interface AttemptPolicy {
  /** failures allowed before the first lock */
  freeFailures: number;
  /** the first lock, in seconds */
  lockSeconds: number;
  /** the longest lock, in seconds */
  maxLockSeconds: number;
}

/** Seconds an account stays locked after `failures` consecutive failures (0: not locked). */
export function lockSeconds(failures: number, p: AttemptPolicy): number {
  if (failures < p.freeFailures) return 0;
  const doublings = Math.min(failures - p.freeFailures, 30);
  return Math.min(p.maxLockSeconds, p.lockSeconds * 2 ** doublings);
}

export type AttemptGate = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * May the account try a code now? Locked until `lastFailureAt + lockSeconds(failures)`; a refused attempt answers
 * 429 with `retryAfter` = whole seconds left (at least 1) and is not counted (it does not lengthen the lock).
 */
export function attemptGate(state: { failures: number; lastFailureAt: Date | null }, now: Date, p: AttemptPolicy): AttemptGate {
  const lock = lockSeconds(state.failures, p);
  if (!lock || !state.lastFailureAt) return { allowed: true };
  const leftMs = state.lastFailureAt.getTime() + lock * 1000 - now.getTime();
  return leftMs > 0 ? { allowed: false, retryAfter: Math.max(1, Math.ceil(leftMs / 1000)) } : { allowed: true };
}

/**
 * TOTP replay (RFC 6238 §5.2): a code is accepted only for a time step later than the last one accepted for the
 * account, so the same code (or an older one still inside the drift window) is never accepted twice.
 */
export function totpStepFresh(step: number, lastUsedStep: number | null): boolean {
  return lastUsedStep === null || step > lastUsedStep;
}

/** PIN lockout: after this many consecutive wrong PINs of an account, its device tokens are revoked (password sign-in again). */
export function pinLockedOut(failuresIncludingThis: number, maxFailures: number): boolean {
  return failuresIncludingThis >= maxFailures;
}
