import { randomBytes } from 'node:crypto';
import { api, createTestOrg, testEnv } from '@app/testing';

/**
 * Rate limits kept in Redis (platform.md §8 '429 Too Many Attempts.'): PIN sign-in, password reset, two-factor,
 * e-mail verification and guest links answer 429 once their window's budget is spent. Each row uses a fresh
 * organization, because the budget is per (organization, client, identity).
 */
const env = testEnv();
const token = () => randomBytes(24).toString('base64url');

const cases: [string, 'GET' | 'POST', string, () => Record<string, unknown> | undefined][] = [
  ['PIN sign-in', 'POST', '/token_login', () => ({ bin_code: '12345', token: token() })],
  ['forgot password', 'POST', '/forget_password', () => ({ email: 'nobody@example.test' })],
  ['reset password', 'POST', '/reset_password', () => ({ token: token(), email: 'nobody@example.test', password: 'Valid@12345', password_confirmation: 'Valid@12345' })],
  ['two-factor step', 'POST', '/two_auth_factor', () => ({ log_token: token(), code: '123456' })],
  ['e-mail verification', 'POST', '/auth_verification', () => ({ token: token(), email: 'nobody@example.test' })],
  ['guest meeting link', 'GET', `/meeting/guest/${token()}`, () => undefined],
  ['guest NDA link', 'GET', `/nda/guest/${token()}`, () => undefined],
];

describe('rate limits answer 429 Too Many Attempts.', () => {
  it.each(cases)('%s', async (_name, method, path, body) => {
    const org = await createTestOrg(env.NATS_URL);
    const client = api(env.TEST_GATEWAY_URL, { org: org.slug });
    const statuses: number[] = [];
    // the budgets are 10 (sign-in family) and 60 (guest links) per window: 70 requests exceed either
    for (let i = 0; i < 70 && !statuses.includes(429); i++) {
      const r = method === 'GET' ? await client.get(path) : await client.post(path, body());
      statuses.push(r.status);
    }
    expect(statuses).toContain(429);
    const before = statuses.slice(0, statuses.indexOf(429));
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.every((s) => s !== 429 && s < 500)).toBe(true);
    const last = method === 'GET' ? await client.get(path) : await client.post(path, body());
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ success: false, code: 'TOO_MANY_ATTEMPTS', message: 'Too Many Attempts.' });
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    // another organization's budget is untouched
    const other = await createTestOrg(env.NATS_URL);
    const fresh = api(env.TEST_GATEWAY_URL, { org: other.slug });
    const r = method === 'GET' ? await fresh.get(path) : await fresh.post(path, body());
    expect(r.status).not.toBe(429);
  });
});
