/**
 * Journey: signing an approval with the keyboard only (docs/accessibility.md). A fresh organization in the 'new'
 * approval mode; a member with a saved signature is the approval's one signer. From the approval's page, with Tab,
 * Enter, Space and the arrow keys only: Sign opens the signing page, its Sign button the signature dialog, whose
 * Saved tab gives the saved signature; Enter on the palette's signature chip adds a second box, the arrow keys move
 * it, and Save signs. The approval is then read back from the API: fully signed. The member's signing page is
 * checked with axe-core in English and Arabic on the way.
 */
import type { Page } from 'puppeteer-core';
import { closeRedis, expectOk, libraryFile, world, type World } from '../api/meeting/helpers';
import { a11y, dismissToasts, openBrowser, orgUrl, signIn, successToast, switchLanguage, waitForPath, type Session } from './support';

declare const document: any;

/** a 1×1 PNG: the saved signature */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** press Tab until the focused element matches `selector`; fails when it never gets the focus */
async function tabTo(page: Page, selector: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((sel: string) => !!document.activeElement?.matches(sel), selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${selector} never took the focus in ${max} presses of Tab`);
}

const keysOfBoxes = (page: Page): Promise<string[]> => page.$$eval('[data-testid=placement-page] [data-testid=placement-box-signature]', (n: any[]) => n.map((b) => b.getAttribute('data-key')));
const boxOf = async (page: Page, key: string): Promise<number[]> => (await page.$eval(`[data-key="${key}"]`, (n: any) => n.getAttribute('data-box'))).split(',').map(Number);

describe('journey: signing with the keyboard only', () => {
  let s: Session;
  let w: World;
  let approvalId: number;

  beforeAll(async () => {
    w = await world();
    expect((await w.admin.c.put('/status', { approval_mode: 'new' })).status).toBe(200);
    expectOk(await w.m1.c.post('/userprofile/signatures', { type: 'signature', title: 'My signature', payload: PNG }));
    const pdf = await libraryFile(w.admin.c, 'keyboard.pdf');
    approvalId = expectOk(await w.admin.c.post('/approvals', { title: 'Keyboard contract', documents: [pdf], assignees: [{ user_id: w.m1.userId, order: 1 }] })).id;
    s = await openBrowser('keyboard-signing');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    closeRedis();
  });

  it('opens the signing page, takes the saved signature, adds and moves a box and signs, all by keyboard', async () => {
    const { page } = s;
    await signIn(page, w.org.slug, w.m1.email, w.org.admin.password);
    await s.step('open-signing-page', async () => {
      await page.goto(orgUrl(w.org.slug, `/app/activity/approval/${approvalId}`));
      await page.waitForSelector('[data-testid=approval-sign]:not([disabled])', { visible: true });
      await tabTo(page, '[data-testid=approval-sign]');
      await page.keyboard.press('Enter');
      await waitForPath(page, `/app/activity/approval/${approvalId}/sign`);
      await page.waitForSelector('[data-testid=placement-page][data-rendered="1"]', { visible: true });
      await s.shot('signing-page');
    });
    await s.step('signing-page-a11y', async () => {
      // the member's signing page passes axe in English and in Arabic (the guest's is checked by guest-page)
      await a11y(page, 'signing-page', s);
      await switchLanguage(page, 'ar');
      await page.waitForSelector('[data-testid=placement-page][data-rendered="1"]', { visible: true });
      await a11y(page, 'signing-page', s);
      await switchLanguage(page, 'en');
      await page.waitForSelector('[data-testid=placement-page][data-rendered="1"]', { visible: true });
    });
    await s.step('saved-signature', async () => {
      await tabTo(page, '[data-testid=signing-sign]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=signature-dialog]', { visible: true });
      // the tabs: the focus on the open one (Draw), the arrow keys to Saved, Enter opens it
      await tabTo(page, '[data-testid=signature-dialog] [role=tab][aria-selected=true]');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await tabTo(page, '[data-testid=signature-dialog] button[aria-pressed]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=signature-dialog] button[aria-pressed=true]');
      await tabTo(page, '[data-testid=signature-submit]:not([disabled])');
      await s.shot('saved-signature');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !document.querySelector('[data-testid=signature-dialog]'));
      // no box was placed for this signer: the signature sits at the default place
      await page.waitForSelector('[data-testid=placement-box-signature] img', { visible: true });
    });
    await s.step('add-and-move-a-box', async () => {
      const before = await keysOfBoxes(page);
      await tabTo(page, '[data-testid=placement-chip-signature]');
      await page.keyboard.press('Enter');
      await page.waitForFunction((n: number) => document.querySelectorAll('[data-testid=placement-page] [data-testid=placement-box-signature]').length === n + 1, {}, before.length);
      const added = (await keysOfBoxes(page)).find((k) => !before.includes(k))!;
      await page.waitForSelector(`[data-key="${added}"] img`, { visible: true });
      const was = await boxOf(page, added);
      await tabTo(page, `[data-key="${added}"]`);
      for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown'] as const) await page.keyboard.press(key);
      await page.waitForFunction((k: string, b: string) => document.querySelector(`[data-key="${k}"]`)?.getAttribute('data-box') !== b, {}, added, was.map((n) => n.toFixed(1)).join(','));
      const now = await boxOf(page, added);
      expect(now[0]).toBeGreaterThan(was[0]);
      expect(now[1]).toBeGreaterThan(was[1]);
      // the size stays
      expect(now.slice(2)).toEqual(was.slice(2));
      await s.shot('box-moved');
    });
    await s.step('save', async () => {
      await page.waitForSelector('[data-testid=signing-page][data-ready=true]');
      await tabTo(page, '[data-testid=signing-save]');
      await page.keyboard.press('Enter');
      await successToast(page, 'Document signed successfully');
      await page.waitForSelector('[data-testid=approval-details][data-status="fully signed"]');
      await s.shot('signed');
      await dismissToasts(page);
    });
    const a = expectOk(await w.admin.c.get(`/approvals/${approvalId}`));
    expect(a.status).toBe('fully signed');
  }, 300_000);
});
