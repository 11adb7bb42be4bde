/**
 * Meeting reminders (issue 27, docs/notification.md#meeting-reminders), through the whole system and the mail catcher:
 * the organization's meeting_reminder_minutes (PUT /api/status; a whole number of minutes, 0 to 10080, never coerced)
 * sets how long before a meeting's start its participants are e-mailed. The reminder is a delayed BullMQ job that
 * asks the meeting service, when it fires, who is reminded: the participants who have not declined, a guest with
 * their own link. A moved meeting moves its job; a cancelled one drops it; 0 or a start closer than the lead
 * schedules none. A changed lead moves the jobs already set (0 drops them). The timing test uses a one-minute lead on a meeting a minute and a half away: it really fires.
 * A guest is reminded in the language of the request that invited them (docs/meeting.md#guests-language), whatever
 * language they use on their own page since.
 */
import { Queue, type Job } from 'bullmq';
import { Client } from 'pg';
import { redisConnection } from '@app/platform';
import { api, mailsTo, pollUntil, serviceRedisUrl, type CaughtMail } from '@app/testing';
import { closeRedis, env, expectOk, GATEWAY, formDate, meeting, refused, setStatus, talkingPoint, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let queue: Queue;
let db: Client;
beforeAll(async () => {
  w = await world();
  db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
  await db.connect();
  // Mona reads Arabic
  expectOk(await w.m1.c.put('/profile', { name: w.m1.name, email: w.m1.email, phone: '555123', lang: 'ar' }));
  queue = new Queue('notification-reminder', { prefix: 'bull', connection: redisConnection(serviceRedisUrl('notification')) });
});
afterAll(async () => {
  await queue?.close();
  await db?.end();
  closeRedis();
});

const pad = (n: number) => String(n).padStart(2, '0');
/** the meeting form's 'YYYY-MM-DD hh:mm A' of an instant (the test organization is on UTC) */
function formAt(d: Date): string {
  const h = d.getUTCHours();
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}
/** the first quarter hour at least `ms` from now (meetings start in steps of 15 minutes) */
const quarterAfter = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 900_000) * 900_000);

/** set the organization's lead and wait until the notification service's copy of the organization has it (organization.updated) */
async function setLead(minutes: number): Promise<void> {
  expect(expectOk(await w.admin.c.put('/status', { meeting_reminder_minutes: minutes })).meeting_reminder_minutes).toBe(minutes);
  await pollUntil(
    async () => (await db.query('SELECT meeting_reminder_minutes AS m FROM notification.organizations WHERE org_id = $1', [w.org.orgId])).rows[0]?.m,
    (m) => m === minutes, 20_000, 200,
  );
}
const jobPrefix = (meetingId: number) => `reminder-meeting-reminder-${w.org.orgId}-${meetingId}-`;
const jobsOf = async (meetingId: number): Promise<Job[]> => (await queue.getJobs(['delayed', 'waiting', 'active', 'completed'], 0, 2000)).filter((j) => j.id?.startsWith(jobPrefix(meetingId)));
const delayedJobOf = (meetingId: number): Promise<Job> =>
  pollUntil(async () => (await queue.getJobs(['delayed'], 0, 2000)).find((j) => j.id?.startsWith(jobPrefix(meetingId))), (j) => !!j, 45_000) as Promise<Job>;
/** the job's fire time, from its id (reminder-<kind>-<org>-<meeting>-<fire time in ms>) */
const fireAtOf = (j: Job) => Number(j.id!.split('-').pop());
const remindersTo = async (p: { email: string }, title: string): Promise<CaughtMail[]> =>
  (await mailsTo(p.email)).filter((m) => m.subject.includes(`"${title}"`) && (m.subject.startsWith('Reminder:') || m.subject.startsWith('تذكير') || m.subject.startsWith('Напоминание')));

/** a Scheduled meeting with the usual members, a talking point and, when given, a guest (invited by a request in `guestLang`) */
async function scheduledAt(title: string, start: string, guest?: string, guestLang?: 'ar'): Promise<any> {
  const m = await meeting(w, { title, start_date: start });
  await talkingPoint(w, m.id);
  if (guest) expectOk(await (guestLang ? w.chair.c.with({ lang: guestLang }) : w.chair.c).post(`/meetings/${m.id}/members`, { user_email: guest, guest_name: 'Gail Guest' }));
  await setStatus(w, m.id, 2);
  return m;
}

describe('meeting reminders', () => {
  it('meeting_reminder_minutes: a day by default; a whole number of minutes from 0 to a week, never coerced; administrators only', async () => {
    expect(expectOk(await w.admin.c.get('/status')).meeting_reminder_minutes).toBe(1440);
    for (const bad of ['60', true, -1, 10081, 1.5, [60], null]) refused(await w.admin.c.put('/status', { meeting_reminder_minutes: bad }), 'meeting_reminder_minutes');
    expect((await w.m1.c.put('/status', { meeting_reminder_minutes: 60 })).status).toBe(403);
    expect(expectOk(await w.admin.c.get('/status')).meeting_reminder_minutes).toBe(1440);
    await setLead(120);
    expect(expectOk(await w.admin.c.get('/status')).meeting_reminder_minutes).toBe(120);
  });

  it('scheduled the lead before the start; moved with the meeting; dropped when it is cancelled', async () => {
    await setLead(1440);
    const m = await scheduledAt(`Moved board ${Date.now()}`, formDate(7, 9, 0));
    const first = await delayedJobOf(m.id);
    const start = new Date(`${expectOk(await w.chair.c.get(`/meetings/${m.id}`)).start_date.replace(' ', 'T')}Z`);
    expect(fireAtOf(first)).toBe(start.getTime() - 1440 * 60_000);

    expectOk(await w.chair.c.put(`/meetings/${m.id}`, { title: m.title, committee_id: w.committeeId, start_date: formDate(8, 15, 0), duration: 120, location: 'HQ' }));
    const moved = await pollUntil(() => jobsOf(m.id), (js) => js.length === 1 && js[0].id !== first.id, 45_000);
    expect(fireAtOf(moved[0])).toBe(start.getTime() + 86_400_000 + 6 * 3_600_000 - 1440 * 60_000);

    await setStatus(w, m.id, 4);
    await pollUntil(() => jobsOf(m.id), (js) => js.length === 0, 45_000);
  });

  it('none when the organization says 0 (one once it is turned on again), nor for a meeting that starts sooner than the lead', async () => {
    // the notification service's schedule row says what it decided (status 'none': no job)
    const decided = (meetingId: number) => pollUntil(
      async () => (await db.query(`SELECT status, job_id FROM notification.schedules WHERE org_id = $1 AND kind = 'meeting-reminder' AND item_id = $2`, [w.org.orgId, meetingId])).rows[0],
      (r) => !!r, 45_000,
    );
    await setLead(0);
    const off = await scheduledAt(`No reminder ${Date.now()}`, formDate(7, 9, 0));
    expect(await decided(off.id)).toEqual({ status: 'none', job_id: null });
    expect(await jobsOf(off.id)).toEqual([]);
    await setLead(1440);
    const soon = await scheduledAt(`Too soon ${Date.now()}`, formAt(quarterAfter(2 * 3_600_000)));
    expect(await decided(soon.id)).toEqual({ status: 'none', job_id: null });
    expect(await jobsOf(soon.id)).toEqual([]);
    // turned on again: the meeting scheduled while reminders were off gets its reminder, a day before its start
    const offStart = new Date(`${expectOk(await w.chair.c.get(`/meetings/${off.id}`)).start_date.replace(' ', 'T')}Z`);
    expect((await jobsOf(off.id)).map(fireAtOf)).toEqual([offStart.getTime() - 1440 * 60_000]);
  });

  it('a changed lead moves the reminders already set (the same lead again moves nothing), 0 drops them, and a moved one fires once at its new time', async () => {
    const row = async (meetingId: number) =>
      (await db.query(`SELECT status, job_id FROM notification.schedules WHERE org_id = $1 AND kind = 'meeting-reminder' AND item_id = $2`, [w.org.orgId, meetingId])).rows[0];
    await setLead(1440);
    const m = await scheduledAt(`Lead changed ${Date.now()}`, formDate(7, 9, 0));
    const first = await delayedJobOf(m.id);
    const start = new Date(`${expectOk(await w.chair.c.get(`/meetings/${m.id}`)).start_date.replace(' ', 'T')}Z`);
    expect(fireAtOf(first)).toBe(start.getTime() - 1440 * 60_000);

    // a day -> two hours: the job set a day before is replaced by one two hours before (setLead returns once the copy has
    // it; the reminders are moved before the copy is saved)
    await setLead(120);
    const moved = await jobsOf(m.id);
    expect(moved.map((j) => j.id)).toEqual([`${jobPrefix(m.id)}${start.getTime() - 120 * 60_000}`]);
    expect(await row(m.id)).toEqual({ status: 'scheduled', job_id: moved[0].id });
    // the same lead again: nothing moves
    expect(expectOk(await w.admin.c.put('/status', { meeting_reminder_minutes: 120 })).meeting_reminder_minutes).toBe(120);
    await new Promise((r) => setTimeout(r, 2000));
    expect((await jobsOf(m.id)).map((j) => j.id)).toEqual([moved[0].id]);

    // 0: dropped
    await setLead(0);
    expect(await jobsOf(m.id)).toEqual([]);
    expect(await row(m.id)).toEqual({ status: 'none', job_id: null });

    // a meeting 4 to 19 minutes away reminded a minute before its start; the lead changed so that the reminder is 30 to
    // 90 seconds from now: it fires then, once, and the job set with the old lead is gone
    const soonStart = quarterAfter(240_000);
    await setLead(1);
    const title = `Lead moved soon ${Date.now()}`;
    const soon = await scheduledAt(title, formAt(soonStart));
    const old = await delayedJobOf(soon.id);
    expect(fireAtOf(old)).toBe(soonStart.getTime() - 60_000);
    const lead = Math.floor((soonStart.getTime() - Date.now() - 30_000) / 60_000);
    await setLead(lead);
    const [now] = await jobsOf(soon.id);
    expect(now.id).toBe(`${jobPrefix(soon.id)}${soonStart.getTime() - lead * 60_000}`);
    expect(await queue.getJob(old.id!)).toBeUndefined();
    await pollUntil(() => remindersTo(w.m2, title), (x) => x.length > 0, 150_000, 1000);
    expect(Date.now()).toBeGreaterThanOrEqual(soonStart.getTime() - lead * 60_000);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await remindersTo(w.m2, title)).toHaveLength(1);
    expect(await remindersTo(w.chair, title)).toHaveLength(1);
    expect(await row(soon.id)).toEqual({ status: 'fired', job_id: now.id });
  });

  it('fires the lead before the start: once to each participant who has not declined, in their language, a guest with their own link in the language they were invited in', async () => {
    // the next quarter hour at least two minutes away, and a lead that puts the reminder 30 to 90 seconds from now
    const start = quarterAfter(120_000);
    const lead = Math.floor((start.getTime() - Date.now() - 30_000) / 60_000);
    await setLead(lead);
    const title = `Soon board ${Date.now()}`;
    const guest = `gail.${Date.now()}@example.test`;
    // first set a quarter of an hour later, then moved to `start`: the reminder moves with it
    const m = await scheduledAt(title, formAt(new Date(start.getTime() + 900_000)), guest, 'ar');
    const early = await delayedJobOf(m.id);
    expectOk(await w.chair.c.put(`/meetings/${m.id}`, { title, committee_id: w.committeeId, start_date: formAt(start), duration: 120, location: 'HQ' }));
    expectOk(await w.editor.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Not going', reason: 'travelling' }));
    // the guest was invited by an Arabic request: their row keeps it, and their e-mails (the invitation) are in Arabic
    const guestLang = async () => (await db.query('SELECT guest_lang FROM meeting.members WHERE org_id = $1 AND meeting_id = $2 AND user_email = $3', [w.org.orgId, m.id, guest])).rows[0]?.guest_lang;
    expect(await guestLang()).toBe('ar');
    const invitation = (await pollUntil(() => mailsTo(guest), (x) => x.some((i) => (i.text ?? '').includes(`/meeting/${m.id}?token=`)), 30_000, 500)).find((i) => (i.text ?? '').includes(`/meeting/${m.id}?token=`))!;
    expect(invitation.html).toContain('dir="rtl"');
    const token = /token=([A-Za-z0-9_-]{20,})/.exec(invitation.text ?? '')![1];
    // acting through their link in Russian (the app's language header) changes neither the row nor the reminder's language
    const guestRu = api(GATEWAY, { org: w.org.slug, lang: 'ru' });
    expect((await guestRu.get(`/meeting/guest/${token}`)).status).toBe(200);
    expect((await guestRu.post(`/meetings/${m.id}/members/changestatus?token=${token}`, { status: 'Going', user_email: guest })).status).toBe(200);
    expect(await guestLang()).toBe('ar');

    const reminded: Person[] = [w.chair, w.m1, w.m2];
    const [en] = await pollUntil(() => remindersTo(w.m2, title), (x) => x.length > 0, 150_000, 1000);
    // reminded the lead before the start, not before
    expect(Date.now()).toBeGreaterThanOrEqual(start.getTime() - lead * 60_000);
    // the start in the organization's time zone (UTC here), as the e-mails write dates
    const h = start.getUTCHours();
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][start.getUTCMonth()];
    const when = `${pad(start.getUTCDate())} ${month} ${start.getUTCFullYear()} ${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(start.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'} (UTC)`;
    expect(en.subject).toBe(`Reminder: "${title}" starts ${when}`);
    expect(en.text).toContain(`/app/activity/meetings/${m.id}`);
    const [ar] = await pollUntil(() => remindersTo(w.m1, title), (x) => x.length > 0, 30_000, 500);
    expect(ar.subject.startsWith('تذكير: يبدأ')).toBe(true);
    expect(ar.html).toContain('dir="rtl"');
    const [g] = await pollUntil(() => remindersTo({ email: guest }, title), (x) => x.length > 0, 30_000, 500);
    expect(g.text).toMatch(new RegExp(`/meeting/${m.id}\\?token=[A-Za-z0-9_-]{20,}`));
    expect(g.text).not.toContain('/app/');
    expect(g.subject.startsWith('تذكير: يبدأ')).toBe(true);
    expect(g.html).toContain('dir="rtl"');
    expect(g.text).toContain('هذا الرابط شخصي');

    // the job is done; a little later still exactly one each, none for the one who declined, none from the moved-away job
    await pollUntil(() => queue.getJob((early.id)!), (j) => !j, 10_000);
    await new Promise((r) => setTimeout(r, 3000));
    for (const p of [...reminded, { email: guest }]) expect(await remindersTo(p, title)).toHaveLength(1);
    expect(await remindersTo(w.editor, title)).toEqual([]);
    expect(await remindersTo(w.outsider, title)).toEqual([]);
    // and the members' widget has it
    const widget = await pollUntil(() => w.m2.c.get('/reminders'), (r) => r.body?.data?.some((x: any) => x.type === 'meeting-reminder' && x.entity_id === m.id), 30_000);
    expect(widget.body.data.find((x: any) => x.type === 'meeting-reminder' && x.entity_id === m.id)).toMatchObject({ title: `Meeting soon: ${title}`, link: `/app/activity/meetings/${m.id}`, entity_type: 'meeting' });
  });
});
