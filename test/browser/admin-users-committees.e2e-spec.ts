/**
 * Journey 2: the administrator creates a user through the users screen and finds it with the search,
 * creates a committee and finds it in the committees list, then signs out through the profile menu.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { OrgMessages } from '@app/contracts';
import { DEMO, a11y, chooseIn, dismissToasts, openBrowser, settled, signIn, successToast, typeInto, waitForPath, waitForRows, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const window: any;
declare const document: any;

const tag = randomBytes(4).toString('hex');
const USER = { name: `Browser User ${tag}`, email: `browser-${tag}@example.test`, phone: '971500000' };
const COMMITTEE = { name: `Browser Committee ${tag}`, description: 'Created by the browser journey', quorum: '60' };

/** open a PrimeReact multi-select, pick its first option and close the panel with its close button */
async function pickFirst(page: Page, id: string) {
  // the drawer may still be sliding in, and the panel of the field before still closing
  await page.waitForFunction(() => !document.querySelector('.p-multiselect-panel, .p-dropdown-panel'));
  await settled(page);
  await page.click(`[data-testid=${id}]`);
  const option = await page.waitForSelector(`[data-testid^=${id}-option-]`, { visible: true });
  await option!.click();
  await page.waitForSelector(`[data-testid=${id}] .p-multiselect-token`, { visible: true });
  await page.click('.p-multiselect-panel .p-multiselect-close');
  await page.waitForSelector(`[data-testid^=${id}-option-]`, { hidden: true });
}

describe('journey: administrator creates a user and a committee, then signs out', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openBrowser('admin-users-committees');
    await s.step('sign-in', () => signIn(s.page, DEMO.slug, DEMO.admin, DEMO.password));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('creates a user with the form and finds it with the search', async () => {
    const { page } = s;
    await s.step('users', async () => {
      await page.click('[data-testid=menu-organization]');
      await page.waitForSelector('[data-testid=organization-settings]', { visible: true });
      await page.click('[data-testid=org-tab-users]');
      await waitForPath(page, '/app/settings/organization/users');
      await waitForRows(page, 'users-table');
      await s.shot('users');
    });
    await s.step('user-form', async () => {
      await page.click('#user-create');
      await page.waitForSelector('#user-form', { visible: true });
      await typeInto(page, '#user-name', USER.name);
      await typeInto(page, '#user-email', USER.email);
      await typeInto(page, '#user-phone', USER.phone);
      // the built-in role Member
      // the roles load after the drawer opens; the field shows Member before the form goes on
      await chooseIn(page, 'user-role', 'Member');
      await typeInto(page, '#user-team', 'Board secretariat');
      await s.shot('user-form');
      await page.click('#user-submit');
      await page.waitForSelector('#user-form', { hidden: true });
      // the server's message: an e-mail goes out so the user can finish registration
      expect(await successToast(page)).toContain(OrgMessages.userAdded);
      await s.shot('user-created');
      await dismissToasts(page);
    });
    await s.step('user-search', async () => {
      await typeInto(page, '[data-testid=users-search]', USER.email);
      // the debounced search leaves only the new user
      await waitForRows(page, 'users-table', 1);
      await waitForText(page, '[data-testid=users-table] tbody tr', USER.email);
      await s.shot('user-found');
    });
    const row = await page.$eval('[data-testid=users-table] tbody tr', (tr) => tr.textContent ?? '');
    expect(row).toContain(USER.name);
    expect(row).toContain(USER.email);
    expect(row).toContain(USER.phone);
    expect(row).toContain('Member');
    // created by an administrator: Pending until the user finishes registration from the e-mail
    expect(row).toContain('Pending');
  });

  it('creates a committee with the form and finds it in the committees list', async () => {
    const { page } = s;
    await s.step('committees', async () => {
      await page.click('[data-testid=org-tab-committees]');
      await waitForPath(page, '/app/settings/organization/committees');
      await waitForRows(page, 'committees-table');
      await s.shot('committees');
    });
    await s.step('committee-form', async () => {
      await page.click('#committee-create');
      await page.waitForSelector('#committee-form', { visible: true });
      await typeInto(page, '#committee-name', COMMITTEE.name);
      await typeInto(page, '#committee-quorum', COMMITTEE.quorum);
      await typeInto(page, '#committee-description', COMMITTEE.description);
      await pickFirst(page, 'committee-admins');
      await pickFirst(page, 'committee-users');
      // each member gets a weight box (docs/ballots.md#weights-and-outcome-rules); the form passes axe with them
      await typeInto(page, '[data-testid^="committee-weight-"]', '3');
      await a11y(page, 'committee-form', s);
      await s.shot('committee-form');
      await page.click('#committee-submit');
      await page.waitForSelector('#committee-form', { hidden: true });
      expect(await successToast(page)).toContain(OrgMessages.committeeAdded);
      await s.shot('committee-created');
      await dismissToasts(page);
    });
    await s.step('committee-search', async () => {
      // the committees search box (no data-testid of its own): the toolbar's text input
      await typeInto(page, '[data-testid=committees-page] .toolbar input', COMMITTEE.name);
      await waitForRows(page, 'committees-table', 1);
      await waitForText(page, '[data-testid=committees-table] tbody tr', COMMITTEE.name);
      await s.shot('committee-found');
    });
    const row = await page.$eval('[data-testid=committees-table] tbody tr', (tr) => tr.textContent ?? '');
    expect(row).toContain(COMMITTEE.name);
    expect(row).toContain(COMMITTEE.description);
    expect(row).toContain(`${COMMITTEE.quorum}%`);
  });

  it('signs out through the profile menu and lands on the login page', async () => {
    const { page } = s;
    await s.step('sign-out', async () => {
      await page.click('[data-testid=profile-menu-button]');
      await page.waitForSelector('#sign-out', { visible: true });
      await s.shot('profile-menu');
      await page.click('#sign-out');
      await waitForPath(page, '/auth/login');
      await page.waitForSelector('#login-email', { visible: true });
      await s.shot('signed-out');
    });
    expect(await page.$('[data-testid=side-menu]')).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();
    // the session is gone: the application sends the visitor back to the login page
    await page.goto(page.url().replace(/\/auth\/login.*$/, '/app/dashboards/home'));
    await waitForPath(page, '/auth/login');
  });
});
