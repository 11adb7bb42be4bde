/**
 * Sign-in flows through the gateway (black box): password, wrong password in three languages, e-mail
 * verification (status 2), invitation (complete profile), password reset (single use), PIN, two-factor
 * (TOTP computed here with otplib), logout, rate limit (idle and absolute session expiry: account-security.api-spec.ts), single sign-on without a provider
 * (with one: sso.api-spec.ts).
 */
import { Client } from 'pg';
import { generateSync } from 'otplib';
import { api, createTestOrg, createTestUser, login, TEST_PASSWORD } from '@app/testing';
import { EventTap, GATEWAY, env, orgWithAdmin } from './helpers';

jest.setTimeout(60_000);

const WRONG = 'These credentials do not match our records.';

describe('password sign-in', () => {
  let ctx: Awaited<ReturnType<typeof orgWithAdmin>>;
  beforeAll(async () => {
    ctx = await orgWithAdmin();
  });

  it('status 1 with a token, the flat fields and the profile with the role\'s permission slugs', async () => {
    const r = await ctx.anon.post('/login', { email: ctx.org.admin.email.toUpperCase(), password: ctx.org.admin.password });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, status: 1, email: ctx.org.admin.email, role: 'Admin', two_factor: false, log_token: null, message: 'Signed in successfully.' });
    expect(typeof r.body.token).toBe('string');
    expect(typeof r.body.pin_token).toBe('string');
    expect(r.body.data).toMatchObject({ email: ctx.org.admin.email, is_admin: true, status: 'Active' });
    expect(r.body.data.permissions).toEqual(expect.arrayContaining([{ slug: 'home_show' }, { slug: 'organization_information' }, { slug: 'users_manage' }]));
    const me = await api(GATEWAY, { org: ctx.org.slug, token: r.body.token }).get('/profile');
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(ctx.org.admin.userId);
  });

  it('takes the e-mail from the query, never the password: a password in the query is refused (409 on password), no session', async () => {
    const email = await ctx.anon.post(`/login?email=${encodeURIComponent(ctx.org.admin.email)}`, { password: ctx.org.admin.password });
    expect(email.body.status).toBe(1);
    const r = await ctx.anon.post(`/login?email=${encodeURIComponent(ctx.org.admin.email)}&password=${encodeURIComponent(ctx.org.admin.password)}`, {});
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ success: false, code: 'VALIDATION', errors: { password: ['Credentials must be sent in the request body, not in the address.'] } });
    expect(r.body.token).toBeUndefined();
    // also when the body holds the password as well
    const both = await ctx.anon.post(`/login?password=${encodeURIComponent(ctx.org.admin.password)}`, { email: ctx.org.admin.email, password: ctx.org.admin.password });
    expect([both.status, both.body.token]).toEqual([409, undefined]);
    const pin = await ctx.anon.with({ lang: 'ru' }).post('/token_login?bin_code=12345', { token: 'x' });
    expect([pin.status, pin.body.errors?.bin_code]).toEqual([409, ['Учётные данные нужно передавать в теле запроса, а не в адресе.']]);
  });

  it.each([
    ['en', WRONG],
    ['ar', 'بيانات الاعتماد هذه لا تتطابق مع سجلاتنا.'],
    ['ru', 'Неверный адрес электронной почты или пароль.'],
    ['fr', WRONG],
  ] as const)('a wrong password answers 401 with the message in %s', async (lang, message) => {
    const r = await ctx.anon.with({ lang }).post('/login', { email: ctx.org.admin.email, password: 'Wrong@12345' });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, message });
    expect(r.body.token).toBeUndefined();
  });

  it('an unknown e-mail gets the same answer as a wrong password', async () => {
    const r = await ctx.anon.post('/login', { email: 'nobody@nowhere.test', password: 'Wrong@12345' });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe(WRONG);
  });

  it('validates the body: e-mail required and valid, password required', async () => {
    const r = await ctx.anon.post('/login', { email: 'not-an-email' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: 'Error in validation', errors: { email: ['The email must be a valid email address.'], password: ['This field is required.'] } });
    const ar = await ctx.anon.with({ lang: 'ar' }).post('/login', {});
    expect(ar.body.message).toBe('خطأ في التحقق');
    expect(ar.body.errors.email).toEqual(['هذا الحقل مطلوب.']);
  });

  it('logout ends the session', async () => {
    // a fresh organization: the wrong passwords above count against this administrator's failures
    const other = await orgWithAdmin();
    const c = other.admin;
    expect((await c.get('/profile')).status).toBe(200);
    expect((await c.post('/logout')).status).toBe(200);
    const after = await c.get('/profile');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Authentication Fail');
  });
});

describe('e-mail verification (status 2)', () => {
  it('a changed e-mail must be verified: status 2 without a token, then auth_verification with the e-mailed token', async () => {
    const ctx = await orgWithAdmin();
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const token = await login(GATEWAY, ctx.org.slug, user.email, user.password);
    const me = api(GATEWAY, { org: ctx.org.slug, token });
    const newEmail = `changed-${user.email}`;
    expect((await me.put('/profile', { name: 'Changed', email: newEmail, phone: '123456' })).status).toBe(200);

    const tap = await EventTap.open('organization.v1.email-verification.requested');
    try {
      const r = await ctx.anon.post('/login', { email: newEmail, password: user.password });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 2, token: null });
      const ev = await tap.next((p) => p.userId === user.userId);
      const bad = await ctx.anon.post('/auth_verification', { token: 'x'.repeat(43), email: newEmail });
      expect(bad.status).toBe(409);
      expect(bad.body.errors.token).toEqual(['This link is invalid or has expired.']);
      const ok = await ctx.anon.post('/auth_verification', { token: ev.token, email: newEmail });
      expect(ok.status).toBe(200);
      const again = await ctx.anon.post('/login', { email: newEmail, password: user.password });
      expect(again.body.status).toBe(1);
      expect(typeof again.body.token).toBe('string');
    } finally {
      await tap.close();
    }
  });
});

describe('invitation (complete profile)', () => {
  it('a user added by an administrator sets a password with the invitation token, once', async () => {
    const ctx = await orgWithAdmin();
    const tap = await EventTap.open('organization.v1.user.invited');
    try {
      const email = `invitee-${Date.now()}@example.test`;
      const created = await ctx.admin.post('/users', { name: 'Invited Person', email, phone: '5551234', role_id: (await ctx.admin.get('/roles')).body.data.find((r: { builtin: string }) => r.builtin === 'member').id, team: 'Board' });
      expect(created.status).toBe(200);
      expect(created.body.data.status).toBe('Pending');
      const ev = await tap.next((p) => (p.recipient as { email: string }).email === email);
      expect(ev.invitedBy).toBeTruthy();

      const name = await ctx.anon.get(`/namebytoken/${ev.token}`);
      expect(name.status).toBe(200);
      expect(name.body).toMatchObject({ name: 'Invited Person', email });
      expect((await ctx.anon.get(`/namebytoken/${'y'.repeat(43)}`)).status).toBe(404);

      // pending users cannot sign in yet
      expect((await ctx.anon.post('/login', { email, password: 'Fresh@Pass1' })).status).toBe(401);
      const mismatch = await ctx.anon.post('/complete_profile', { token: ev.token, email, password: 'Fresh@Pass1', password_confirmation: 'Other@Pass1' });
      expect(mismatch.status).toBe(409);
      expect(mismatch.body.errors.password_confirmation).toEqual(['Mismatched password']);
      const done = await ctx.anon.post('/complete_profile', { token: ev.token, email, password: 'Fresh@Pass1', password_confirmation: 'Fresh@Pass1' });
      expect(done.status).toBe(200);
      const twice = await ctx.anon.post('/complete_profile', { token: ev.token, email, password: 'Fresh@Pass2', password_confirmation: 'Fresh@Pass2' });
      expect(twice.status).toBe(409);
      const r = await ctx.anon.post('/login', { email, password: 'Fresh@Pass1' });
      expect(r.body.status).toBe(1);
    } finally {
      await tap.close();
    }
  });
});

describe('password reset', () => {
  it('always the same answer; the reset token works once; old password and old sessions end', async () => {
    const ctx = await orgWithAdmin();
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const oldToken = await login(GATEWAY, ctx.org.slug, user.email, user.password);
    const tap = await EventTap.open('organization.v1.password-reset.requested');
    try {
      const unknown = await ctx.anon.post('/forget_password', { email: 'ghost@nowhere.test' });
      const known = await ctx.anon.post('/forget_password', { email: user.email });
      expect(unknown.status).toBe(200);
      expect(known.status).toBe(200);
      expect(known.body.message).toBe(unknown.body.message);
      expect(known.body.message).toBe('If this e-mail belongs to an account, a password reset link has been sent.');
      const ev = await tap.next((p) => p.userId === user.userId);

      const weak = await ctx.anon.post('/reset_password', { token: ev.token, email: user.email, password: 'weakpass!', password_confirmation: 'weakpass!' });
      expect(weak.status).toBe(409);
      expect(weak.body.errors.password).toEqual(['The password must contain at least one capital letter.']);
      const wrongEmail = await ctx.anon.post('/reset_password', { token: ev.token, email: 'other@example.test', password: 'Brand@New1', password_confirmation: 'Brand@New1' });
      expect(wrongEmail.status).toBe(409);

      const ok = await ctx.anon.post('/reset_password', { token: ev.token, email: user.email, password: 'Brand@New1', password_confirmation: 'Brand@New1' });
      expect(ok.status).toBe(200);
      const twice = await ctx.anon.post('/reset_password', { token: ev.token, email: user.email, password: 'Brand@New2', password_confirmation: 'Brand@New2' });
      expect(twice.status).toBe(409);
      expect(twice.body.errors.token).toEqual(['This link is invalid or has expired.']);

      expect((await api(GATEWAY, { org: ctx.org.slug, token: oldToken }).get('/profile')).status).toBe(401);
      expect((await ctx.anon.post('/login', { email: user.email, password: user.password })).status).toBe(401);
      expect((await ctx.anon.post('/login', { email: user.email, password: 'Brand@New1' })).body.status).toBe(1);
    } finally {
      await tap.close();
    }
  });
});

describe('change password', () => {
  it('needs the current password; new and retype must match', async () => {
    const ctx = await orgWithAdmin();
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const me = api(GATEWAY, { org: ctx.org.slug, token: await login(GATEWAY, ctx.org.slug, user.email, user.password) });
    const missing = await me.post('/change_password', {});
    expect(missing.status).toBe(409);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['current_password', 'password', 'password_confirmation']);
    const mismatch = await me.post('/change_password', { current_password: user.password, password: 'Other@Pass1', password_confirmation: 'Other@Pass2' });
    expect(mismatch.body.errors.password_confirmation).toEqual(['Mismatched password']);
    const wrong = await me.post('/change_password', { current_password: 'Wrong@Pass1', password: 'Other@Pass1', password_confirmation: 'Other@Pass1' });
    expect(wrong.status).toBe(409);
    expect(wrong.body.errors.current_password).toEqual(['The current password is incorrect.']);
    const ok = await me.post('/change_password', { current_password: user.password, password: 'Other@Pass1', password_confirmation: 'Other@Pass1' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password changed successfully.');
    expect((await ctx.anon.post('/login', { email: user.email, password: 'Other@Pass1' })).body.status).toBe(1);
  });
});

describe('PIN sign-in', () => {
  it('set a 5-digit PIN (retyped), then sign in with bin_code and the pin_token of a password sign-in', async () => {
    const ctx = await orgWithAdmin();
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const first = await ctx.anon.post('/login', { email: user.email, password: user.password });
    const me = api(GATEWAY, { org: ctx.org.slug, token: first.body.token });
    expect(first.body.data.pin).toBe(false);

    const bad = await me.post('/pin', { pin: '1234', pin_confirmation: '1234' });
    expect(bad.status).toBe(409);
    expect(bad.body.errors.pin).toEqual(['The PIN must be 5 digits.']);
    const mismatch = await me.post('/pin', { pin: '12345', pin_confirmation: '54321' });
    expect(mismatch.body.errors.pin_confirmation).toEqual(['Mismatched PIN']);
    expect((await me.post('/pin', { pin: '24680', pin_confirmation: '24680' })).status).toBe(200);
    expect((await me.get('/profile')).body.data.pin).toBe(true);

    const ok = await ctx.anon.post('/token_login', { bin_code: '24680', token: first.body.pin_token });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe(1);
    expect(typeof ok.body.token).toBe('string');
    expect((await api(GATEWAY, { org: ctx.org.slug, token: ok.body.token }).get('/profile')).body.data.id).toBe(user.userId);

    const wrong = await ctx.anon.post('/token_login', { bin_code: '11111', token: first.body.pin_token });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('The PIN does not match our records.');
    const badToken = await ctx.anon.post('/token_login', { bin_code: '24680', token: 'z'.repeat(43) });
    expect(badToken.status).toBe(401);
    const shape = await ctx.anon.post('/token_login', { bin_code: '2468' });
    expect(shape.status).toBe(409);
    expect(shape.body.errors).toMatchObject({ bin_code: ['The PIN must be 5 digits.'], token: ['This field is required.'] });
  });
});

describe('two-factor', () => {
  it('enrol with a TOTP code, then sign in with log_token and a code', async () => {
    const ctx = await orgWithAdmin();
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const me = api(GATEWAY, { org: ctx.org.slug, token: await login(GATEWAY, ctx.org.slug, user.email, user.password) });
    const setup = await me.post('/two_factor/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.data.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const secret = setup.body.data.secret as string;

    const wrongCode = await me.post('/two_factor/enable', { code: '000000' === generateSync({ secret }) ? '111111' : '000000' });
    expect(wrongCode.status).toBe(409);
    const on = await me.post('/two_factor/enable', { code: generateSync({ secret }) });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe('Two-factor authentication activated.');
    // the seed is stored sealed: neither column holds it, and the sealed value is bound to this user's row
    const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    try {
      const row = (await db.query('select two_factor_secret, two_factor_pending_secret from organization.users where org_id = $1 and id = $2', [ctx.org.orgId, user.userId])).rows[0];
      expect(row.two_factor_pending_secret).toBeNull();
      expect(row.two_factor_secret).toMatch(/^v1\./);
      expect(row.two_factor_secret).not.toContain(secret);
    } finally {
      await db.end();
    }

    const step1 = await ctx.anon.post('/login', { email: user.email, password: user.password });
    expect(step1.body).toMatchObject({ status: 1, two_factor: true, token: null });
    expect(typeof step1.body.log_token).toBe('string');

    const bad = await ctx.anon.post('/two_auth_factor', { log_token: step1.body.log_token, code: generateSync({ secret }) === '123456' ? '654321' : '123456' });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('The two-factor code is invalid.');
    // the step of the enrolling code is used: sign in with the next one (one step of drift is accepted)
    const step2 = await ctx.anon.post('/two_auth_factor', { log_token: step1.body.log_token, code: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) });
    expect(step2.status).toBe(200);
    expect(step2.body.status).toBe(1);
    expect(typeof step2.body.token).toBe('string');
    // the step token is single use
    const reuse = await ctx.anon.post('/two_auth_factor', { log_token: step1.body.log_token, code: generateSync({ secret }) });
    expect(reuse.status).toBe(401);

    // a seed stored before seeds were sealed (plain text) still signs in, and is sealed on that sign-in
    const admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      // (a row from before seeds were sealed has no used time step either)
      await admin.query('update organization.users set two_factor_secret = $3, totp_last_step = null where org_id = $1 and id = $2', [ctx.org.orgId, user.userId, secret]);
      const legacy1 = await ctx.anon.post('/login', { email: user.email, password: user.password });
      const legacy2 = await ctx.anon.post('/two_auth_factor', { log_token: legacy1.body.log_token, code: generateSync({ secret }) });
      expect(legacy2.status).toBe(200);
      const stored = (await admin.query('select two_factor_secret from organization.users where org_id = $1 and id = $2', [ctx.org.orgId, user.userId])).rows[0].two_factor_secret;
      expect(stored).toMatch(/^v1\./);
      // copied to another user's row, the sealed seed does not open there
      const other = await createTestUser(env.NATS_URL, ctx.org.orgId);
      await admin.query('update organization.users set two_factor_enabled = true, two_factor_secret = $3 where org_id = $1 and id = $2', [ctx.org.orgId, other.userId, stored]);
      const o1 = await ctx.anon.post('/login', { email: other.email, password: other.password });
      expect(o1.body.two_factor).toBe(true);
      const o2 = await ctx.anon.post('/two_auth_factor', { log_token: o1.body.log_token, code: generateSync({ secret }) });
      expect(o2.status).toBe(401);
      expect(o2.body.message).toBe('The two-factor code is invalid.');
    } finally {
      await admin.end();
    }

    const off = await api(GATEWAY, { org: ctx.org.slug, token: step2.body.token }).post('/two_factor/disable', { password: user.password });
    expect(off.status).toBe(200);
    expect((await ctx.anon.post('/login', { email: user.email, password: user.password })).body.two_factor).toBe(false);
  });
});

describe('rate limit', () => {
  it('answers 429 Too Many Attempts. after too many sign-in attempts', async () => {
    const org = await createTestOrg(env.NATS_URL);
    const anon = api(GATEWAY, { org: org.slug });
    const statuses: number[] = [];
    for (let i = 0; i < 25 && !statuses.includes(429); i++) {
      statuses.push((await anon.post('/login', { email: org.admin.email, password: 'Wrong@12345' })).status);
    }
    expect(statuses[0]).toBe(401);
    expect(statuses).toContain(429);
    const r = await anon.with({ lang: 'ru' }).post('/login', { email: org.admin.email, password: TEST_PASSWORD });
    expect(r.status).toBe(429);
    expect(r.body.message).toBe('Слишком много попыток.');
    expect((await anon.post('/login', { email: org.admin.email, password: TEST_PASSWORD })).body.message).toBe('Too Many Attempts.');
  });
});

describe('single sign-on', () => {
  it('without a provider: sso false', async () => {
    const ctx = await orgWithAdmin();
    const r = await ctx.anon.upload('/sso/check', { email: ctx.org.admin.email }, {});
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ sso: false, url: null });
  });
});
