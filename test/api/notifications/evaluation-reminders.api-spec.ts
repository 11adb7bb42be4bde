/**
 * Evaluations' e-mails (docs/evaluations.md#reminders), through the whole system and the mail catcher: a round sent
 * to a committee e-mails each recipient; the reminder before the deadline is a delayed BullMQ job that asks the meeting
 * service who has not answered when it fires (ListPendingRespondents) and reminds only them; once everyone has
 * answered, or the round's deadline has passed, it reminds nobody. The delayed job is the real one the notification
 * service scheduled; the test only moves it forward in time (BullMQ `promote`) instead of waiting six days.
 */
import { Queue, type Job } from 'bullmq';
import type { Client } from 'pg';
import { redisConnection } from '@app/platform';
import { mailsTo, pollUntil, serviceRedisUrl } from '@app/testing';
import { expectOk, serverDate, worldWithDatabase, type Person, type World } from '../meeting/helpers';

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

async function sendRound(anonymous: boolean, title: string): Promise<{ id: number }> {
  const q = expectOk(await w.chair.c.post('/evaluations/questionnaires', { title: { en: title, ar: `${title} (ar)` }, anonymous, sections }));
  return expectOk(await w.chair.c.post(`/evaluations/questionnaires/${q.id}/rounds`, { committee_id: w.committeeId, deadline: serverDate(7) }));
}

/** the delayed reminder job the notification service scheduled for the round (its id names the round) */
async function reminderJob(roundId: number): Promise<Job> {
  const prefix = `reminder-evaluation-deadline-${w.org.orgId}-${roundId}-`;
  return pollUntil(
    async () => (await queue.getJobs(['delayed'], 0, 1000)).find((j) => j.id?.startsWith(prefix)),
    (j) => !!j,
    45_000,
  ) as Promise<Job>;
}

/** move the reminder to now and wait for what it did */
async function fire(roundId: number): Promise<{ fired: boolean; recipients?: number }> {
  const job = await reminderJob(roundId);
  // six days before a deadline seven days away
  expect(job.delay).toBeGreaterThan(5 * 86_400_000);
  await job.promote();
  const done = await pollUntil(() => queue.getJob(job.id!), (j) => !!j?.finishedOn, 45_000);
  expect(done!.failedReason ?? null).toBeNull();
  return done!.returnvalue;
}

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
    expect(await fire(round.id)).toEqual({ fired: true, recipients: 2 });
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
    expect(await fire(round.id)).toEqual({ fired: true, recipients: 0 });
    for (const p of recipients()) expect(await mails(p, `Reminder: answer "${title}"`)).toEqual([]);
  });

  it('nobody is reminded once the round has closed', async () => {
    const title = `Closed round ${Date.now()}`;
    const round = await sendRound(true, title);
    await reminderJob(round.id);
    // the deadline passes (the clock cannot be moved from here: the round's deadline is moved instead)
    await db.query(`UPDATE meeting.evaluation_rounds SET deadline = now() - interval '1 minute' WHERE id = $1`, [round.id]);
    expect(await fire(round.id)).toEqual({ fired: true, recipients: 0 });
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
});
