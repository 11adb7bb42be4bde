/**
 * Journey: the record of a board (issue 27, docs/meeting.md#the-record-of-a-board), in a fresh organization:
 *   1. Mona Member opens the talking point and declares a conflict of interest with a note: the item lists her; the
 *      panel passes axe-core in English and Arabic and fits 390 px;
 *   2. the owner opens a decision: its resolution number, and records Mark Member as mover and Eddie Editor as
 *      seconder; the motion panel passes axe-core in English and Arabic.
 */
import type { Page } from 'puppeteer-core';
import { closeRedis, expectOk, meeting, serverDate, setStatus, talkingPoint, world, type World } from '../api/meeting/helpers';
import { a11y, dismissToasts, openBrowser, orgUrl, chooseIn, settled, whenReady, signIn, successToast, switchLanguage, waitForText, VIEWPORT, type Session } from './support';

declare const document: any;

jest.setTimeout(240_000);

async function openItem(page: Page, key: string, dialog: string): Promise<void> {
  await page.waitForSelector(`[data-testid="open-${key}"]`, { visible: true });
  await page.$eval(`[data-testid="open-${key}"]`, (b: any) => b.click());
  await page.waitForSelector(`[data-testid=${dialog}]`, { visible: true });
  await settled(page);
}

describe('journey: conflicts of interest, mover and seconder, resolution numbers', () => {
  let w: World;
  let member: Session;
  let owner: Session;
  let meetingId: number;
  let tpId: number;
  let decisionId: number;
  let number: string;

  beforeAll(async () => {
    w = await world();
    const m = await meeting(w, { title: `Recorded board ${Date.now() % 100000}` });
    meetingId = m.id;
    tpId = (await talkingPoint(w, m.id, { title: 'Office lease' })).id;
    await setStatus(w, m.id, 2);
    // a decision on the agenda itself (its card opens it)
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Sign the lease', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId] }));
    decisionId = d.id;
    number = d.resolution_number;
    member = await openBrowser('record-member');
    owner = await openBrowser('record-owner');
  });
  afterAll(async () => {
    await member?.close();
    await owner?.close();
    closeRedis();
  });

  it('a member declares a conflict on the item; axe in en and ar; 390 px', async () => {
    const { page } = member;
    await member.step('declare', async () => {
      await signIn(page, w.org.slug, w.m1.email, w.org.admin.password);
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await openItem(page, `talking_point:${tpId}`, 'tp-dialog');
      await page.waitForSelector('[data-testid=conflicts-panel]', { visible: true });
      // the declaring form comes with the item's own rights (can_declare_conflict)
      await page.waitForSelector('[data-testid=conflict-note]', { visible: true });
      await page.type('[data-testid=conflict-note]', 'My brother owns the building');
      await whenReady(page, '[data-testid=conflict-declare]');
      await page.$eval('[data-testid=conflict-declare]', (b: any) => b.click());
      await successToast(page, 'Done');
      await dismissToasts(page);
      await waitForText(page, '[data-testid=conflicts-list]', 'Mona Member');
      await waitForText(page, '[data-testid=conflicts-list]', 'My brother owns the building');
      await page.waitForSelector('[data-testid=conflict-withdraw]', { visible: true });
      await a11y(page, 'conflicts panel', member);
      await member.shot('conflict');
    });
    await member.step('arabic-and-phone', async () => {
      // the header's language switcher is behind the dialog's mask: close it, switch, open the item again
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid=tp-dialog]'));
      await switchLanguage(page, 'ar');
      await openItem(page, `talking_point:${tpId}`, 'tp-dialog');
      await waitForText(page, '[data-testid=conflicts-panel] h4', 'تعارض المصالح');
      await a11y(page, 'conflicts panel', member);
      await member.shot('conflict-ar');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid=tp-dialog]'));
      await switchLanguage(page, 'en');
      await openItem(page, `talking_point:${tpId}`, 'tp-dialog');
      // the panel comes with the item's conflicts, after the dialog
      await page.waitForSelector('[data-testid=conflicts-panel]', { visible: true });
      await page.setViewport({ width: 390, height: 844 });
      await settled(page);
      const overflow = await page.$eval('[data-testid=conflicts-panel]', (n: any) => n.getBoundingClientRect().right > document.documentElement.clientWidth + 1);
      expect(overflow).toBe(false);
      await page.setViewport(VIEWPORT);
    });
  });

  it('the owner sees the number and records the mover and the seconder; axe in en and ar', async () => {
    const { page } = owner;
    await owner.step('motion', async () => {
      await signIn(page, w.org.slug, w.chair.email, w.org.admin.password);
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await openItem(page, `decision:${decisionId}`, 'decision-dialog');
      await waitForText(page, '[data-testid=decision-number]', number);
      await page.waitForSelector('[data-testid=motion-panel]', { visible: true });
      await chooseIn(page, 'motion-mover-select', 'Mark Member');
      await chooseIn(page, 'motion-seconder-select', 'Eddie Editor');
      await whenReady(page, '[data-testid=motion-save]');
      await page.$eval('[data-testid=motion-save]', (b: any) => b.click());
      await successToast(page, 'Done');
      await dismissToasts(page);
      await waitForText(page, '[data-testid=motion-mover]', 'Mark Member');
      await waitForText(page, '[data-testid=motion-seconder]', 'Eddie Editor');
      await a11y(page, 'motion panel', owner);
      await owner.shot('motion');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid=decision-dialog]'));
      await switchLanguage(page, 'ar');
      await openItem(page, `decision:${decisionId}`, 'decision-dialog');
      await waitForText(page, '[data-testid=motion-panel] h4', 'الاقتراح');
      await a11y(page, 'motion panel', owner);
      await owner.shot('motion-ar');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid=decision-dialog]'));
      await switchLanguage(page, 'en');
    });
    const d = expectOk(await w.chair.c.get(`/decisions/${decisionId}`));
    expect(d).toMatchObject({ mover: { user_id: w.m2.userId }, seconder: { user_id: w.editor.userId }, resolution_number: number });
  });
});
