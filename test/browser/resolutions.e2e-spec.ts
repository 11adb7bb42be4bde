/**
 * Journeys on the resolutions page (/app/activity/decisions), in a fresh organization of their own:
 *   1. the committee admin creates a standalone resolution (committee, title, close date, voter) and finds it
 *      OPEN in the list; editing it keeps the committee locked;
 *   2. the voter (a committee member) signs in, votes Denied without a reason and sees the error, then votes
 *      with a reason; the dialog shows the vote;
 *   3. a meeting decision waiting for the member's vote: the meeting is on the member's home, the decision
 *      is on the resolutions page's meeting tab, and the member votes on it there;
 *   4. the committee admin ends voting on the resolution: it is listed among the ended ones;
 *   5. in Arabic the resolutions page is right-to-left, with the Arabic labels and the variant's vote names.
 * The meeting page's own journeys (vote and action status from the meeting details, the guest link from
 * the invitation e-mail) come with the meeting details page.
 */
import type { Page } from 'puppeteer-core';
import { closeRedis, expectOk, scheduled, serverDate, world, type World } from '../api/meeting/helpers';
import fs from 'node:fs';
import path from 'node:path';
import { chooseFirstIn, chooseIn, clickReady, dismissToasts, openBrowser, orgUrl, pasteDate, settled, signIn, tickIn, successToast, typeInto, waitForPath, waitForRows, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const document: any;
declare const window: any;

const RESOLUTION = 'Hire an external auditor';
const decisionsText = (lang: string, key: string): string => JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../web/src/locales/${lang}/decisions.json`), 'utf8'))[key];

async function openResolutions(page: Page, slug: string): Promise<void> {
  await page.goto(orgUrl(slug, '/app/activity/decisions'));
  await page.waitForSelector('[data-testid=resolutions-page]', { visible: true });
}

/** the voter rows' text in the open decision details */
async function voterRowText(page: Page, name: string): Promise<string> {
  return page.$$eval('[data-testid=voter-list] li', (rows: any[], n: string) => rows.map((r) => r.textContent ?? '').find((t: string) => t.includes(n)) ?? '', name);
}

/** Denied without a reason: the error, nothing saved; then with a reason: the toast says the vote is recorded, and the voter row reads Denied */
async function voteDenied(s: Session, voterName: string): Promise<void> {
  const { page } = s;
  await s.step('vote-denied-without-reason', async () => {
    // Vote comes with the details (the member's own ballot), which may still be opening or loading
    await clickReady(page, '[data-testid=decision-vote]');
    await page.waitForSelector('[data-testid=vote-dialog]', { visible: true });
    // the dialog may still be sliding in: choose by the label's own click, and only submit once Denied is checked
    await page.$eval('label[for=vote-Denied]', (l: any) => l.click());
    await page.waitForFunction(() => document.querySelector('#vote-Denied')?.checked === true);
    await page.$eval('[data-testid=vote-submit]', (b: any) => b.click());
    await waitForText(page, '[data-testid=vote-reason-error]', 'The reason field is required.');
    await s.shot('vote-reason-required');
  });
  await s.step('vote-denied-with-reason', async () => {
    await typeInto(page, '[data-testid=vote-reason]', 'The fee is too high');
    await page.click('[data-testid=vote-submit]');
    await successToast(page, 'is recorded: Denied.');
    await page.waitForFunction(() => !document.querySelector('[data-testid=vote-dialog]'));
    await page.waitForFunction(
      (n: string) => [...document.querySelectorAll('[data-testid=voter-list] li')].some((r: any) => (r.textContent ?? '').includes(n) && (r.textContent ?? '').includes('Denied')),
      {},
      voterName,
    );
    await s.shot('voted-denied');
    await dismissToasts(page);
  });
  expect(await voterRowText(page, voterName)).toContain('The fee is too high');
}

describe('journey: resolutions page', () => {
  let w: World;
  let chair: Session;
  let member: Session;
  let meetingTitle: string;
  let meetingId: number;

  beforeAll(async () => {
    w = await world();
    // a scheduled meeting of the committee with a decision Mona Member votes on
    meetingTitle = `Quarterly board ${Date.now() % 100000}`;
    const m = await scheduled(w, { title: meetingTitle });
    meetingId = m.id;
    expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Approve the 2027 budget', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId] }));
    chair = await openBrowser('resolutions-chair');
    member = await openBrowser('resolutions-member');
  });
  afterAll(async () => {
    await chair?.close();
    await member?.close();
    closeRedis();
  });

  it('the committee admin creates a resolution; it is listed OPEN; editing keeps the committee locked', async () => {
    const { page } = chair;
    await chair.step('sign-in', async () => {
      await signIn(page, w.org.slug, w.chair.email, w.org.admin.password);
      await openResolutions(page, w.org.slug);
      await chair.shot('resolutions-empty');
    });
    await chair.step('create', async () => {
      // the add button comes with the committees the member may create for, which load after the page
      await clickReady(page, '[data-testid=resolution-add]');
      await page.waitForSelector('[data-testid=resolution-dialog]', { visible: true });
      // the dialog grows in; a click during the animation lands where the button is not yet
      await page.waitForFunction(() => !document.querySelector('[class*="-enter-active"]'));
      await page.click('[data-testid=decision-submit]');
      await waitForText(page, '[data-testid=decision-committee-error]', 'This field is required.');
      await waitForText(page, '[data-testid=decision-title-error]', 'This field is required.');
      await chair.shot('create-required');
      await chooseFirstIn(page, 'decision-committee');
      await typeInto(page, '#decision-title', RESOLUTION);
      await pasteDate(page, '#decision-deadline', '25 Dec 2030 10:00 AM');
      await page.click('#decision-title');
      // the voters are the chosen committee's members, which load after the committee is chosen
      await tickIn(page, 'decision-voters', ['Mona Member'], '#decision-title');
      // the outcome rule and the count (docs/ballots.md#weights-and-outcome-rules)
      await chooseIn(page, 'decision-outcome-rule', 'Two thirds of votes cast');
      await page.click('#decision-count-by-weight');
      await chair.shot('create-filled');
      await page.click('[data-testid=decision-submit]');
      await successToast(page, 'Decision saved successfully');
      await page.waitForFunction(() => !document.querySelector('[data-testid=resolution-dialog]'));
      await dismissToasts(page);
    });
    await chair.step('listed', async () => {
      await waitForRows(page, 'resolutions-table', 1);
      await waitForText(page, '[data-testid=resolutions-table] tbody', RESOLUTION);
      await waitForText(page, '[data-testid=resolutions-table] tbody', 'OPEN');
      await chair.shot('resolution-listed');
    });
    await chair.step('edit-locked-committee', async () => {
      const row = await page.waitForSelector('[data-testid^=resolution-row-]', { visible: true });
      await row!.click();
      await page.waitForSelector('[data-testid=decision-details]', { visible: true });
      await clickReady(page, '[data-testid=decision-edit]');
      await page.waitForSelector('[data-testid=decision-committee].p-disabled', { visible: true });
      await chair.shot('edit-committee-locked');
      await page.click('[data-testid=resolution-dialog] .p-dialog-header-close');
      await page.waitForFunction(() => !document.querySelector('[data-testid=resolution-dialog]'));
    });
  });

  it('the voter votes Denied without a reason, sees the error, then votes with a reason', async () => {
    const { page } = member;
    await member.step('sign-in', async () => {
      await signIn(page, w.org.slug, w.m1.email, w.org.admin.password);
      await openResolutions(page, w.org.slug);
      await waitForText(page, '[data-testid=resolutions-table] tbody', RESOLUTION);
      await member.shot('member-resolutions');
    });
    await member.step('open', async () => {
      const row = await page.waitForSelector('[data-testid^=resolution-row-]', { visible: true });
      await row!.click();
      await page.waitForSelector('[data-testid=decision-details]', { visible: true });
      await page.waitForSelector('[data-testid=tally]', { visible: true });
      // a voter has no edit or delete
      expect(await page.$('[data-testid=decision-edit]')).toBeNull();
      expect(await page.$('[data-testid=decision-delete]')).toBeNull();
    });
    await voteDenied(member, 'Mona Member');
    await member.step('close', async () => {
      await page.click('[data-testid=resolution-dialog] .p-dialog-header-close');
      await page.waitForFunction(() => !document.querySelector('[data-testid=resolution-dialog]'));
    });
  });

  it("the member sees the meeting on home and votes on its decision from the resolutions page's meeting tab", async () => {
    const { page } = member;
    await member.step('home', async () => {
      await page.goto(orgUrl(w.org.slug, '/app/dashboards/home'));
      await waitForPath(page, '/app/dashboards/home');
      await page.waitForSelector(`[data-testid=meeting-link-${meetingId}]`, { visible: true });
      // the decision waits for the member's vote: the home's resolutions tab counts it
      await waitForText(page, '[data-testid=home-page] .p-tabview-nav', 'Resolutions (1)');
      await member.shot('home-meeting');
    });
    await member.step('meeting-tab', async () => {
      await openResolutions(page, w.org.slug);
      const tabs = await page.$$('.p-tabview-nav li a');
      await tabs[1]!.click();
      await waitForRows(page, 'meeting-decisions-table', 1);
      await waitForText(page, '[data-testid=meeting-decisions-table] tbody', meetingTitle);
      await member.shot('meeting-decisions');
      const row = await page.waitForSelector('[data-testid^=meeting-decision-row-]', { visible: true });
      await row!.click();
      await page.waitForSelector('[data-testid=meeting-decision-dialog] [data-testid=decision-details]', { visible: true });
    });
    await voteDenied(member, 'Mona Member');
    const votes = expectOk(await w.chair.c.get(`/meetings/${meetingId}`)).agendas.flatMap((g: any) => g.data).find((d: any) => d.agenda_type === 'decision').voters;
    expect(votes.find((v: any) => v.user_id === w.m1.userId)).toMatchObject({ vote: 'Denied', reason: 'The fee is too high' });
  });

  it('the committee admin ends voting on the resolution; it is listed among the ended ones', async () => {
    const { page } = chair;
    await chair.step('end', async () => {
      await openResolutions(page, w.org.slug);
      const row = await page.waitForSelector('[data-testid^=resolution-row-]', { visible: true });
      await row!.click();
      await page.waitForSelector('[data-testid=decision-end]', { visible: true });
      // the member's vote is in the tally
      await waitForText(page, '[data-testid=tally-Denied]', '100.0%');
      await settled(page);
      await page.click('[data-testid=decision-end]');
      await successToast(page, 'Done');
      await page.waitForSelector('[data-testid=decision-resume]', { visible: true });
      expect(await page.$('[data-testid=decision-vote]')).toBeNull();
      await chair.shot('resolution-ended');
      await dismissToasts(page);
      await page.click('[data-testid=resolution-dialog] .p-dialog-header-close');
      await page.waitForFunction(() => !document.querySelector('[data-testid=resolution-dialog]'));
    });
    await chair.step('ended-filter', async () => {
      await page.click('[data-testid=resolutions-ended]');
      await waitForRows(page, 'resolutions-table', 1);
      await waitForText(page, '[data-testid=resolutions-table] tbody', RESOLUTION);
      await chair.shot('ended-listed');
    });
  });

  it('in Arabic the resolutions page is right-to-left', async () => {
    const { page } = member;
    await member.step('arabic', async () => {
      await openResolutions(page, w.org.slug);
      await page.click('[data-testid=language-switcher]');
      const option = await page.waitForSelector('[data-testid=language-option-ar]', { visible: true });
      await option!.click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await waitForText(page, '.page-header__title', decisionsText('ar', 'page.title'));
      await waitForText(page, '[data-testid=resolutions-table] tbody', RESOLUTION);
      // the rows follow the language too: the state tag and the vote names (the resolution was ended above: its
      // state is DUE, never OPEN once voting is closed)
      await waitForText(page, '[data-testid^=resolution-state-]', decisionsText('ar', 'DUE'));
      await waitForText(page, '[data-testid=resolutions-table] tbody', decisionsText('ar', 'Denied'));
      await member.shot('resolutions-arabic');
    });
    const dir = await page.evaluate(() => window.getComputedStyle(document.querySelector('[data-testid=resolutions-page]')).direction);
    expect(dir).toBe('rtl');
  });
});
