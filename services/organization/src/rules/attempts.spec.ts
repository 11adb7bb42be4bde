import { attemptGate, lockSeconds, pinLockedOut, totpStepFresh, type AttemptPolicy } from './attempts';

const policy: AttemptPolicy = { freeFailures: 5, lockSeconds: 30, maxLockSeconds: 900 };
const now = new Date('2026-11-27T12:00:00Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);

describe('lockSeconds', () => {
  it.each<[number, number]>([
    [0, 0],
    [4, 0],
    [5, 30],
    [6, 60],
    [7, 120],
    [9, 480],
    [10, 900],
    [50, 900],
    [10_000, 900],
  ])('%i failures -> %i s', (failures, seconds) => {
    expect(lockSeconds(failures, policy)).toBe(seconds);
  });
});

describe('attemptGate', () => {
  it.each<[string, number, Date | null, ReturnType<typeof attemptGate>]>([
    ['no failures', 0, null, { allowed: true }],
    ['free failures, just failed', 4, ago(0), { allowed: true }],
    ['fifth failure just now: locked 30 s', 5, ago(0), { allowed: false, retryAfter: 30 }],
    ['fifth failure 10 s ago: 20 s left', 5, ago(10), { allowed: false, retryAfter: 20 }],
    ['fifth failure 30 s ago: open again', 5, ago(30), { allowed: true }],
    ['sixth failure 31 s ago: locked 60 s', 6, ago(31), { allowed: false, retryAfter: 29 }],
    ['part of a second left rounds up', 5, new Date(now.getTime() - 29_500), { allowed: false, retryAfter: 1 }],
    ['many failures: capped at 900 s', 40, ago(100), { allowed: false, retryAfter: 800 }],
    ['failures without a time (never locked)', 9, null, { allowed: true }],
  ])('%s', (_n, failures, lastFailureAt, expected) => {
    expect(attemptGate({ failures, lastFailureAt }, now, policy)).toEqual(expected);
  });
});

describe('totpStepFresh', () => {
  it.each<[number, number | null, boolean]>([
    [100, null, true],
    [101, 100, true],
    [100, 100, false],
    [99, 100, false],
    [0, null, true],
  ])('step %i after %p -> %p', (step, last, fresh) => {
    expect(totpStepFresh(step, last)).toBe(fresh);
  });
});

describe('pinLockedOut', () => {
  it.each<[number, number, boolean]>([
    [1, 5, false],
    [4, 5, false],
    [5, 5, true],
    [6, 5, true],
    [1, 1, true],
  ])('%i failures of %i -> %p', (failures, max, locked) => {
    expect(pinLockedOut(failures, max)).toBe(locked);
  });
});
