/**
 * Journey: minutes and the board book (docs/minutes.md). In a Live meeting whose talking points carry PDFs, the
 * owner writes conclusions in the manage-minutes dialog and saves; a member comments on a conclusion; the owner
 * presses Done, waits for the render's progress and downloads the minutes (a PDF). The member prepares the board
 * book, opens it in the book viewer, follows an outline entry (the page becomes its first page) and rotates a page.
 * Then the member makes the book available offline, the network is cut and the page reloaded: the service worker
 * answers the app, and the meeting's agenda and the book open from the offline copy with its banner.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { pdfFile, TEST_PASSWORD } from '@app/testing';
import { closeRedis, libraryFile, meeting, setStatus, talkingPoint, world, type World } from '../api/meeting/helpers';
import { dismissToasts, openBrowser, orgUrl, settled, signIn, textOf, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;
declare const navigator: any;

jest.setTimeout(420_000);

const tag = randomBytes(3).toString('hex');
const TITLE = `Minutes journey ${tag}`;

/** the attribute of the book viewer (data-page, data-rotation, data-rendered...) as a number */
const viewerAttr = (page: Page, name: string) => page.$eval('[data-testid=book-viewer]', (n: any, a: string) => Number(n.getAttribute(a)), name);

/**
 * Cut (or restore) the network for the page and for the service worker: DevTools' offline mode of a page does not
 * reach the worker's own requests, so the worker's target gets the same emulation through its CDP session.
 */
async function network(s: Session, offline: boolean): Promise<void> {
  await s.page.setOfflineMode(offline);
  const sw = await s.browser.waitForTarget((t) => t.type() === 'service_worker', { timeout: 10_000 });
  const cdp = await sw.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

async function openMeeting(page: Page, w: World, id: number): Promise<void> {
  await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${id}`));
  await page.waitForSelector('[data-testid=meeting-title]', { visible: true });
}

describe('journey: minutes, the board book viewer and the offline board book', () => {
  let w: World;
  let meetingId: number;
  let owner: Session;
  let member: Session;

  beforeAll(async () => {
    w = await world();
    const budget = await libraryFile(w.chair.c, 'budget.pdf', await pdfFile(3, 'Budget'));
    const capex = await libraryFile(w.chair.c, 'capex.pdf', await pdfFile(2, 'Capex'));
    const venue = await libraryFile(w.chair.c, 'venue.pdf', await pdfFile(2, 'Venue'));
    meetingId = (await meeting(w, { title: TITLE })).id;
    await talkingPoint(w, meetingId, { title: 'Budget', attachment_ids: [budget, capex] });
    await talkingPoint(w, meetingId, { title: 'Venue', attachment_ids: [venue] });
    await setStatus(w, meetingId, 2, 3);
    owner = await openBrowser('minutes-owner');
    // two browsers, Chromium renders of the minutes and the book: on a loaded machine a page may take longer than 15 s
    owner.page.setDefaultNavigationTimeout(60_000);
    await owner.step('owner-sign-in', () => signIn(owner.page, w.org.slug, w.chair.email, TEST_PASSWORD));
    member = await openBrowser('minutes-member');
    member.page.setDefaultNavigationTimeout(60_000);
    member.page.setDefaultTimeout(30_000);
    owner.page.setDefaultTimeout(30_000);
    await member.step('member-sign-in', () => signIn(member.page, w.org.slug, w.m1.email, TEST_PASSWORD));
  });
  afterAll(async () => {
    await owner?.close();
    await member?.close();
    closeRedis();
  });

  it('the owner writes conclusions, a member comments, the owner presses Done and downloads the minutes PDF', async () => {
    const { page } = owner;
    await owner.step('conclusions', async () => {
      await openMeeting(page, w, meetingId);
      await page.click('[data-testid=minutes-manage]');
      await page.waitForSelector('[data-testid=minutes-dialog]', { visible: true });
      await settled(page);
      await page.type(`[data-testid=minutes-conclusion-meeting-${meetingId}]`, 'The board met and agreed the budget.');
      const tp = await page.$$eval('[data-testid^="minutes-conclusion-talking_point-"]', (els: any[]) => els.map((e) => e.dataset.testid as string));
      expect(tp).toHaveLength(2);
      await page.type(`[data-testid="${tp[0]}"]`, 'Budget approved as presented.');
      await owner.shot('conclusions');
      await page.click('[data-testid=minutes-save]');
      await page.waitForSelector('[data-testid=minutes-dialog]', { hidden: true });
      await dismissToasts(page);
    });

    await member.step('comment', async () => {
      const mp = member.page;
      await openMeeting(mp, w, meetingId);
      await mp.click('[data-testid=minutes-manage]');
      await mp.waitForSelector('[data-testid=minutes-dialog]', { visible: true });
      await settled(mp);
      const box = await mp.waitForSelector('[data-testid^="minutes-comment-talking_point-"]', { visible: true });
      await box!.type('Please attach the final figures.');
      await member.shot('comment');
      await mp.click('[data-testid=minutes-save]');
      await mp.waitForSelector('[data-testid=minutes-dialog]', { hidden: true });
    });

    await owner.step('done', async () => {
      await openMeeting(page, w, meetingId);
      await page.click('[data-testid=minutes-manage]');
      await page.waitForSelector('[data-testid=minutes-dialog]', { visible: true });
      await waitForText(page, '.minutes-comments', 'Please attach the final figures.');
      await settled(page);
      await page.click('[data-testid=minutes-done]');
      // the render job's progress, then the version it made
      await page.waitForSelector('[data-testid=minutes-progress]', { visible: true });
      await owner.shot('render-progress');
      await page.waitForSelector('[data-testid=minutes-progress]', { hidden: true, timeout: 180_000 });
      await page.waitForFunction(() => !document.querySelector('[data-testid=minutes-download]')?.disabled);
      await dismissToasts(page);
    });

    await owner.step('download', async () => {
      const answer = page.waitForResponse((r) => r.url().includes(`/api/meetings/${meetingId}/mom`) && r.request().method() === 'GET');
      await page.click('[data-testid=minutes-download]');
      const res = await answer;
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
      expect((await res.buffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await page.click('[data-testid=minutes-history]');
      await page.waitForSelector('[data-testid=minutes-version-1]', { visible: true });
      await owner.shot('history');
    });
  });

  it('a member opens the board book, follows an outline entry and rotates a page', async () => {
    const { page } = member;
    let href = '';
    await member.step('prepare-book', async () => {
      await openMeeting(page, w, meetingId);
      await page.click('[data-testid=book-make]');
      const open = await page.waitForSelector('[data-testid=book-open]', { visible: true, timeout: 180_000 });
      href = await open!.evaluate((a: any) => a.getAttribute('href'));
      expect(await textOf(page, '[data-testid=book-files]')).toBe('3 files merged');
      await member.shot('book-ready');
    });
    await member.step('viewer', async () => {
      await page.goto(orgUrl(w.org.slug, href));
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=book-viewer]')?.dataset.rendered) === 1, { timeout: 60_000 });
      // the cover, the agenda, then a section per talking point with its files
      await waitForText(page, '[data-testid=book-section-open-2]', 'Budget');
      expect(await viewerAttr(page, 'data-pages')).toBe(2 + 3 + 2 + 2);
      expect(await textOf(page, '[data-testid=book-entry-2-1]')).toContain('capex.pdf');
      await member.shot('book-viewer');
    });
    await member.step('outline-entry', async () => {
      const range = await textOf(page, '[data-testid=book-entry-2-1] .pdf-outline__page');
      const start = Number(/(\d+)/.exec(range)![1]);
      await page.click('[data-testid=book-entry-2-1]');
      await page.waitForFunction((n: number) => Number(document.querySelector('[data-testid=book-viewer]')?.dataset.rendered) === n, {}, start);
      expect(await page.$eval('[data-testid=book-jump]', (i: any) => i.value)).toBe(String(start));
      expect(await page.$eval('[data-testid=book-section-2]', (n: any) => n.getAttribute('aria-current'))).toBe('true');
      await member.shot('outline-entry');
    });
    await member.step('rotate', async () => {
      const page0 = await viewerAttr(page, 'data-page');
      await page.click('[data-testid=book-rotate]');
      expect(await viewerAttr(page, 'data-rotation')).toBe(90);
      await page.waitForFunction((n: number) => Number(document.querySelector('[data-testid=book-viewer]')?.dataset.rendered) === n, {}, page0);
      // the rotated page is drawn wider than tall
      const [wd, ht] = await page.$eval('[data-testid=book-canvas]', (c: any) => [c.width, c.height]);
      expect(wd).toBeGreaterThan(ht);
      await member.shot('rotated');
      await page.click('[data-testid=book-next]');
      expect(await viewerAttr(page, 'data-rotation')).toBe(0);
    });
  });

  it('the member makes the book available offline; with the network cut the agenda and the book open from the copy', async () => {
    const { page } = member;
    await member.step('make-offline', async () => {
      await openMeeting(page, w, meetingId);
      await page.click('[data-testid=book-make]');
      await page.waitForSelector('[data-testid=book-offline-make]', { visible: true, timeout: 60_000 });
      await page.click('[data-testid=book-offline-make]');
      await page.waitForSelector('[data-testid=book-offline-date]', { visible: true });
      // the service worker has precached the app shell and controls the page
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, { timeout: 60_000 });
      await member.shot('offline-ready');
    });
    await member.step('offline-agenda', async () => {
      await network(member, true);
      const res = await page.reload();
      // the app itself came from the service worker's precache
      expect(res?.fromServiceWorker()).toBe(true);
      await page.waitForSelector('[data-testid=offline-banner]', { visible: true });
      expect(await textOf(page, '[data-testid=offline-banner]')).toMatch(/offline copy from \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      expect(await textOf(page, '[data-testid=meeting-title]')).toBe(TITLE);
      await waitForText(page, '[data-testid=agenda-card]', 'Venue');
      await member.shot('offline-agenda');
    });
    await member.step('offline-book', async () => {
      await page.click('[data-testid=book-open]');
      await page.waitForSelector('[data-testid=book-viewer] [data-testid=offline-banner]', { visible: true });
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=book-viewer]')?.dataset.rendered) === 1, { timeout: 60_000 });
      expect(await viewerAttr(page, 'data-pages')).toBe(9);
      await page.click('[data-testid=book-section-open-3]');
      await waitForText(page, '[data-testid=book-section-3]', 'Venue');
      expect(await page.$eval('[data-testid=book-section-3]', (n: any) => n.getAttribute('aria-current'))).toBe('true');
      await member.shot('offline-book');
      await network(member, false);
    });
  });
});
