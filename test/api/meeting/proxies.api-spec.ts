/**
 * Proxies (issue 28, docs/meeting.md#proxies): A gives B their proxy for one meeting; B votes for A and for
 * themself, separately (open and secret ballots); the attendance quorum counts A when B is Going; revoking is
 * refused once the meeting has started; strict bodies (true, [1]), oneself, a non-member, chains, a second proxy
 * and a full holder are 409 with field errors and write nothing; someone else's proxy is 403; another
 * organization's meeting is 404.
 */
import { tallyOf, castVote, refused, expectOk, meeting, scheduled, serverDate, setStatus, world, worldWithEvents, type World } from './helpers';

jest.setTimeout(120_000);
let w: World;
worldWithEvents((fresh) => {
  w = fresh;
});

const give = (who: World['m1'], m: any, body: unknown) => who.c.post(`/meetings/${m.id}/proxies`, body);
const list = async (who: World['m1'], m: any) => expectOk(await who.c.get(`/meetings/${m.id}/proxies`));
const decide = async (m: any, body: Record<string, unknown> = {}) =>
  expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: `Proxy vote ${Math.random()}`, deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId, w.editor.userId], ...body }));


describe('proxies of one meeting', () => {
  let m: any;
  let proxyId: number;

  beforeAll(async () => {
    m = await scheduled(w);
  });

  it('A (m1) gives B (m2) their proxy; both see it, with who may revoke it', async () => {
    const r = await give(w.m1, m, { from_user_id: w.m1.userId, to_user_id: w.m2.userId });
    expect(r.body.message).toBe('Done');
    const answer = expectOk(r);
    expect(answer).toMatchObject({ open: true, can_give: false, can_record: false, per_holder: 1 });
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]).toMatchObject({ meeting_id: m.id, from_user_id: w.m1.userId, to_user_id: w.m2.userId, from: { id: w.m1.userId, name: 'Mona Member' }, to: { id: w.m2.userId, name: 'Mark Member' }, can_revoke: true });
    proxyId = answer.items[0].id;
    expect(await list(w.m2, m)).toMatchObject({ can_give: false, items: [{ id: proxyId, can_revoke: true }] });
    expect(await list(w.editor, m)).toMatchObject({ can_give: true, can_record: false, items: [{ id: proxyId, can_revoke: false }] });
    expect(await list(w.chair, m)).toMatchObject({ can_record: true, items: [{ id: proxyId, can_revoke: true }] });
    // the meeting's details carry the same list
    expect(expectOk(await w.m2.c.get(`/meetings/${m.id}`)).proxies.items).toEqual([expect.objectContaining({ id: proxyId, from_user_id: w.m1.userId })]);
  });

  it('bad bodies are 409 with field errors and write nothing; someone else\'s proxy is 403', async () => {
    const mine = (body: unknown) => give(w.editor, m, body);
    for (const bad of [true, [1], '1e3', 0, -1, null, { id: 1 }]) {
      refused(await mine({ from_user_id: bad, to_user_id: w.chair.userId }), 'from_user_id');
      refused(await mine({ from_user_id: w.editor.userId, to_user_id: bad }), 'to_user_id');
    }
    refused(await mine({ from_user_id: w.editor.userId }), 'to_user_id');
    refused(await mine({ from_user_id: w.editor.userId, to_user_id: w.editor.userId }), 'to_user_id', 'A member cannot give their proxy to themselves.');
    refused(await mine({ from_user_id: w.editor.userId, to_user_id: w.outsider.userId }), 'to_user_id', 'Choose a member of this meeting.');
    refused(await give(w.chair, m, { from_user_id: w.outsider.userId, to_user_id: w.editor.userId }), 'from_user_id', 'Choose a member of this meeting.');
    // one given per member, no chains, one held per member
    refused(await give(w.m1, m, { from_user_id: w.m1.userId, to_user_id: w.editor.userId }), 'from_user_id', 'This member has already given a proxy for this meeting.');
    refused(await give(w.m2, m, { from_user_id: w.m2.userId, to_user_id: w.editor.userId }), 'from_user_id', 'A member who holds a proxy cannot pass it on.');
    refused(await mine({ from_user_id: w.editor.userId, to_user_id: w.m1.userId }), 'to_user_id', 'A member who has given their proxy cannot hold one.');
    refused(await mine({ from_user_id: w.editor.userId, to_user_id: w.m2.userId }), 'to_user_id', 'This member already holds as many proxies as allowed.');
    // in the caller's language
    const ar = await w.editor.c.with({ lang: 'ar' }).post(`/meetings/${m.id}/proxies`, { from_user_id: w.editor.userId, to_user_id: w.editor.userId });
    expect(ar.status).toBe(409);
    expect(ar.body.errors.to_user_id).toEqual(['لا يمكن للعضو أن يمنح توكيله لنفسه.']);
    // a member gives only their own; an outsider sees no meeting; nobody signed in is 401
    expect((await give(w.m1, m, { from_user_id: w.editor.userId, to_user_id: w.chair.userId })).status).toBe(403);
    expect((await give(w.outsider, m, { from_user_id: w.outsider.userId, to_user_id: w.chair.userId })).status).toBe(404);
    expect((await w.anon.get(`/meetings/${m.id}/proxies`)).status).toBe(401);
    expect((await w.m1.c.delete(`/meetings/${m.id}/proxies/${proxyId + 100000}`)).status).toBe(404);
    expect((await list(w.chair, m)).items.map((p: any) => p.id)).toEqual([proxyId]);
  });

  it('the owner records one for a member, and it is revoked before the start', async () => {
    const recorded = expectOk(await give(w.chair, m, { from_user_id: w.editor.userId, to_user_id: w.chair.userId }));
    const p = recorded.items.find((x: any) => x.from_user_id === w.editor.userId);
    expect(p).toMatchObject({ to_user_id: w.chair.userId, can_revoke: true });
    // another member may not revoke it; the giver may
    expect((await w.m1.c.delete(`/meetings/${m.id}/proxies/${p.id}`)).status).toBe(403);
    const r = await w.editor.c.delete(`/meetings/${m.id}/proxies/${p.id}`);
    expect(r.body.message).toBe('Deleted successfully');
    expect(expectOk(r).items.map((x: any) => x.id)).toEqual([proxyId]);
    const details = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
    expect(details.activities.map((a: any) => a.activity)).toEqual(expect.arrayContaining([
      'Mona Member gave their proxy to Mark Member', 'Chair Person recorded the proxy of Eddie Editor to Chair Person', 'Eddie Editor revoked the proxy of Eddie Editor',
    ]));
  });

  it('the attendance quorum counts A when B is Going', async () => {
    const before = expectOk(await w.chair.c.get(`/meetings/${m.id}`)).attendance_quorum;
    expectOk(await w.m2.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Going' }));
    const after = expectOk(await w.chair.c.get(`/meetings/${m.id}`)).attendance_quorum;
    // B and the member B represents
    expect(after).toMatchObject({ total: before.total, present: before.present + 2 });
    expectOk(await w.m1.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Not going', reason: 'travelling' }));
    expect(expectOk(await w.chair.c.get(`/meetings/${m.id}`)).attendance_quorum).toMatchObject({ present: before.present + 2 });
    // B not going: nobody counts for A
    expectOk(await w.m2.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Maybe' }));
    expect(expectOk(await w.chair.c.get(`/meetings/${m.id}`)).attendance_quorum).toMatchObject({ present: before.present });
    expectOk(await w.m2.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Going' }));
  });

  it("B votes for A and for themself, separately: both votes count; nobody else's", async () => {
    const d = await decide(m);
    const seen = expectOk(await w.m2.c.get(`/decisions/${d.id}`));
    expect(seen.can_vote_for_others).toBe(true);
    const changeable = seen.voters.filter((v: any) => v.can_change).map((v: any) => v.user_id).sort();
    expect(changeable).toEqual([w.m1.userId, w.m2.userId].sort());
    expect(expectOk(await w.editor.c.get(`/decisions/${d.id}`)).can_vote_for_others).toBe(false);

    const own = expectOk(await castVote(w.m2, d, { vote: 'Approved' }));
    expect(own.voter).toMatchObject({ user_id: w.m2.userId, vote: 'Approved' });
    const forA = expectOk(await castVote(w.m2, d, { vote: 'Denied', reason: 'as Mona asked', user_id: w.m1.userId }));
    expect(forA.voter).toMatchObject({ user_id: w.m1.userId, vote: 'Denied', reason: 'as Mona asked' });
    expect(tallyOf(forA, 'Approved')).toBe(1);
    expect(tallyOf(forA, 'Denied')).toBe(1);
    expect(forA.quorum).toMatchObject({ present: 2, total: 3 });
    // not for someone B does not represent; not for A by someone who does not hold A's proxy
    expect((await castVote(w.m2, d, { vote: 'Approved', user_id: w.editor.userId })).status).toBe(403);
    expect((await castVote(w.editor, d, { vote: 'Approved', user_id: w.m1.userId })).status).toBe(403);
    const after = expectOk(await w.chair.c.get(`/decisions/${d.id}`));
    expect(after.voters.find((v: any) => v.user_id === w.m1.userId)).toMatchObject({ vote: 'Denied' });
    expect(after.voters.find((v: any) => v.user_id === w.editor.userId)).toMatchObject({ vote: 'Pending' });
    expect(after.votes_cast).toBe(2);
  });

  it('in a secret ballot B casts A\'s secret vote once, with its own receipt', async () => {
    const d = await decide(m, { ballot: 'secret' });
    expect(expectOk(await w.m2.c.get(`/decisions/${d.id}`)).can_vote_for_others).toBe(true);
    const forA = expectOk(await castVote(w.m2, d, { vote: 'Approved', user_id: w.m1.userId }));
    expect(forA.receipt).toMatch(/^[A-Z2-7]{32}$/);
    expect(forA.voter).toMatchObject({ user_id: w.m1.userId, vote: 'Pending', has_voted: true, can_change: false });
    const own = expectOk(await castVote(w.m2, d, { vote: 'Denied', reason: 'not kept' }));
    expect(own.receipt).not.toBe(forA.receipt);
    refused(await castVote(w.m2, d, { vote: 'Denied', reason: 'again', user_id: w.m1.userId }), 'vote', 'You have already voted in this secret ballot; a secret vote cannot be changed.');
    refused(await castVote(w.m1, d, { vote: 'Denied', reason: 'myself' }), 'vote', 'You have already voted in this secret ballot; a secret vote cannot be changed.');
    expect(expectOk(await w.chair.c.get(`/decisions/${d.id}`))).toMatchObject({ votes_cast: 2, tallies: [] });
  });

  it('once the meeting is live the proxies are fixed: revoking and giving are 409', async () => {
    await setStatus(w, m.id, 3);
    const r = await w.m1.c.delete(`/meetings/${m.id}/proxies/${proxyId}`);
    refused(r, 'proxy', 'The meeting has started: proxies can no longer be given or revoked.');
    refused(await w.chair.c.delete(`/meetings/${m.id}/proxies/${proxyId}`), 'proxy', 'The meeting has started: proxies can no longer be given or revoked.');
    refused(await give(w.editor, m, { from_user_id: w.editor.userId, to_user_id: w.chair.userId }), 'proxy', 'The meeting has started: proxies can no longer be given or revoked.');
    const now = await list(w.m1, m);
    expect(now).toMatchObject({ open: false, can_give: false, items: [{ id: proxyId, can_revoke: false }] });
    // B still votes for A while the meeting is live
    const d = await decide(m);
    expect(expectOk(await castVote(w.m2, d, { vote: 'Abstained', user_id: w.m1.userId })).voter).toMatchObject({ user_id: w.m1.userId, vote: 'Abstained' });
  });
});

describe('another organization', () => {
  it("another organization's meeting is 404 for every proxy route", async () => {
    const other = await world();
    const theirs = await meeting(other);
    const given = expectOk(await other.m1.c.post(`/meetings/${theirs.id}/proxies`, { from_user_id: other.m1.userId, to_user_id: other.m2.userId }));
    const id = given.items[0].id;
    expect((await w.admin.c.get(`/meetings/${theirs.id}/proxies`)).status).toBe(404);
    expect((await w.admin.c.post(`/meetings/${theirs.id}/proxies`, { from_user_id: other.m1.userId, to_user_id: other.m2.userId })).status).toBe(404);
    expect((await w.admin.c.delete(`/meetings/${theirs.id}/proxies/${id}`)).status).toBe(404);
    // and their proxy is still there, in a draft (given and revoked before the start)
    expect((await other.m1.c.get(`/meetings/${theirs.id}/proxies`)).body.data.items.map((p: any) => p.id)).toEqual([id]);
  });
});
