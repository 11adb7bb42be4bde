/**
 * Journey 5: guest pages (a token in the URL) show the header only — no side menu, no profile menu. The guest's
 * meeting, approval and signing pages pass axe-core (docs/accessibility.md) in English and Arabic.
 */
import type { Page } from 'puppeteer-core';
import { mailsTo, pollUntil } from '@app/testing';
import { closeRedis, expectOk, libraryFile, scheduled, setStatus, world } from '../api/meeting/helpers';
import { a11y, DEMO, openBrowser, orgUrl, signIn, switchLanguage, waitForPath, type Session } from './support';

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
    closeRedis();
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

  /** the link of the newest e-mail to `to` matching `re` */
  async function linkIn(to: string, re: RegExp): Promise<string> {
    const mails = await pollUntil(() => mailsTo(to), (list) => list.some((x) => re.test(`${x.text ?? ''}${x.html ?? ''}`)), 60_000);
    return re.exec(mails.map((x) => `${x.text ?? ''} ${x.html ?? ''}`).join(' '))![0];
  }
  async function expectExpiredState(page: Page, kind: 'meeting' | 'approval') {
    await page.waitForSelector(`[data-testid=guest-${kind}] [data-testid=guest-link-expired]`, { visible: true });
    expect(await page.$eval('[data-testid=guest-link-expired]', (n: any) => n.textContent)).toContain('This link has expired');
    // a state of the page, not an error toast
    expect(await page.$('.p-toast-message-error')).toBeNull();
    await expectGuestChrome(page);
  }

  it('a guest link whose meeting was cancelled shows "this link has expired", not an error', async () => {
    const w = await world();
    const guestEmail = `expired.guest.${Date.now() % 100000}@example.com`;
    const m = await scheduled(w);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: guestEmail, guest_name: 'Late Guest' }));
    const link = await linkIn(guestEmail, /\/meeting\/\d+\?token=[^\s"'<>&]+/);
    await setStatus(w, m.id, 4);
    const { page } = s;
    await s.step('expired-meeting-link', async () => {
      await page.goto(orgUrl(w.org.slug, link));
      await expectExpiredState(page, 'meeting');
      await s.shot('expired-meeting-link');
    });
    expect(await page.$('[data-testid=meeting-error]')).toBeNull();
  });

  it('a guest link whose approval was rejected shows "this link has expired", not an error', async () => {
    const w = await world();
    const guestEmail = `expired.signer.${Date.now() % 100000}@example.com`;
    const pdf = await libraryFile(w.admin.c, 'expiring.pdf');
    const title = `Expiring approval ${Date.now() % 100000}`;
    const a = expectOk(await w.admin.c.post('/approvals', { title, documents: [pdf], assignees: [{ email: guestEmail, guest_name: 'Late Signer', order: 1 }, { user_id: w.m1.userId, order: 1 }] }));
    const link = await linkIn(guestEmail, new RegExp(`/approval/${a.id}\\?token=[^\\s"'<>&]+`));
    expect((await w.m1.c.post(`/approvals/${a.id}/reject`, { comment: 'No' })).status).toBe(200);
    const { page } = s;
    await s.step('expired-approval-link', async () => {
      await page.goto(orgUrl(w.org.slug, link));
      await expectExpiredState(page, 'approval');
      await s.shot('expired-approval-link');
    });
  });

  it('the guest meeting, approval and signing pages pass axe in English and Arabic', async () => {
    const w = await world();
    // the signing page places boxes in the organization's 'new' approval mode
    expect((await w.admin.c.put('/status', { approval_mode: 'new' })).status).toBe(200);
    const n = Date.now() % 100000;
    const guestEmail = `a11y.guest.${n}@example.com`;
    const m = await scheduled(w);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: guestEmail, guest_name: 'Guest Reader' }));
    const meetingLink = await linkIn(guestEmail, /\/meeting\/\d+\?token=[^\s"'<>&]+/);
    const pdf = await libraryFile(w.admin.c, 'a11y.pdf');
    const a = expectOk(await w.admin.c.post('/approvals', { title: `Guest signing ${n}`, documents: [pdf], assignees: [{ email: guestEmail, guest_name: 'Guest Reader', order: 1 }] }));
    const approvalLink = await linkIn(guestEmail, new RegExp(`/approval/${a.id}\\?token=[^\\s"'<>&]+`));
    const token = new URL(orgUrl(w.org.slug, approvalLink)).searchParams.get('token')!;
    const { page } = s;
    for (const lang of ['en', 'ar'] as const) {
      await s.step(`guest-meeting-a11y-${lang}`, async () => {
        await page.goto(orgUrl(w.org.slug, meetingLink));
        await page.waitForSelector('[data-testid=guest-meeting] [data-testid=meeting-title]', { visible: true });
        if (lang === 'ar') await switchLanguage(page, 'ar');
        await a11y(page, 'guest-meeting', s);
      });
      await s.step(`guest-approval-a11y-${lang}`, async () => {
        await page.goto(orgUrl(w.org.slug, approvalLink));
        await page.waitForSelector('[data-testid=guest-approval] [data-testid=approval-details]', { visible: true });
        await page.waitForFunction((l: string) => window.document.documentElement.lang === l, {}, lang);
        await a11y(page, 'guest-approval', s);
      });
      await s.step(`guest-signing-a11y-${lang}`, async () => {
        await page.goto(orgUrl(w.org.slug, `/approval/${a.id}/${encodeURIComponent(token)}`));
        await page.waitForSelector('[data-testid=placement-page][data-rendered="1"]', { visible: true });
        await a11y(page, 'guest-signing', s);
      });
    }
  });
});
