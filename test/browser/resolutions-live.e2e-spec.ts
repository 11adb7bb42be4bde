/**
 * Live updates of the resolutions page (docs/meeting.md#live-updates), two browser pages in a fresh organization:
 * the committee admin (the chair) has the resolutions page open with a resolution's dialog showing its tally;
 * member1 votes on it from their own page; the chair's open dialog shows the new count and percentage, and the
 * list's votes column the new count, without a reload (a marker set on the chair's window survives).
 */
import type { Page } from 'puppeteer-core';
import { closeRedis, expectOk, serverDate, world, type World } from '../api/meeting/helpers';
import { dismissToasts, openBrowser, orgUrl, settled, signIn, successToast, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;
declare const window: any;

async function openResolution(page: Page, slug: string, id: number): Promise<void> {
  await page.goto(orgUrl(slug, '/app/activity/decisions'));
  await page.waitForSelector(`[data-testid=resolution-row-${id}]`, { visible: true });
  await page.$eval(`[data-testid=resolution-row-${id}]`, (n: any) => n.click());
  await page.waitForSelector('[data-testid=resolution-dialog] [data-testid=decision-details]', { visible: true });
  await settled(page);
}

const tallyCount = (page: Page, vote: string) =>
  page.$eval(`[data-testid=resolution-dialog] [data-testid=tally-${vote}] .tally__count`, (n: any) => (n.textContent ?? '').trim()).catch(() => null);

describe('journey: the resolutions page is live', () => {
  let w: World;
  let chair: Session;
  let member: Session;
  let id: number;

  beforeAll(async () => {
    w = await world();
    id = expectOk(await w.chair.c.post('/singleDecision', { title: `Live resolution ${Date.now() % 100000}`, committee_id: w.committeeId, deadline: serverDate(5), voters: [w.m1.userId, w.m2.userId] })).id;
    chair = await openBrowser('resolutions-live-chair');
    member = await openBrowser('resolutions-live-member');
  });
  afterAll(async () => {
    await chair?.close();
    await member?.close();
    closeRedis();
  });

  it("member1's vote appears in the chair's open dialog and list without a reload", async () => {
    await chair.step('open', async () => {
      await signIn(chair.page, w.org.slug, w.chair.email, w.org.admin.password);
      await openResolution(chair.page, w.org.slug, id);
      expect(await tallyCount(chair.page, 'Approved')).toBe('0');
      await chair.page.evaluate(() => (window.__notReloaded = true));
      await chair.shot('before');
    });
    await member.step('vote', async () => {
      await signIn(member.page, w.org.slug, w.m1.email, w.org.admin.password);
      await openResolution(member.page, w.org.slug, id);
      await member.page.waitForSelector('[data-testid=decision-vote]', { visible: true });
      await member.page.$eval('[data-testid=decision-vote]', (b: any) => b.click());
      await member.page.waitForSelector('[data-testid=vote-dialog]', { visible: true });
      await settled(member.page);
      await member.page.$eval('label[for=vote-Approved]', (l: any) => l.click());
      await member.page.waitForFunction(() => document.querySelector('#vote-Approved')?.checked === true);
      await member.page.$eval('[data-testid=vote-submit]', (b: any) => b.click());
      await successToast(member.page, 'is recorded: Approved.');
      await member.shot('voted');
    });
    await chair.step('sees-it-live', async () => {
      await chair.page.waitForFunction(
        () => (document.querySelector('[data-testid=resolution-dialog] [data-testid=tally-Approved] .tally__count')?.textContent ?? '').trim() === '1',
        { timeout: 5000 },
      );
      expect(await chair.page.$eval('[data-testid=resolution-dialog] [data-testid=tally-Approved] .tally__pct', (n: any) => n.textContent)).toContain('50');
      await chair.shot('live-dialog');
      await chair.page.$eval('[data-testid=resolution-close]', (b: any) => b.click());
      await chair.page.waitForFunction(() => !document.querySelector('[data-testid=resolution-dialog]'));
      await dismissToasts(chair.page);
      await chair.page.waitForFunction(
        (rid: number) => (document.querySelector(`[data-testid=resolution-row-${rid}]`)?.closest('tr')?.textContent ?? '').includes('Approved 1'),
        {},
        id,
      );
      expect(await chair.page.evaluate(() => window.__notReloaded)).toBe(true);
      await chair.shot('live-list');
    });
  });
});
