import { isSingleUse, tokenLifetimeMs, tokenState, type TokenPurpose } from './tokens';

const now = new Date('2026-01-10T12:00:00Z');
const later = new Date('2026-01-10T12:00:01Z');
const earlier = new Date('2026-01-10T11:59:59Z');
const ttl = { INVITE_TOKEN_HOURS: 168, RESET_TOKEN_MINUTES: 60, VERIFY_TOKEN_HOURS: 24, TWO_FACTOR_TOKEN_MINUTES: 5, PIN_TOKEN_DAYS: 90 };

describe('tokenState', () => {
  it.each<[string, Parameters<typeof tokenState>[0], ReturnType<typeof tokenState>]>([
    ['missing', null, 'missing'],
    ['unused and not expired', { purpose: 'reset', expiresAt: later, usedAt: null }, 'valid'],
    ['expired', { purpose: 'reset', expiresAt: earlier, usedAt: null }, 'expired'],
    ['expiring exactly now counts as expired', { purpose: 'reset', expiresAt: now, usedAt: null }, 'expired'],
    ['used reset token', { purpose: 'reset', expiresAt: later, usedAt: earlier }, 'used'],
    ['used invitation', { purpose: 'invite', expiresAt: later, usedAt: earlier }, 'used'],
    ['used verification', { purpose: 'verify', expiresAt: later, usedAt: earlier }, 'used'],
    ['used two-factor step', { purpose: 'two_factor', expiresAt: later, usedAt: earlier }, 'used'],
    ['pin device token is reusable', { purpose: 'pin', expiresAt: later, usedAt: earlier }, 'valid'],
    ['pin device token still expires', { purpose: 'pin', expiresAt: earlier, usedAt: null }, 'expired'],
  ])('%s', (_n, token, expected) => {
    expect(tokenState(token, now)).toBe(expected);
  });
});

describe('tokenLifetimeMs', () => {
  it.each<[TokenPurpose, number]>([
    ['invite', 168 * 3600_000],
    ['reset', 3600_000],
    ['verify', 24 * 3600_000],
    ['two_factor', 5 * 60_000],
    ['pin', 90 * 24 * 3600_000],
    ['sso', 2 * 60_000],
  ])('%s', (purpose, ms) => {
    expect(tokenLifetimeMs(purpose, ttl)).toBe(ms);
  });
  it('only the pin token is reusable', () => {
    expect((['invite', 'reset', 'verify', 'two_factor', 'sso', 'pin'] as TokenPurpose[]).filter((p) => !isSingleUse(p))).toEqual(['pin']);
  });
});
