/**
 * Journey: phones and tablets (docs/accessibility.md, "Phones and tablets"). A fresh organization with a long
 * name, a meeting, a library file and an approval whose names are long unbroken words; the sign-in page, home, the
 * meeting list, the meeting page, the library, the approvals list, an approval, the create-approval page and the
 * signing page are opened at a phone's size (390×844) and two tablets' (820×1180, 768×1024). On each: the page is not wider than the window (no sideways scrolling), its
 * key action lies inside the window's width (tables stack their rows, long names wrap) and nothing covers it; the
 * signing page's toolbar takes less than a third of the window. The meeting list, the meeting and the signing page
 * again in Arabic (right-to-left) on the phone. A screenshot of each is saved under test-artifacts/browser/responsive/.
 * The header on the phone in English and Arabic: the search behind a button (its row takes the focus, Escape closes
 * it), help and voice in "More", every target at least 24 px (axe's target-size with the rest of WCAG 2.2 AA). The
 * create-approval page with a document and a box placed (the page not cut, Send below it) at 390×844 and 768×1024,
 * and the organization's activity logs (Settings → Organization → Logs) at each size.
 */
import type { Page } from 'puppeteer-core';
import { waitFor } from '@app/testing';
import { closeRedis, expectOk, libraryFile, scheduled, world, type World } from '../api/meeting/helpers';
import { a11y, chooseIn, openBrowser, orgUrl, settled, signIn, VIEWPORT, waitForText, type Session } from './support';

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
  let longFileId: number;
  let admin: Session | undefined;

  beforeAll(async () => {
    w = await world({ name: `Northwind${LONG} Holding` });
    expect((await w.admin.c.put('/status', { approval_mode: 'new' })).status).toBe(200);
    const m = await scheduled(w, { title: `Meeting ${LONG}` });
    meetingId = m.id;
    longFileId = await libraryFile(w.chair.c, `${LONG}.pdf`);
    // a line of the activity log that names the file (written from an event)
    expectOk(await w.chair.c.get(`/library/fetch/${longFileId}`));
    await waitFor('the view in the activity log', async () => ((await w.admin.c.get('/logs', { per_page: '100' })).body.data ?? []).some((e: { activity: string }) => e.activity.includes(LONG)), 20_000, 200);
    const pdf = await libraryFile(w.admin.c, 'contract.pdf');
    approvalId = expectOk(await w.admin.c.post('/approvals', { title: `Approval ${LONG}`, documents: [pdf], assignees: [{ user_id: w.chair.userId, order: 1 }] })).id;
    s = await openBrowser('responsive');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await admin?.close();
    closeRedis();
  });

  /** open `path` at `size`, wait for `ready`, check the width and the key action, and save the screenshot */
  async function visit(size: (typeof SIZES)[number], name: string, path: string, ready: string, key: string, on?: Session): Promise<void> {
    const where = `${name} (${size.name})`;
    const who = on ?? s;
    await who.step(`${size.name}-${name}`, async () => {
      const { page } = who;
      await page.goto(orgUrl(w.org.slug, path));
      await page.waitForSelector(ready, { visible: true });
      await page.evaluate(() => document.fonts?.ready);
      await noSidewaysScroll(page, where);
      await reachable(page, key, where);
      await page.evaluate(() => window.scrollTo(0, 0));
      await who.shot(`${size.name}-${name}`);
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

  /** the interface language as the header's switcher stores it (the theme in local storage); the next page load follows */
  async function setLang(page: Page, lang: 'en' | 'ar'): Promise<void> {
    await page.evaluate((l: string) => {
      const t = JSON.parse(window.localStorage.getItem('theme') ?? '{}');
      window.localStorage.setItem('theme', JSON.stringify({ ...t, locale: l, direction: l === 'ar' ? 'rtl' : 'ltr' }));
    }, lang);
  }
  const focused = (page: Page): Promise<string | null> => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
  const expanded = (page: Page, testId: string): Promise<string | null> => page.$eval(`[data-testid=${testId}]`, (n: any) => n.getAttribute('aria-expanded'));

  it('the phone header in English and Arabic: the search behind a button, help and voice under More, every target at least 24 px', async () => {
    const { page } = s;
    const phone = SIZES[0];
    await page.setViewport({ width: phone.width, height: phone.height });
    try {
      for (const lang of ['en', 'ar'] as const) {
        await setLang(page, lang);
        await s.step(`phone-header-${lang}`, async () => {
          await page.goto(orgUrl(w.org.slug, '/app/dashboards/home'));
          await page.waitForSelector('[data-testid=home-page]', { visible: true });
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          await noSidewaysScroll(page, `home (phone, ${lang})`);
          // the header's own content fits it: nothing pushed out of its row
          const header = await page.$eval('[data-testid=app-header]', (n: any) => ({ scroll: n.scrollWidth, client: n.clientWidth, right: n.getBoundingClientRect().right }));
          expect(header.scroll).toBeLessThanOrEqual(header.client);
          expect(header.right).toBeLessThanOrEqual(phone.width);
          // on the phone the box is behind the search button; help and voice are not in the row
          expect(await page.$('[data-testid=header-search-input]')).toBeNull();
          expect(await page.$('[data-testid=tour-toggle]')).toBeNull();
          // axe (WCAG 2.2 AA, so target-size: each target 24 px or spaced as much) on the page with the header
          await a11y(page, `phone-header-${lang}`, s);
        });
        await s.step(`phone-header-search-${lang}`, async () => {
          expect(await expanded(page, 'header-search-toggle')).toBe('false');
          await page.click('[data-testid=header-search-toggle]');
          await page.waitForSelector('[data-testid=header-search-row]', { visible: true });
          expect(await expanded(page, 'header-search-toggle')).toBe('true');
          await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'header-search-input');
          // the row takes the window's whole width, inside it
          const row = await page.$eval('[data-testid=header-search-row]', (n: any) => ({ left: n.getBoundingClientRect().left, right: n.getBoundingClientRect().right }));
          expect(row.left).toBeGreaterThanOrEqual(0);
          expect(row.left).toBeLessThanOrEqual(1);
          expect(row.right).toBeGreaterThanOrEqual(phone.width - 1);
          expect(row.right).toBeLessThanOrEqual(phone.width);
          await noSidewaysScroll(page, `search row (phone, ${lang})`);
          await a11y(page, `phone-header-search-open-${lang}`, s);
          await page.keyboard.press('Escape');
          await page.waitForFunction(() => !document.querySelector('[data-testid=header-search-row]'));
          expect(await expanded(page, 'header-search-toggle')).toBe('false');
          expect(await focused(page)).toBe('header-search-toggle');
        });
        await s.step(`phone-header-more-${lang}`, async () => {
          expect(await expanded(page, 'header-more')).toBe('false');
          await page.click('[data-testid=header-more]');
          await page.waitForSelector('[data-testid=header-more-list]', { visible: true });
          expect(await expanded(page, 'header-more')).toBe('true');
          expect(await focused(page)).toBe('tour-start');
          // the tour, the manual and the voice command, inside the window
          for (const id of ['tour-start', 'manual-download', 'voice-button']) await page.waitForSelector(`[data-testid=header-more-list] [data-testid=${id}]`, { visible: true });
          const list = await page.$eval('[data-testid=header-more-list]', (n: any) => ({ left: n.getBoundingClientRect().left, right: n.getBoundingClientRect().right }));
          expect(list.left).toBeGreaterThanOrEqual(0);
          expect(list.right).toBeLessThanOrEqual(phone.width);
          await a11y(page, `phone-header-more-open-${lang}`, s);
          await page.keyboard.press('Escape');
          await page.waitForSelector('[data-testid=header-more-list]', { hidden: true });
          expect(await expanded(page, 'header-more')).toBe('false');
          expect(await focused(page)).toBe('header-more');
        });
      }
      // a search from the row opens the results page
      await s.step('phone-header-search-run', async () => {
        await page.click('[data-testid=header-search-toggle]');
        await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'header-search-input');
        await page.keyboard.type('Meeting');
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => window.location.pathname === '/app/search' && new URLSearchParams(window.location.search).get('q') === 'Meeting');
        expect(await page.$('[data-testid=header-search-row]')).toBeNull();
      });
    } finally {
      await setLang(page, 'en');
    }
  }, 180_000);

  it('the create-approval page with a document and a box placed: the page whole and Send below it, on a phone and a 768 px tablet', async () => {
    const { page } = s;
    const stage = '[data-testid=placement-step] [data-testid=placement-page]';
    for (const size of [SIZES[0], SIZES[2]]) {
      const where = `approval-create-placed (${size.name})`;
      await page.setViewport({ width: size.width, height: size.height });
      await s.step(`${size.name}-approval-create-placed`, async () => {
        await page.goto(orgUrl(w.org.slug, '/app/activity/approvals-uploadfile'));
        await page.waitForSelector('[data-testid=approval-title]', { visible: true });
        await page.type('[data-testid=approval-title]', `Approval ${LONG}`);
        // the long-named PDF from the library
        await page.click('[data-testid=approval-choose-documents]');
        await page.waitForSelector(`[data-testid=pick-${longFileId}]`, { visible: true });
        await settled(page);
        await page.click(`[data-testid=pick-${longFileId}]`);
        await waitForText(page, '[data-testid=picker-count]', '1 file chosen');
        await page.click('[data-testid=picker-done]');
        await page.waitForFunction(() => !document.querySelector('[data-testid=library-picker]'));
        await waitForText(page, '[data-testid=approval-create-documents]', LONG);
        // a signer, and a box for them (Enter on the chip adds one)
        await page.click('[data-testid=approval-add-member]');
        // the signer's row comes after the click, and its people may still be loading
        await chooseIn(page, 'approval-step-member', 'Mona Member', { nth: -1 });
        await page.waitForSelector(`${stage}[data-rendered="1"]`, { visible: true });
        await page.focus('[data-testid=placement-chip-signature]');
        await page.keyboard.press('Enter');
        await page.waitForSelector(`${stage} [data-testid=placement-box-signature]`, { visible: true });
        await page.evaluate(() => document.fonts?.ready);
        await noSidewaysScroll(page, where);
        const m = await page.evaluate((sc: string) => {
          const rect = (n: any) => {
            const b = n.getBoundingClientRect();
            return { left: b.left, right: b.right, top: b.top + window.scrollY, bottom: b.bottom + window.scrollY };
          };
          const pg = document.querySelector(sc);
          const wrap = pg.closest('.placement-wrap');
          return {
            page: rect(pg),
            wrap: { ...rect(wrap), scroll: wrap.scrollWidth, client: wrap.clientWidth },
            box: rect(document.querySelector(`${sc} [data-testid=placement-box-signature]`)),
            send: rect(document.querySelector('[data-testid=approval-send]')),
            width: window.innerWidth,
          };
        }, stage);
        // the page is drawn whole inside the window and its frame: nothing of it cut off or scrolled away sideways
        expect(m.page.left).toBeGreaterThanOrEqual(0);
        expect(m.page.right).toBeLessThanOrEqual(m.width);
        expect(m.wrap.scroll).toBeLessThanOrEqual(m.wrap.client);
        expect(m.page.left).toBeGreaterThanOrEqual(m.wrap.left);
        expect(m.page.right).toBeLessThanOrEqual(m.wrap.right);
        // the placed box lies on the page
        expect(m.box.left).toBeGreaterThanOrEqual(m.page.left);
        expect(m.box.right).toBeLessThanOrEqual(m.page.right);
        expect(m.box.top).toBeGreaterThanOrEqual(m.page.top);
        expect(m.box.bottom).toBeLessThanOrEqual(m.page.bottom);
        // Send comes after the page, not over it
        expect(m.send.top).toBeGreaterThanOrEqual(m.wrap.bottom);
        await reachable(page, '[data-testid=approval-send]', where);
        await reachable(page, `${stage} [data-testid=placement-box-signature]`, where);
        await s.shot(`${size.name}-approval-create-placed`);
      });
    }
  }, 180_000);

  it('the activity logs (Settings → Organization → Logs) fit a phone and both tablets', async () => {
    admin = await openBrowser('responsive-logs');
    await admin.page.setViewport(VIEWPORT);
    await signIn(admin.page, w.org.slug, w.admin.email, w.org.admin.password);
    for (const size of SIZES) {
      await admin.page.setViewport({ width: size.width, height: size.height });
      await visit(size, 'logs', '/app/settings/organization/logs', '[data-testid=logs-table] tbody tr td.logs-activity', '[data-testid=logs-table] tbody tr td.logs-activity', admin);
      // the line naming the long file wraps inside the window (the rows stack below 992 px)
      const line = await admin.page.evaluate((long: string) => {
        const cell = [...document.querySelectorAll('[data-testid=logs-table] td.logs-activity')].find((n: any) => n.textContent.includes(long));
        if (!cell) return null;
        const b = cell.getBoundingClientRect();
        return { left: b.left, right: b.right, width: window.innerWidth };
      }, LONG);
      expect(line).not.toBeNull();
      expect(line!.left).toBeGreaterThanOrEqual(0);
      expect(line!.right).toBeLessThanOrEqual(line!.width);
      await reachable(admin.page, '[data-testid=logs-count]', `logs (${size.name})`);
    }
  }, 180_000);

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
