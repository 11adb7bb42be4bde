/**
 * Journey: minutes and the board book (docs/minutes.md). A Live meeting whose two talking points carry PDFs, owned by
 * the committee's chair, with the minutes setting off (its default). The owner turns the download on with the minutes
 * card's switch (mom_settings 1: the owner, committee admins and editors may download the PDF), writes a conclusion for every item of the manage-minutes dialog and saves; a member adds a comment (the
 * owner may not comment, spec §6); the owner sees it, presses Done, watches the render's progress, finds the new
 * version in the history and downloads the minutes: a PDF holding the conclusions and the comment. The member
 * prepares the board book, opens it in the book viewer, follows an outline entry (the page shown becomes the entry's
 * first page) and rotates that page. Then the member makes the book available offline, the network is cut for the
 * page and for the service worker, and the reloaded page (answered by the worker) shows the agenda and opens the
 * book from the copy; the meetings list offers the kept meeting; no error toast shows while offline and the header
 * says "You are offline" and still names the organization.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CDPSession, Page } from 'puppeteer-core';
import { pdfFile, TEST_PASSWORD, waitFor } from '@app/testing';
import { closeRedis, expectOk, libraryFile, meeting, setStatus, talkingPoint, world, type World } from '../api/meeting/helpers';
import { dismissToasts, openBrowser, orgUrl, settled, signIn, successToast, textOf, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;
declare const window: any;
declare const navigator: any;
declare const location: any;

jest.setTimeout(420_000);
const run = promisify(execFile);

const tag = randomBytes(3).toString('hex');
const TITLE = `Minutes journey ${tag}`;
const CONCLUSIONS = {
  meeting: 'The board met and agreed the budget.',
  budget: 'Budget approved as presented.',
  venue: 'The venue stays at HQ.',
};
const COMMENT = 'Please attach the final figures.';

async function openMeeting(page: Page, w: World, id: number): Promise<void> {
  await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${id}`));
  await page.waitForSelector('[data-testid=meeting-title]', { visible: true });
}

async function openMinutesDialog(page: Page): Promise<void> {
  // the minutes card comes with its own request, after the meeting's header
  const manage = await page.waitForSelector('[data-testid=minutes-manage]', { visible: true });
  await manage!.click();
  await page.waitForSelector('[data-testid=minutes-dialog]', { visible: true });
  await settled(page);
}

/**
 * Wait until the book viewer shows `pageNo` at `rotation`, drawn (data-rendered), the canvas as wide as the rotation
 * makes it (taller than wide upright, wider than tall on its side: the books' pages are A4 portrait), and all of it
 * unchanged over three polls: a resize of the stage draws the page again, so a single look may catch it mid-way.
 */
async function pageStandsStill(page: Page, pageNo: number, rotation: number): Promise<void> {
  await page.evaluate(() => {
    window.__still = 0;
  });
  await page.waitForFunction(
    (p: number, r: number) => {
      const v = document.querySelector('[data-testid=book-viewer]');
      const c = document.querySelector('[data-testid=book-canvas]');
      const drawn = !!v && !!c && c.width > 0 && Number(v.dataset.page) === p && Number(v.dataset.rendered) === p && Number(v.dataset.rotation) === r;
      const shape = drawn && (r % 180 === 0 ? c.width < c.height : c.width > c.height);
      window.__still = shape ? window.__still + 1 : 0;
      return window.__still >= 3;
    },
    { polling: 100, timeout: 60_000 },
    pageNo,
    rotation,
  );
}

/**
 * Cut (or restore) the network of the page and of the service worker: DevTools' offline mode of a page does not
 * reach the worker's own requests (the worker's network-first navigation would still reach the gateway), so the
 * worker's target gets the same emulation through a CDP session of its own.
 */
async function network(s: Session, sw: CDPSession, offline: boolean): Promise<void> {
  await s.page.setOfflineMode(offline);
  await sw.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

/** whether a request from the service worker itself reaches the gateway */
async function workerOnline(sw: CDPSession): Promise<boolean> {
  const r = await sw.send('Runtime.evaluate', {
    expression: "fetch('/health', { cache: 'no-store' }).then(() => true, () => false)",
    awaitPromise: true,
    returnByValue: true,
  });
  return r.result.value === true;
}

/** the text of a PDF as poppler's pdftotext reads it */
async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return stdout.normalize('NFKC');
}

describe('journey: minutes, the board book viewer and the offline board book', () => {
  let w: World;
  let meetingId: number;
  let budgetTp: number;
  let venueTp: number;
  let owner: Session;
  let member: Session;
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'minutes-journey-'));

  beforeAll(async () => {
    w = await world();
    const budget = await libraryFile(w.chair.c, 'budget.pdf', await pdfFile(3, 'Budget'));
    const capex = await libraryFile(w.chair.c, 'capex.pdf', await pdfFile(2, 'Capex'));
    const venue = await libraryFile(w.chair.c, 'venue.pdf', await pdfFile(2, 'Venue'));
    meetingId = (await meeting(w, { title: TITLE })).id;
    budgetTp = (await talkingPoint(w, meetingId, { title: 'Budget', attachment_ids: [budget, capex] })).id;
    venueTp = (await talkingPoint(w, meetingId, { title: 'Venue', attachment_ids: [venue] })).id;
    // Scheduled, then Live: minutes are offered in statuses 3 and 5
    await setStatus(w, meetingId, 2, 3);
    // the minutes setting starts off (mom_settings 0): the owner turns it on from the minutes card below
    expect(expectOk(await w.chair.c.get(`/meetings/${meetingId}/minutes`)).mom_settings).toBe(0);

    owner = await openBrowser('minutes-owner');
    member = await openBrowser('minutes-member');
    // two browsers and Chromium renders (minutes, board book) on a loaded machine: a page may take longer than 15 s
    for (const s of [owner, member]) {
      s.page.setDefaultNavigationTimeout(60_000);
      s.page.setDefaultTimeout(30_000);
    }
    // the owner's downloads land in a folder of this test
    const cdp = await owner.browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await owner.step('owner-sign-in', () => signIn(owner.page, w.org.slug, w.chair.email, TEST_PASSWORD));
    await member.step('member-sign-in', () => signIn(member.page, w.org.slug, w.m1.email, TEST_PASSWORD));
  });
  afterAll(async () => {
    await owner?.close();
    await member?.close();
    fs.rmSync(downloads, { recursive: true, force: true });
    closeRedis();
  });

  it('the owner writes conclusions, a member comments, the owner presses Done and downloads the minutes PDF', async () => {
    const { page } = owner;
    await owner.step('conclusions', async () => {
      await openMeeting(page, w, meetingId);
      await page.waitForSelector('[data-testid=minutes-card]', { visible: true });
      // the minutes setting is off: no download offered (409 MINUTES_DOWNLOAD_OFF behind it); the owner turns it on
      // with the card's switch (spec §6: admins and editors, and the owner, may download while it is on)
      await page.waitForSelector('[data-testid=minutes-setting-switch]', { visible: true });
      expect(await page.$('[data-testid=minutes-download]')).toBeNull();
      expect(await page.$eval('[data-testid=minutes-setting-switch] input', (i: any) => i.checked)).toBe(false);
      await owner.shot('setting-off');
      await page.click('[data-testid=minutes-setting-switch]');
      expect(await successToast(page)).toContain('The minutes can now be downloaded.');
      await dismissToasts(page);
      await page.waitForSelector('[data-testid=minutes-download]', { visible: true });
      expect(await page.$eval('[data-testid=minutes-setting-switch] input', (i: any) => i.checked)).toBe(true);
      // stored: the minutes service answers the setting on
      expect(expectOk(await w.chair.c.get(`/meetings/${meetingId}/minutes`)).mom_settings).toBe(1);
      // no version yet: history and download wait for one
      expect(await page.$eval('[data-testid=minutes-download]', (b: any) => b.disabled)).toBe(true);
      // on a phone (390x844) the card, its switch and its buttons fit the width
      await page.setViewport({ width: 390, height: 844 });
      await page.waitForSelector('[data-testid=minutes-setting-switch]', { visible: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      expect(await page.$eval('[data-testid=minutes-card]', (c: any) => c.getBoundingClientRect().right <= window.innerWidth + 1)).toBe(true);
      await owner.shot('setting-on-phone');
      await page.setViewport({ width: 1280, height: 860 });
      await openMinutesDialog(page);
      const items = await page.$$eval('[data-testid^="minutes-item-"]', (els: any[]) => els.map((e) => e.dataset.testid as string));
      expect(items).toEqual([`minutes-item-meeting-${meetingId}`, `minutes-item-talking_point-${budgetTp}`, `minutes-item-talking_point-${venueTp}`]);
      // the owner edits conclusions and has no comment box (spec §6: the owner does not comment)
      expect(await page.$('[data-testid^="minutes-comment-"]')).toBeNull();
      await page.type(`[data-testid=minutes-conclusion-meeting-${meetingId}]`, CONCLUSIONS.meeting);
      await page.type(`[data-testid=minutes-conclusion-talking_point-${budgetTp}]`, CONCLUSIONS.budget);
      await page.type(`[data-testid=minutes-conclusion-talking_point-${venueTp}]`, CONCLUSIONS.venue);
      await owner.shot('conclusions');
      await page.click('[data-testid=minutes-save]');
      expect(await successToast(page)).toContain('Minutes saved successfully');
      await page.waitForSelector('[data-testid=minutes-dialog]', { hidden: true });
      await dismissToasts(page);
    });

    await member.step('comment', async () => {
      const mp = member.page;
      await openMeeting(mp, w, meetingId);
      await openMinutesDialog(mp);
      // a participant reads the conclusions and may comment on each item that has one
      expect(await textOf(mp, `[data-testid=minutes-conclusion-talking_point-${budgetTp}]`)).toBe(CONCLUSIONS.budget);
      const box = await mp.waitForSelector(`[data-testid=minutes-comment-talking_point-${budgetTp}]`, { visible: true });
      await box!.type(COMMENT);
      await member.shot('comment');
      await mp.click('[data-testid=minutes-save]');
      await successToast(mp);
      await mp.waitForSelector('[data-testid=minutes-dialog]', { hidden: true });
      await dismissToasts(mp);
    });

    await owner.step('done', async () => {
      await openMeeting(page, w, meetingId);
      await openMinutesDialog(page);
      await waitForText(page, `[data-testid=minutes-item-talking_point-${budgetTp}] .minutes-comments`, COMMENT);
      await owner.shot('comment-seen');
      // the render's progress may be short: a watcher notes whether it ever showed
      await page.evaluate(() => {
        window.__progressSeen = false;
        const seen = () => {
          if (document.querySelector('[data-testid=minutes-progress]')) window.__progressSeen = true;
        };
        new window.MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
      });
      await page.click('[data-testid=minutes-done]');
      await successToast(page);
      await page.waitForSelector('[data-testid=minutes-dialog]', { hidden: true });
      await owner.shot('render-progress');
      // the job made a version: the download and the history are enabled, the progress has gone
      const outcome = await page.waitForFunction(
        () => {
          // a failed render shows the card's error message (and never a version): stop waiting then
          if (document.querySelector('[data-testid=minutes-card] .p-inline-message-error')) return 'failed';
          const dl = document.querySelector('[data-testid=minutes-download]');
          const history = document.querySelector('[data-testid=minutes-history]');
          return !!dl && !dl.disabled && !!history && !history.disabled && !document.querySelector('[data-testid=minutes-progress]') && 'version';
        },
        { timeout: 180_000 },
      );
      expect(await outcome.jsonValue()).toBe('version');
      expect(await page.evaluate(() => window.__progressSeen)).toBe(true);
      await dismissToasts(page);
    });

    await owner.step('history', async () => {
      await page.click('[data-testid=minutes-history]');
      await page.waitForSelector('[data-testid=minutes-version-1]', { visible: true });
      expect(await page.$$('a[data-testid^="minutes-version-"]')).toHaveLength(1);
      expect(await textOf(page, '[data-testid=minutes-history-dialog] .people-list')).toMatch(/Version 1\s*English\s*\d{4}-\d{2}-\d{2} - \d{2}:\d{2} (AM|PM)/);
      await owner.shot('history');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=minutes-history-dialog]', { hidden: true });
    });

    await owner.step('download', async () => {
      const answer = page.waitForResponse((r) => r.url().includes(`/api/meetings/${meetingId}/mom`) && r.request().method() === 'GET');
      await page.click('[data-testid=minutes-download]');
      const res = await answer;
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
      // the browser saved it under the meeting's title (the bytes are read there: DevTools keeps no body of an
      // answer the page read as a blob); its text holds the conclusions and the comment
      const file = path.join(downloads, `${TITLE}.pdf`);
      await waitFor('the saved minutes', () => fs.existsSync(file) && fs.statSync(file).size > 0 && !fs.readdirSync(downloads).some((f) => f.endsWith('.crdownload')), 30_000);
      expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = (await pdfText(file)).replace(/\s+/g, ' ');
      expect(text).toContain(TITLE);
      for (const c of Object.values(CONCLUSIONS)) expect(text).toContain(c);
      expect(text).toContain(COMMENT);
      await owner.shot('downloaded');
    });
  });

  /** the made book's outline as the minutes service answers it: cover, agenda, then each file with its pages */
  async function bookEntries(): Promise<{ name: string; start: number; end: number }[]> {
    const book = expectOk(await w.m1.c.get(`/meetings/actions/merge_files/${meetingId}`));
    expect(book.status).toBe('done');
    return book.outlines_data.entries;
  }

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
    const entries = await bookEntries();
    expect(entries.map((e) => e.name)).toEqual([TITLE, 'Agenda', 'budget.pdf', 'capex.pdf', 'venue.pdf']);
    const capex = entries[3];
    const total = entries[4].end;

    await member.step('viewer', async () => {
      await page.goto(orgUrl(w.org.slug, href));
      await pageStandsStill(page, 1, 0);
      expect(await page.$eval('[data-testid=book-viewer]', (n: any) => Number(n.dataset.pages))).toBe(total);
      // the cover, the agenda, then a section per talking point holding its files
      await waitForText(page, '[data-testid=book-section-open-2]', 'Budget');
      expect(await textOf(page, '[data-testid=book-section-open-3]')).toContain('Venue');
      expect(await textOf(page, '[data-testid=book-entry-2-0]')).toContain('budget.pdf');
      const entry = await textOf(page, '[data-testid=book-entry-2-1]');
      expect(entry).toContain('capex.pdf');
      expect(entry).toContain(`pp. ${capex.start}–${capex.end}`);
      await member.shot('book-viewer');
    });

    await member.step('outline-entry', async () => {
      await page.click('[data-testid=book-entry-2-1]');
      await pageStandsStill(page, capex.start, 0);
      expect(await page.$eval('[data-testid=book-jump]', (i: any) => i.value)).toBe(String(capex.start));
      expect(await page.$eval('[data-testid=book-section-2]', (n: any) => n.getAttribute('aria-current'))).toBe('true');
      expect(await page.$eval('[data-testid=book-entry-2-1]', (n: any) => n.getAttribute('aria-current'))).toBe('true');
      await member.shot('outline-entry');
    });

    await member.step('rotate', async () => {
      await page.click('[data-testid=book-rotate]');
      // the same page, on its side
      await pageStandsStill(page, capex.start, 90);
      await member.shot('rotated');
      await page.click('[data-testid=book-rotate]');
      await pageStandsStill(page, capex.start, 180);
      // another page shows upright
      await page.click('[data-testid=book-next]');
      await pageStandsStill(page, capex.start + 1, 0);
      await member.shot('next-page-upright');
    });
  });

  it('the member makes the book available offline; with the network cut the agenda and the book open from the copy', async () => {
    const { page } = member;
    const entries = await bookEntries();
    let sw: CDPSession | undefined;
    let orgName = '';
    // no error toast while offline: the header says it once ("You are offline"), the pages show their copies
    const noErrorToast = async () => {
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await page.$$eval('.p-toast-message-error', (n: any[]) => n.map((x) => (x.textContent ?? '').trim()))).toEqual([]);
    };
    try {
      await member.step('make-offline', async () => {
        await openMeeting(page, w, meetingId);
        await page.click('[data-testid=book-make]');
        await page.waitForSelector('[data-testid=book-offline-make]', { visible: true, timeout: 60_000 });
        await page.click('[data-testid=book-offline-make]');
        await successToast(page, 'available offline');
        await page.waitForSelector('[data-testid=book-offline-date]', { visible: true });
        expect(await textOf(page, '[data-testid=book-offline-date]')).toMatch(/^Available offline \(copy from \d{4}-\d{2}-\d{2} \d{2}:\d{2}\)$/);
        await dismissToasts(page);
        // the service worker has precached the app shell (installed, then active) and controls the page
        await page.waitForFunction(() => !!navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated', { timeout: 60_000 });
        await member.shot('offline-ready');
        orgName = await textOf(page, '.org-switcher__name');
        expect(orgName).not.toBe(w.org.slug);
      });

      await member.step('network-cut', async () => {
        const target = await member.browser.waitForTarget((t) => t.type() === 'service_worker' && new URL(t.url()).host === new URL(page.url()).host, { timeout: 30_000 });
        sw = await target.createCDPSession();
        await sw.send('Network.enable');
        await sw.send('Runtime.enable');
        expect(await workerOnline(sw)).toBe(true);
        await network(member, sw, true);
        expect(await workerOnline(sw)).toBe(false);
        expect(await page.evaluate(() => window.fetch('/health', { cache: 'no-store' }).then(() => true, () => false))).toBe(false);
      });

      await member.step('offline-agenda', async () => {
        const res = await page.reload();
        // the app itself came from the service worker's precache
        expect(res?.fromServiceWorker()).toBe(true);
        await page.waitForSelector('[data-testid=offline-banner]', { visible: true });
        expect(await textOf(page, '[data-testid=offline-banner]')).toMatch(/offline copy from \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
        expect(await textOf(page, '[data-testid=meeting-title]')).toBe(TITLE);
        await waitForText(page, '[data-testid=agenda-card]', 'Budget');
        await waitForText(page, '[data-testid=agenda-card]', 'Venue');
        // the header: offline said once, and the organization still named (not its slug)
        await page.waitForSelector('[data-testid=offline-status]', { visible: true });
        expect(await textOf(page, '.org-switcher__name')).toBe(orgName);
        await noErrorToast();
        await member.shot('offline-agenda');
      });

      await member.step('offline-book', async () => {
        await Promise.all([page.waitForNavigation(), page.click('[data-testid=book-open]')]);
        await page.waitForSelector('[data-testid=book-viewer] [data-testid=offline-banner]', { visible: true });
        await pageStandsStill(page, 1, 0);
        expect(await page.$eval('[data-testid=book-viewer]', (n: any) => Number(n.dataset.pages))).toBe(entries[4].end);
        await waitForText(page, '[data-testid=book-section-open-3]', 'Venue');
        await page.click('[data-testid=book-section-open-3]');
        await pageStandsStill(page, entries[4].start, 0);
        expect(await page.$eval('[data-testid=book-section-3]', (n: any) => n.getAttribute('aria-current'))).toBe('true');
        await noErrorToast();
        await member.shot('offline-book');
      });

      await member.step('offline-list', async () => {
        // the meetings list offers the meetings kept on this device instead of an error, and opens the copy
        await page.goto(orgUrl(w.org.slug, '/app/activity/meetings'));
        await page.waitForSelector(`[data-testid=offline-meeting-${meetingId}]`, { visible: true });
        expect(await textOf(page, `[data-testid=offline-meeting-${meetingId}]`)).toBe(TITLE);
        expect(await page.$('[data-testid=meetings-error]')).toBeNull();
        await noErrorToast();
        await member.shot('offline-list');
        await Promise.all([page.waitForFunction((id: number) => location.pathname.endsWith(`/meetings/${id}`), {}, meetingId), page.click(`[data-testid=offline-meeting-${meetingId}]`)]);
        await page.waitForSelector('[data-testid=offline-banner]', { visible: true });
        expect(await textOf(page, '[data-testid=meeting-title]')).toBe(TITLE);
      });
    } finally {
      if (sw) await network(member, sw, false).catch(() => undefined);
    }
  });
});
