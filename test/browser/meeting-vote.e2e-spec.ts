/**
 * Journeys 2 and 3 of the meeting screens, in a fresh organization of their own (set up through the API):
 *   2. Mona Member signs in, sees the meeting on the meeting list and on home, opens it, declines the NDA (back to
 *      the meeting list), opens it again and accepts it, votes Denied without a reason and sees the error, then
 *      votes with a reason, and sets her action to Complete;
 *   3. the guest opens the link of the "your vote is requested" e-mail caught by the mail catcher (sent at
 *      scheduling, none while a Draft; it names the meeting and opens the guest's own page), accepts the NDA through
 *      the link, sees no edit menus, and votes on the decision.
 *   live: member1 keeps the vote dialog open while the guest changes their vote; the tally follows without a reload;
 *   live: the owner (a voter of a second decision) keeps its vote dialog open while member1 votes from their page.
 * The organization requires an NDA: its administrator turns the `nda` module switch on (PUT /api/status) before
 * the meeting exists.
 */
import type { Page } from 'puppeteer-core';
import { mailsTo, pollUntil } from '@app/testing';
import { closeRedis, expectOk, meeting, serverDate, setStatus, talkingPoint, world, type World } from '../api/meeting/helpers';
import { chooseIn, dismissToasts, openBrowser, orgUrl, settled, signIn, successToast, typeInto, waitForPath, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const document: any;

const GUEST = `board.guest.${Date.now() % 100000}@example.com`;
const TITLE = `Vote meeting ${Date.now() % 100000}`;
const REQUEST = 'Your vote is requested: Approve the 2027 budget';
const bodyOf = (m: { text?: string; html?: string }) => `${m.text ?? ''} ${m.html ?? ''}`;

/** wait until nothing is sliding in or out (a click during the animation misses) */
async function openItem(page: Page, key: string, dialog: string): Promise<void> {
  await page.waitForSelector(`[data-testid="open-${key}"]`, { visible: true });
  await page.$eval(`[data-testid="open-${key}"]`, (b: any) => b.click());
  await page.waitForSelector(`[data-testid=${dialog}]`, { visible: true });
  await settled(page);
}

/** vote `vote` in the open decision dialog, with an optional reason */
async function vote(page: Page, value: string, reason?: string): Promise<void> {
  // the dialog loads the decision after it opens
  await page.waitForSelector('[data-testid=decision-vote]', { visible: true });
  await page.$eval('[data-testid=decision-vote]', (b: any) => b.click());
  await page.waitForSelector('[data-testid=vote-dialog] [data-testid=vote-submit]', { visible: true });
  await settled(page);
  // a vote starts with no choice: nothing checked, Submit disabled until one is chosen
  expect(await page.$$eval('[data-testid=vote-values] input[type=radio]', (rs: any[]) => rs.filter((r) => r.checked).length)).toBe(0);
  expect(await page.$eval('[data-testid=vote-submit]', (b: any) => b.disabled)).toBe(true);
  await page.$eval(`label[for=vote-${value}]`, (l: any) => l.click());
  await page.waitForFunction((v: string) => document.querySelector(`#vote-${v}`)?.checked === true, {}, value);
  if (reason) await typeInto(page, '[data-testid=vote-reason]', reason);
  await page.$eval('[data-testid=vote-submit]', (b: any) => b.click());
}

describe('journey: a member and a guest vote on the meeting page', () => {
  let w: World;
  let member: Session;
  let guest: Session;
  let meetingId: number;
  let decisionId: number;
  let actionId: number;

  beforeAll(async () => {
    w = await world();
    // the organization requires an NDA (its module switch, as an administrator sets it)
    expect(expectOk(await w.admin.c.put('/status', { nda: 1 }))).toMatchObject({ nda: 1 });
    const m = await meeting(w, { title: TITLE });
    meetingId = m.id;
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: GUEST, guest_name: 'Board Guest' }));
    await talkingPoint(w, m.id);
    decisionId = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Approve the 2027 budget', deadline: serverDate(10), voters: [w.m1.userId, { user_email: GUEST }] })).id;
    actionId = expectOk(await w.chair.c.post(`/meetings/${m.id}/actions`, { title: 'Send the signed minutes', open_till: serverDate(9), participants: [w.m1.userId] })).id;
    // a Draft sends no vote request (issue 25, item 6): nothing reaches the guest before the meeting is scheduled
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await mailsTo(GUEST)).map((x) => x.subject)).toEqual([]);
    await setStatus(w, m.id, 2);
    expect(expectOk(await w.m1.c.get(`/meetings/${m.id}`))).toMatchObject({ nda_required: true, nda_accepted: false, permissions: { acceptNda: true } });
    member = await openBrowser('meeting-vote-member');
    guest = await openBrowser('meeting-vote-guest');
  });
  afterAll(async () => {
    await member?.close();
    await guest?.close();
    closeRedis();
  });

  it('member1 sees the meeting on the list and home, votes Denied without then with a reason, and completes the action', async () => {
    const { page } = member;
    await member.step('home', async () => {
      await signIn(page, w.org.slug, w.m1.email, w.org.admin.password);
      await page.waitForSelector(`[data-testid=meeting-link-${meetingId}]`, { visible: true });
      await member.shot('home');
    });
    await member.step('list', async () => {
      await page.goto(orgUrl(w.org.slug, '/app/activity/meetings'));
      await waitForText(page, 'body', 'Vote meeting');
      await member.shot('meeting-list');
    });
    await member.step('nda-decline', async () => {
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await page.waitForSelector('[data-testid=nda-modal]', { visible: true });
      await settled(page);
      await member.shot('nda');
      await page.click('[data-testid=nda-decline]');
      await waitForPath(page, '/app/activity/meetings');
      await waitForText(page, 'body', 'Vote meeting');
    });
    await member.step('nda-accept', async () => {
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await page.waitForSelector('[data-testid=nda-modal]', { visible: true });
      await settled(page);
      await page.click('[data-testid=nda-accept]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=nda-modal]'));
      await page.waitForSelector('[data-testid=meeting-title]', { visible: true });
      await member.shot('details');
      await dismissToasts(page);
    });
    expect(expectOk(await w.m1.c.get(`/meetings/${meetingId}`))).toMatchObject({ nda_accepted: true, permissions: { acceptNda: false } });
    await member.step('denied-without-reason', async () => {
      await openItem(page, `decision:${decisionId}`, 'decision-dialog');
      await vote(page, 'Denied');
      await waitForText(page, '[data-testid=vote-reason-error]', 'The reason field is required.');
      await member.shot('reason-required');
    });
    await member.step('denied-with-reason', async () => {
      await typeInto(page, '[data-testid=vote-reason]', 'Costs are unclear');
      await page.$eval('[data-testid=vote-submit]', (b: any) => b.click());
      await successToast(page, 'is recorded: Denied.');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=voter-list] li')].some((r: any) => (r.textContent ?? '').includes('Mona Member') && (r.textContent ?? '').includes('Denied')));
      await member.shot('voted');
      await dismissToasts(page);
      await page.$eval('[data-testid=decision-close]', (b: any) => b.click());
      await page.waitForFunction(() => !document.querySelector('[data-testid=decision-dialog]'));
    });
    await member.step('action-complete', async () => {
      await openItem(page, `action:${actionId}`, 'action-dialog');
      const row = await page.waitForSelector('[data-testid^=participant-status-]', { visible: true });
      const statusField: string = await row!.evaluate((n: any) => n.getAttribute('data-testid'));
      // Save sends the status the field shows: the pick is in (and the panel gone) before it is pressed
      await chooseIn(page, statusField, 'Complete');
      await page.$eval('[data-testid^=participant-save-]', (b: any) => b.click());
      // the toast says whose status was saved and to what (it said only "Done")
      await successToast(page, 'Status of Mona Member saved: Complete');
      await waitForText(page, '[data-testid=action-status]', 'Complete');
      await member.shot('action-complete');
    });
    const details = expectOk(await w.chair.c.get(`/meetings/${meetingId}`));
    const items = details.agendas.flatMap((g: any) => g.data);
    expect(items.find((x: any) => x.agenda_type === 'decision').voters.find((v: any) => v.user_id === w.m1.userId)).toMatchObject({ vote: 'Denied', reason: 'Costs are unclear' });
    expect(items.find((x: any) => x.agenda_type === 'action')).toMatchObject({ status: 'Complete' });
  });

  it('the guest opens the link of the "your vote is requested" e-mail from the mail catcher, sees no edit menus, and votes', async () => {
    const { page } = guest;
    // scheduling sent the invitation and the vote request together; the request names the meeting and links to the
    // guest's own page with their token, never to the members' page that needs an account (issue 25, items 5 and 6)
    const mails = await pollUntil(() => mailsTo(GUEST), (list) => list.some((x) => x.subject === REQUEST) && list.some((x) => x.subject.startsWith('You are invited')), 45_000);
    const requests = mails.filter((x) => x.subject === REQUEST);
    expect(requests).toHaveLength(1);
    const body = bodyOf(requests[0]);
    expect(body).toContain(TITLE);
    expect(body).not.toContain('/app/activity/meetings');
    const link = /\/meeting\/\d+\?token=[^\s"'<>&]+/.exec(body)![0];
    expect(link.startsWith(`/meeting/${meetingId}?token=`)).toBe(true);
    await guest.step('open-link', async () => {
      await page.goto(orgUrl(w.org.slug, link));
      await page.waitForSelector('[data-testid=nda-modal]', { visible: true });
      await settled(page);
      await guest.shot('guest-nda');
      await page.click('[data-testid=nda-accept]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=nda-modal]'));
      await page.waitForSelector('[data-testid=guest-meeting] [data-testid=meeting-title]', { visible: true });
      await guest.shot('guest-meeting');
      await dismissToasts(page);
    });
    for (const sel of ['meeting-edit', 'meeting-change-status', 'meeting-delete', 'create-buttons', 'participants-manage', 'notes-edit']) {
      expect(await page.$(`[data-testid=${sel}]`)).toBeNull();
    }
    expect(await page.$('[data-testid=side-menu]')).toBeNull();
    await guest.step('vote', async () => {
      await openItem(page, `decision:${decisionId}`, 'decision-dialog');
      expect(await page.$('[data-testid=decision-edit]')).toBeNull();
      await vote(page, 'Approved');
      await successToast(page, 'is recorded: Approved.');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=voter-list] li')].some((r: any) => (r.textContent ?? '').includes('Approved')));
      await guest.shot('guest-voted');
    });
    const details = expectOk(await w.chair.c.get(`/meetings/${meetingId}`));
    const d = details.agendas.flatMap((g: any) => g.data).find((x: any) => x.agenda_type === 'decision');
    expect(d.voters.find((v: any) => v.user_email === GUEST)).toMatchObject({ vote: 'Approved' });
  });

  it('live: member1\'s open vote dialog shows the guest\'s changed vote, its count and percentage, without a reload', async () => {
    const count = (p: Page, vote: string) => p.$eval(`[data-testid=tally-${vote}] .tally__count`, (n: any) => (n.textContent ?? '').trim()).catch(() => null);
    await member.step('open-vote-dialog', async () => {
      await member.page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await openItem(member.page, `decision:${decisionId}`, 'decision-dialog');
      await member.page.waitForSelector('[data-testid=decision-vote]', { visible: true });
      await member.page.$eval('[data-testid=decision-vote]', (b: any) => b.click());
      await member.page.waitForSelector('[data-testid=vote-dialog] [data-testid=tally]', { visible: true });
      expect(await count(member.page, 'Approved')).toBe('1');
    });
    await guest.step('change-vote', async () => {
      await vote(guest.page, 'Abstained');
      await successToast(guest.page, 'is recorded: Abstained.');
    });
    await member.step('sees-it-live', async () => {
      // no reload: the dialog is the one opened above, updated from the meeting's live channel
      await member.page.waitForFunction(
        () => (document.querySelector('[data-testid=vote-dialog] [data-testid=tally-Abstained] .tally__count')?.textContent ?? '').trim() === '1',
        { timeout: 5000 },
      );
      expect(await member.page.$('[data-testid=vote-dialog]')).not.toBeNull();
      expect(await member.page.$eval('[data-testid=vote-dialog] [data-testid=tally-Abstained] .tally__pct', (n: any) => n.textContent)).toContain('50');
      await member.shot('live-tally');
    });
  });

  it("live: the owner's open vote dialog shows member1's vote, its count and percentage, without a reload", async () => {
    const owner = await openBrowser('meeting-vote-owner');
    try {
      const second = expectOk(await w.chair.c.post(`/meetings/${meetingId}/decisions`, { title: 'Approve the auditor', deadline: serverDate(10), voters: [w.chair.userId, w.m1.userId] })).id;
      await owner.step('owner-opens-vote-dialog', async () => {
        await signIn(owner.page, w.org.slug, w.chair.email, w.org.admin.password);
        await owner.page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
        await openItem(owner.page, `decision:${second}`, 'decision-dialog');
        // the dialog loads the decision after it opens
        await owner.page.waitForSelector('[data-testid=decision-vote]', { visible: true });
        await owner.page.$eval('[data-testid=decision-vote]', (b: any) => b.click());
        await owner.page.waitForSelector('[data-testid=vote-dialog] [data-testid=tally]', { visible: true });
        expect(await owner.page.$eval('[data-testid=vote-dialog] [data-testid=tally-Approved] .tally__count', (n: any) => (n.textContent ?? '').trim())).toBe('0');
        await owner.page.evaluate(() => ((globalThis as any).__notReloaded = true));
        await owner.shot('owner-vote-dialog');
      });
      await member.step('member1-votes', async () => {
        await member.page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
        await openItem(member.page, `decision:${second}`, 'decision-dialog');
        await vote(member.page, 'Approved');
        await successToast(member.page, 'is recorded: Approved.');
      });
      await owner.step('owner-sees-it-live', async () => {
        await owner.page.waitForFunction(
          () => (document.querySelector('[data-testid=vote-dialog] [data-testid=tally-Approved] .tally__count')?.textContent ?? '').trim() === '1',
          { timeout: 5000 },
        );
        expect(await owner.page.$eval('[data-testid=vote-dialog] [data-testid=tally-Approved] .tally__pct', (n: any) => n.textContent)).toContain('50');
        expect(await owner.page.evaluate(() => (globalThis as any).__notReloaded)).toBe(true);
        await owner.shot('owner-live-tally');
      });
    } finally {
      await owner.close();
    }
  });
});
