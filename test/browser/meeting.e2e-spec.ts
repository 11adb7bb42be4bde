/**
 * Journeys on the meeting screens, in a fresh organization of their own (the organization admin
 * signs in through the form):
 *   1. the admin creates a meeting in the drawer, finds it on the meeting list, adds Mona Member and a guest
 *      by e-mail, a talking point with a sub-point, a decision and an action, drags the action to the top of
 *      the agenda, and schedules the meeting;
 *   4. the admin starts the meeting, archives it (a decision hidden while it was live), and the hidden
 *      decision appears on the agenda; every edit control is gone;
 *   5. the same details page in Arabic is right-to-left, its date in the Arabic form.
 * (Journeys 2 and 3 — the member's NDA, vote and action status, the guest link from the invitation e-mail — are in
 * meeting-vote.e2e-spec.ts; the ministry / tender wording in meeting-variant.e2e-spec.ts.)
 */
import type { Page } from 'puppeteer-core';
import { closeRedis, expectOk, world, type World } from '../api/meeting/helpers';
import { chooseFirstIn, chooseIn, clickReady, dismissToasts, openBrowser, orgUrl, pasteDate, type Session, settled, signIn, successToast, tickIn, typeInto, waitForPath, waitForText } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;
declare const window: any;

const TITLE = `Annual board ${Date.now() % 100000}`;
const GUEST = `outside.auditor.${Date.now() % 100000}@example.com`;

/** wait for a drawer or dialog to be shown and to stop moving */
async function shown(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(selector, { visible: true });
  await settled(page);
}

async function agendaOrder(w: World, id: number): Promise<string[]> {
  const m = expectOk(await w.admin.c.get(`/meetings/${id}`));
  return [...m.agendas].sort((a: any, b: any) => a.row_num - b.row_num).flatMap((g: any) => g.data.map((d: any) => d.agenda_type));
}

async function changeStatus(s: Session, label: string) {
  const { page } = s;
  await clickReady(page, '[data-testid=meeting-change-status]');
  await shown(page, '[data-testid=status-dialog]');
  // the chosen status shows in the field before the dialog is sent (chooseIn waits for it)
  await chooseIn(page, 'status-value', label);
  await page.click('[data-testid=status-submit]');
  await waitForText(page, '[data-testid=status-reason-error]', 'The status reason field is required.');
  await typeInto(page, '#status-reason', `Moving to ${label}`);
  await page.click('[data-testid=status-submit]');
  await page.waitForFunction(() => !document.querySelector('[data-testid=status-dialog]'));
  await waitForText(page, '[data-testid=meeting-status]', label);
}

describe('journey: meeting screens', () => {
  let w: World;
  let s: Session;
  let meetingId = 0;

  beforeAll(async () => {
    w = await world();
    s = await openBrowser('meeting');
  });
  afterAll(async () => {
    await s?.close();
    closeRedis();
  });

  it('1. the admin creates a meeting, adds participants and agenda items, reorders the agenda and schedules it', async () => {
    const { page } = s;
    await s.step('list-empty', async () => {
      await signIn(page, w.org.slug, w.admin.email, w.org.admin.password);
      await page.goto(orgUrl(w.org.slug, '/app/activity/meetings'));
      await page.waitForSelector('[data-testid=meetings-empty]', { visible: true });
      await s.shot('meetings-empty');
    });
    await s.step('drawer-required', async () => {
      // the empty state can show before the admin's committees have loaded; the New meeting button comes with them
      await shown(page, '[data-testid=meeting-create]');
      await page.click('[data-testid=meeting-create]');
      await shown(page, '[data-testid=meeting-form]');
      await page.click('[data-testid=meeting-submit]');
      await waitForText(page, '[data-testid=meeting-title-error]', 'This field is required.');
      await waitForText(page, '[data-testid=meeting-committee-error]', 'This field is required.');
      await waitForText(page, '[data-testid=meeting-location-error]', 'This field is required.');
      await s.shot('drawer-required');
    });
    await s.step('drawer-create', async () => {
      await typeInto(page, '#meeting-title', TITLE);
      // the organization's only committee (the admin administers every committee of the organization)
      await chooseFirstIn(page, 'meeting-committee');
      await pasteDate(page, '#meeting-start', '15 Jan 2031 10:00 AM');
      await typeInto(page, '#meeting-location', 'Board room');
      await s.shot('drawer-filled');
      await page.click('[data-testid=meeting-submit]');
      await successToast(page, 'Meeting created successfully');
      await page.waitForFunction(() => /^\/app\/activity\/meetings\/\d+$/.test(window.location.pathname));
      meetingId = Number((await page.evaluate(() => window.location.pathname)).split('/').pop());
      await page.waitForSelector('[data-testid=meeting-header]', { visible: true });
      await waitForText(page, '[data-testid=meeting-title]', TITLE);
      await waitForText(page, '[data-testid=meeting-start]', '15-01-2031 10:00 AM');
      await s.shot('details-new');
      await dismissToasts(page);
    });
    await s.step('listed', async () => {
      await page.goto(orgUrl(w.org.slug, '/app/activity/meetings'));
      await page.waitForSelector(`[data-testid=meeting-row-${meetingId}]`, { visible: true });
      await waitForText(page, '[data-testid=meetings-table] tbody', 'Draft');
      await s.shot('meetings-listed');
      await page.click(`[data-testid=meeting-row-${meetingId}]`);
      await waitForPath(page, `/app/activity/meetings/${meetingId}`);
      await page.waitForSelector('[data-testid=meeting-header]', { visible: true });
    });
    await s.step('participants-first', async () => {
      await clickReady(page, '[data-testid=create-agenda]');
      await shown(page, '.p-confirm-dialog');
      await s.shot('participants-first');
      await page.click('.p-confirm-dialog-accept');
      await shown(page, '[data-testid=participants-drawer]');
    });
    await s.step('add-participants', async () => {
      // the organization's people load after the drawer opens
      await chooseIn(page, 'add-user', 'Mona Member');
      await page.click('[data-testid=add-user-submit]');
      await waitForText(page, '[data-testid=participants-list]', 'Mona Member');
      await typeInto(page, '[data-testid=add-email]', 'not-an-email');
      await page.click('[data-testid=add-email-submit]');
      await page.waitForSelector('[data-testid=add-email-error]', { visible: true });
      await typeInto(page, '[data-testid=add-email]', GUEST);
      await page.click('[data-testid=add-email-submit]');
      // guest e-mails over 22 characters are cut to 22 plus two dots
      await waitForText(page, '[data-testid=participants-list]', `${GUEST.slice(0, 22)}..`);
      await s.shot('participants-added');
      await dismissToasts(page);
      await page.click('[data-testid=participants-drawer] .p-sidebar-close');
      await page.waitForFunction(() => !document.querySelector('[data-testid=participants-drawer]'));
      await waitForText(page, '[data-testid=participants-card]', 'Mona Member');
      await dismissToasts(page);
    });
    await s.step('talking-point', async () => {
      await clickReady(page, '[data-testid=create-agenda]');
      await shown(page, '[data-testid=tp-form]');
      await page.click('[data-testid=tp-submit]');
      await waitForText(page, '[data-testid=tp-title-error]', 'This field is required.');
      await typeInto(page, '#tp-title', 'Financial statements');
      await tickIn(page, 'tp-presenters', ['Mona Member'], '#tp-title');
      await tickIn(page, 'tp-viewers', ['Mona Member'], '#tp-title');
      await clickReady(page, '[data-testid=tp-add-subpoint]');
      await typeInto(page, '#sp-0-title', 'Auditor report');
      await chooseIn(page, 'sp-0-presenter', 'Mona Member');
      await tickIn(page, 'sp-0-viewers', ['Mona Member'], '#sp-0-title');
      await typeInto(page, '#sp-0-duration', '15');
      await s.shot('talking-point-filled');
      await page.click('[data-testid=tp-submit]');
      await successToast(page, 'Talking point saved successfully');
      await page.waitForFunction(() => !document.querySelector('[data-testid=tp-dialog]'));
      await waitForText(page, '[data-testid=agenda-list]', 'Auditor report');
      await dismissToasts(page);
    });
    await s.step('decision', async () => {
      await clickReady(page, '[data-testid=create-decision]');
      await shown(page, '[data-testid=decision-form]');
      await typeInto(page, '#decision-title', 'Approve the statements');
      await pasteDate(page, '#decision-deadline', '20 Jan 2031 10:00 AM');
      await tickIn(page, 'decision-voters', ['Mona Member'], '#decision-title');
      await page.click('[data-testid=decision-submit]');
      await successToast(page, 'Decision saved successfully');
      await page.waitForFunction(() => !document.querySelector('[data-testid=decision-form]'));
      await page.keyboard.press('Escape');
      await waitForText(page, '[data-testid=agenda-list]', 'Approve the statements');
      await dismissToasts(page);
    });
    await s.step('action', async () => {
      await clickReady(page, '[data-testid=create-action]');
      await shown(page, '[data-testid=action-form]');
      await typeInto(page, '#action-title', 'Publish the report');
      await tickIn(page, 'action-participants', ['Mona Member'], '#action-title');
      await pasteDate(page, '#action-open-till', '30 Jan 2031 10:00 AM');
      await page.click('[data-testid=action-submit]');
      await successToast(page, 'Action saved successfully');
      await page.waitForFunction(() => !document.querySelector('[data-testid=action-form]'));
      await page.keyboard.press('Escape');
      await waitForText(page, '[data-testid=agenda-list]', 'Publish the report');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=agenda-item]').length === 3);
      await s.shot('agenda-three');
      await dismissToasts(page);
    });
    expect(await agendaOrder(w, meetingId)).toEqual(['talking_point', 'decision', 'action']);
    await s.step('drag-reorder', async () => {
      // the whole agenda in view (cards above it, such as the board book's, push it down): a drag starts on a visible handle
      await page.$eval('[data-testid=agenda-list]', (el: any) => el.scrollIntoView({ block: 'start' }));
      await settled(page);
      const handle = await page.waitForSelector('[data-testid^="drag-action:"]', { visible: true });
      const first = await page.waitForSelector('[data-testid=agenda-item]', { visible: true });
      const from = (await handle!.boundingBox())!;
      const to = (await first!.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++) await page.mouse.move(from.x + from.width / 2, from.y + (to.y + 5 - from.y) * (i / 8));
      await page.mouse.up();
      await successToast(page, 'Agenda order saved');
      await page.waitForFunction(() => document.querySelector('[data-testid=agenda-item]')?.getAttribute('data-agenda-key')?.startsWith('action:'));
      await s.shot('agenda-reordered');
      await dismissToasts(page);
    });
    expect(await agendaOrder(w, meetingId)).toEqual(['action', 'talking_point', 'decision']);
    await s.step('schedule', async () => {
      await changeStatus(s, 'Scheduled');
      await s.shot('scheduled');
      await dismissToasts(page);
    });
    expect(expectOk(await w.admin.c.get(`/meetings/${meetingId}`)).meeting_status_id).toBe(2);
    await s.step('private-note', async () => {
      await clickReady(page, '[data-testid=notes-edit]');
      await shown(page, '[data-testid=notes-drawer]');
      await page.click('[data-testid=note-input]');
      await page.keyboard.type('Ask the auditor ');
      await page.keyboard.down('Control');
      await page.keyboard.press('b');
      await page.keyboard.up('Control');
      await page.waitForSelector('[data-testid=note-bold][aria-pressed=true]');
      await page.keyboard.type('today');
      await s.shot('note-typed');
      await page.click('[data-testid=note-save]');
      await successToast(page, 'Note saved successfully');
      await page.waitForFunction(() => !document.querySelector('[data-testid=notes-drawer]'));
      await page.waitForFunction(() => document.querySelector('[data-testid=note-text] strong')?.textContent === 'today');
      await s.shot('note-saved');
      await dismissToasts(page);
    });
    expect(JSON.parse(expectOk(await w.admin.c.get(`/meetings/${meetingId}`)).note as string)).toEqual({
      type: 'doc',
      version: 2,
      blocks: [{ type: 'paragraph', children: [{ text: 'Ask the auditor ' }, { text: 'today', marks: ['bold'] }] }],
    });
  });

  it('4. the admin starts the meeting, archives it, the hidden decision appears and every edit control is gone', async () => {
    const { page } = s;
    const m = expectOk(await w.admin.c.get(`/meetings/${meetingId}`));
    const decision = m.agendas.flatMap((g: any) => g.data).find((d: any) => d.agenda_type === 'decision');
    await s.step('start', async () => {
      await changeStatus(s, 'Live');
      await s.shot('live');
      await dismissToasts(page);
    });
    // while live, Mona votes and the decision is hidden (archived) by a member
    expectOk(await w.m1.c.post(`/decisions/${decision.id}/vote/change`, { vote: 'Approved' }));
    expectOk(await w.admin.c.post(`/decisions/${decision.id}/visibility`, { is_visible: 0 }));
    await s.step('hidden-card', async () => {
      await page.reload();
      await page.waitForSelector('[data-testid=archived-decisions-card]', { visible: true });
      await waitForText(page, '[data-testid=archived-decisions-card]', 'Approve the statements');
      await s.shot('hidden-decision');
    });
    await s.step('archive', async () => {
      await changeStatus(s, 'Archived');
      await waitForText(page, '[data-testid=agenda-list]', 'Approve the statements');
      await waitForText(page, '[data-testid=agenda-list]', 'Hidden');
      await s.shot('archived');
    });
    for (const sel of ['meeting-edit', 'meeting-change-status', 'meeting-delete', 'create-buttons', 'participants-manage', 'notes-edit']) {
      expect([sel, await page.$(`[data-testid=${sel}]`)]).toEqual([sel, null]);
    }
    expect(await page.$('[data-testid^="drag-"]')).toBeNull();
    await s.step('talking-point-view-only', async () => {
      const tp = await page.waitForSelector('[data-testid^="open-talking_point:"]', { visible: true });
      await tp!.click();
      await shown(page, '[data-testid=tp-view]');
      expect(await page.$('[data-testid=tp-edit]')).toBeNull();
      expect(await page.$('[data-testid=tp-delete]')).toBeNull();
      expect(await page.$('[data-testid=comment-input]')).toBeNull();
      await s.shot('talking-point-view-only');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid=tp-dialog]'));
    });
  });

  it('5. the details page in Arabic is right-to-left', async () => {
    const { page } = s;
    await s.step('arabic', async () => {
      // the status toast sits over the header's language switcher
      await dismissToasts(page);
      await page.click('[data-testid=language-switcher]');
      const option = await page.waitForSelector('[data-testid=language-option-ar]', { visible: true });
      await option!.click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await waitForText(page, '[data-testid=agenda-card] h2', 'جدول الأعمال');
      // the header's date in the Arabic form: the day period is ص (morning) / م (afternoon)
      await waitForText(page, '[data-testid=meeting-start]', '15-01-2031 10:00 ص');
      await s.shot('details-arabic');
    });
    const boxes = await page.evaluate(() => {
      const main = document.querySelector('.meeting-layout__main').getBoundingClientRect();
      const side = document.querySelector('.meeting-layout__side').getBoundingClientRect();
      return { main: main.left, side: side.left, dir: window.getComputedStyle(document.querySelector('[data-testid=meeting-page]')).direction };
    });
    // the side column sits on the left of the main one when the page is mirrored
    expect(boxes.dir).toBe('rtl');
    expect(boxes.side).toBeLessThan(boxes.main);
    await s.step('english-again', async () => {
      await page.click('[data-testid=language-switcher]');
      const option = await page.waitForSelector('[data-testid=language-option-en]', { visible: true });
      await option!.click();
      await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    });
  });
});
