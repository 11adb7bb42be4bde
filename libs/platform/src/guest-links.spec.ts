import { guestLinkState } from './guest-links';

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
  ] as const)('%s -> %s', (_name, link, days, expected) => {
    expect(guestLinkState(link, now, days)).toBe(expected);
  });
});
