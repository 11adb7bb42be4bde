/**
 * Journey 5: guest pages (a token in the URL) show the header only — no side menu, no profile menu.
 */
import type { Page } from 'puppeteer-core';
import { DEMO, openBrowser, orgUrl, signIn, waitForPath, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const window: any;

async function expectGuestChrome(page: Page) {
  expect(await page.$('[data-testid=app-header]')).not.toBeNull();
  expect(await page.$('[data-testid=side-menu]')).toBeNull();
  expect(await page.$('[data-testid=menu-toggle]')).toBeNull();
  expect(await page.$('[data-testid=profile-menu-button]')).toBeNull();
  // the language switcher stays available to a guest
  expect(await page.$('[data-testid=language-switcher]')).not.toBeNull();
}

describe('journey: guest pages', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openBrowser('guest-page');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a guest meeting link shows the header and no side menu', async () => {
    const { page } = s;
    await s.step('guest-meeting', async () => {
      await page.goto(orgUrl(DEMO.slug, '/meeting/123?token=sometoken'));
      await page.waitForSelector('[data-testid=app-header]', { visible: true });
      await page.waitForSelector('[data-testid=guest-meeting]', { visible: true });
      await s.shot('guest-meeting');
    });
    await expectGuestChrome(page);
    expect(new URL(page.url()).pathname).toBe('/meeting/123');
  });

  it('a guest approval link shows the header and no side menu', async () => {
    const { page } = s;
    await s.step('guest-approval', async () => {
      await page.goto(orgUrl(DEMO.slug, '/approval/1?token=x'));
      await page.waitForSelector('[data-testid=app-header]', { visible: true });
      await page.waitForSelector('[data-testid=guest-approval]', { visible: true });
      await s.shot('guest-approval');
    });
    await expectGuestChrome(page);
  });

  it('a signed-in user who opens a guest link is signed out first', async () => {
    const { page } = s;
    await s.step('signed-in', async () => {
      await signIn(page, DEMO.slug, DEMO.admin, DEMO.password);
      await waitForPath(page, '/app/dashboards/home');
      await s.shot('signed-in');
    });
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).not.toBeNull();
    await s.step('guest-link', async () => {
      await page.goto(orgUrl(DEMO.slug, '/meeting/123?token=sometoken'));
      await page.waitForSelector('[data-testid=guest-meeting]', { visible: true });
      await s.shot('guest-link-signed-out');
    });
    await expectGuestChrome(page);
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();
  });
});
