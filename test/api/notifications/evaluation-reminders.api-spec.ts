/**
 * Evaluations' e-mails (docs/evaluations.md#reminders), through the whole system and the mail catcher: a round sent
 * to a committee e-mails each recipient; the reminder before the deadline is a delayed BullMQ job that asks the meeting
 * service who has not answered when it fires (ListPendingRespondents) and reminds only them; once everyone has
 * answered, or the round's deadline has passed, it reminds nobody. The delayed job is the real one the notification
 * service scheduled; the test only moves it forward in time (BullMQ `promote`) instead of waiting days. A round has the
 * reminders its sender chose (default 3 days and 1 day before): each fires once, the next one scheduled when the one
 * before has fired, each to whoever has not answered by then; a bad choice is 409 with field errors and sends nothing.
 */
import { Queue, type Job } from 'bullmq';
import type { Client } from 'pg';
import { redisConnection } from '@app/platform';
import { mailsTo, pollUntil, serviceRedisUrl } from '@app/testing';
import { expectOk, refused, serverDate, worldWithDatabase, type Person, type World } from '../meeting/helpers';

jest.setTimeout(180_000);
let w: World;
let db: Client;
worldWithDatabase((fresh, conn) => {
  w = fresh;
  db = conn;
});

let queue: Queue;
beforeAll(() => {
  // the notification service's reminder queue, on the same Redis as the notification service's user
  queue = new Queue('notification-reminder', { prefix: 'bull', connection: redisConnection(serviceRedisUrl('notification')) });
});
afterAll(async () => {
  await queue?.close();
});

const sections = [{ id: 's', title: { en: 'Board' }, questions: [{ id: 'work', kind: 'scale', text: { en: 'How well does the board work?' } }] }];

async function sendRound(anonymous: boolean, title: string, reminders?: number[]): Promise<{ id: number; reminder_minutes: number[] | null }> {
  const q = expectOk(await w.chair.c.post('/evaluations/questionnaires', { title: { en: title, ar: `${title} (ar)` }, anonymous, sections }));
  const extra = reminders ? { reminder_minutes: reminders } : {};
  // 8 days ahead at 10:00 is 7.4 to 8.4 days away whatever the hour the test runs at (with 7 days, a run after 22:00 UTC
  // found the first reminder 3.48 days away and failed `fire`'s bound)
  return expectOk(await w.chair.c.post(`/evaluations/questionnaires/${q.id}/rounds`, { committee_id: w.committeeId, deadline: serverDate(8), ...extra }));
}

/** the delayed reminder job the notification service scheduled for the round (its id names the round), other than `not` */
async function reminderJob(roundId: number, not?: string): Promise<Job> {
  const prefix = `reminder-evaluation-deadline-${w.org.orgId}-${roundId}-`;
  return pollUntil(
    async () => (await queue.getJobs(['delayed'], 0, 1000)).find((j) => j.id?.startsWith(prefix) && j.id !== not),
    (j) => !!j,
    45_000,
  ) as Promise<Job>;
}

/** move the reminder to now and wait for what it did; `minDelayDays`: how far ahead it was at least (the default's first:
 *  3 days before a deadline 7.4 to 8.4 days away, so 4.4 to 5.4 days) */
async function fire(roundId: number, minDelayDays = 4, not?: string): Promise<{ fired: boolean; recipients?: number; jobId: string }> {
  const job = await reminderJob(roundId, not);
  expect(job.delay).toBeGreaterThan(minDelayDays * 86_400_000);
  await job.promote();
  const done = await pollUntil(() => queue.getJob(job.id!), (j) => !!j?.finishedOn, 45_000);
  expect(done!.failedReason ?? null).toBeNull();
  return { ...done!.returnvalue, jobId: job.id! };
}
const fired = async (roundId: number, minDelayDays?: number, not?: string) => {
  const { jobId: _id, ...r } = await fire(roundId, minDelayDays, not);
  return r;
};

const recipients = () => [w.chair, w.editor, w.m1, w.m2];
const mails = async (p: Person, subject: string) => (await mailsTo(p.email)).filter((m) => m.subject.includes(subject));
const answer = (p: Person, roundId: number) => p.c.post(`/evaluations/rounds/${roundId}/answers`, { answers: { work: 4 } });

describe('evaluation e-mails and the deadline reminder', () => {
  it('a sent round e-mails each member of the committee, with the link to answer it', async () => {
    const round = await sendRound(true, `Self-evaluation ${Date.now()}`);
    for (const p of recipients()) {
      const [m] = await pollUntil(() => mails(p, 'Questionnaire to answer: Self-evaluation'), (x) => x.length === 1, 45_000);
      expect(m.text).toContain(`/app/activity/evaluations/rounds/${round.id}`);
      expect(m.text).toContain('Your answers are anonymous');
    }
    expect(await mailsTo(w.outsider.email)).toEqual([]);
  });

  it('the reminder goes only to those who have not answered when it fires', async () => {
    const title = `Named review ${Date.now()}`;
    const round = await sendRound(false, title);
    expectOk(await answer(w.m1, round.id));
    expectOk(await answer(w.editor, round.id));
    expect(await fired(round.id)).toEqual({ fired: true, recipients: 2 });
    for (const p of [w.chair, w.m2]) {
      const [m] = await pollUntil(() => mails(p, `Reminder: answer "${title}"`), (x) => x.length === 1, 45_000);
      expect(m.text).toContain(`You have not answered "${title}" yet.`);
      expect(m.text).toContain('the secretary sees your answers with your name');
    }
    // the e-mail jobs of one reminder are queued together: those two arrived, so these would have too
    expect(await mails(w.m1, 'Reminder: answer')).toEqual([]);
    expect(await mails(w.editor, 'Reminder: answer')).toEqual([]);
    // and the widget shows it to whoever was reminded
    const widget = await pollUntil(() => w.m2.c.get('/reminders'), (r) => r.body?.data?.some((x: any) => x.type === 'evaluation-deadline' && x.entity_id === round.id), 45_000);
    expect(widget.body.data.find((x: any) => x.type === 'evaluation-deadline')).toMatchObject({ title: `Questionnaire closes soon: ${title}`, link: `/app/activity/evaluations/rounds/${round.id}`, entity_type: 'evaluation' });
  });

  it('nobody is reminded once everyone has answered', async () => {
    const title = `All answered ${Date.now()}`;
    const round = await sendRound(true, title);
    for (const p of recipients()) expectOk(await answer(p, round.id));
    expect(await fired(round.id)).toEqual({ fired: true, recipients: 0 });
    for (const p of recipients()) expect(await mails(p, `Reminder: answer "${title}"`)).toEqual([]);
  });

  it('nobody is reminded once the round has closed', async () => {
    const title = `Closed round ${Date.now()}`;
    const round = await sendRound(true, title);
    await reminderJob(round.id);
    // the deadline passes (the clock cannot be moved from here: the round's deadline is moved instead)
    await db.query(`UPDATE meeting.evaluation_rounds SET deadline = now() - interval '1 minute' WHERE id = $1`, [round.id]);
    expect(await fired(round.id)).toEqual({ fired: true, recipients: 0 });
    for (const p of recipients()) expect(await mails(p, `Reminder: answer "${title}"`)).toEqual([]);
  });

  it('closing a round early drops its reminder: no reminder e-mail, and the widget entry goes', async () => {
    const title = `Closed early ${Date.now()}`;
    const round = await sendRound(true, title);
    const job = await reminderJob(round.id);
    await pollUntil(() => w.m2.c.get('/reminders'), (r) => r.body?.data?.some((x: any) => x.type === 'evaluation-sent' && x.entity_id === round.id), 45_000);
    expectOk(await answer(w.m1, round.id));
    expectOk(await w.chair.c.post(`/evaluations/rounds/${round.id}/close`));
    // the notification service removes the delayed job when the closed event arrives (so it never fires; had it
    // been running already, ListPendingRespondents answers nobody for a closed round)
    await pollUntil(() => queue.getJob(job.id!), (j) => !j, 45_000);
    const schedule = await db.query(`SELECT status FROM notification.schedules WHERE org_id = $1 AND item_id = $2 AND kind = 'evaluation-deadline'`, [w.org.orgId, round.id]);
    expect(schedule.rows.map((x) => x.status)).toEqual(['cancelled']);
    await pollUntil(() => w.m2.c.get('/reminders'), (r) => !r.body?.data?.some((x: any) => x.entity_type === 'evaluation' && x.entity_id === round.id), 45_000);
    for (const p of recipients()) expect(await mails(p, `Reminder: answer "${title}"`)).toEqual([]);
    // the round's first e-mail did go out: the catcher is the one these tests read
    expect(await mails(w.m2, `Questionnaire to answer: ${title}`)).toHaveLength(1);
  });

  it('several reminders: each fires once, to whoever has not answered by then, and nothing follows the last', async () => {
    const title = `Two reminders ${Date.now()}`;
    const round = await sendRound(false, title, [60, 4320]);
    expect(round.reminder_minutes).toEqual([4320, 60]);
    expectOk(await answer(w.m1, round.id));
    // 3 days before: the three who have not answered
    const first = await fire(round.id, 4);
    expect(first).toMatchObject({ fired: true, recipients: 3 });
    for (const p of [w.chair, w.editor, w.m2]) await pollUntil(() => mails(p, `Reminder: answer "${title}"`), (x) => x.length === 1, 45_000);
    // the next one was scheduled when the first fired: 1 hour before the deadline, 7.4 to 8.4 days ahead
    expectOk(await answer(w.editor, round.id));
    const second = await fire(round.id, 7, first.jobId);
    expect(second).toMatchObject({ fired: true, recipients: 2 });
    expect(second.jobId).not.toBe(first.jobId);
    for (const p of [w.chair, w.m2]) await pollUntil(() => mails(p, `Reminder: answer "${title}"`), (x) => x.length === 2, 45_000);
    // once each: the editor had the first only, m1 none, and nothing more is scheduled
    expect(await mails(w.editor, `Reminder: answer "${title}"`)).toHaveLength(1);
    expect(await mails(w.m1, `Reminder: answer "${title}"`)).toEqual([]);
    const prefix = `reminder-evaluation-deadline-${w.org.orgId}-${round.id}-`;
    expect((await queue.getJobs(['delayed', 'waiting'], 0, 1000)).filter((j) => j.id?.startsWith(prefix))).toEqual([]);
    const schedule = await db.query(`SELECT status, job_id FROM notification.schedules WHERE org_id = $1 AND item_id = $2 AND kind = 'evaluation-deadline'`, [w.org.orgId, round.id]);
    expect(schedule.rows).toEqual([{ status: 'fired', job_id: second.jobId }]);
    // the widget shows each reminder once (two entries for whoever had both)
    const widget = await pollUntil(() => w.m2.c.get('/reminders'), (r) => r.body?.data?.filter((x: any) => x.type === 'evaluation-deadline' && x.entity_id === round.id).length === 2, 45_000);
    expect(widget.status).toBe(200);
  });

  it('a round everyone has answered after the first reminder gets no second one', async () => {
    const title = `Answered between ${Date.now()}`;
    const round = await sendRound(true, title, [4320, 1440]);
    expectOk(await answer(w.m1, round.id));
    const first = await fire(round.id, 4);
    expect(first).toMatchObject({ fired: true, recipients: 3 });
    for (const p of [w.chair, w.editor, w.m2]) expectOk(await answer(p, round.id));
    const schedule = await db.query(`SELECT status, job_id FROM notification.schedules WHERE org_id = $1 AND item_id = $2 AND kind = 'evaluation-deadline'`, [w.org.orgId, round.id]);
    // the 1-day one was scheduled (people were pending when the first fired); it fires with nobody and ends the chain
    expect(schedule.rows[0].status).toBe('scheduled');
    expect(await fired(round.id, 6, first.jobId)).toEqual({ fired: true, recipients: 0 });
    for (const p of [w.chair, w.editor, w.m2]) expect(await mails(p, `Reminder: answer "${title}"`)).toHaveLength(1);
    const after = await db.query(`SELECT status FROM notification.schedules WHERE org_id = $1 AND item_id = $2 AND kind = 'evaluation-deadline'`, [w.org.orgId, round.id]);
    expect(after.rows.map((x) => x.status)).toEqual(['fired']);
  });

  it('bad reminder choices are 409 with field errors, never coerced, and send nothing', async () => {
    const title = `Bad reminders ${Date.now()}`;
    const q = expectOk(await w.chair.c.post('/evaluations/questionnaires', { title: { en: title }, anonymous: true, sections }));
    const send = (reminder_minutes: unknown) => w.chair.c.post(`/evaluations/questionnaires/${q.id}/rounds`, { committee_id: w.committeeId, deadline: serverDate(7), reminder_minutes });
    refused(await send([1440, 60, 1440]), 'reminder_minutes.2', 'This reminder is chosen more than once.');
    refused(await send([1440, 90.5]), 'reminder_minutes.1');
    refused(await send([0]), 'reminder_minutes.0');
    refused(await send([-60]), 'reminder_minutes.0');
    refused(await send(['1440']), 'reminder_minutes.0');
    refused(await send([true]), 'reminder_minutes.0');
    refused(await send(1440), 'reminder_minutes');
    refused(await send([10, 20, 30, 40, 50, 60]), 'reminder_minutes', 'Choose at most 5 reminders.');
    // 8 days before a deadline 7 days away would be in the past
    refused(await send([1440, 8 * 1440]), 'reminder_minutes.1', 'This reminder would come before now: choose a shorter time before the deadline.');
    const ar = await w.chair.c.with({ lang: 'ar' }).post(`/evaluations/questionnaires/${q.id}/rounds`, { committee_id: w.committeeId, deadline: serverDate(7), reminder_minutes: [60, 60] });
    expect(ar.body.errors['reminder_minutes.1']).toEqual(['تم اختيار هذا التذكير أكثر من مرة.']);
    expect(expectOk(await w.chair.c.get(`/evaluations/questionnaires/${q.id}`)).rounds).toEqual([]);
    expect(await mailsTo(w.m2.email).then((m) => m.filter((x) => x.subject.includes(title)))).toEqual([]);
  });
});
