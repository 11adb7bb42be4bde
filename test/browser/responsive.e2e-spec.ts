/**
 * Journey: phones and tablets (docs/accessibility.md, "Phones and tablets"). A fresh organization with a long
 * name, a meeting, a library file and an approval whose names are long unbroken words; the sign-in page, home, the
 * meeting list, the meeting page, the library, the approvals list, an approval, the create-approval page and the
 * signing page are opened at a phone's size (390×844) and two tablets' (820×1180, 768×1024). On each: the page is not wider than the window (no sideways scrolling), its
 * key action lies inside the window's width (tables stack their rows, long names wrap) and nothing covers it; the
 * signing page's toolbar takes less than a third of the window. The meeting list, the meeting and the signing page
 * again in Arabic (right-to-left) on the phone. A screenshot of each is saved under test-artifacts/browser/responsive/.
 */
import type { Page } from 'puppeteer-core';
import { closeRedis, expectOk, libraryFile, scheduled, world, type World } from '../api/meeting/helpers';
import { openBrowser, orgUrl, signIn, VIEWPORT, type Session } from './support';

declare const document: any;
declare const window: any;

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'tablet-768', width: 768, height: 1024 },
] as const;
/** long words with no place to break, as pasted file names and codes are */
const LONG = 'Quarterlyfinancialstatementsandboardresolutionsforapproval';

/** the page is no wider than the window: nothing scrolls sideways */
async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const m = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  if (m.scroll > m.inner) {
    // name the widest elements, which makes the failure readable
    const wide = await page.evaluate(() =>
      [...document.body.querySelectorAll('*')]
        .filter((n: any) => n.getBoundingClientRect().right > window.innerWidth + 1 || n.getBoundingClientRect().left < -1)
        .slice(-5)
        .map((n: any) => `${n.tagName.toLowerCase()}.${[...n.classList].join('.')}[${n.getAttribute('data-testid') ?? ''}] ${Math.round(n.getBoundingClientRect().left)}..${Math.round(n.getBoundingClientRect().right)}`),
    );
    throw new Error(`${where}: the page is ${m.scroll} px wide in a ${m.inner} px window; outside it: ${wide.join('; ')}`);
  }
}

/** `selector` is scrolled to the middle of the window, lies inside its width, and nothing lies over its middle */
async function reachable(page: Page, selector: string, where: string): Promise<void> {
  await page.waitForSelector(selector, { visible: true });
  const r = await page.evaluate((sel: string) => {
    const el = document.querySelector(sel);
    const first = el.getBoundingClientRect();
    window.scrollBy(0, first.top - window.innerHeight / 2);
    const b = el.getBoundingClientRect();
    const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return { left: b.left, right: b.right, width: window.innerWidth, covered: !(at && (el === at || el.contains(at))) };
  }, selector);
  if (r.left < -1 || r.right > r.width + 1) throw new Error(`${where}: ${selector} lies at ${Math.round(r.left)}..${Math.round(r.right)}, outside the ${r.width} px window`);
  if (r.covered) throw new Error(`${where}: ${selector} is covered`);
}

describe('journey: phones and tablets', () => {
  let s: Session;
  let w: World;
  let meetingId: number;
  let approvalId: number;

  beforeAll(async () => {
    w = await world({ name: `Northwind${LONG} Holding` });
    expect((await w.admin.c.put('/status', { approval_mode: 'new' })).status).toBe(200);
    const m = await scheduled(w, { title: `Meeting ${LONG}` });
    meetingId = m.id;
    await libraryFile(w.chair.c, `${LONG}.pdf`);
    const pdf = await libraryFile(w.admin.c, 'contract.pdf');
    approvalId = expectOk(await w.admin.c.post('/approvals', { title: `Approval ${LONG}`, documents: [pdf], assignees: [{ user_id: w.chair.userId, order: 1 }] })).id;
    s = await openBrowser('responsive');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    closeRedis();
  });

  /** open `path` at `size`, wait for `ready`, check the width and the key action, and save the screenshot */
  async function visit(size: (typeof SIZES)[number], name: string, path: string, ready: string, key: string): Promise<void> {
    const where = `${name} (${size.name})`;
    await s.step(`${size.name}-${name}`, async () => {
      const { page } = s;
      await page.goto(orgUrl(w.org.slug, path));
      await page.waitForSelector(ready, { visible: true });
      await page.evaluate(() => document.fonts?.ready);
      await noSidewaysScroll(page, where);
      await reachable(page, key, where);
      await page.evaluate(() => window.scrollTo(0, 0));
      await s.shot(`${size.name}-${name}`);
    });
  }

  it('the sign-in page shows the whole organization name at both sizes', async () => {
    for (const size of SIZES) {
      await s.page.setViewport({ width: size.width, height: size.height });
      await visit(size, 'sign-in', '/auth/login', '#login-email', '#login-submit');
      // the name wraps inside the window: none of it is cut off
      const brand = await s.page.$eval('.auth-layout__brand span', (n: any) => {
        const b = n.getBoundingClientRect();
        return { text: n.textContent, left: b.left, right: b.right, scroll: n.scrollWidth, client: n.clientWidth, width: window.innerWidth };
      });
      expect(brand.text).toContain(LONG);
      expect(brand.left).toBeGreaterThanOrEqual(0);
      expect(brand.right).toBeLessThanOrEqual(brand.width);
      expect(brand.scroll).toBeLessThanOrEqual(brand.client);
    }
  });

  it('home, meetings, a meeting, the library, approvals and the signing page fit a phone and a tablet', async () => {
    // the side menu shows from 992 px up: sign in at the desktop size, then narrow the window
    await s.page.setViewport(VIEWPORT);
    await signIn(s.page, w.org.slug, w.chair.email, w.org.admin.password);
    for (const size of SIZES) {
      await s.page.setViewport({ width: size.width, height: size.height });
      await visit(size, 'home', '/app/dashboards/home', '[data-testid=home-page]', '[data-testid=menu-toggle]');
      // home's cards are no wider than the window either (an ancestor that clips would hide the overflow)
      await reachable(s.page, '[data-testid=home-page]', `home (${size.name})`);
      await visit(size, 'meetings', '/app/activity/meetings', `[data-testid=meeting-row-${meetingId}]`, '[data-testid=meetings-table] tbody tr .status-tag');
      await reachable(s.page, `[data-testid=meeting-row-${meetingId}]`, `meetings (${size.name})`);
      await visit(size, 'meeting', `/app/activity/meetings/${meetingId}`, '[data-testid=meeting-title]', '[data-testid=meeting-edit]');
      await visit(size, 'library', '/app/activity/library', `[data-testid=library-row][data-name="${LONG}.pdf"]`, `[data-testid=library-row][data-name="${LONG}.pdf"] td:last-child button`);
      await visit(size, 'approvals', '/app/activity/approvals', '[data-testid=approval-row]', '[data-testid=approval-row] td:nth-child(4) .p-tag');
      // the approval's page (its title, the signers' names in the order and the recipients' table) and the create page
      await visit(size, 'approval', `/app/activity/approval/${approvalId}`, '[data-testid=approval-order]', '[data-testid=approval-preview]');
      await reachable(s.page, '[data-testid=approval-recipient] td:nth-child(3) .p-tag', `approval (${size.name})`);
      await visit(size, 'approval-create', '/app/activity/approvals-uploadfile', '[data-testid=approval-create]', '[data-testid=approval-send]');
      await visit(size, 'signing', `/app/activity/approval/${approvalId}/sign`, '[data-testid=placement-page][data-rendered="1"]', '[data-testid=signing-sign]');
      // the toolbar wraps on a narrow window but leaves the document most of the screen
      const head = await s.page.$eval('.signing-head', (n: any) => ({ height: n.getBoundingClientRect().height, inner: window.innerHeight }));
      expect(head.height).toBeLessThan(head.inner / 3);
      await reachable(s.page, '[data-testid=placement-page]', `signing (${size.name})`);
    }
  }, 300_000);

  it('in Arabic (right-to-left) the meeting list, a meeting and the signing page fit a phone', async () => {
    const phone = SIZES[0];
    const { page } = s;
    // the interface language as the header's switcher stores it (the theme in local storage)
    await page.evaluate(() => {
      const t = JSON.parse(window.localStorage.getItem('theme') ?? '{}');
      window.localStorage.setItem('theme', JSON.stringify({ ...t, locale: 'ar', direction: 'rtl' }));
    });
    try {
      await page.setViewport({ width: phone.width, height: phone.height });
      await visit(phone, 'meetings-ar', '/app/activity/meetings', `[data-testid=meeting-row-${meetingId}]`, '[data-testid=meetings-table] tbody tr .status-tag');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await reachable(page, `[data-testid=meeting-row-${meetingId}]`, 'meetings (phone, ar)');
      await visit(phone, 'meeting-ar', `/app/activity/meetings/${meetingId}`, '[data-testid=meeting-title]', '[data-testid=meeting-edit]');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await visit(phone, 'signing-ar', `/app/activity/approval/${approvalId}/sign`, '[data-testid=placement-page][data-rendered="1"]', '[data-testid=signing-sign]');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const head = await page.$eval('.signing-head', (n: any) => ({ height: n.getBoundingClientRect().height, inner: window.innerHeight }));
      expect(head.height).toBeLessThan(head.inner / 3);
      await reachable(page, '[data-testid=placement-page]', 'signing (phone, ar)');
    } finally {
      await page.evaluate(() => {
        const t = JSON.parse(window.localStorage.getItem('theme') ?? '{}');
        window.localStorage.setItem('theme', JSON.stringify({ ...t, locale: 'en', direction: 'ltr' }));
      });
    }
  }, 180_000);
});
