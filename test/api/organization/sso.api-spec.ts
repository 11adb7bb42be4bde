/**
 * Single sign-on through the gateway (black box) against a real OpenID provider (oidc-provider) that this
 * test starts as its own small process on a loopback port: the administrator's settings (secret never answered, "test the
 * connection", bad input), then check -> the provider's login page -> callback (attempt cookie) ->
 * exchange, and the callback's refusals.
 */
import { randomBytes } from 'node:crypto';
import { api, createTestUser } from '@app/testing';
import { signInAtProvider } from '@app/testing/oidc-browser';
import { startOidcProviderProcess, type OidcProviderProcess } from '@app/testing/oidc-provider-process';
import { GATEWAY, env, orgWithAdmin } from './helpers';

jest.setTimeout(60_000);

const SECRET = `client-secret-${randomBytes(8).toString('hex')}`;

/** POST /api/sso/check as the sign-in page sends it (multipart `email`): the body and the attempt cookie. */
async function check(slug: string, email: string): Promise<{ status: number; body: any; cookie: string | null }> {
  const form = new FormData();
  form.set('email', email);
  const r = await fetch(`${GATEWAY}/api/sso/check`, { method: 'POST', headers: { 'x-org': slug }, body: form });
  const set = r.headers.getSetCookie().find((c) => c.startsWith('sso_attempt='));
  return { status: r.status, body: await r.json(), cookie: set ? set.split(';')[0] : null };
}

/** The provider's return, delivered to the gateway as the browser would (same query, the attempt cookie). */
function callback(providerReturn: URL, opts: { slug?: string; cookie?: string | null }) {
  const headers: Record<string, string> = {};
  if (opts.slug) headers['x-org'] = opts.slug;
  if (opts.cookie) headers.cookie = opts.cookie;
  return fetch(`${GATEWAY}/api/sso/callback${providerReturn.search}`, { redirect: 'manual', headers });
}

describe('single sign-on (OpenID Connect) through the gateway', () => {
  let ctx: Awaited<ReturnType<typeof orgWithAdmin>>;
  let op: OidcProviderProcess;
  let redirectUri: string;
  let domains: string[];

  beforeAll(async () => {
    ctx = await orgWithAdmin();
    const before = await ctx.admin.get('/sso/settings');
    expect(before.status).toBe(200);
    redirectUri = before.body.data.redirect_uri;
    op = await startOidcProviderProcess({ clients: [{ client_id: 'boardroom', client_secret: SECRET, redirect_uris: [redirectUri] }] });
    // existing accounts of the test users' and the administrator's domains may be linked to the provider (with the list empty none is)
    domains = ['example.test', `${ctx.org.slug}.test`];
    const put = await ctx.admin.put('/sso/settings', { provider: 'oidc', issuer: op.issuer, client_id: 'boardroom', client_secret: SECRET, allowed_domains: domains });
    expect(put.status).toBe(200);
  });

  afterAll(async () => {
    await op?.stop();
  });

  it('the settings answer the redirect URI on the organization host and never the client secret', async () => {
    expect(new URL(redirectUri).hostname).toBe(`${ctx.org.slug}.localhost`);
    const r = await ctx.admin.get('/sso/settings');
    expect(r.body.data).toMatchObject({ provider: 'oidc', issuer: op.issuer, client_id: 'boardroom', has_client_secret: true, unknown_user: 'refuse', two_factor: 'organization' });
    expect(JSON.stringify(r.body)).not.toContain(SECRET);
  });

  it('"test the connection" answers what discovery found; an unreachable issuer is 409 on the issuer field', async () => {
    const ok = await ctx.admin.post('/sso/settings/test', { issuer: op.issuer });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ issuer: op.issuer, token_endpoint: `${op.issuer}/token`, pkce_s256: true });
    const bad = await ctx.admin.post('/sso/settings/test', { issuer: 'http://127.0.0.1:9' });
    expect(bad.status).toBe(409);
    expect(bad.body.errors.issuer).toEqual(['The provider could not be reached or has no OpenID configuration.']);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an issuer that is not http(s)', { issuer: 'ftp://idp.test' }, 'issuer'],
    ['an issuer with a query', { issuer: 'https://idp.test/?x=1' }, 'issuer'],
    ['a role id given as true', { unknown_user: 'create', create_role_id: true }, 'create_role_id'],
    ['a role id given as [1]', { unknown_user: 'create', create_role_id: [1] }, 'create_role_id'],
    ['"create" without a role', { unknown_user: 'create' }, 'create_role_id'],
    ['a bad e-mail domain', { allowed_domains: ['not a domain'] }, 'allowed_domains.0'],
    ['an unknown policy', { unknown_user: 'maybe' }, 'unknown_user'],
  ])('%s is 409 and changes nothing', async (_n, change, field) => {
    const r = await ctx.admin.put('/sso/settings', { provider: 'oidc', issuer: op.issuer, client_id: 'boardroom', ...change });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Error in validation');
    expect(Object.keys(r.body.errors)).toContain(field);
    expect((await ctx.admin.get('/sso/settings')).body.data).toMatchObject({ issuer: op.issuer, unknown_user: 'refuse', allowed_domains: domains });
  });

  it('a member cannot read or change the settings', async () => {
    const m = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const token = (await ctx.anon.post('/login', { email: m.email, password: m.password })).body.token;
    const member = api(GATEWAY, { org: ctx.org.slug, token });
    expect((await member.get('/sso/settings')).status).toBe(403);
    expect((await member.put('/sso/settings', { provider: 'none' })).status).toBe(403);
  });

  it('check -> provider login page -> callback -> exchange gives a session; the secret is single use', async () => {
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    const c = await check(ctx.org.slug, user.email);
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ success: true, sso: true, data: { provider: 'oidc' } });
    expect(c.cookie).toMatch(/^sso_attempt=/);
    const back = await signInAtProvider(c.body.url, user.email, redirectUri);
    const cb = await callback(back, { slug: ctx.org.slug, cookie: c.cookie });
    expect(cb.status).toBe(302);
    const location = new URL(cb.headers.get('location')!);
    expect(location.hostname).toBe(`${ctx.org.slug}.localhost`);
    expect(location.pathname).toBe('/auth/login');
    const secret = location.searchParams.get('secret')!;
    const exchange = () => fetch(`${GATEWAY}/api/sso/exchange`, {
      method: 'POST', headers: { 'x-org': ctx.org.slug, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ secret }),
    });
    const ex = await exchange();
    const body = (await ex.json()) as { status: number; email: string; token: string };
    expect(ex.status).toBe(200);
    expect(body).toMatchObject({ status: 1, email: user.email });
    expect((await api(GATEWAY, { org: ctx.org.slug, token: body.token }).get('/profile')).body.data.id).toBe(user.userId);
    expect((await exchange()).status).toBe(401);
  });

  it("a return without this browser's attempt cookie lands on the SSO page with the refusal (on the organization host)", async () => {
    const c = await check(ctx.org.slug, ctx.org.admin.email);
    const back = await signInAtProvider(c.body.url, ctx.org.admin.email, redirectUri);
    const cb = await callback(back, { slug: ctx.org.slug, cookie: null });
    expect(cb.status).toBe(302);
    const location = new URL(cb.headers.get('location')!);
    expect(location.pathname).toBe('/auth/sso');
    expect(location.searchParams.get('error')).toBe('SSO_FAILED');
  });

  it('a replayed callback is refused with a message, not a 500 (no organization host: JSON)', async () => {
    const c = await check(ctx.org.slug, ctx.org.admin.email);
    const back = await signInAtProvider(c.body.url, ctx.org.admin.email, redirectUri);
    expect((await callback(back, { cookie: c.cookie })).status).toBe(302);
    const again = await callback(back, { cookie: c.cookie });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { message: string }).message).toBe('Single sign-on failed. Please try again.');
  });

  it("the provider's error answer is refused cleanly", async () => {
    const c = await check(ctx.org.slug, ctx.org.admin.email);
    const state = new URL(c.body.url).searchParams.get('state')!;
    const r = await callback(new URL(`${redirectUri}?error=access_denied&state=${encodeURIComponent(state)}`), { cookie: c.cookie });
    expect(r.status).toBe(401);
    expect(((await r.json()) as { message: string }).message).toBe('The identity provider did not sign you in.');
  });

  it('an unverified e-mail at the provider is refused', async () => {
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    await op.setAccount(user.email, { email: user.email, email_verified: false });
    const c = await check(ctx.org.slug, user.email);
    const back = await signInAtProvider(c.body.url, user.email, redirectUri);
    const r = await callback(back, { slug: ctx.org.slug, cookie: c.cookie });
    expect(new URL(r.headers.get('location')!).searchParams.get('error')).toBe('SSO_EMAIL_NOT_VERIFIED');
  });

  /** sign in at the provider as `login` and deliver the return to the gateway: the error code of the refusal, or null */
  async function refusalFor(login: string): Promise<string | null> {
    const c = await check(ctx.org.slug, ctx.org.admin.email);
    const back = await signInAtProvider(c.body.url, login, redirectUri);
    const r = await callback(back, { slug: ctx.org.slug, cookie: c.cookie });
    return new URL(r.headers.get('location')!).searchParams.get('error');
  }

  it("whoever controls the provider cannot take over the administrator's account: never linked with allowed_domains empty", async () => {
    const settings = (list: string[]) => ctx.admin.put('/sso/settings', { provider: 'oidc', issuer: op.issuer, client_id: 'boardroom', allowed_domains: list });
    // an administrator who never signed in through the provider (so bound to no subject)
    const admin = await createTestUser(env.NATS_URL, ctx.org.orgId, { role: 'admin' });
    expect((await settings([])).status).toBe(200);
    try {
      const impostor = `provider-admin-${Date.now()}`;
      await op.setAccount(impostor, { email: admin.email, email_verified: true });
      expect(await refusalFor(impostor)).toBe('SSO_LINK_NOT_ALLOWED');
      // nor with the address the account itself would use at the provider
      expect(await refusalFor(admin.email)).toBe('SSO_LINK_NOT_ALLOWED');
    } finally {
      expect((await settings(domains)).status).toBe(200);
    }
  });

  it("an account bound to one subject is refused to another subject with the same e-mail", async () => {
    const user = await createTestUser(env.NATS_URL, ctx.org.orgId);
    expect(await refusalFor(user.email)).toBeNull();
    const impostor = `same-email-${Date.now()}`;
    await op.setAccount(impostor, { email: user.email, email_verified: true });
    expect(await refusalFor(impostor)).toBe('SSO_ACCOUNT_LINKED');
    // the bound subject still signs in
    expect(await refusalFor(user.email)).toBeNull();
  });
});
