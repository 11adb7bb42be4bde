/**
 * Account controls through the gateway (docs/security.md#accounts-passwords-second-factor-sessions-single-sign-on-roles):
 * second-factor failures counted per account whatever log_token carries them, TOTP replay, PIN lockout, the rate-limited
 * password change that ends the user's other sessions and device tokens, and the absolute session lifetime of a gateway
 * started here with short configured lifetimes.
 */
import 'reflect-metadata';
import * as net from 'node:net';
import { Client } from 'pg';
import { generateSync } from 'otplib';
import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { parseConfig } from '@app/platform';
import { api, createTestOrg, createTestUser, login, type ApiClient } from '@app/testing';
import { GatewayModule } from '../../../services/gateway/src/app.module';
import { gatewayConfigSchema } from '../../../services/gateway/src/config';
import { GATEWAY, env, orgWithAdmin } from './helpers';

jest.setTimeout(90_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A code for the next time step: accepted (one step of drift) and later than any step used so far. */
const nextCode = (secret: string) => generateSync({ secret, epoch: nowSeconds() + 30 });
/** A code that no step within the drift window matches. */
function wrongCode(secret: string): string {
  const valid = new Set([-30, 0, 30, 60].map((d) => generateSync({ secret, epoch: nowSeconds() + d })));
  for (let n = 100000; ; n++) if (!valid.has(String(n))) return String(n);
}

async function sql<T = Record<string, unknown>>(text: string, params: unknown[]): Promise<T[]> {
  const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
  await db.connect();
  try {
    return (await db.query(text, params)).rows as T[];
  } finally {
    await db.end();
  }
}

/** A user of a fresh organization with two-factor on (enrolled with the current code). */
async function twoFactorUser(): Promise<{ anon: ApiClient; email: string; password: string; userId: number; orgId: string; secret: string }> {
  const ctx = await orgWithAdmin();
  const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
  const me = api(GATEWAY, { org: ctx.org.slug, token: await login(GATEWAY, ctx.org.slug, user.email, user.password) });
  const secret = (await me.post('/two_factor/setup')).body.data.secret as string;
  expect((await me.post('/two_factor/enable', { code: generateSync({ secret }) })).status).toBe(200);
  return { anon: ctx.anon, email: user.email, password: user.password, userId: user.userId, orgId: ctx.org.orgId, secret };
}

describe('second factor', () => {
  it('failed codes count per account: a new log_token does not reset them; the lock holds even for the right code', async () => {
    const u = await twoFactorUser();
    for (let i = 0; i < 5; i++) {
      const step1 = await u.anon.post('/login', { email: u.email, password: u.password });
      expect(step1.body.two_factor).toBe(true);
      const r = await u.anon.post('/two_auth_factor', { log_token: step1.body.log_token, code: wrongCode(u.secret) });
      expect(r.status).toBe(401);
      expect(r.body.message).toBe('The two-factor code is invalid.');
    }
    const fresh = await u.anon.post('/login', { email: u.email, password: u.password });
    const locked = await u.anon.post('/two_auth_factor', { log_token: fresh.body.log_token, code: nextCode(u.secret) });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too Many Attempts.');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    const [row] = await sql<{ second_factor_failures: number }>('select second_factor_failures from organization.users where org_id = $1 and id = $2', [u.orgId, u.userId]);
    expect(row.second_factor_failures).toBe(5);

    // the lock over (its time moved back), the right code signs in and clears the count
    await sql("update organization.users set second_factor_failed_at = now() - interval '1 hour' where org_id = $1 and id = $2", [u.orgId, u.userId]);
    const ok = await u.anon.post('/two_auth_factor', { log_token: fresh.body.log_token, code: nextCode(u.secret) });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe('string');
    const [after] = await sql<{ second_factor_failures: number }>('select second_factor_failures from organization.users where org_id = $1 and id = $2', [u.orgId, u.userId]);
    expect(after.second_factor_failures).toBe(0);
  });

  it('a code (a time step) is accepted once: the same code with a new log_token is refused, and so is an older step', async () => {
    const u = await twoFactorUser();
    const code = nextCode(u.secret);
    const first = await u.anon.post('/login', { email: u.email, password: u.password });
    const ok = await u.anon.post('/two_auth_factor', { log_token: first.body.log_token, code });
    expect(ok.status).toBe(200);
    const second = await u.anon.post('/login', { email: u.email, password: u.password });
    const replay = await u.anon.post('/two_auth_factor', { log_token: second.body.log_token, code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('The two-factor code is invalid.');
    // the code of the current step is older than the one used: refused too
    const older = await u.anon.post('/two_auth_factor', { log_token: second.body.log_token, code: generateSync({ secret: u.secret }) });
    expect(older.status).toBe(401);
  });
});

describe('PIN', () => {
  it('locked after 5 wrong PINs of the account (across device tokens): every device token is revoked until a password sign-in', async () => {
    const ctx = await orgWithAdmin();
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const deviceA = await ctx.anon.post('/login', { email: user.email, password: user.password });
    const me = api(GATEWAY, { org: ctx.org.slug, token: deviceA.body.token });
    expect((await me.post('/pin', { pin: '24680', pin_confirmation: '24680' })).status).toBe(200);
    const deviceB = await ctx.anon.post('/login', { email: user.email, password: user.password });

    for (let i = 0; i < 4; i++) {
      const r = await ctx.anon.post('/token_login', { bin_code: '11111', token: deviceA.body.pin_token });
      expect(r.status).toBe(401);
      expect(r.body.message).toBe('The PIN does not match our records.');
    }
    // the fifth, on another device's token (a new token does not reset the account's count)
    const fifth = await ctx.anon.post('/token_login', { bin_code: '11111', token: deviceB.body.pin_token });
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('Too Many Attempts.');
    for (const token of [deviceA.body.pin_token, deviceB.body.pin_token]) {
      const right = await ctx.anon.post('/token_login', { bin_code: '24680', token });
      expect(right.status).toBe(401);
    }
    const again = await ctx.anon.post('/login', { email: user.email, password: user.password });
    const pin = await ctx.anon.post('/token_login', { bin_code: '24680', token: again.body.pin_token });
    expect(pin.status).toBe(200);
    expect(pin.body.status).toBe(1);
  });

  it('a right PIN clears the wrong ones before it', async () => {
    const ctx = await orgWithAdmin();
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const device = await ctx.anon.post('/login', { email: user.email, password: user.password });
    await api(GATEWAY, { org: ctx.org.slug, token: device.body.token }).post('/pin', { pin: '13579', pin_confirmation: '13579' });
    for (let i = 0; i < 3; i++) expect((await ctx.anon.post('/token_login', { bin_code: '11111', token: device.body.pin_token })).status).toBe(401);
    expect((await ctx.anon.post('/token_login', { bin_code: '13579', token: device.body.pin_token })).status).toBe(200);
    const [row] = await sql<{ pin_failures: number }>('select pin_failures from organization.users where org_id = $1 and id = $2', [ctx.org.orgId, user.userId]);
    expect(row.pin_failures).toBe(0);
  });
});

describe('POST /api/change_password', () => {
  it('wrong current passwords are limited per account: 429 Too Many Attempts., not one 409 after another', async () => {
    const ctx = await orgWithAdmin();
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const me = api(GATEWAY, { org: ctx.org.slug, token: await login(GATEWAY, ctx.org.slug, user.email, user.password) });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await me.post('/change_password', { current_password: `Wrong@${i}2345`, password: 'Newpass@123', password_confirmation: 'Newpass@123' })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([409, 409, 409, 409, 409]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const right = await me.post('/change_password', { current_password: user.password, password: 'Newpass@123', password_confirmation: 'Newpass@123' });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too Many Attempts.');
    // nothing changed: the old password still signs in
    expect((await ctx.anon.post('/login', { email: user.email, password: user.password })).body.status).toBe(1);
  });

  it("on success the user's other sessions and PIN device tokens end; the session that changed it stays", async () => {
    const ctx = await orgWithAdmin();
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const a = await ctx.anon.post('/login', { email: user.email, password: user.password });
    const b = await ctx.anon.post('/login', { email: user.email, password: user.password });
    const sessionA = api(GATEWAY, { org: ctx.org.slug, token: a.body.token });
    const sessionB = api(GATEWAY, { org: ctx.org.slug, token: b.body.token });
    expect((await sessionA.post('/pin', { pin: '24680', pin_confirmation: '24680' })).status).toBe(200);
    expect((await sessionB.get('/profile')).status).toBe(200);

    const r = await sessionA.post('/change_password', { current_password: user.password, password: 'Newpass@123', password_confirmation: 'Newpass@123' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Password changed successfully.' });
    expect((await sessionA.get('/profile')).status).toBe(200);
    const ended = await sessionB.get('/profile');
    expect(ended.status).toBe(401);
    expect(ended.body.message).toBe('Authentication Fail');
    for (const token of [a.body.pin_token, b.body.pin_token]) {
      expect((await ctx.anon.post('/token_login', { bin_code: '24680', token })).status).toBe(401);
    }
    expect((await ctx.anon.post('/login', { email: user.email, password: 'Newpass@123' })).body.status).toBe(1);
  });
});

describe('session lifetimes, as configured on a gateway started here (idle 2.4 s, absolute 7.2 s)', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    const config = parseConfig(gatewayConfigSchema, {
      NATS_URL: env.NATS_URL, REDIS_URL: env.REDIS_URL, HTTP_PORT: '0', LOG_LEVEL: 'silent',
      S3_ENDPOINT: env.S3_ENDPOINT, S3_ACCESS_KEY: env.S3_ACCESS_KEY, S3_SECRET_KEY: env.S3_SECRET_KEY, S3_BUCKET: env.S3_BUCKET, S3_REGION: env.S3_REGION,
      WEB_DIST: '/nonexistent', IDLE_TIMEOUT_MINUTES: '0.04', SESSION_LIFETIME_MINUTES: '0.12',
    });
    app = await NestFactory.create(GatewayModule.register(config), { logger: false });
    app.setGlobalPrefix('api', { exclude: ['health', 'metrics'] });
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as net.AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('a session idle longer than the idle window ends', async () => {
    const ctx = await orgWithAdmin();
    const me = api(url, { org: ctx.org.slug, token: ctx.token });
    expect((await me.get('/profile')).status).toBe(200);
    await sleep(3200);
    const r = await me.get('/profile');
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Authentication Fail');
  });

  it('activity slides the idle window, but never past the absolute lifetime', async () => {
    const org = await createTestOrg(env.NATS_URL);
    const before = Date.now();
    const token = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
    const after = Date.now();
    // the session was created between `before` and `after`
    const me = api(url, { org: org.slug, token });
    const seen: { sent: number; received: number; status: number }[] = [];
    while (Date.now() - after < 9500) {
      const sent = Date.now();
      const status = (await me.get('/profile')).status;
      seen.push({ sent, received: Date.now(), status });
      await sleep(700);
    }
    // alive well past one idle window (2.4 s) while active: every answer received before 7.2 s after `before`
    const early = seen.filter((s) => s.received - before < 7200);
    expect(early.some((s) => s.received - before > 4500)).toBe(true);
    expect(early.map((s) => s.status)).toEqual(early.map(() => 200));
    // ... and over at the absolute limit however active: every request sent 7.2 s or more after `after`
    const late = seen.filter((s) => s.sent - after >= 7200);
    expect(late.length).toBeGreaterThan(0);
    expect(late.map((s) => s.status)).toEqual(late.map(() => 401));
  });
});
