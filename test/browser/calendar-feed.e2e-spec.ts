/**
 * The calendar address on the integrations page (docs/product/meetings.md#calendar-feed): the chair sees the full
 * address, copies it, and the address serves the chair's meetings as iCalendar (parsed with ical.js); "make a new
 * address" replaces it and the old one answers 404 at once.
 */
import ICAL from 'ical.js';
import { AppPaths } from '@app/contracts';
import { closeRedis, scheduled, world, type World } from '../api/meeting/helpers';
import { GATEWAY, openBrowser, orgUrl, settled, signIn, successToast, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;
declare const navigator: any;
declare const window: any;

/** what a calendar application gets from the address (no session: the token is the credential) */
async function subscribe(url: string, slug: string): Promise<{ status: number; titles: string[] }> {
  const r = await fetch(url.replace(/^https?:\/\/[^/]+/, GATEWAY), { headers: { 'X-Org': slug } });
  if (r.status !== 200) return { status: r.status, titles: [] };
  const cal = new ICAL.Component(ICAL.parse(await r.text()));
  return { status: 200, titles: cal.getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('summary'))) };
}

describe('journey: the calendar address on the integrations page', () => {
  let w: World;
  let s: Session;
  const title = `Feed board ${Date.now() % 100000}`;

  beforeAll(async () => {
    w = await world();
    await scheduled(w, { title });
    s = await openBrowser('calendar-feed');
  });
  afterAll(async () => {
    await s?.close();
    closeRedis();
  });

  it('shows, copies and replaces the address; the old one stops working', async () => {
    const { page } = s;
    let first = '';
    await s.step('shown', async () => {
      await signIn(page, w.org.slug, w.chair.email, w.org.admin.password);
      await page.goto(orgUrl(w.org.slug, AppPaths.integrations()));
      await page.waitForSelector('[data-testid=calendar-feed-url]', { visible: true });
      first = await page.$eval('[data-testid=calendar-feed-url]', (n: any) => n.value);
      expect(first).toMatch(new RegExp(`^http://${w.org.slug}\\.localhost:\\d+/api/calendar-feed/[A-Za-z0-9_-]{32}\\.ics$`));
      expect((await subscribe(first, w.org.slug)).titles).toContain(title);
      await s.shot('address');
    });
    await s.step('copied', async () => {
      await page.evaluate(() => {
        window.__copied = null;
        Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void (window.__copied = t) } });
      });
      await page.$eval('[data-testid=calendar-feed-copy]', (b: any) => b.click());
      await page.waitForFunction((u: string) => window.__copied === u, {}, first);
    });
    await s.step('regenerated', async () => {
      await page.$eval('[data-testid=calendar-feed-regenerate]', (b: any) => b.click());
      await page.waitForSelector('.p-confirm-dialog-accept', { visible: true });
      await settled(page);
      await page.click('.p-confirm-dialog-accept');
      await successToast(page);
      await page.waitForFunction((u: string) => {
        const v = (document.querySelector('[data-testid=calendar-feed-url]') as any)?.value ?? '';
        return v !== '' && v !== u;
      }, {}, first);
      const second = await page.$eval('[data-testid=calendar-feed-url]', (n: any) => n.value);
      expect((await subscribe(first, w.org.slug)).status).toBe(404);
      expect((await subscribe(second, w.org.slug)).titles).toContain(title);
      await s.shot('regenerated');
    });
  });
});
