/**
 * Journey: a meeting going Live and Archived while its page is open (docs/minutes.md#the-web, docs/product/votes.md).
 * The owner's page is open on a Scheduled meeting: no minutes card. The meeting goes Live (from another session): the
 * minutes card appears without a reload. An action nobody has acted on reads "Not started" on the meeting page, as
 * in the action tracker. A member votes; the meeting is archived: the card is still there, and the decision reads
 * DUE, not OPEN. The owner and the member who voted each export the resolution report from the decision's dialog on
 * the meeting page: a PDF naming the meeting by its title, with "Passed" and no "OPEN". Checked at 390x844 too.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'puppeteer-core';
import { TEST_PASSWORD, waitFor } from '@app/testing';
import { closeRedis, expectOk, meeting, serverDate, setStatus, talkingPoint, world, type World } from '../api/meeting/helpers';
import { dismissToasts, openBrowser, orgUrl, settled, signIn, textOf, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;

jest.setTimeout(300_000);
const run = promisify(execFile);
const TITLE = 'Archive journey board';

async function openItem(page: Page, key: string, dialog: string): Promise<void> {
  await page.waitForSelector(`[data-testid="open-${key}"]`, { visible: true });
  await page.$eval(`[data-testid="open-${key}"]`, (b: any) => b.click());
  await page.waitForSelector(`[data-testid=${dialog}]`, { visible: true });
  await settled(page);
}

async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return stdout.replace(/\s+/g, ' ');
}

/** export the report of the open decision dialog and read the saved PDF */
async function exportReport(s: Session, dir: string): Promise<string> {
  const { page } = s;
  const before = new Set(fs.readdirSync(dir));
  await page.waitForSelector('[data-testid=decision-dialog] [data-testid=report-button]', { visible: true });
  await page.$eval('[data-testid=decision-dialog] [data-testid=report-button]', (b: any) => b.click());
  const file = await waitFor('the saved report', () => {
    const f = fs.readdirSync(dir).find((x) => !before.has(x) && x.endsWith('.pdf'));
    return f && !fs.readdirSync(dir).some((x) => x.endsWith('.crdownload')) ? path.join(dir, f) : null;
  }, 120_000);
  return pdfText(file);
}

describe('journey: a meeting going Live and Archived with its page open', () => {
  let w: World;
  let meetingId: number;
  let decisionId: number;
  let actionId: number;
  let owner: Session;
  let member: Session;
  const downloads = { owner: fs.mkdtempSync(path.join(os.tmpdir(), 'archive-owner-')), member: fs.mkdtempSync(path.join(os.tmpdir(), 'archive-member-')) };

  beforeAll(async () => {
    w = await world();
    meetingId = (await meeting(w, { title: TITLE })).id;
    await talkingPoint(w, meetingId, { title: 'Budget' });
    decisionId = expectOk(await w.chair.c.post(`/meetings/${meetingId}/decisions`, { title: 'Approve the budget', deadline: serverDate(30), voters: [w.m1.userId] })).id;
    actionId = expectOk(await w.chair.c.post(`/meetings/${meetingId}/actions`, { title: 'Book the venue', participants: [w.m1.userId], open_till: serverDate(30) })).id;
    await setStatus(w, meetingId, 2);
    owner = await openBrowser('meeting-archive-owner');
    member = await openBrowser('meeting-archive-member');
    for (const [s, dir] of [[owner, downloads.owner], [member, downloads.member]] as const) {
      s.page.setDefaultTimeout(30_000);
      const cdp = await s.browser.target().createCDPSession();
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
    }
    await owner.step('sign-in', () => signIn(owner.page, w.org.slug, w.chair.email, TEST_PASSWORD));
    await member.step('sign-in', () => signIn(member.page, w.org.slug, w.m1.email, TEST_PASSWORD));
  });
  afterAll(async () => {
    await owner?.close();
    await member?.close();
    for (const d of Object.values(downloads)) fs.rmSync(d, { recursive: true, force: true });
    closeRedis();
  });

  it('the minutes card appears live; the action reads the same as in the tracker', async () => {
    const { page } = owner;
    await owner.step('scheduled', async () => {
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await page.waitForSelector('[data-testid=meeting-title]', { visible: true });
      await page.waitForSelector('[data-testid=agenda-card]', { visible: true });
      expect(await page.$('[data-testid=minutes-card]')).toBeNull();
      await owner.shot('scheduled');
    });
    await owner.step('live-without-reload', async () => {
      // another session (the API, as the chair) starts the meeting; the open page hears it on its live channel
      await page.evaluate(() => {
        (document as any).__sameDocument = true;
      });
      await setStatus(w, meetingId, 3);
      await page.waitForSelector('[data-testid=minutes-card]', { visible: true, timeout: 30_000 });
      expect(await page.evaluate(() => (document as any).__sameDocument === true)).toBe(true);
      await owner.shot('live-minutes-card');
    });
    await member.step('action-not-started', async () => {
      const mp = member.page;
      await mp.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await openItem(mp, `action:${actionId}`, 'action-dialog');
      expect(await textOf(mp, '[data-testid=action-status]')).toBe('Not started');
      await member.shot('action-not-started');
      await mp.keyboard.press('Escape');
      await mp.goto(orgUrl(w.org.slug, '/app/dashboards/action-tracker'));
      await mp.waitForSelector(`[data-testid=tracker-group-not_started] [data-testid=tracker-action-${actionId}]`, { visible: true });
      await member.shot('tracker-not-started');
    });
  });

  it('archived: the decision reads DUE; the owner and the member who voted export the report', async () => {
    const { page } = owner;
    expectOk(await w.m1.c.post(`/decisions/${decisionId}/vote/change`, { vote: 'Approved' }));
    await owner.step('archived', async () => {
      await setStatus(w, meetingId, 5);
      await page.waitForFunction(() => (document.querySelector('[data-testid=meeting-status]')?.textContent ?? '').includes('Archived'), { timeout: 30_000 });
      await page.waitForSelector('[data-testid=minutes-card]', { visible: true });
      await openItem(page, `decision:${decisionId}`, 'decision-dialog');
      await waitForText(page, '[data-testid=decision-state]', 'DUE');
      expect(await textOf(page, '[data-testid=decision-state]')).not.toContain('OPEN');
      await owner.shot('archived-decision');
    });
    await owner.step('owner-report', async () => {
      const text = await exportReport(owner, downloads.owner);
      expect(text).toContain(TITLE);
      expect(text).toContain('Passed');
      expect(text).not.toMatch(/\bOPEN\b/);
      await dismissToasts(page);
    });
    await member.step('member-report-phone', async () => {
      const mp = member.page;
      await mp.setViewport({ width: 390, height: 844 });
      await mp.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await openItem(mp, `decision:${decisionId}`, 'decision-dialog');
      // the dialog and its report button inside the phone's width (the button comes once the decision has loaded)
      await mp.waitForSelector('[data-testid=decision-dialog] [data-testid=report-button]', { visible: true });
      expect(await mp.$eval('[data-testid=decision-dialog] [data-testid=report-button]', (b: any) => b.getBoundingClientRect().right <= (globalThis as any).innerWidth + 1)).toBe(true);
      await member.shot('member-report-phone');
      const text = await exportReport(member, downloads.member);
      expect(text).toContain(TITLE);
      expect(text).toContain('Passed');
      expect(text).toContain('Mona Member');
    });
  });
});
