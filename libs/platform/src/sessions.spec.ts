import { sessionTtlMs } from './sessions';

const signedIn = new Date('2026-11-27T08:00:00Z');
const at = (minutes: number) => new Date(signedIn.getTime() + minutes * 60_000);
const HOUR = 3600;

describe('sessionTtlMs: the idle window, never past the absolute lifetime', () => {
  it.each<[string, number, number, number, number]>([
    ['just signed in: the idle window', 0, HOUR, 12 * HOUR, HOUR * 1000],
    ['active for 5 hours: still the idle window', 300, HOUR, 12 * HOUR, HOUR * 1000],
    ['30 minutes before the limit: only those 30 minutes', 11 * 60 + 30, HOUR, 12 * HOUR, 30 * 60_000],
    ['at the limit: ended', 12 * 60, HOUR, 12 * HOUR, 0],
    ['past the limit: ended', 13 * 60, HOUR, 12 * HOUR, -HOUR * 1000],
    ['lifetime shorter than the idle window', 0, HOUR, 600, 600_000],
    ['seconds-long settings (tests)', 0.05, 2, 6, 2000],
  ])('%s', (_n, minutes, idle, lifetime, expected) => {
    expect(sessionTtlMs({ createdAt: signedIn.toISOString(), now: at(minutes), idleSeconds: idle, lifetimeSeconds: lifetime })).toBeCloseTo(expected, 3);
  });

  it('a session without a readable sign-in time has ended', () => {
    expect(sessionTtlMs({ createdAt: 'not a date', now: at(0), idleSeconds: HOUR, lifetimeSeconds: 12 * HOUR })).toBe(0);
  });
});
