/**
 * Journey: single sign-on end to end against a real OpenID provider (oidc-provider, started by this test as its
 * own small process on a loopback port). In a fresh organization the administrator opens the organization settings, reads the
 * redirect URI to register, enters the provider's issuer, tests the connection (discovery), enters the
 * client and saves. A member then chooses "Single sign-on" on the sign-in page, signs in on the
 * provider's own login page and lands on the home dashboard.
 */
import { randomBytes } from 'node:crypto';
import { createTestOrg, createTestUser, type TestOrg } from '@app/testing';
import { startOidcProviderProcess, type OidcProviderProcess } from '@app/testing/oidc-provider-process';
import { env, openBrowser, orgUrl, signIn, successToast, typeInto, waitForPath, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const document: any;

const SECRET = `client-secret-${randomBytes(8).toString('hex')}`;

describe('journey: single sign-on through the organization’s identity provider', () => {
  let org: TestOrg;
  let member: { email: string; name: string };
  let op: OidcProviderProcess | undefined;
  let admin: Session;
  let visitor: Session;

  beforeAll(async () => {
    org = await createTestOrg(env.NATS_URL);
    member = await createTestUser(env.NATS_URL, org.orgId);
    admin = await openBrowser('sso-admin');
    visitor = await openBrowser('sso-member');
  });
  afterAll(async () => {
    await admin?.close();
    await visitor?.close();
    await op?.stop();
  });

  it('the administrator configures SSO and tests the connection', async () => {
    const { page } = admin;
    await admin.step('sign in', () => signIn(page, org.slug, org.admin.email, org.admin.password));
    const redirectUri = await admin.step('open the SSO card', async () => {
      await page.goto(orgUrl(org.slug, '/app/settings/organization/information'));
      await page.waitForSelector('[data-testid=sso-settings-form]', { visible: true });
      await admin.shot('sso-card');
      return page.$eval('[data-testid=sso-redirect-uri]', (n: any) => n.value as string);
    });
    expect(redirectUri).toBe(orgUrl(org.slug, '/api/sso/callback'));
    // the administrator registers that redirect URI at the provider
    op = await startOidcProviderProcess({ clients: [{ client_id: 'boardroom', client_secret: SECRET, redirect_uris: [redirectUri] }] });
    const issuer = op.issuer;

    await admin.step('test the connection', async () => {
      await page.click('[data-testid=sso-enabled]');
      await typeInto(page, '#sso-issuer', issuer);
      await page.click('[data-testid=sso-test]');
      await waitForText(page, '[data-testid=sso-found-issuer]', issuer);
      await waitForText(page, '[data-testid=sso-test-result]', `${issuer}/token`);
      await admin.shot('connection-tested');
    });
    await admin.step('save', async () => {
      await typeInto(page, '#sso-client-id', 'boardroom');
      await typeInto(page, '#sso-client-secret', SECRET);
      // existing accounts of this domain may be linked to the provider (empty: none is)
      await typeInto(page, '#sso-domains', 'example.test');
      await page.keyboard.press('Enter');
      await page.click('[data-testid=sso-save]');
      await successToast(page, 'Single sign-on settings saved.');
      // the secret is not shown again: the field is empty and says one is stored
      await page.waitForFunction(() => document.querySelector('#sso-client-secret')?.value === '');
      await admin.shot('saved');
    });
    const html = await page.content();
    expect(html).not.toContain(SECRET);
  });

  it("a member signs in on the provider's login page and lands on the dashboard", async () => {
    expect(op).toBeDefined();
    const { page } = visitor;
    await visitor.step('choose single sign-on', async () => {
      await page.goto(orgUrl(org.slug, '/auth/login'));
      // the sign-in page draws its links once the organization's public answer is in (a fresh-clone run under load
      // clicked before that)
      await page.waitForSelector('[data-testid=sso-link]', { visible: true });
      await page.click('[data-testid=sso-link]');
      await typeInto(page, '#sso-email', member.email);
      await visitor.shot('sso-page');
      await Promise.all([page.waitForNavigation(), page.click('[data-testid=sso-submit]')]);
    });
    await visitor.step("the provider's login page", async () => {
      expect(new URL(page.url()).origin).toBe(op!.issuer);
      const login = await page.waitForSelector('input[name=login]', { visible: true });
      expect(await login!.evaluate((n: any) => n.value)).toBe(member.email);
      await typeInto(page, 'input[name=password]', 'any password');
      await visitor.shot('provider-login');
      await page.click('button.login-submit');
    });
    await visitor.step('back on the dashboard', async () => {
      await page.waitForSelector('[data-testid=side-menu]', { visible: true });
      await waitForPath(page, '/app/dashboards/home');
      expect(new URL(page.url()).hostname).toBe(`${org.slug}.localhost`);
      await visitor.shot('dashboard');
    });
    expect(await op!.served()).toEqual(expect.arrayContaining(['GET /.well-known/openid-configuration', 'POST /token', 'GET /jwks']));
  });
});
