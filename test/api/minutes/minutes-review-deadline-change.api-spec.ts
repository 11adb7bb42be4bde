/**
 * Changing the review's deadline after sending (docs/minutes.md#changing-the-deadline, issue 27): PATCH
 * /api/meetings/{id}/minutes/review {deadline} through the gateway, the notification service's delayed job and the mail
 * catcher. Only the owner, only while the edition is in review; a past or malformed deadline is 409 on `deadline` and
 * nothing is written. The reminder still to come moves with the deadline (a deadline three days out reminds two days
 * out; moved to about a minute out it reminds halfway, before it), the same deadline again changes nothing, and a
 * cleared deadline drops the reminder. The history says who changed it and to what. A reviewer's open page hears each
 * change of the review (a comment, the deadline) on the meeting's live channel as a `minutes` change.
 */
import { serverDate } from '@app/contracts';
import { mailsTo, openLiveChannel, pollUntil, waitFor, type CaughtMail, type LiveChannel } from '@app/testing';
import { GATEWAY, closeRedis, expectOk, refused, scheduled, setStatus, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let m: any;
let tpId: number;
let tz: string;

beforeAll(async () => {
  w = await world();
  m = await scheduled(w, { title: `Deadline change ${Date.now()}` });
  await setStatus(w, m.id, 3);
  const details = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
  tz = details.time_zone;
  tpId = details.agendas.find((g: any) => g.agenda_type === 'talking_point').data[0].id;
});
let page: LiveChannel | undefined;
afterAll(() => {
  page?.close();
  closeRedis();
});

const flow = async (p: Person) => expectOk(await p.c.get(`/meetings/${m.id}/minutes`)).workflow;
const change = (p: Person, body: unknown) => p.c.patch(`/meetings/${m.id}/minutes/review`, body);
/** an instant as the meeting's local date-time (what the owner's form sends) */
const local = (d: Date) => serverDate(d, tz)!;
const whole = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
const remindersTo = async (p: Person): Promise<CaughtMail[]> =>
  (await mailsTo(p.email)).filter((x) => x.subject.includes(`"${m.title}"`) || x.subject.includes(`«${m.title}»`));
const changes = (f: any) => f.history.filter((h: any) => h.action === 'deadline_changed');

describe('changing the review deadline', () => {
  it('refused before the review is under way; then refused to others (403, 404) and for a past or malformed deadline, writing nothing', async () => {
    // a draft has no review to change
    const draft = await change(w.chair, { deadline: local(new Date(Date.now() + 86_400_000)) });
    expect([draft.status, draft.body.message]).toEqual([409, 'The minutes are not at the step this needs.']);

    const threeDays = new Date(Date.now() + 3 * 86_400_000);
    const sent = expectOk(await w.chair.c.post(`/meetings/${m.id}/minutes/review`, { reviewers: [w.m1.userId, w.m2.userId], deadline: local(threeDays) })).workflow;
    expect(sent).toMatchObject({ state: 'in_review', review_deadline: local(whole(threeDays)) });
    expect(sent.permissions.change_deadline).toBe(true);
    const before = await flow(w.chair);

    refused(await change(w.chair, { deadline: local(new Date(Date.now() - 60_000)) }), 'deadline', 'The review deadline must be in the future.');
    const ar = await w.chair.c.with({ lang: 'ar' }).patch(`/meetings/${m.id}/minutes/review`, { deadline: '2020-01-01 10:00:00' });
    expect([ar.status, ar.body.message, ar.body.errors?.deadline]).toEqual([409, 'خطأ في التحقق', ['يجب أن يكون الموعد النهائي للمراجعة في المستقبل.']]);
    for (const bad of ['tomorrow', '2026-02-30 10:00:00', true, 1_900_000_000_000, ['2099-01-01 10:00:00'], '', undefined]) {
      refused(await change(w.chair, bad === undefined ? {} : { deadline: bad }), 'deadline');
    }
    expect((await change(w.chair, { deadline: null, reviewers: [w.m1.userId] })).status).toBe(409);

    // a reviewer and a manager of the meeting may not change it (403), nor may an outsider or another organization see it (404)
    const soon = { deadline: local(new Date(Date.now() + 86_400_000)) };
    expect((await change(w.m1, soon)).status).toBe(403);
    expect((await change(w.editor, soon)).status).toBe(403);
    expect((await change(w.outsider, soon)).status).toBe(404);
    const other = await world();
    expect((await change(other.chair, soon)).status).toBe(404);
    expect(await flow(w.chair)).toEqual(before);
    expect((await flow(w.m1)).permissions.change_deadline).toBe(false);
  });

  it('moved to about a minute out: the reminder moves with it (once, before the new deadline, to the reviewer who has not commented); the same deadline again changes nothing', async () => {
    // Mona's page is open on the meeting: she hears the review move on
    page = await openLiveChannel(GATEWAY, { org: w.org.slug, meetingId: m.id, token: w.m1.token });
    await waitFor('ready', () => page!.frames.find((f) => f.data.type === 'ready'), 5_000);
    const heard = (byUserId: number) => page!.frames.filter((f) => f.data.type === 'change' && f.data.kind === 'minutes' && f.data.byUserId === byUserId).length;
    // Mark reviews; Mona does not
    expectOk(await w.m2.c.post(`/meetings/${m.id}/minutes/review_comments`, { type: 'talking_point', item_id: tpId, comment: 'Fine.' }));
    await waitFor('the comment on the live channel', () => heard(w.m2.userId) === 1 || null, 15_000, 20);
    const deadline = new Date(Date.now() + 70_000);
    const r = await change(w.chair, { deadline: local(deadline) });
    expect([r.status, r.body.message]).toEqual([200, 'Review deadline saved']);
    expect(r.body.data.workflow).toMatchObject({ state: 'in_review', review_deadline: local(whole(deadline)), review_deadline_passed: false });
    expect(changes(r.body.data.workflow)).toEqual([expect.objectContaining({ actor_name: 'Chair Person', state: 'in_review', note: local(whole(deadline)).slice(0, 16) })]);
    // the same deadline again: answered, nothing written
    const again = expectOk(await change(w.chair, { deadline: local(deadline) }));
    expect(changes(again.workflow)).toHaveLength(1);
    await waitFor('the deadline on the live channel', () => heard(w.chair.userId) >= 1 || null, 15_000, 20);
    // everyone who sees the card sees the new deadline
    expect((await flow(w.m1)).review_deadline).toBe(local(whole(deadline)));

    const mona = await pollUntil(() => remindersTo(w.m1), (x) => x.length > 0, 120_000, 1000);
    expect(Date.now()).toBeLessThan(deadline.getTime());
    expect(mona).toHaveLength(1);
    await new Promise((res) => setTimeout(res, 3000));
    // the same deadline again was not announced either
    expect(heard(w.chair.userId)).toBe(1);
    expect(await remindersTo(w.m1)).toHaveLength(1);
    expect(await remindersTo(w.m2)).toEqual([]);
  });

  it('cleared: the reminder still to come is dropped, and the history says so', async () => {
    const deadline = new Date(Date.now() + 24_000);
    expectOk(await change(w.chair, { deadline: local(deadline) }));
    const cleared = expectOk(await change(w.chair, { deadline: null })).workflow;
    expect(cleared).toMatchObject({ state: 'in_review', review_deadline: null, review_deadline_passed: false });
    expect(changes(cleared).at(-1)).toMatchObject({ note: null, actor_name: 'Chair Person' });
    expect(changes(cleared)).toHaveLength(3);
    // the moved reminder would have fired halfway (about 12 s); wait past the deadline itself
    await new Promise((res) => setTimeout(res, Math.max(0, deadline.getTime() - Date.now()) + 4000));
    expect(await remindersTo(w.m1)).toHaveLength(1);
    // cleared again: nothing to change
    expect(changes(expectOk(await change(w.chair, { deadline: null })).workflow)).toHaveLength(3);
  });
});
