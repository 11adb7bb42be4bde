import { guestLinkEnd, guestLinkState } from './guest-links';

describe('guestLinkState', () => {
  const now = new Date('2030-06-30T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  const old = daysAgo(400);
  it.each([
    ['issued just now', { issuedAt: now, fallbackIssuedAt: old, ended: false }, 30, 'live'],
    ['issued 29 days ago', { issuedAt: daysAgo(29), fallbackIssuedAt: old, ended: false }, 30, 'live'],
    ['issued exactly 30 days ago', { issuedAt: daysAgo(30), fallbackIssuedAt: old, ended: false }, 30, 'live'],
    ['issued 30 days and a second ago', { issuedAt: new Date(daysAgo(30).getTime() - 1000), fallbackIssuedAt: old, ended: false }, 30, 'expired'],
    ['issued 2 days ago with a 1-day lifetime', { issuedAt: daysAgo(2), fallbackIssuedAt: old, ended: false }, 1, 'expired'],
    ['no issue time: counted from the fallback (recent)', { issuedAt: null, fallbackIssuedAt: daysAgo(3), ended: false }, 30, 'live'],
    ['no issue time: counted from the fallback (old)', { issuedAt: null, fallbackIssuedAt: old, ended: false }, 30, 'expired'],
    ['ended (meeting cancelled or archived, approval over), however recent', { issuedAt: now, fallbackIssuedAt: now, ended: true }, 30, 'ended'],
    ['ended and expired: ended', { issuedAt: old, fallbackIssuedAt: old, ended: true }, 30, 'ended'],
    ['an expiry set for the guest, not reached, though issued long ago', { issuedAt: old, fallbackIssuedAt: old, ended: false, expiresAt: daysAgo(-2) }, 30, 'live'],
    ['an expiry set for the guest, passed, though issued just now', { issuedAt: now, fallbackIssuedAt: now, ended: false, expiresAt: daysAgo(1) }, 30, 'expired'],
    ['an expiry set for the guest, exactly now', { issuedAt: now, fallbackIssuedAt: now, ended: false, expiresAt: now }, 30, 'live'],
    ['revoked, however recent', { issuedAt: now, fallbackIssuedAt: now, ended: false, revokedAt: now }, 30, 'revoked'],
    ['revoked and ended: revoked', { issuedAt: now, fallbackIssuedAt: now, ended: true, revokedAt: daysAgo(1) }, 30, 'revoked'],
    ['revoked and expired: revoked', { issuedAt: old, fallbackIssuedAt: old, ended: false, expiresAt: daysAgo(3), revokedAt: daysAgo(1) }, 30, 'revoked'],
  ] as const)('%s -> %s', (_name, link, days, expected) => {
    expect(guestLinkState(link, now, days)).toBe(expected);
  });
});

describe('guestLinkEnd', () => {
  const issued = new Date('2030-06-01T00:00:00Z');
  it.each([
    ['the days after it was issued', { issuedAt: issued, fallbackIssuedAt: issued, ended: false }, '2030-07-01T00:00:00.000Z'],
    ['the expiry set for the guest', { issuedAt: issued, fallbackIssuedAt: issued, ended: false, expiresAt: new Date('2030-06-05T10:00:00Z') }, '2030-06-05T10:00:00.000Z'],
  ] as const)('%s', (_n, link, end) => {
    expect(guestLinkEnd(link, 30).toISOString()).toBe(end);
  });
});
