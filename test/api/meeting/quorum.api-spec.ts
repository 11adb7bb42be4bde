/**
 * Quorum and outcome (docs/product/votes.md#quorum-and-outcome): a decision shows whether the committee's
 * quorum is met and, once voting has closed, its outcome, in the payload, the activity log and the
 * decision-closed event; the meeting details show the attendance quorum.
 */
import { mailsTo, pollUntil } from '@app/testing';
import { MeetingEvents, expectOk, scheduled, serverDate, worldWithEvents, type World } from './helpers';

/** the e-mail about one decision's closing that reached `email` */
const closedMail = async (email: string, title: string) => {
  const mails = await pollUntil(() => mailsTo(email), (list) => list.some((x) => (x.subject ?? '').includes(`Voting closed: ${title}`)), 45_000);
  const mail = mails.find((x) => (x.subject ?? '').includes(`Voting closed: ${title}`))!;
  return { subject: mail.subject ?? '', text: `${mail.text ?? ''}` };
};

let w: World;
let tap: MeetingEvents;
worldWithEvents((fresh, events) => {
  w = fresh;
  tap = events;
});

let n = 0;
const decide = async (m: any) =>
  expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: `Quorum ${++n}`, deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId, w.editor.userId] }));
const vote = (who: World['m1'], d: any, v: string) => who.c.post(`/decisions/${d.id}/vote/change`, { id: d.id, vote: v });

describe('quorum and outcome', () => {
  it("a decision without quorum closes as 'No quorum', in the payload, the activity log and the event", async () => {
    const m = await scheduled(w);
    const d = await decide(m);
    // the world's committee has the default quorum of 50 %: two of three voters are needed
    expect(d).toMatchObject({ quorum: { percent: 50, present: 0, total: 3, needed: 2, met: false }, outcome: null });
    const one = expectOk(await vote(w.m1, d, 'Approved'));
    expect(one.quorum).toMatchObject({ present: 1, met: false });
    expect(one.outcome).toBeNull();
    const ended = expectOk(await w.chair.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 1 }));
    expect(ended).toMatchObject({ voting_open: false, quorum: { present: 1, met: false }, outcome: 'No quorum' });
    expect(expectOk(await w.m2.c.get(`/decisions/${d.id}`)).outcome).toBe('No quorum');
    const event = await tap.next('meeting.v1.decision.closed', (p) => p.decisionId === d.id);
    expect(event).toMatchObject({ reason: 'ended', outcome: 'No quorum', quorumMet: false });
    const details = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
    expect(details.activities.map((a: any) => a.activity)).toContain(`Chair Person ended voting on "${d.title}": No quorum`);
    // every voter is told, the one who did not vote too
    for (const voter of [w.m1, w.m2, w.editor]) {
      const mail = await closedMail(voter.email, d.title);
      expect(mail.subject).toBe(`Voting closed: ${d.title} — No quorum`);
      expect(mail.text).toContain('no quorum');
    }
  });

  it('with quorum, more Approved than half of the votes other than Abstained passes; otherwise it is rejected', async () => {
    const m = await scheduled(w);
    const passed = await decide(m);
    expectOk(await vote(w.m1, passed, 'Approved'));
    expectOk(await vote(w.m2, passed, 'Abstained'));
    expect(expectOk(await w.chair.c.post(`/decisions/${passed.id}/fulfill`, { is_fulfilled: 1 }))).toMatchObject({ quorum: { met: true }, outcome: 'Passed' });
    const mail = await closedMail(w.m2.email, passed.title);
    expect(mail.subject).toBe(`Voting closed: ${passed.title} — Passed`);
    expect(mail.text).toContain('Outcome: Passed.');
    expect(mail.text).toMatch(/Approved\W+1 \(\d+(\.\d)?%\)/);
    const rejected = await decide(m);
    expectOk(await vote(w.m1, rejected, 'Approved'));
    expectOk(await w.m2.c.post(`/decisions/${rejected.id}/vote/change`, { id: rejected.id, vote: 'Denied', reason: 'too costly' }));
    expect(expectOk(await w.chair.c.post(`/decisions/${rejected.id}/fulfill`, { is_fulfilled: 1 }))).toMatchObject({ quorum: { met: true }, outcome: 'Rejected' });
    // resuming voting removes the outcome again
    expect(expectOk(await w.chair.c.post(`/decisions/${rejected.id}/fulfill`, { is_fulfilled: 0 })).outcome).toBeNull();
  });

  it('the meeting header counts members marked Going against the quorum', async () => {
    const m = await scheduled(w);
    const before = expectOk(await w.chair.c.get(`/meetings/${m.id}`)).attendance_quorum;
    expect(before).toMatchObject({ percent: 50, met: false });
    const total = before.total;
    for (const p of [w.m1, w.m2, w.editor]) expectOk(await p.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Going' }));
    const after = expectOk(await w.chair.c.get(`/meetings/${m.id}`)).attendance_quorum;
    expect(after).toMatchObject({ total, present: before.present + 3, met: (before.present + 3) * 2 >= total });
  });
});
