/**
 * Journey: a meeting run from the chair (issue 27, docs/meeting.md#running-the-meeting), in a fresh organization with
 * a committee of five at a 60 % quorum, two browser pages:
 *   1. the owner names Mona Member chair and Mark Member secretary in the "Running the meeting" card (a Draft);
 *   2. the meeting is scheduled; Mona opens it, sees each item's planned start and presenters, publishes the agenda
 *      (then offered as an update), and presses Start meeting; the owner's open page follows it live;
 *   3. Mona marks four of the five members present in the roll call: the owner's open page shows "Quorum reached"
 *      live, without a reload; the card passes axe-core in English and Arabic and fits a 390 px phone;
 *   4. the minutes PDF (pdftotext) records the roll call and the quorum reached with when.
 */
import type { Page } from 'puppeteer-core';
import { createTestCommittee, pdfText, waitFor } from '@app/testing';
import { GATEWAY, closeRedis, env, expectOk, formDate, talkingPoint, world, type Person, type World } from '../api/meeting/helpers';
import { a11y, confirmYes, dismissToasts, openBrowser, orgUrl, chooseIn, settled, whenReady, signIn, successToast, switchLanguage, waitForText, VIEWPORT, type Session } from './support';

/** a server date as the English minutes print it ('24 November 2026, 2:05 PM'; docs/minutes.md#dates-in-the-minutes-language) */
function asPrinted(local: string): string {
  const [, y, mo, dd, hh, mi] = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(local)!;
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(y), Number(mo) - 1, 1)));
  return `${Number(dd)} ${month} ${y}, ${Number(hh) % 12 || 12}:${mi} ${Number(hh) < 12 ? 'AM' : 'PM'}`;
}

declare const document: any;
declare const window: any;

async function openMeeting(page: Page, slug: string, id: number): Promise<void> {
  await page.goto(orgUrl(slug, `/app/activity/meetings/${id}`));
  await page.waitForSelector('[data-testid=chair-card]', { visible: true });
  await settled(page);
}

describe('journey: the chair runs the meeting; the roll call makes the quorum, live', () => {
  let w: World;
  let fifth: Person;
  let owner: Session;
  let chair: Session;
  let meetingId: number;

  beforeAll(async () => {
    w = await world();
    fifth = await w.person();
    const committeeId = await createTestCommittee(env.NATS_URL, w.org.orgId, { quorum: 60, admins: [w.chair.email], members: [w.editor.email, w.m1.email, w.m2.email, fifth.email] });
    const m = expectOk(await w.chair.c.post('/meetings', { title: `Chaired meeting ${Date.now() % 100000}`, committee_id: committeeId, start_date: formDate(7), duration: 120, location: 'HQ' }));
    meetingId = m.id;
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: [w.m1.userId, w.m2.userId, w.editor.userId, fifth.userId] }));
    await talkingPoint(w, m.id);
    owner = await openBrowser('chair-owner');
    chair = await openBrowser('chair-chair');
  });
  afterAll(async () => {
    await owner?.close();
    await chair?.close();
    closeRedis();
  });

  it('the owner names the chair and the secretary', async () => {
    const { page } = owner;
    await owner.step('roles', async () => {
      await signIn(page, w.org.slug, w.chair.email, w.org.admin.password);
      await openMeeting(page, w.org.slug, meetingId);
      await chooseIn(page, 'chair-role-chair', 'Mona Member');
      await chooseIn(page, 'chair-role-secretary', 'Mark Member');
      await whenReady(page, '[data-testid=chair-roles-save]');
      await page.$eval('[data-testid=chair-roles-save]', (b: any) => b.click());
      await successToast(page, 'Done');
      await dismissToasts(page);
      await owner.shot('roles');
    });
    const d = expectOk(await w.chair.c.get(`/meetings/${meetingId}`));
    expect(d.members.find((x: any) => x.user_id === w.m1.userId).meeting_role).toBe('chair');
    expect(d.members.find((x: any) => x.user_id === w.m2.userId).meeting_role).toBe('secretary');
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/changestatus`, { meeting_status_id: 2, reason: 'invitations' }));
  });

  it('the chair starts the meeting and marks four of five present: the owner\'s open page shows "Quorum reached" live', async () => {
    await owner.step('watch', async () => {
      await owner.page.reload();
      await owner.page.waitForSelector('[data-testid=chair-card]', { visible: true });
      await waitForText(owner.page, '[data-testid=meeting-status]', 'Scheduled');
      await owner.page.evaluate(() => (window.__notReloaded = true));
    });
    const { page } = chair;
    await chair.step('publish-agenda', async () => {
      await signIn(page, w.org.slug, w.m1.email, w.org.admin.password);
      await openMeeting(page, w.org.slug, meetingId);
      // the agenda shows each item's planned start, presenters and files (issue 27)
      await waitForText(page, '[data-testid^=tp-time-]', 'Planned 10:00 AM');
      await waitForText(page, '[data-testid^=tp-meta-]', 'Presenters: Chair Person');
      await waitForText(page, '[data-testid=agenda-published-at]', 'The agenda has not been published yet.');
      await whenReady(page, '[data-testid=chair-publish-agenda]');
      await page.$eval('[data-testid=chair-publish-agenda]', (b: any) => b.click());
      await confirmYes(page);
      await successToast(page, 'Agenda published');
      await dismissToasts(page);
      await waitForText(page, '[data-testid=agenda-published-at]', 'Agenda published');
      await waitForText(page, '[data-testid=chair-publish-agenda]', 'Publish agenda update');
    });
    await chair.step('start', async () => {
      // Start comes once the details say the meeting may start, and is disabled while a command is under way
      await whenReady(page, '[data-testid=chair-start]');
      await page.$eval('[data-testid=chair-start]', (b: any) => b.click());
      await confirmYes(page);
      await successToast(page, 'Done');
      await dismissToasts(page);
      await page.waitForSelector('[data-testid=roll-call]', { visible: true });
      await waitForText(page, '[data-testid=quorum-state]', 'Quorum not reached');
    });
    await owner.step('sees-live-status', async () => {
      await waitForText(owner.page, '[data-testid=meeting-status]', 'Live');
    });
    await chair.step('roll-call', async () => {
      for (const p of [w.chair, w.m1, w.m2, w.editor]) {
        // each mark is disabled while the one before is saved; chooseIn waits for it and for the field to show Present
        await chooseIn(page, `roll-mark-${p.userId}`, 'Present');
        await successToast(page, 'Done');
        await dismissToasts(page);
      }
      await waitForText(page, '[data-testid=quorum-state]', 'Quorum reached');
      await chair.shot('quorum-reached');
      await a11y(page, 'chair card', chair);
    });
    await owner.step('sees-quorum-live', async () => {
      await owner.page.waitForFunction(() => (document.querySelector('[data-testid=quorum-state]')?.textContent ?? '').trim() === 'Quorum reached', { timeout: 10_000 });
      await waitForText(owner.page, '[data-testid=quorum-count]', '4 of 5 present, 3 needed (60 %)');
      expect(await owner.page.$eval('[data-testid=quorum-reached-at]', (n: any) => n.textContent)).toMatch(/at \d{2} \w+ \d{4} \d{2}:\d{2} (AM|PM)/);
      expect(await owner.page.evaluate(() => window.__notReloaded)).toBe(true);
      await owner.shot('quorum-live');
    });
    await chair.step('arabic-and-phone', async () => {
      await switchLanguage(page, 'ar');
      await waitForText(page, '[data-testid=quorum-state]', 'اكتمل النصاب');
      await a11y(page, 'chair card', chair);
      await switchLanguage(page, 'en');
      await page.setViewport({ width: 390, height: 844 });
      await settled(page);
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
      expect(fits).toBe(true);
      const box = await page.$eval('[data-testid=chair-card]', (n: any) => { const r = n.getBoundingClientRect(); return { left: r.left, right: r.right }; });
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(391);
      await chair.shot('phone');
      await page.setViewport(VIEWPORT);
    });
    const d = expectOk(await w.chair.c.get(`/meetings/${meetingId}`));
    expect(d.roll_call).toMatchObject({ taken: true, quorum: { present: 4, total: 5, met: true } });
  });

  it('the minutes record the roll call and the quorum reached, with when', async () => {
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/mom`, { mom_settings: 1 }));
    expectOk(await w.chair.c.upload(`/meetings/${meetingId}/mom_conclusion`, { id: String(meetingId), isConclusion: 'true', done: '1', mom_lang: 'en' }, {}));
    await waitFor('minutes version', async () => {
      const s = expectOk(await w.chair.c.get(`/meetings/${meetingId}/minutes`));
      if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
      return s.render?.status === 'done' && s.mom_versions.length > 0 ? s : null;
    }, 150_000, 500);
    const res = await fetch(`${GATEWAY}/api/meetings/${meetingId}/mom`, { headers: { 'x-org': w.org.slug, token: w.chair.token } });
    const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    const d = expectOk(await w.chair.c.get(`/meetings/${meetingId}`));
    expect(text).toContain(`Quorum reached at ${asPrinted(d.roll_call.reached_at)}`);
    expect(text).toContain('4 of 5 members present or represented, 3 needed (60 %)');
    expect(text).toContain(`Not marked`);
  });
});
