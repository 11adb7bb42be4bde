/**
 * The minutes review's deadline and its reminder (docs/minutes.md#review-deadline, issue 27), through the gateway, the
 * notification service's delayed job and the mail catcher. The owner sends the draft for review with a deadline (a
 * local date-time in the meeting's zone, strictly in the future: else 409 on `deadline` and nothing written). The
 * reminder really fires: with about a minute and a quarter left it goes halfway (rules/reminder-time
 * reviewReminderFireTime), asks the minutes service who has not commented (ListPendingReviewers), and e-mails only
 * them, each in their language. After the deadline the owner's card says it has passed and reviewers may still comment.
 */
import { serverDate } from '@app/contracts';
import { mailsTo, pollUntil, type CaughtMail } from '@app/testing';
import { closeRedis, expectOk, refused, scheduled, setStatus, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let m: any;
let tpId: number;
let tz: string;

beforeAll(async () => {
  w = await world();
  m = await scheduled(w, { title: `Review deadline ${Date.now()}` });
  await setStatus(w, m.id, 3);
  const details = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
  tz = details.time_zone;
  tpId = details.agendas.find((g: any) => g.agenda_type === 'talking_point').data[0].id;
  // Mona reads Arabic, Mark Russian
  for (const [p, lang] of [[w.m1, 'ar'], [w.m2, 'ru']] as const) expect((await p.c.put('/profile', { name: p.name, email: p.email, phone: '555123', lang })).status).toBe(200);
});
afterAll(() => closeRedis());

const minutes = (p: Person) => p.c.get(`/meetings/${m.id}/minutes`);
const flow = async (p: Person) => expectOk(await minutes(p)).workflow;
const review = (body: unknown) => w.chair.c.post(`/meetings/${m.id}/minutes/review`, body);
/** an instant as the meeting's local date-time (what the owner's form sends) */
const local = (d: Date) => serverDate(d, tz)!;
/** the review reminders of this meeting in a person's mailbox (en, ar, ru subjects all name the title in quotes) */
const remindersTo = async (p: Person): Promise<CaughtMail[]> =>
  (await mailsTo(p.email)).filter((x) => x.subject.includes(`"${m.title}"`) || x.subject.includes(`«${m.title}»`));

describe('the review deadline', () => {
  it('a deadline that is not a future local date-time is 409 on `deadline` (en, ar) and nothing is written', async () => {
    const before = expectOk(await minutes(w.chair));
    const reviewers = [w.m1.userId, w.m2.userId];
    refused(await review({ reviewers, deadline: local(new Date(Date.now() - 60_000)) }), 'deadline', 'The review deadline must be in the future.');
    const ar = await w.chair.c.with({ lang: 'ar' }).post(`/meetings/${m.id}/minutes/review`, { reviewers, deadline: '2020-01-01 10:00:00' });
    expect([ar.status, ar.body.message, ar.body.errors?.deadline]).toEqual([409, 'خطأ في التحقق', ['يجب أن يكون الموعد النهائي للمراجعة في المستقبل.']]);
    for (const bad of ['tomorrow', '2026-02-30 10:00:00', true, 1_900_000_000_000, ['2099-01-01 10:00:00'], '']) refused(await review({ reviewers, deadline: bad }), 'deadline');
    expect(expectOk(await minutes(w.chair)).workflow).toEqual(before.workflow);
    expect((await flow(w.chair)).state).toBe('draft');
  });

  it('sent with a deadline: the card shows it and who is pending; the reminder goes only to the reviewer who has not commented, in Arabic', async () => {
    const deadline = new Date(Date.now() + 75_000);
    const sent = expectOk(await review({ reviewers: [w.m1.userId, w.m2.userId], deadline: local(deadline) })).workflow;
    expect(sent).toMatchObject({ state: 'in_review', review_deadline: local(new Date(Math.floor(deadline.getTime() / 1000) * 1000)), review_deadline_passed: false });
    expect(sent.review_pending.map((p: any) => p.user_id).sort()).toEqual([w.m1.userId, w.m2.userId].sort());
    // a manager of the meeting sees who is pending, as they see the comments
    expect((await flow(w.editor)).review_pending).toHaveLength(2);

    // Mark reviews; Mona does not
    const after = expectOk(await w.m2.c.post(`/meetings/${m.id}/minutes/review_comments`, { type: 'talking_point', item_id: tpId, comment: 'Name the amount.' })).workflow;
    expect(after.review_pending.map((p: any) => p.user_id)).toEqual([w.m1.userId]);
    expect((await flow(w.m1)).review_pending.map((p: any) => p.name)).toEqual(['Mona Member']);

    const mona = await pollUntil(() => remindersTo(w.m1), (x) => x.length > 0, 120_000, 1000);
    expect(Date.now()).toBeLessThan(deadline.getTime());
    expect(mona).toHaveLength(1);
    expect(mona[0].subject).toContain('تذكير: راجع محضر');
    expect(mona[0].html).toContain('dir="rtl"');
    expect(mona[0].text).toContain(`/meetings/${m.id}`);
    // the reminder has fired (Mona's e-mail is out): Mark, who commented, got none, and nobody gets a second one
    await new Promise((r) => setTimeout(r, 3000));
    expect(await remindersTo(w.m2)).toEqual([]);
    expect(await remindersTo(w.m1)).toHaveLength(1);
    expect(await remindersTo(w.chair)).toEqual([]);

    // past the deadline: the owner is told; Mona may still comment, and is then no longer pending
    await pollUntil(() => flow(w.chair), (f) => f.review_deadline_passed === true, 60_000, 1000);
    expect((await flow(w.m1)).permissions.review_comment).toBe(true);
    const late = expectOk(await w.m1.c.post(`/meetings/${m.id}/minutes/review_comments`, { type: 'meeting', item_id: m.id, comment: 'Late, but fine.' })).workflow;
    expect(late.review_pending).toEqual([]);
    expect(late.state).toBe('in_review');
  });

  it('sent again without a deadline: none is kept', async () => {
    const f = expectOk(await review({ reviewers: [w.m1.userId] })).workflow;
    expect(f).toMatchObject({ state: 'in_review', review_deadline: null, review_deadline_passed: false });
    expect(expectOk(await review({ reviewers: [w.m1.userId], deadline: null })).workflow.review_deadline).toBeNull();
  });
});
