import { randomBytes } from 'node:crypto';
import { api, createTestOrg, testEnv } from '@app/testing';

/**
 * Rate limits kept in Redis (docs/product/errors.md#the-catalogue '429 Too Many Attempts.'; docs/conventions.md "Rate limits and
 * trusted proxies"): PIN sign-in, password reset, two-factor, e-mail verification and guest links answer 429
 * once their budget is spent, with Retry-After. Each row uses a fresh organization, because the budgets are
 * per organization. With the gateway's defaults the budget of each row is:
 * - a random token on every attempt (PIN, two-factor): the address' failures, AUTH_IP_FAILURE_LIMIT = 30;
 * - one e-mail with a wrong token (reset, verification): that account's failures at this address, AUTH_FAILURE_LIMIT = 5;
 * - forgotten password (always the same answer, so every attempt counts): AUTH_RATE_LIMIT = 10;
 * - guest links (every attempt counts): GUEST_RATE_LIMIT = 60.
 */
const env = testEnv();
const token = () => randomBytes(24).toString('base64url');
const WINDOW_SECONDS = 60;

const cases: [string, 'GET' | 'POST', string, () => Record<string, unknown> | undefined, number][] = [
  ['PIN sign-in', 'POST', '/token_login', () => ({ bin_code: '12345', token: token() }), 30],
  ['forgot password', 'POST', '/forget_password', () => ({ email: 'nobody@example.test' }), 10],
  ['reset password', 'POST', '/reset_password', () => ({ token: token(), email: 'nobody@example.test', password: 'Valid@12345', password_confirmation: 'Valid@12345' }), 5],
  ['two-factor step', 'POST', '/two_auth_factor', () => ({ log_token: token(), code: '123456' }), 30],
  ['e-mail verification', 'POST', '/auth_verification', () => ({ token: token(), email: 'nobody@example.test' }), 5],
  ['guest meeting link', 'GET', `/meeting/guest/${token()}`, () => undefined, 60],
  ['guest NDA link', 'GET', `/nda/guest/${token()}`, () => undefined, 60],
];

describe('rate limits answer 429 Too Many Attempts.', () => {
  it.each(cases)('%s (budget %d)', async (_name, method, path, body, budget) => {
    const org = await createTestOrg(env.NATS_URL);
    const client = api(env.TEST_GATEWAY_URL, { org: org.slug });
    const statuses: number[] = [];
    for (let i = 0; i < 70 && !statuses.includes(429); i++) {
      const r = method === 'GET' ? await client.get(path) : await client.post(path, body());
      statuses.push(r.status);
    }
    expect(statuses).toContain(429);
    const before = statuses.slice(0, statuses.indexOf(429));
    expect(before.length).toBe(budget);
    expect(before.every((s) => s !== 429 && s < 500)).toBe(true);
    const last = method === 'GET' ? await client.get(path) : await client.post(path, body());
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS', message: 'Too Many Attempts.' });
    const seconds = Number(last.headers.get('retry-after'));
    expect(Number.isInteger(seconds) && seconds > 0 && seconds <= WINDOW_SECONDS).toBe(true);
    // another organization's budget is untouched
    const other = await createTestOrg(env.NATS_URL);
    const fresh = api(env.TEST_GATEWAY_URL, { org: other.slug });
    const r = method === 'GET' ? await fresh.get(path) : await fresh.post(path, body());
    expect(r.status).not.toBe(429);
  });
});
