/**
 * Journey 4: a disabled module's URL lands on /404. A fresh organization (the demo one stays
 * untouched) has the module `news` disabled by its administrator through PUT /api/status.
 */
import { api, createTestOrg, login, type TestOrg } from '@app/testing';
import { env, GATEWAY, openBrowser, orgUrl, signIn, waitForPath, type Session } from './support';

describe('journey: a disabled module', () => {
  let s: Session;
  let org: TestOrg;
  beforeAll(async () => {
    org = await createTestOrg(env.NATS_URL);
    const token = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
    const r = await api(GATEWAY, { org: org.slug, token }).put('/status', { na: ['news'] });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ na: ['news'], r: ['news'] });
    s = await openBrowser('disabled-module');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('hides the module from the side menu and sends its URL to /404', async () => {
    const { page } = s;
    await s.step('dashboard', async () => {
      await signIn(page, org.slug, org.admin.email, org.admin.password);
      await waitForPath(page, '/app/dashboards/home');
      await page.waitForSelector('[data-testid=menu-calendar]', { visible: true });
      await s.shot('dashboard');
    });
    expect(await page.$('[data-testid=menu-news]')).toBeNull();

    await s.step('news-404', async () => {
      await page.goto(orgUrl(org.slug, '/app/dashboards/news'));
      await waitForPath(page, '/404');
      await page.waitForSelector('[data-testid=error-404]', { visible: true });
      await s.shot('news-404');
    });
    expect(new URL(page.url()).pathname).toBe('/404');
    expect(await page.$('[data-testid=side-menu]')).toBeNull();

    // the 404 page leads back home
    await s.step('back-home', async () => {
      await page.click('[data-testid=error-404] a');
      await waitForPath(page, '/app/dashboards/home');
      await page.waitForSelector('[data-testid=side-menu]', { visible: true });
      await s.shot('back-home');
    });
  });

  it('leaves the modules that are not disabled alone', async () => {
    const { page } = s;
    await s.step('calendar', async () => {
      await page.goto(orgUrl(org.slug, '/app/dashboards/home'));
      await page.waitForSelector('[data-testid=menu-calendar]', { visible: true });
      await page.click('[data-testid=menu-calendar]');
      await page.waitForSelector('[data-testid=calendar-page]', { visible: true });
      await s.shot('calendar');
    });
    // the spec's own spelling of the calendar path
    expect(new URL(page.url()).pathname).toBe('/app/dashboards/calender');
  });
});
