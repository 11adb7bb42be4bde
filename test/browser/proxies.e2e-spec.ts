/**
 * Journey: proxies (issue 28, docs/meeting.md#proxies), in a fresh organization:
 *   1. Mona Member opens the scheduled meeting, gives her proxy to Mark Member in the proxies card and sees
 *      "Mona Member represented by Mark Member"; the card passes axe-core in English and Arabic;
 *   2. Mark Member opens the meeting's decision, and in the vote dialog chooses Mona Member and votes for her;
 *      the vote is hers (the API says so), and his own row stays his to vote.
 */
import type { Page } from 'puppeteer-core';
import { closeRedis, expectOk, meeting, serverDate, setStatus, talkingPoint, world, type World } from '../api/meeting/helpers';
import { a11y, chooseIn, dismissToasts, openBrowser, orgUrl, settled, signIn, successToast, switchLanguage, waitForText, type Session } from './support';

declare const document: any;

async function openMeeting(page: Page, slug: string, id: number): Promise<void> {
  await page.goto(orgUrl(slug, `/app/activity/meetings/${id}`));
  await page.waitForSelector('[data-testid=proxies-card]', { visible: true });
  await settled(page);
}

describe('journey: a member gives a proxy and the holder votes for her', () => {
  let w: World;
  let giver: Session;
  let holder: Session;
  let meetingId: number;
  let decisionId: number;

  beforeAll(async () => {
    w = await world();
    const m = await meeting(w, { title: `Proxy meeting ${Date.now() % 100000}` });
    meetingId = m.id;
    await talkingPoint(w, m.id);
    decisionId = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Appoint the auditor', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId] })).id;
    await setStatus(w, m.id, 2);
    giver = await openBrowser('proxies-giver');
    holder = await openBrowser('proxies-holder');
  });
  afterAll(async () => {
    await giver?.close();
    await holder?.close();
    closeRedis();
  });

  it('Mona gives her proxy to Mark in the proxies card (axe-clean in English and Arabic)', async () => {
    const { page } = giver;
    await giver.step('open', async () => {
      await signIn(page, w.org.slug, w.m1.email, w.org.admin.password);
      await openMeeting(page, w.org.slug, meetingId);
      await waitForText(page, '[data-testid=proxies-quorum]', 'Quorum:');
      await a11y(page, 'proxies card', giver);
    });
    await giver.step('give', async () => {
      // Give sends the member the field shows: the pick is in before it is pressed
      await chooseIn(page, 'proxy-to', 'Mark Member');
      await page.$eval('[data-testid=proxy-give]', (b: any) => b.click());
      await successToast(page, 'Done');
      await waitForText(page, '[data-testid=proxies-list]', 'Mona Member represented by Mark Member');
      // she has given hers: the form is gone
      await page.waitForFunction(() => !document.querySelector('[data-testid=proxies-form]'));
      await giver.shot('proxy-given');
      await dismissToasts(page);
    });
    await giver.step('arabic', async () => {
      await switchLanguage(page, 'ar');
      await waitForText(page, '[data-testid=proxies-list]', 'Mona Member ينوب عنه Mark Member');
      await a11y(page, 'proxies card', giver);
      await giver.shot('proxy-ar');
      await switchLanguage(page, 'en');
    });
    const list = expectOk(await w.m2.c.get(`/meetings/${meetingId}/proxies`));
    expect(list.items).toEqual([expect.objectContaining({ from_user_id: w.m1.userId, to_user_id: w.m2.userId })]);
  });

  it('Mark votes for Mona in the vote dialog', async () => {
    const { page } = holder;
    await holder.step('open', async () => {
      await signIn(page, w.org.slug, w.m2.email, w.org.admin.password);
      await openMeeting(page, w.org.slug, meetingId);
      await waitForText(page, '[data-testid=proxies-list]', 'Mona Member represented by Mark Member');
      await page.waitForSelector(`[data-testid="open-decision:${decisionId}"]`, { visible: true });
      await page.$eval(`[data-testid="open-decision:${decisionId}"]`, (b: any) => b.click());
      await page.waitForSelector('[data-testid=decision-dialog]', { visible: true });
      await settled(page);
    });
    await holder.step('vote-for-her', async () => {
      await page.waitForSelector('[data-testid=decision-vote]', { visible: true });
      await page.$eval('[data-testid=decision-vote]', (b: any) => b.click());
      await page.waitForSelector('[data-testid=vote-dialog]', { visible: true });
      await settled(page);
      await chooseIn(page, 'vote-voter', 'Mona Member (Pending)');
      await page.$eval('label[for=vote-Approved]', (l: any) => l.click());
      await page.waitForFunction(() => document.querySelector('#vote-Approved')?.checked === true);
      await a11y(page, 'vote dialog of a proxy holder', holder);
      await page.$eval('[data-testid=vote-submit]', (b: any) => b.click());
      await successToast(page, 'is recorded: Approved.');
      await holder.shot('voted-by-proxy');
    });
    const d = expectOk(await w.chair.c.get(`/decisions/${decisionId}`));
    expect(d.voters.find((v: any) => v.user_id === w.m1.userId)).toMatchObject({ vote: 'Approved' });
    expect(d.voters.find((v: any) => v.user_id === w.m2.userId)).toMatchObject({ vote: 'Pending' });
  });
});
