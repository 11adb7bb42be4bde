/**
 * Journey: the home dashboard across the services. In a fresh organization the administrator creates a
 * meeting of a committee through the API, adds a member, gives it an agenda and schedules it; the member
 * then signs in and finds it on the home dashboard (Pending tab, Upcoming meetings), finds the reminder
 * the notification service created from the meeting-scheduled event, and dismisses all reminders.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { api, createTestCommittee, createTestOrg, createTestUser, login, type ApiAnswer, type TestOrg } from '@app/testing';
import { GATEWAY, env, openBrowser, orgUrl, signIn, successToast, waitForPath, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the global they use is named here
declare const document: any;

const tag = randomBytes(4).toString('hex');
const TITLE = `Dashboard Meeting ${tag}`;
/** how long the reminder may take to appear (event -> notification service -> widget) */
const REMINDER_MS = 20_000;

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD hh:mm A' `days` from now at 10:00 in the organization's time zone (a fresh organization is UTC) */
function formDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:00 AM`;
}

function data(r: ApiAnswer, what: string): any {
  if (r.status !== 200) throw new Error(`${what}: expected 200, got ${r.status}: ${JSON.stringify(r.body).slice(0, 600)}`);
  return r.body.data;
}

/** click a tab of the welcome card by its label ('Pending' matches 'Pending (1)') */
async function openWelcomeTab(page: Page, label: string): Promise<void> {
  // the welcome card's tabs come with the home's data, after the page
  const tab = await page.waitForSelector(`xpath/.//*[contains(@class, "home-grid__welcome")]//*[contains(@class, "p-tabview-nav")]//a[.//*[starts-with(normalize-space(.), "${label}")]]`, { visible: true });
  await tab!.click();
}

/** the reminder of the meeting in the widget; the notification service writes it shortly after the event, so reload until it shows */
async function waitForReminder(page: Page, title: string): Promise<void> {
  const until = Date.now() + REMINDER_MS;
  for (;;) {
    const left = until - Date.now();
    try {
      await page.waitForFunction(
        (t) => [...document.querySelectorAll('[data-testid=reminders-list] [data-testid^=reminder-]')].some((n) => (n.textContent ?? '').includes(t)),
        { timeout: Math.max(500, Math.min(4_000, left)) },
        title,
      );
      return;
    } catch (e) {
      if (Date.now() >= until) throw new Error(`no reminder for "${title}" within ${REMINDER_MS / 1000} s: ${(e as Error).message}`);
    }
    await page.reload();
    await page.waitForSelector('[data-testid=home-page]', { visible: true });
  }
}

describe('journey: a scheduled meeting reaches the member’s home dashboard and reminders', () => {
  let s: Session;
  let org: TestOrg;
  let member: { userId: number; email: string; password: string; name: string };
  let meetingId: number;

  beforeAll(async () => {
    org = await createTestOrg(env.NATS_URL);
    member = await createTestUser(env.NATS_URL, org.orgId, { name: `Member ${tag}` });
    const committeeId = await createTestCommittee(env.NATS_URL, org.orgId, { admins: [org.admin.email], members: [member.email] });

    // the administrator prepares and schedules the meeting through the API
    const token = await login(GATEWAY, org.slug, org.admin.email, org.admin.password);
    const c = api(GATEWAY, { org: org.slug, token });
    const m = data(await c.post('/meetings', { title: TITLE, committee_id: committeeId, start_date: formDate(3), duration: 60, location: 'Board room' }), 'create meeting');
    meetingId = m.id;
    data(await c.post(`/meetings/${meetingId}/members`, { user_id: [member.userId] }), 'add member');
    // scheduling needs an agenda (docs/product/meetings.md#the-status-machine: Draft -> Scheduled needs participants and a talking point)
    data(await c.post(`/meetings/${meetingId}/talkingpoints`, { title: 'Budget', viewers: [member.userId], presenters: [member.userId], duration: 30 }), 'add talking point');
    const scheduled = data(await c.post(`/meetings/${meetingId}/changestatus`, { meeting_status_id: 2, id: meetingId, reason: 'Ready for the board' }), 'schedule');
    expect(scheduled.meeting_status_id).toBe(2);

    s = await openBrowser('dashboard');
    await s.step('sign-in', () => signIn(s.page, org.slug, member.email, member.password));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('shows the meeting under the Pending tab and in Upcoming meetings', async () => {
    const { page } = s;
    await s.step('home', async () => {
      await page.goto(orgUrl(org.slug, '/app/dashboards/home'));
      await waitForPath(page, '/app/dashboards/home');
      await page.waitForSelector('[data-testid=home-page]', { visible: true });
      await openWelcomeTab(page, 'Pending');
      await page.waitForSelector(`[data-testid=home-pending] [data-testid=meeting-link-${meetingId}]`, { visible: true });
      await page.waitForSelector(`[data-testid=home-upcoming] [data-testid=meeting-link-${meetingId}]`, { visible: true });
      await s.shot('home-pending');
    });
    const pending = await page.$eval('[data-testid=home-pending]', (n) => n.textContent ?? '');
    expect(pending).toContain(TITLE);
    expect(pending).toContain('Board room');
    expect(pending).toContain('10:00 AM');
    const upcoming = await page.$eval('[data-testid=home-upcoming]', (n) => n.textContent ?? '');
    expect(upcoming).toContain(TITLE);
    const href = await page.$eval(`[data-testid=home-upcoming] [data-testid=meeting-link-${meetingId}]`, (a) => a.getAttribute('href') ?? '');
    expect(href).toContain(String(meetingId));
  });

  it('shows the reminder of the scheduled meeting, and Dismiss all empties the widget', async () => {
    const { page } = s;
    await s.step('reminder', async () => {
      await waitForReminder(page, TITLE);
      await page.$eval('[data-testid=reminders-list]', (n) => n.scrollIntoView({ block: 'center' }));
      await s.shot('reminder');
    });
    const reminders = await page.$eval('[data-testid=reminders-list]', (n) => n.textContent ?? '');
    expect(reminders).toContain(`Meeting scheduled: ${TITLE}`);

    await s.step('dismiss-all', async () => {
      await page.click('[data-testid=reminders-dismiss-all]');
      // the server's message, then the widget's empty state
      expect(await successToast(page)).toContain('All reminders dismissed');
      await page.waitForSelector('[data-testid=reminders-empty]', { visible: true });
      await waitForText(page, '[data-testid=reminders-empty]', 'You are all caught up.');
      await page.$eval('[data-testid=reminders-empty]', (n) => n.scrollIntoView({ block: 'center' }));
      await s.shot('reminders-dismissed');
    });
    expect(await page.$('[data-testid=reminders-list]')).toBeNull();
    expect(await page.$eval('[data-testid=reminders-dismiss-all]', (b) => (b as any).disabled)).toBe(true);
    // dismissed for good: a reload shows the empty state again
    await s.step('after-reload', async () => {
      await page.reload();
      await page.waitForSelector('[data-testid=reminders-empty]', { visible: true });
    });
  });
});
