/**
 * Single sign-on against a real OpenID provider (oidc-provider, certified) running in this process, with
 * the organization service in-process on real PostgreSQL, NATS and Redis. The provider's own login page
 * is driven over HTTP as a browser would; tampered ID tokens are re-signed by the provider's key (or a
 * foreign one) so that each check of the client is seen to refuse.
 */
import 'reflect-metadata';
import { createHash, randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import {
  GetActor, GetSsoSettings, ListLogs, SsoCallback, SsoCheck, SsoExchange, TestSsoConnection, UpdateSsoSettings,
  type Actor, type SsoSettings,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { createTestOrg, createTestUser, testEnv, type TestOrg } from '@app/testing';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '@app/testing/oidc-provider';
import { OrganizationModule } from '../src/app.module';
import { loadOrganizationConfig } from '../src/config';
import { OrgDb } from '../src/common/org-db';
import { RolesRepository } from '../src/repositories/roles.repository';
import { organizations, users } from '../src/db/schema';

jest.setTimeout(60_000);

const env = testEnv();
const BASE = 'localhost:3000';
const SECRET_A = `client-secret-a-${randomBytes(8).toString('hex')}`;
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const redirectOf = (slug: string) => `http://${slug}.${BASE}/api/sso/callback`;

describe('organization service: single sign-on (openid-client against oidc-provider)', () => {
  let app: INestApplicationContext;
  let bus: Bus;
  let db: OrgDb;
  let op: TestOidcProvider;
  let a: TestOrg;
  let b: TestOrg;
  let adminA: Actor;
  let adminB: Actor;
  let memberRoleA: number;

  /** the domains of the test users and of both organizations' admins: existing accounts may be linked */
  const domains = () => ['example.test', `${a.slug}.test`, `${b.slug}.test`];
  const oidcSettings = (over: Partial<Extract<SsoSettings, { provider: 'oidc' }>> = {}): SsoSettings => ({
    provider: 'oidc', issuer: op.issuer, client_id: 'boardroom-a', client_secret: SECRET_A, allowed_domains: domains(), unknown_user: 'refuse', create_role_id: null, two_factor: 'organization', ...over,
  });

  /** check at the organization, sign in at the provider's login page: the callback URL and the browser's attempt cookie hash */
  async function attempt(org: TestOrg, login: string): Promise<{ url: URL; browser: string }> {
    const browser = sha256(randomBytes(32).toString('base64url'));
    const check = await bus.request(SsoCheck, { orgId: org.orgId, email: login, browser });
    expect(check).toMatchObject({ sso: true, provider: 'oidc' });
    return { url: await signInAtProvider(check.url!, login, redirectOf(org.slug)), browser };
  }
  function callback(url: URL, browser: string | null, orgSlug: string | null = null) {
    const q = (k: string) => url.searchParams.get(k);
    return bus.request(SsoCallback, { orgSlug, browser, state: q('state')!, code: q('code'), iss: q('iss'), error: q('error') });
  }
  async function signIn(org: TestOrg, login: string) {
    const { url, browser } = await attempt(org, login);
    const { secret, slug } = await callback(url, browser, org.slug);
    expect(slug).toBe(org.slug);
    return bus.request(SsoExchange, { orgId: org.orgId, secret });
  }
  const settingsOf = (org: TestOrg, actor: Actor, s: SsoSettings) => bus.request(UpdateSsoSettings, { orgId: org.orgId, actor, settings: s });

  beforeAll(async () => {
    const config = loadOrganizationConfig({
      ...env, HTTP_PORT: '0', LOG_LEVEL: 'warn', ARGON2_MEMORY_KIB: '4096', PUBLIC_BASE_DOMAIN: BASE, PUBLIC_PROTOCOL: 'http',
    } as Record<string, string | undefined>);
    app = await NestFactory.createApplicationContext(OrganizationModule.register(config), { logger: false });
    await app.init();
    bus = app.get(Bus);
    db = app.get(OrgDb);
    a = await createTestOrg(bus);
    b = await createTestOrg(bus);
    adminA = (await bus.request(GetActor, { orgId: a.orgId, userId: a.admin.userId })).actor!;
    adminB = (await bus.request(GetActor, { orgId: b.orgId, userId: b.admin.userId })).actor!;
    memberRoleA = (await db.tenant(a.orgId, (s) => app.get(RolesRepository).builtin(s, 'member')))!.id;
    op = await startOidcProvider({
      clients: [
        { client_id: 'boardroom-a', client_secret: SECRET_A, redirect_uris: [redirectOf(a.slug)] },
        { client_id: 'boardroom-b', client_secret: 'client-secret-b', redirect_uris: [redirectOf(b.slug)] },
      ],
    });
    await settingsOf(a, adminA, oidcSettings());
    await settingsOf(b, adminB, oidcSettings({ client_id: 'boardroom-b', client_secret: 'client-secret-b' }));
  });

  afterEach(async () => {
    op.tamper = null;
    await settingsOf(a, adminA, oidcSettings());
  });

  afterAll(async () => {
    await op?.close();
    await app?.close();
  });

  describe('settings', () => {
    it('the client secret is stored sealed and never answered; the redirect URI is the organization host', async () => {
      const view = await bus.request(GetSsoSettings, { orgId: a.orgId, actor: adminA });
      expect(view).toEqual({
        provider: 'oidc', issuer: op.issuer, client_id: 'boardroom-a', has_client_secret: true, allowed_domains: domains(), unknown_user: 'refuse', create_role_id: null,
        two_factor: 'organization', redirect_uri: redirectOf(a.slug),
      });
      expect(JSON.stringify(view)).not.toContain(SECRET_A);
      const [row] = await db.unsafeGlobal((tx) => tx.select({ sso: organizations.sso }).from(organizations).where(eq(organizations.id, a.orgId)));
      expect(JSON.stringify(row.sso)).not.toContain(SECRET_A);
      expect((row.sso as { client_secret_sealed: string }).client_secret_sealed).toMatch(/^v1\./);
    });

    it('saving without a secret keeps the stored one (sign-in still works)', async () => {
      const { client_secret: _drop, ...rest } = oidcSettings() as Extract<SsoSettings, { provider: 'oidc' }>;
      const view = await settingsOf(a, adminA, { ...rest });
      expect(view.has_client_secret).toBe(true);
      const r = await signIn(a, a.admin.email);
      expect(r).toMatchObject({ status: 1, two_factor: false, email: a.admin.email });
      expect(r.token).toEqual(expect.any(String));
    });

    it('"test the connection" runs discovery and answers what it found; an unreachable issuer is a field error', async () => {
      const found = await bus.request(TestSsoConnection, { orgId: a.orgId, actor: adminA, issuer: op.issuer });
      expect(found).toMatchObject({
        issuer: op.issuer, authorization_endpoint: `${op.issuer}/auth`, token_endpoint: `${op.issuer}/token`, jwks_uri: `${op.issuer}/jwks`, pkce_s256: true,
      });
      expect(found.id_token_signing_alg_values_supported).toContain('RS256');
      await expect(bus.request(TestSsoConnection, { orgId: a.orgId, actor: adminA, issuer: 'http://127.0.0.1:9/nothing' })).rejects.toMatchObject({
        code: 'VALIDATION', fields: { issuer: ['The provider could not be reached or has no OpenID configuration.'] },
      });
    });

    it('a member may neither read nor change the settings', async () => {
      const m = await createTestUser(bus, a.orgId);
      const actor = (await bus.request(GetActor, { orgId: a.orgId, userId: m.userId })).actor!;
      await expect(bus.request(GetSsoSettings, { orgId: a.orgId, actor })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(settingsOf(a, actor, { provider: 'none' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  describe('sign-in', () => {
    it('a full sign-in: discovery, PKCE S256 and nonce in the request, a session, and an activity-log entry', async () => {
      const user = await createTestUser(bus, a.orgId);
      const check = await bus.request(SsoCheck, { orgId: a.orgId, email: user.email, browser: sha256('x'.repeat(43)) });
      const auth = new URL(check.url!);
      expect(auth.origin + auth.pathname).toBe(`${op.issuer}/auth`);
      expect(Object.fromEntries(auth.searchParams)).toMatchObject({
        client_id: 'boardroom-a', response_type: 'code', redirect_uri: redirectOf(a.slug), code_challenge_method: 'S256', login_hint: user.email, scope: 'openid email profile',
      });
      for (const k of ['state', 'nonce', 'code_challenge']) expect(auth.searchParams.get(k)?.length).toBeGreaterThanOrEqual(43);

      const r = await signIn(a, user.email);
      expect(r).toMatchObject({ status: 1, two_factor: false, email: user.email });
      expect(r.token).toEqual(expect.any(String));
      const logs = await bus.request(ListLogs, { orgId: a.orgId, actor: adminA, page: 1, per_page: 20, username: user.name });
      expect(logs.items.map((l) => l.activity)).toContain('Signed in through single sign-on');
    });

    it('a replayed state (the same callback twice) is refused', async () => {
      const { url, browser } = await attempt(a, a.admin.email);
      await expect(callback(url, browser)).resolves.toMatchObject({ slug: a.slug });
      await expect(callback(url, browser)).rejects.toMatchObject({ code: 'SSO_FAILED' });
    });

    it('a replayed code under a fresh attempt is refused', async () => {
      const first = await attempt(a, a.admin.email);
      await callback(first.url, first.browser);
      const second = await attempt(a, a.admin.email);
      const replay = new URL(second.url);
      replay.searchParams.set('code', first.url.searchParams.get('code')!);
      await expect(callback(replay, second.browser)).rejects.toMatchObject({ code: 'SSO_FAILED' });
    });

    it("another browser's return, or the return on another organization's host, is refused", async () => {
      const one = await attempt(a, a.admin.email);
      await expect(callback(one.url, sha256('another browser'))).rejects.toMatchObject({ code: 'SSO_FAILED' });
      const two = await attempt(a, a.admin.email);
      await expect(callback(two.url, null)).rejects.toMatchObject({ code: 'SSO_FAILED' });
      const three = await attempt(a, a.admin.email);
      await expect(callback(three.url, three.browser, b.slug)).rejects.toMatchObject({ code: 'SSO_FAILED' });
    });

    it("organization B's state does not sign anyone in to A (the organization comes from the attempt)", async () => {
      const inB = await attempt(b, b.admin.email);
      const r = await callback(inB.url, inB.browser);
      expect(r.slug).toBe(b.slug);
      await expect(bus.request(SsoExchange, { orgId: a.orgId, secret: r.secret })).rejects.toMatchObject({ code: 'SSO_FAILED' });
    });

    it.each<[string, (c: Record<string, unknown>) => { claims: Record<string, unknown>; foreignKey?: boolean }]>([
      ['a wrong nonce', (c) => ({ claims: { ...c, nonce: 'not-the-nonce-of-this-attempt' } })],
      ['an expired ID token', (c) => ({ claims: { ...c, iat: Number(c.iat) - 7200, exp: Number(c.iat) - 3600 } })],
      ['an ID token signed by another key', (c) => ({ claims: c, foreignKey: true })],
      ['another audience', (c) => ({ claims: { ...c, aud: 'another-client' } })],
      ['another issuer', (c) => ({ claims: { ...c, iss: 'https://impostor.test' } })],
      ['an ID token expired beyond the clock tolerance (120 s ago, tolerance 60 s)', (c) => ({ claims: { ...c, exp: Math.floor(Date.now() / 1000) - 120 } })],
    ])('%s is refused', async (_name, tamper) => {
      op.tamper = tamper;
      const { url, browser } = await attempt(a, a.admin.email);
      await expect(callback(url, browser)).rejects.toMatchObject({ code: 'SSO_FAILED' });
    });

    it('a clock difference within the tolerance is accepted (ID token expired 20 s ago by our clock)', async () => {
      op.tamper = (c) => ({ claims: { ...c, exp: Math.floor(Date.now() / 1000) - 20 } });
      const { url, browser } = await attempt(a, a.admin.email);
      await expect(callback(url, browser)).resolves.toMatchObject({ slug: a.slug });
    });

    it.each<[string, Record<string, unknown>]>([
      ['email_verified false', { email_verified: false }],
      ['email_verified missing', {}],
      ['email_verified as the string "true"', { email_verified: 'true' }],
    ])('%s is refused', async (_name, claims) => {
      const user = await createTestUser(bus, a.orgId);
      op.accounts.set(user.email, { email: user.email, ...claims });
      const { url, browser } = await attempt(a, user.email);
      await expect(callback(url, browser)).rejects.toMatchObject({ code: 'SSO_EMAIL_NOT_VERIFIED' });
    });

    it('an error answered by the provider is refused cleanly', async () => {
      const browser = sha256('b');
      const check = await bus.request(SsoCheck, { orgId: a.orgId, email: a.admin.email, browser });
      const state = new URL(check.url!).searchParams.get('state')!;
      await expect(bus.request(SsoCallback, { orgSlug: a.slug, browser, state, code: null, iss: op.issuer, error: 'access_denied' })).rejects.toMatchObject({ code: 'SSO_PROVIDER_ERROR' });
    });

    it('an e-mail domain outside the allowed list is refused', async () => {
      await settingsOf(a, adminA, oidcSettings({ allowed_domains: ['only-this.test'] }));
      const { url, browser } = await attempt(a, a.admin.email);
      await expect(callback(url, browser)).rejects.toMatchObject({ code: 'SSO_DOMAIN_NOT_ALLOWED' });
    });
  });

  describe('binding to the provider\'s subject', () => {
    const bindingOf = async (userId: number) => {
      const [u] = await db.tenant(a.orgId, (s) => s.tx.select({ issuer: users.ssoIssuer, subject: users.ssoSubject }).from(users).where(eq(users.id, userId)));
      return u;
    };

    it('the first sign-in binds the account to issuer and sub; afterwards the sub signs in, whatever e-mail the provider gives', async () => {
      const user = await createTestUser(bus, a.orgId);
      expect(await bindingOf(user.userId)).toEqual({ issuer: null, subject: null });
      expect(await signIn(a, user.email)).toMatchObject({ status: 1, email: user.email });
      // the test provider's subject is the login name
      expect(await bindingOf(user.userId)).toEqual({ issuer: op.issuer, subject: user.email });
      op.accounts.set(user.email, { email: `renamed-${randomBytes(4).toString('hex')}@example.test`, email_verified: true });
      const again = await signIn(a, user.email);
      expect(again).toMatchObject({ status: 1, email: user.email });
      expect(again.token).toEqual(expect.any(String));
    });

    it('another subject with the e-mail of a bound account is refused (SSO_ACCOUNT_LINKED), nothing changes', async () => {
      const user = await createTestUser(bus, a.orgId);
      await signIn(a, user.email);
      const impostor = `impostor-${randomBytes(4).toString('hex')}`;
      op.accounts.set(impostor, { email: user.email, email_verified: true });
      const { url, browser } = await attempt(a, impostor);
      await expect(callback(url, browser)).rejects.toMatchObject({ code: 'SSO_ACCOUNT_LINKED' });
      expect(await bindingOf(user.userId)).toEqual({ issuer: op.issuer, subject: user.email });
    });

    it('with allowed_domains empty no existing account is linked, the administrator included (SSO_LINK_NOT_ALLOWED)', async () => {
      await settingsOf(a, adminA, oidcSettings({ allowed_domains: [] }));
      const user = await createTestUser(bus, a.orgId);
      // an administrator who never signed in through the provider (a.admin is bound by the tests above)
      const admin = await createTestUser(bus, a.orgId, { role: 'admin' });
      for (const login of [user.email, admin.email]) {
        const impostor = `provider-admin-${randomBytes(4).toString('hex')}`;
        op.accounts.set(impostor, { email: login, email_verified: true });
        const { url, browser } = await attempt(a, impostor);
        await expect(callback(url, browser)).rejects.toMatchObject({ code: 'SSO_LINK_NOT_ALLOWED' });
      }
      expect(await bindingOf(user.userId)).toEqual({ issuer: null, subject: null });
    });

    it('an existing account is linked only for a listed domain and a verified e-mail', async () => {
      await settingsOf(a, adminA, oidcSettings({ allowed_domains: ['example.test'] }));
      const listed = await createTestUser(bus, a.orgId);
      expect(await signIn(a, listed.email)).toMatchObject({ status: 1, email: listed.email });
      const unverified = await createTestUser(bus, a.orgId);
      op.accounts.set(unverified.email, { email: unverified.email, email_verified: false });
      const u = await attempt(a, unverified.email);
      await expect(callback(u.url, u.browser)).rejects.toMatchObject({ code: 'SSO_EMAIL_NOT_VERIFIED' });
      expect(await bindingOf(unverified.userId)).toEqual({ issuer: null, subject: null });
      // the administrator's domain is not listed: another subject claiming that address is refused
      const impostor = `admin-login-${randomBytes(4).toString('hex')}`;
      op.accounts.set(impostor, { email: a.admin.email, email_verified: true });
      const admin = await attempt(a, impostor);
      await expect(callback(admin.url, admin.browser)).rejects.toMatchObject({ code: 'SSO_DOMAIN_NOT_ALLOWED' });
    });
  });

  describe('unknown users', () => {
    it('are refused by default', async () => {
      const { url, browser } = await attempt(a, `stranger-${randomBytes(4).toString('hex')}@example.test`);
      await expect(callback(url, browser)).rejects.toMatchObject({ code: 'SSO_UNKNOWN_USER' });
    });

    it('are created with the chosen role when the setting says so, verified and Active', async () => {
      await settingsOf(a, adminA, oidcSettings({ unknown_user: 'create', create_role_id: memberRoleA }));
      const email = `newcomer-${randomBytes(4).toString('hex')}@example.test`;
      op.accounts.set(email, { email, email_verified: true, name: 'New Comer' });
      const r = await signIn(a, email);
      expect(r).toMatchObject({ status: 1, email, role: 'Member' });
      const [u] = await db.tenant(a.orgId, (s) => s.tx.select().from(users).where(eq(users.email, email)));
      expect(u).toMatchObject({ name: 'New Comer', status: 'Active', roleId: memberRoleA, passwordHash: null, ssoIssuer: op.issuer, ssoSubject: email });
      expect(u.emailVerifiedAt).toBeInstanceOf(Date);
    });

    it('a "create" setting without a role is a field error', async () => {
      await expect(settingsOf(a, adminA, oidcSettings({ unknown_user: 'create', create_role_id: 999_999_999 }))).rejects.toMatchObject({ code: 'VALIDATION' });
    });
  });

  describe('two-factor', () => {
    async function withTwoFactor() {
      const user = await createTestUser(bus, a.orgId);
      await db.tenant(a.orgId, (s) => s.tx.update(users).set({ twoFactorEnabled: true, twoFactorSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.id, user.userId)));
      return user;
    }

    it("keeps the organization's rule: a user with two-factor on is asked for the code", async () => {
      const user = await withTwoFactor();
      const r = await signIn(a, user.email);
      expect(r).toMatchObject({ status: 1, two_factor: true, token: null });
      expect(r.log_token).toEqual(expect.any(String));
    });

    it("leaves it to the provider when the administrator says so", async () => {
      await settingsOf(a, adminA, oidcSettings({ two_factor: 'provider' }));
      const user = await withTwoFactor();
      const r = await signIn(a, user.email);
      expect(r).toMatchObject({ status: 1, two_factor: false });
      expect(r.token).toEqual(expect.any(String));
    });
  });
});
