/**
 * The ministry / tender variants of the meeting screens, in a fresh organization of the tender variant (set up
 * through the API; the chair owns a Scheduled meeting with Mona Member, Mark Member and Eddie Editor):
 *   - the owner sees the drag handles; the decision form has the tender number and the allow-voting switch; the
 *     vote dialog offers 'Postponed to next meeting' in place of Abstained; the attendance dialog offers Delegate
 *     and Other in place of Not going and Maybe; turning the allow-voting switch off takes the vote button away;
 *   - Eddie Editor may create items but cannot reorder the agenda (only the owner may in these variants).
 * And, in an organization of the default variant, a decision with "Allow voting" off (made through the tender host)
 * reads the same to Mona Member on the default host and on the tender host: NO VOTING, no vote button (issue 25,
 * item 14: the default host once offered her the vote and took it with 200).
 */
import type { Page } from 'puppeteer-core';
import { closeRedis, expectOk, meeting, serverDate, setStatus, talkingPoint, world, type World } from '../api/meeting/helpers';
import { clickReady, dismissToasts, openBrowser, orgUrl, settled, signIn, successToast, tickIn, typeInto, waitForText, whenReady, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const document: any;

const TENDER = 'TN-2031-07';

async function openItem(page: Page, key: string, dialog: string): Promise<void> {
  await page.waitForSelector(`[data-testid="open-${key}"]`, { visible: true });
  await page.$eval(`[data-testid="open-${key}"]`, (b: any) => b.click());
  await page.waitForSelector(`[data-testid=${dialog}]`, { visible: true });
  await settled(page);
}

/** the texts of the labels inside `selector` */
const labels = (page: Page, selector: string) => page.$$eval(`${selector} label`, (ls: any[]) => ls.map((l) => (l.textContent ?? '').trim()));

describe('journey: the tender variant of the meeting page', () => {
  let w: World;
  let owner: Session;
  let editor: Session;
  let meetingId: number;
  let decisionId = 0;

  beforeAll(async () => {
    w = await world({ variant: 'tender' });
    const m = await meeting(w, { title: `Tender board ${Date.now() % 100000}` });
    meetingId = m.id;
    await talkingPoint(w, m.id);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/actions`, { title: 'Check the bids', open_till: serverDate(9), participants: [w.m1.userId] }));
    await setStatus(w, m.id, 2);
    owner = await openBrowser('meeting-variant-owner');
    editor = await openBrowser('meeting-variant-editor');
  });
  afterAll(async () => {
    await owner?.close();
    await editor?.close();
    closeRedis();
  });

  it('the owner: drag handles, tender number and allow-voting switch, Postponed to next meeting, Delegate and Other', async () => {
    const { page } = owner;
    await owner.step('details', async () => {
      await signIn(page, w.org.slug, w.chair.email, w.org.admin.password);
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await page.waitForSelector('[data-testid=agenda-list]', { visible: true });
      // only the owner reorders in this variant, and the chair owns the meeting
      await page.waitForSelector('[data-testid^="drag-"]', { visible: true });
      await owner.shot('owner-details');
    });
    await owner.step('decision-tender-fields', async () => {
      await clickReady(page, '[data-testid=create-decision]');
      await page.waitForSelector('[data-testid=decision-form]', { visible: true });
      await settled(page);
      await typeInto(page, '#decision-title', 'Award the cleaning tender');
      await typeInto(page, '[data-testid=decision-tender]', TENDER);
      expect(await page.$eval('#decision-decisionable', (n: any) => n.checked)).toBe(true);
      await tickIn(page, 'decision-voters', ['Mona Member', 'Chair Person'], '#decision-title');
      await owner.shot('decision-tender-form');
      await page.click('[data-testid=decision-submit]');
      await successToast(page, 'Decision saved successfully');
      await page.waitForFunction(() => !document.querySelector('[data-testid=decision-form]'));
      await waitForText(page, '[data-testid=agenda-list]', 'Award the cleaning tender');
      await dismissToasts(page);
    });
    const details = expectOk(await w.chair.c.get(`/meetings/${meetingId}`));
    const created = details.agendas.flatMap((g: any) => g.data).find((x: any) => x.agenda_type === 'decision');
    expect(created).toMatchObject({ title: 'Award the cleaning tender', tender_number: TENDER, decisionable: 1 });
    decisionId = created.id;
    await owner.step('vote-postponed', async () => {
      await openItem(page, `decision:${decisionId}`, 'decision-dialog');
      await waitForText(page, '[data-testid=decision-details]', TENDER);
      await whenReady(page, '[data-testid=decision-vote]');
      await page.$eval('[data-testid=decision-vote]', (b: any) => b.click());
      await page.waitForSelector('[data-testid=vote-dialog]', { visible: true });
      await settled(page);
      expect(await labels(page, '[data-testid=vote-values]')).toEqual(['Approved', 'Denied', 'Postponed to next meeting', 'Pending', 'Others']);
      await page.$eval('label[for=vote-Abstained]', (l: any) => l.click());
      await page.waitForFunction(() => document.querySelector('#vote-Abstained')?.checked === true);
      await owner.shot('vote-postponed');
      await page.$eval('[data-testid=vote-submit]', (b: any) => b.click());
      await successToast(page, 'is recorded: Postponed to next meeting.');
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=voter-list] li')].some((r: any) => (r.textContent ?? '').includes('Chair Person') && (r.textContent ?? '').includes('Postponed to next meeting')));
      await dismissToasts(page);
    });
    await owner.step('allow-voting-off', async () => {
      await clickReady(page, '[data-testid=decision-edit]');
      await page.waitForSelector('[data-testid=decision-form]', { visible: true });
      await settled(page);
      expect(await page.$eval('[data-testid=decision-tender]', (n: any) => n.value)).toBe(TENDER);
      await page.click('#decision-decisionable');
      await page.waitForFunction(() => document.querySelector('#decision-decisionable')?.checked === false);
      await page.click('[data-testid=decision-submit]');
      await successToast(page, 'Decision saved successfully');
      await page.waitForSelector('[data-testid=decision-details]', { visible: true });
      // voting is closed while the switch is off: no vote button, no End voting, and the state reads NO VOTING, not OPEN
      await page.waitForFunction(() => !document.querySelector('[data-testid=decision-vote]'));
      await waitForText(page, '[data-testid=decision-state]', 'NO VOTING');
      expect(await page.$('[data-testid=decision-end]')).toBeNull();
      await owner.shot('voting-off');
      await dismissToasts(page);
      await page.$eval('[data-testid=decision-close]', (b: any) => b.click());
      await page.waitForFunction(() => !document.querySelector('[data-testid=decision-dialog]'));
    });
    // the default host (no -tender marker) says the same: the rule is the decision's (issue 25, item 14)
    expect(expectOk(await w.chair.c.get(`/decisions/${decisionId}`))).toMatchObject({ decisionable: 0, tender_number: TENDER, can_vote: false, voting_open: false, state: 'DUE', can_end: false });
    await owner.step('attendance-delegate', async () => {
      await page.click('[data-testid=my-attendance]');
      await page.waitForSelector('[data-testid=attendance-dialog]', { visible: true });
      await settled(page);
      expect(await labels(page, '[data-testid=attendance-dialog] .radio-list')).toEqual(['Going', 'Pending', 'Delegate', 'Other']);
      await page.$eval('label[for=attendance-Delegate]', (l: any) => l.click());
      await typeInto(page, '[data-testid=attendance-reason]', 'My deputy attends');
      await owner.shot('attendance-delegate');
      await page.click('[data-testid=attendance-submit]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=attendance-dialog]'));
      await waitForText(page, '[data-testid=my-attendance]', 'Delegate');
      await owner.shot('attendance-saved');
    });
    const me = expectOk(await w.chair.c.get(`/meetings/${meetingId}`)).current_member;
    expect(me).toMatchObject({ attendance_status: 'Delegate' });
  });

  it('an editor creates items but cannot reorder the agenda', async () => {
    const { page } = editor;
    await editor.step('editor-details', async () => {
      await signIn(page, w.org.slug, w.editor.email, w.org.admin.password);
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await page.waitForSelector('[data-testid=agenda-list]', { visible: true });
      await page.waitForSelector('[data-testid=create-buttons]', { visible: true });
      await editor.shot('editor-details');
    });
    expect(await page.$('[data-testid^="drag-"]')).toBeNull();
    expect(expectOk(await w.editor.c.get(`/meetings/${meetingId}`)).permissions).toMatchObject({ createItems: true, reorderAgenda: false });
  });
});

describe('journey: a decision without voting reads the same through every host (issue 25, item 14)', () => {
  let w: World;
  let member: Session;
  let meetingId = 0;
  let decisionId = 0;

  beforeAll(async () => {
    // the default variant: only the host marker selects the tender variant
    w = await world();
    const tender = w.chair.c.with({ headers: { 'x-org': `${w.org.slug}-tender` } });
    const m = await meeting(w, { title: `Hosts board ${Date.now() % 100000}` });
    meetingId = m.id;
    await talkingPoint(w, m.id);
    await setStatus(w, m.id, 2);
    const d = expectOk(await tender.post(`/meetings/${m.id}/decisions`, { title: 'Award the catering tender', deadline: serverDate(10), voters: [w.m1.userId, w.chair.userId], decisionable: 0, tender_number: TENDER }));
    decisionId = d.id;
    member = await openBrowser('meeting-variant-hosts');
  });
  afterAll(async () => {
    await member?.close();
    closeRedis();
  });

  it('Mona Member finds NO VOTING and no vote button on the default host and on the tender host', async () => {
    const { page } = member;
    for (const [host, label] of [['default', w.org.slug], ['tender', `${w.org.slug}-tender`]] as const) {
      await member.step(`decision-${host}-host`, async () => {
        // each host is its own origin: its own sign-in
        await signIn(page, label, w.m1.email, w.org.admin.password);
        await page.goto(orgUrl(label, `/app/activity/meetings/${meetingId}`));
        await page.waitForSelector('[data-testid=agenda-list]', { visible: true });
        await openItem(page, `decision:${decisionId}`, 'decision-dialog');
        await waitForText(page, '[data-testid=decision-dialog]', 'Award the catering tender');
        await waitForText(page, '[data-testid=decision-state]', 'NO VOTING');
        expect({ host, vote: await page.$('[data-testid=decision-vote]'), end: await page.$('[data-testid=decision-end]') }).toEqual({ host, vote: null, end: null });
        await member.shot(`no-voting-${host}`);
        // what the page was told, on this host: no vote for her
        const asked = await page.evaluate(async (id: number) => {
          const r = await fetch(`/api/decisions/${id}`, { headers: { token: document.defaultView.localStorage.getItem('auth_token') } });
          const b = (await r.json()) as { data?: { can_vote?: boolean; state?: string; voting_closed_reason?: string } };
          return { status: r.status, can_vote: b.data?.can_vote, state: b.data?.state, reason: b.data?.voting_closed_reason };
        }, decisionId);
        expect({ host, ...asked }).toEqual({ host, status: 200, can_vote: false, state: 'DUE', reason: 'not_decisionable' });
      });
    }
    // and nothing was counted: she is still Pending
    const d = expectOk(await w.chair.c.get(`/decisions/${decisionId}`));
    expect(d.tallies.find((x: any) => x.vote === 'Pending').count).toBe(2);
  });
});
