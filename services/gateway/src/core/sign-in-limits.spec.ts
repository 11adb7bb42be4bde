import { AppError } from '@app/contracts';
import { retryAfterSeconds } from '@app/platform';
import { addressKey, identityOf, outcomeOf, planFor, type Limits, type RateLimitSpec } from './sign-in-limits';

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
const reset: RateLimitSpec = { name: 'password-reset', count: 'failures', identityField: 'email', credentialFields: ['token'] };
const forgot: RateLimitSpec = { name: 'password-reset', count: 'attempts', identityField: 'email' };
const guest: RateLimitSpec = { name: 'guest' };
const sealVerify: RateLimitSpec = { name: 'seal-verify' };
const enable2fa: RateLimitSpec = { name: 'two-factor', count: 'failures', identityFromActor: true, credentialFields: ['code'] };

describe('planFor: what one attempt counts', () => {
  const subject = { org: 'o1', address: '203.0.113.7', identity: 'ann@x.test' };
  // [route, subject, [key kind, limit] of each counter in order]
  const rows: [string, RateLimitSpec, typeof subject, [string, number][]][] = [
    ['sign-in with an account', login, subject, [['ip-all', 300], ['ip-failed', 30], ['account-ip-failed', 5], ['account-failed', 20]]],
    ['sign-in without an e-mail', login, { ...subject, identity: '' }, [['ip-all', 300], ['ip-failed', 30]]],
    ['password reset (token)', reset, subject, [['ip-all', 300], ['ip-failed', 30], ['account-ip-failed', 5], ['account-failed', 20]]],
    ['forgotten password (always the same answer)', forgot, subject, [['ip', 10], ['id', 10]]],
    ['guest link', guest, { ...subject, identity: '' }, [['ip', 60]]],
    ['seal verification (public)', sealVerify, { ...subject, identity: '' }, [['ip', 30]]],
    ['two-factor on (the signed-in user)', enable2fa, { ...subject, identity: 'user:7' }, [['ip-all', 300], ['ip-failed', 30], ['account-ip-failed', 5], ['account-failed', 20]]],
  ];
  it.each(rows)('%s', (_name, spec, s, expected) => {
    const plan = planFor(spec, s, limits);
    expect(plan.counters.map((c) => [c.key.split(':')[2], c.limit])).toEqual(expected);
    // one hash tag per family and organization: one Redis Cluster slot for the counters of an attempt
    expect(plan.counters.every((c) => c.windowSeconds === 60 && c.key.startsWith(`{${spec.name}:${s.org}}:`))).toBe(true);
  });

  it('a success clears the account and gives the address its failure back; the all-attempts ceiling is never given back', () => {
    const plan = planFor(login, subject, limits);
    const kind = (keys: string[]) => keys.map((k) => k.split(':')[2]);
    expect(kind(plan.resetOnSuccess)).toEqual(['account-ip-failed', 'account-failed']);
    expect(kind(plan.refundOnSuccess)).toEqual(['ip-failed']);
    expect(kind(plan.refundOnNeutral)).toEqual(['ip-failed', 'account-ip-failed', 'account-failed']);
    const attempts = planFor(forgot, subject, limits);
    expect([...attempts.resetOnSuccess, ...attempts.refundOnSuccess, ...attempts.refundOnNeutral]).toEqual([]);
  });

  it('keys: per organization, per address, the account hashed (no e-mail or token in clear)', () => {
    const a = planFor(login, subject, limits).counters.map((c) => c.key);
    const otherOrg = planFor(login, { ...subject, org: 'o2' }, limits).counters.map((c) => c.key);
    const otherIp = planFor(login, { ...subject, address: '198.51.100.1' }, limits).counters.map((c) => c.key);
    const otherAccount = planFor(login, { ...subject, identity: 'bob@x.test' }, limits).counters.map((c) => c.key);
    expect(a.some((k) => otherOrg.includes(k))).toBe(false);
    // another address shares only the account-wide counter
    expect(a.filter((k) => otherIp.includes(k)).map((k) => k.split(':')[2])).toEqual(['account-failed']);
    // another account shares only the address counters
    expect(a.filter((k) => otherAccount.includes(k)).map((k) => k.split(':')[2])).toEqual(['ip-all', 'ip-failed']);
    expect(a.join(' ')).not.toContain('ann@x.test');
    // the forgotten-password budget and the reset budget of the same family are separate counters
    const f = planFor(forgot, subject, limits).counters.map((c) => c.key);
    expect(f.some((k) => planFor(reset, subject, limits).counters.some((c) => c.key === k))).toBe(false);
  });
});

describe('outcomeOf: success, failure or neither', () => {
  const rows: [string, RateLimitSpec, unknown, string][] = [
    ['an answer', login, undefined, 'success'],
    ['wrong password (401)', login, new AppError('INVALID_CREDENTIALS'), 'failure'],
    ['inactive account (401)', login, new AppError('ACCOUNT_INACTIVE'), 'failure'],
    ['wrong PIN (401)', login, new AppError('INVALID_PIN'), 'failure'],
    ['unknown invitation (404)', login, AppError.notFound('invitation'), 'failure'],
    ['forbidden (403)', login, new AppError('FORBIDDEN'), 'failure'],
    ['a malformed body (409, no credential field)', login, AppError.validation({ email: ['The email must be a valid email address.'] }), 'neutral'],
    ['a bad reset token (409 on token)', reset, AppError.validation({ token: ['This link is invalid or has expired.'] }), 'failure'],
    ['a weak new password (409 on password)', reset, AppError.validation({ password: ['too weak'] }), 'neutral'],
    ['a wrong two-factor code (409 on code)', enable2fa, AppError.validation({ code: ['The two-factor code is invalid.'] }), 'failure'],
    ['the service timed out (508)', login, new AppError('RPC_TIMEOUT'), 'neutral'],
    ['an internal error (500)', login, new AppError('INTERNAL'), 'neutral'],
    ['already limited (429)', login, new AppError('TOO_MANY_ATTEMPTS'), 'neutral'],
    ['not an AppError', login, new Error('boom'), 'neutral'],
  ];
  it.each(rows)('%s', (_name, spec, error, expected) => {
    expect(outcomeOf(spec, error)).toBe(expected);
  });
});

describe('identityOf: the account an attempt is about', () => {
  const rows: [string, RateLimitSpec, Parameters<typeof identityOf>[1], string][] = [
    ['e-mail in the body, trimmed and lower case', login, { body: { email: '  Ann@X.Test ' } }, 'ann@x.test'],
    ['e-mail in the query', login, { body: {}, query: { email: 'ann@x.test' } }, 'ann@x.test'],
    ['the body wins over the query', login, { body: { email: 'a@x.test' }, query: { email: 'b@x.test' } }, 'a@x.test'],
    ['no e-mail', login, { body: { password: 'x' } }, ''],
    ['not a string', login, { body: { email: { $ne: 1 } } }, ''],
    ['no body at all', login, {}, ''],
    ['the signed-in user', enable2fa, { body: { email: 'ignored@x.test' }, actor: { userId: 7 } }, 'user:7'],
    ['no signed-in user', enable2fa, { body: {} }, ''],
    ['a route without identity', guest, { body: { email: 'a@x.test' } }, ''],
  ];
  it.each(rows)('%s', (_name, spec, req, expected) => {
    expect(identityOf(spec, req)).toBe(expected);
  });
});

describe('addressKey: the address a counter is kept for', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['', 'unknown'],
    [undefined, 'unknown'],
  ] as const)('%s -> %s', (ip, expected) => {
    expect(addressKey(ip)).toBe(expected);
  });
});

describe('retryAfterSeconds: Retry-After from the remaining life of a counter', () => {
  it.each([
    [59_001, 60, 60],
    [59_000, 60, 59],
    [1, 60, 1],
    [0, 60, 60],
    [-1, 60, 60],
    [-2, 30, 30],
  ])('PTTL %d ms, window %d s -> %d s', (pttl, window, expected) => {
    expect(retryAfterSeconds(pttl, window)).toBe(expected);
  });
});
