/**
 * Journey 1: the administrator signs in, sees the dashboard with the side menu, switches to Arabic
 * (the document turns right-to-left and the side menu moves to the right edge) and back to English.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { DEMO, openBrowser, orgUrl, textOf, typeInto, VIEWPORT, waitForPath, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const document: any;

const menuLabel = (lang: string): string => JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../web/src/locales/${lang}/shell.json`), 'utf8'))['menu.home'];

/** the side menu's box and the document direction */
async function layout(page: Page) {
  const box = await (await page.waitForSelector('[data-testid=side-menu]', { visible: true }))!.boundingBox();
  const dir = await page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));
  return { ...dir, left: box!.x, right: box!.x + box!.width, width: box!.width };
}

async function chooseLanguage(page: Page, lang: 'en' | 'ar') {
  await page.click('[data-testid=language-switcher]');
  const option = await page.waitForSelector(`[data-testid=language-option-${lang}]`, { visible: true });
  return option!;
}

describe('journey: sign in, dashboard, Arabic right-to-left and back', () => {
  let s: Session;
  beforeAll(async () => {
    // a fresh profile: the guided tour opens on the first dashboard and is skipped like a user would
    s = await openBrowser('shell-language', { tourSeen: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('signs in as the administrator and sees the dashboard with the side menu', async () => {
    const { page } = s;
    await s.step('login', async () => {
      await page.goto(orgUrl(DEMO.slug, '/'));
      // /  ->  /app  ->  no token  ->  the login page
      await waitForPath(page, '/auth/login');
      await page.waitForSelector('#login-email', { visible: true });
      await s.shot('login');
      await typeInto(page, '#login-email', DEMO.admin);
      await typeInto(page, '#login-password', DEMO.password);
      await s.shot('login-filled');
      await page.click('#login-submit');
    });
    await s.step('dashboard', async () => {
      await waitForPath(page, '/app/dashboards/home');
      await page.waitForSelector('[data-testid=home-page]', { visible: true });
      await page.waitForSelector('[data-testid=tour]', { visible: true });
      await s.shot('dashboard-tour');
      await page.click('[data-testid=tour-skip]');
      await page.waitForSelector('[data-testid=tour]', { hidden: true });
      await page.waitForSelector('[data-testid=side-menu] [data-testid=menu-home]', { visible: true });
      await s.shot('dashboard');
    });
    const l = await layout(page);
    expect(l.dir).toBe('ltr');
    expect(l.left).toBeLessThan(5);
    expect(await textOf(page, '[data-testid=menu-home]')).toBe(menuLabel('en'));
    // the administrator's menu has the organization settings entry
    expect(await page.$('[data-testid=menu-organization]')).not.toBeNull();
  });

  it('switches to Arabic: the page turns right-to-left and the menu moves to the right', async () => {
    const { page } = s;
    await s.step('arabic', async () => {
      const option = await chooseLanguage(page, 'ar');
      await s.shot('language-options');
      await option.click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.waitForFunction((label) => document.querySelector('[data-testid=menu-home]')?.textContent?.trim() === label, {}, menuLabel('ar'));
      await s.shot('arabic');
    });
    const l = await layout(page);
    expect(l).toMatchObject({ dir: 'rtl', lang: 'ar' });
    // the aside hugs the right edge of the viewport now
    expect(l.left).toBeGreaterThan(VIEWPORT.width / 2);
    expect(Math.abs(l.right - VIEWPORT.width)).toBeLessThan(5);
  });

  it('switches back to English: left-to-right again with the menu on the left', async () => {
    const { page } = s;
    await s.step('english', async () => {
      const option = await chooseLanguage(page, 'en');
      await option.click();
      await page.waitForFunction(() => document.documentElement.dir === 'ltr');
      await page.waitForFunction((label) => document.querySelector('[data-testid=menu-home]')?.textContent?.trim() === label, {}, menuLabel('en'));
      await s.shot('english');
    });
    const l = await layout(page);
    expect(l).toMatchObject({ dir: 'ltr', lang: 'en' });
    expect(l.left).toBeLessThan(5);
    expect(l.right).toBeLessThan(VIEWPORT.width / 2);
  });
});
