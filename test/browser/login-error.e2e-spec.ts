/**
 * Journey 3: a wrong password shows the server's message on the login page.
 */
import { api } from '@app/testing';
import { DEMO, GATEWAY, openBrowser, orgUrl, textOf, typeInto, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const window: any;

const WRONG_PASSWORD = 'Wrong@12345';

describe('journey: a wrong password', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openBrowser('login-error');
  });
  afterAll(async () => {
    await s?.close();
  });

  it("shows the server's message on the login page and stays there", async () => {
    // what the API itself answers for this pair
    const answer = await api(GATEWAY, { org: DEMO.slug }).post('/login', { email: DEMO.admin, password: WRONG_PASSWORD });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('These credentials do not match our records.');

    const { page } = s;
    await s.step('login', async () => {
      await page.goto(orgUrl(DEMO.slug, '/auth/login'));
      await typeInto(page, '#login-email', DEMO.admin);
      await typeInto(page, '#login-password', WRONG_PASSWORD);
      await s.shot('login-filled');
      await page.click('#login-submit');
      await page.waitForSelector('[data-testid=login-error]', { visible: true });
      await s.shot('login-error');
    });
    expect(await textOf(page, '[data-testid=login-error]')).toBe(answer.body.message);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();
    // the form keeps what was typed, so the user can correct the password
    expect(await page.$eval('#login-email', (el: any) => el.value)).toBe(DEMO.admin);
  });
});
