import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { AppError } from '@app/contracts';
import { RateLimiter } from '@app/platform';
import { sleep, testEnv } from '@app/testing';
import { SignInLimits, type Limits, type Plan, type RateLimitSpec, type Subject } from '../src/core/sign-in-limits';

/** The sign-in limits against a real Redis: counting, Retry-After from the real TTL, resets, concurrency. */
const env = testEnv();
const limits: Limits = {
  AUTH_RATE_WINDOW_SECONDS: 60,
  AUTH_IP_RATE_LIMIT: 300,
  AUTH_FAILURE_LIMIT: 5,
  AUTH_ACCOUNT_FAILURE_LIMIT: 20,
  AUTH_IP_FAILURE_LIMIT: 30,
  AUTH_RATE_LIMIT: 10,
  GUEST_RATE_LIMIT: 60,
  SEAL_VERIFY_RATE_LIMIT: 30,
};
const login: RateLimitSpec = { name: 'login', count: 'failures', identityField: 'email' };
const forgot: RateLimitSpec = { name: 'password-reset', count: 'attempts', identityField: 'email' };

let redis: IORedis;
let limiter: RateLimiter;
beforeAll(() => {
  redis = new IORedis(env.REDIS_URL, { maxRetriesPerRequest: null });
  limiter = new RateLimiter(redis);
});
afterAll(async () => {
  await redis.quit();
});

/** A fresh organization id per test: counters never meet another test's. */
const subject = (over: Partial<Subject> = {}): Subject => ({ org: randomUUID(), address: '203.0.113.7', identity: 'ann@x.test', ...over });

/** One attempt: begin, then settle with the outcome; answers 'ok' or the Retry-After seconds of a 429. */
async function attempt(l: SignInLimits, spec: RateLimitSpec, s: Subject, outcome: 'success' | 'failure' | 'neutral'): Promise<'ok' | number> {
  let plan: Plan;
  try {
    plan = await l.begin(spec, s);
  } catch (e) {
    if (e instanceof AppError && e.code === 'TOO_MANY_ATTEMPTS') return e.details?.retryAfter as number;
    throw e;
  }
  await l.settle(plan, outcome);
  return 'ok';
}

describe('sign-in limits in Redis', () => {
  it('five failures per account and address; the sixth attempt answers 429 with the real remaining seconds', async () => {
    const l = new SignInLimits(limiter, limits);
    const s = subject();
    for (let i = 0; i < 5; i++) expect(await attempt(l, login, s, 'failure')).toBe('ok');
    const first = await attempt(l, login, s, 'success');
    expect(typeof first).toBe('number');
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60);
    await sleep(1100);
    const later = await attempt(l, login, s, 'success');
    expect(later).toBeLessThan(first as number);
    // the other accounts at the same address, and this account at another address, still sign in
    expect(await attempt(l, login, { ...s, identity: 'bob@x.test' }, 'success')).toBe('ok');
    expect(await attempt(l, login, { ...s, address: '198.51.100.1' }, 'success')).toBe('ok');
  });

  it('a success clears the account failures', async () => {
    const l = new SignInLimits(limiter, limits);
    const s = subject();
    for (let i = 0; i < 4; i++) expect(await attempt(l, login, s, 'failure')).toBe('ok');
    expect(await attempt(l, login, s, 'success')).toBe('ok');
    for (let i = 0; i < 5; i++) expect(await attempt(l, login, s, 'failure')).toBe('ok');
    expect(typeof (await attempt(l, login, s, 'failure'))).toBe('number');
  });

  it('an account guessed from many addresses stops at the account-wide limit', async () => {
    const l = new SignInLimits(limiter, limits);
    const s = subject();
    const answers: ('ok' | number)[] = [];
    for (let i = 0; i < 25; i++) answers.push(await attempt(l, login, { ...s, address: `198.51.100.${i}` }, 'failure'));
    expect(answers.filter((a) => a === 'ok')).toHaveLength(20);
    expect(answers.slice(20).every((a) => typeof a === 'number')).toBe(true);
  });

  it('many accounts from one address: successes are limited only by the ceiling, failures by the address failure limit', async () => {
    const l = new SignInLimits(limiter, { ...limits, AUTH_IP_RATE_LIMIT: 40 });
    const s = subject();
    for (let i = 0; i < 30; i++) expect(await attempt(l, login, { ...s, identity: `member${i}@x.test` }, 'success')).toBe('ok');
    // 30 different accounts, one wrong password each: the address' failure budget (30) is spent at the 31st
    const spray = subject();
    for (let i = 0; i < 30; i++) expect(await attempt(l, login, { ...spray, identity: `member${i}@x.test` }, 'failure')).toBe('ok');
    expect(typeof (await attempt(l, login, { ...spray, identity: 'another@x.test' }, 'success'))).toBe('number');
    // the ceiling counts every attempt, successes too
    for (let i = 30; i < 40; i++) expect(await attempt(l, login, { ...s, identity: `member${i}@x.test` }, 'success')).toBe('ok');
    expect(typeof (await attempt(l, login, { ...s, identity: 'late@x.test' }, 'success'))).toBe('number');
  });

  it('attempts that are neither success nor failure are given back', async () => {
    const l = new SignInLimits(limiter, limits);
    const s = subject();
    for (let i = 0; i < 12; i++) expect(await attempt(l, login, s, 'neutral')).toBe('ok');
    for (let i = 0; i < 5; i++) expect(await attempt(l, login, s, 'failure')).toBe('ok');
    expect(typeof (await attempt(l, login, s, 'failure'))).toBe('number');
  });

  it('concurrent guesses cannot slip past the limit (counted before they run)', async () => {
    const l = new SignInLimits(limiter, limits);
    const s = subject();
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt(l, login, s, 'failure')));
    expect(answers.filter((a) => a === 'ok')).toHaveLength(5);
  });

  it("'attempts' routes count every attempt, successes too", async () => {
    const l = new SignInLimits(limiter, limits);
    const s = subject();
    for (let i = 0; i < 10; i++) expect(await attempt(l, forgot, s, 'success')).toBe('ok');
    expect(typeof (await attempt(l, forgot, s, 'success'))).toBe('number');
  });

  it('after the window the account may try again', async () => {
    const l = new SignInLimits(limiter, { ...limits, AUTH_RATE_WINDOW_SECONDS: 2 });
    const s = subject();
    for (let i = 0; i < 5; i++) await attempt(l, login, s, 'failure');
    const wait = await attempt(l, login, s, 'success');
    expect([1, 2]).toContain(wait);
    await sleep((wait as number) * 1000 + 100);
    expect(await attempt(l, login, s, 'success')).toBe('ok');
  });

  it('no e-mail or token is stored in clear', async () => {
    const l = new SignInLimits(limiter, limits);
    const s = subject({ identity: 'secret-person@x.test' });
    await attempt(l, login, s, 'failure');
    const keys = await redis.keys(`rl:{login:${s.org}}:*`);
    expect(keys.length).toBe(4);
    expect(keys.join(' ')).not.toContain('secret-person');
  });
});
