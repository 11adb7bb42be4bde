/**
 * The record of a board (issue 27, docs/meeting.md#the-record-of-a-board): a member declares a conflict of interest on
 * an agenda item (shown on the item; the declarer cannot vote on its decisions, whoever casts the vote); the owner or
 * the chair records the mover and the seconder of a decision (members of the meeting, two people); every decision
 * gets a resolution number YYYY/NNN per committee and year, without gaps or duplicates when many are created at
 * once; the minutes PDF prints all three (read back with pdftotext). Bad bodies are 409 with field errors and write
 * nothing; the wrong person is 403, an outsider 404.
 */
import { createTestCommittee, pdfText, waitFor } from '@app/testing';
import { GATEWAY, castVote, env, expectOk, meeting, refused, serverDate, setStatus, talkingPoint, worldWithEvents, type Person, type World } from './helpers';

jest.setTimeout(240_000);
let w: World;
worldWithEvents((fresh) => {
  w = fresh;
});

const details = async (who: Person, m: { id: number }) => expectOk(await who.c.get(`/meetings/${m.id}`));
const itemOf = (d: any, tpId: number) => d.agendas.flatMap((g: any) => g.data).find((x: any) => x.agenda_type === 'talking_point' && x.id === tpId);
const decisionOf = (d: any, id: number) => d.agendas.flatMap((g: any) => g.data).flatMap((x: any) => (x.agenda_type === 'talking_point' ? x.decisions : x.agenda_type === 'decision' ? [x] : [])).find((x: any) => x.id === id);

describe('the record of a board', () => {
  let committeeId: number;
  let m: any;
  let tp: any;
  let d: any;

  beforeAll(async () => {
    // a committee of its own, so that its resolution numbers start at 001
    committeeId = await createTestCommittee(env.NATS_URL, w.org.orgId, { admins: [w.chair.email], members: [w.editor.email, w.m1.email, w.m2.email] });
    m = await meeting(w, { title: 'Recorded board', committee_id: committeeId });
    tp = await talkingPoint(w, m.id, { title: 'Office lease' });
    await setStatus(w, m.id, 2, 3);
    d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Sign the lease', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId], talkingpoint_id: tp.id }));
  });

  it('numbers the first decision of the committee YYYY/001, on the decision and in the meeting', async () => {
    const year = d.created_at.slice(0, 4);
    expect(d.resolution_number).toBe(`${year}/001`);
    expect(decisionOf(await details(w.chair, m), d.id).resolution_number).toBe(`${year}/001`);
  });

  it('a member declares a conflict on the item: shown on the item; they cannot vote on its decision (409 on vote), others can', async () => {
    const before = itemOf(await details(w.m1, m), tp.id);
    expect(before).toMatchObject({ conflicts: [], can_declare_conflict: true });
    const r = await w.m1.c.post(`/meetings/${m.id}/talkingpoints/${tp.id}/conflict`, { note: 'My brother owns the building' });
    expect(r.body.message).toBe('Done');
    const item = itemOf(expectOk(r), tp.id);
    expect(item.conflicts).toEqual([expect.objectContaining({ user_id: w.m1.userId, name: 'Mona Member', note: 'My brother owns the building' })]);
    expect(decisionOf(await details(w.m1, m), d.id).my_conflict).toBe(true);
    expect(decisionOf(await details(w.m2, m), d.id).my_conflict).toBe(false);
    // the declarer's vote is refused with a field error, in English and Arabic; an admin voting for them too
    refused(await castVote(w.m1, d, { vote: 'Approved' }), 'vote', 'A conflict of interest is declared on this item for this voter: they cannot vote on its decisions.');
    const ar = await w.m1.c.with({ lang: 'ar' }).post(`/decisions/${d.id}/vote/change`, { id: d.id, vote: 'Approved' });
    expect(ar.body.errors.vote).toEqual(['أُعلن تعارض مصالح لهذا المصوّت في هذا البند: لا يمكنه التصويت على قراراته.']);
    refused(await castVote(w.admin, d, { vote: "Approved", user_id: w.m1.userId }), 'vote');
    expectOk(await castVote(w.m2, d, { vote: 'Approved' }));
    const after = decisionOf(await details(w.chair, m), d.id);
    expect(after.voters.find((v: any) => v.user_id === w.m1.userId)?.vote).toBe('Pending');
  });

  it('bad conflict bodies are 409 and write nothing; an outsider is 404; another meeting\'s item is 404; a guest-less non-member cannot declare', async () => {
    for (const note of [true, 5, ['x'], { a: 1 }, 'x'.repeat(1001)]) refused(await w.m2.c.post(`/meetings/${m.id}/talkingpoints/${tp.id}/conflict`, { note }), 'note');
    expect(itemOf(await details(w.chair, m), tp.id).conflicts).toHaveLength(1);
    expect((await w.outsider.c.post(`/meetings/${m.id}/talkingpoints/${tp.id}/conflict`, {})).status).toBe(404);
    const other = await meeting(w, { title: 'Other board' });
    const otherTp = await talkingPoint(w, other.id);
    expect((await w.m2.c.post(`/meetings/${m.id}/talkingpoints/${otherTp.id}/conflict`, {})).status).toBe(404);
  });

  it('the mover and seconder: set by the owner; members only, two people, strict ids; 403 for a member; shown on the decision', async () => {
    const post = (who: Person, body: unknown) => who.c.post(`/meetings/${m.id}/decisions/${d.id}/motion`, body);
    for (const bad of [true, [1], '1e3', 0, -1, { id: 1 }]) refused(await post(w.chair, { mover_user_id: bad, seconder_user_id: null }), 'mover_user_id');
    refused(await post(w.chair, { mover_user_id: w.m1.userId }), 'seconder_user_id');
    refused(await post(w.chair, { mover_user_id: w.outsider.userId, seconder_user_id: null }), 'mover_user_id', 'Choose a member of this meeting.');
    refused(await post(w.chair, { mover_user_id: w.m2.userId, seconder_user_id: w.m2.userId }), 'seconder_user_id', 'The mover and the seconder must be two different people.');
    expect((await post(w.m1, { mover_user_id: w.m1.userId, seconder_user_id: null })).status).toBe(403);
    expect(decisionOf(await details(w.chair, m), d.id)).toMatchObject({ mover: null, seconder: null, can_set_motion: true });
    expect(decisionOf(await details(w.m1, m), d.id).can_set_motion).toBe(false);
    const r = await post(w.chair, { mover_user_id: w.m2.userId, seconder_user_id: w.editor.userId });
    expect(r.body.message).toBe('Done');
    expect(decisionOf(expectOk(r), d.id)).toMatchObject({ mover: { user_id: w.m2.userId, name: 'Mark Member' }, seconder: { user_id: w.editor.userId, name: 'Eddie Editor' } });
    expect((await w.outsider.c.post(`/meetings/${m.id}/decisions/${d.id}/motion`, { mover_user_id: null, seconder_user_id: null })).status).toBe(404);
  });

  it('resolution numbers under concurrency: 12 created at once (two meetings and standalone) are 002..013, no gap, no duplicate', async () => {
    const m2 = await meeting(w, { title: 'Second board', committee_id: committeeId });
    const make = (i: number) =>
      i % 3 === 0 ? w.chair.c.post(`/meetings/${m.id}/decisions`, { title: `Parallel ${i}`, deadline: serverDate(10), voters: [w.m1.userId] })
        : i % 3 === 1 ? w.chair.c.post(`/meetings/${m2.id}/decisions`, { title: `Parallel ${i}`, deadline: serverDate(10), voters: [w.m1.userId] })
          : w.chair.c.post('/singleDecision', { title: `Parallel ${i}`, committee_id: committeeId, deadline: serverDate(10), voters: [w.m1.userId] });
    const made = (await Promise.all(Array.from({ length: 12 }, (_, i) => make(i)))).map((r) => expectOk(r));
    const year = d.created_at.slice(0, 4);
    const numbers = made.map((x) => x.resolution_number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `${year}/${String(i + 2).padStart(3, '0')}`));
    // a refused creation takes no number: the next one is 014
    refused(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Refused', deadline: serverDate(10), voters: [w.outsider.userId] }), 'voters');
    expect(expectOk(await w.chair.c.post('/singleDecision', { title: 'After', committee_id: committeeId, deadline: serverDate(10), voters: [w.m1.userId] })).resolution_number).toBe(`${year}/014`);
    // another committee counts on its own
    expect(expectOk(await w.chair.c.post('/singleDecision', { title: 'Elsewhere', committee_id: w.committeeId, deadline: serverDate(10), voters: [w.m1.userId] })).resolution_number).toMatch(new RegExp(`^${year}/\\d{3,}$`));
  });

  it('withdrawn, the conflict is gone and the member votes', async () => {
    const r = expectOk(await w.m1.c.delete(`/meetings/${m.id}/talkingpoints/${tp.id}/conflict`));
    expect(itemOf(r, tp.id).conflicts).toEqual([]);
    expect((await w.m1.c.delete(`/meetings/${m.id}/talkingpoints/${tp.id}/conflict`)).status).toBe(404);
    expectOk(await castVote(w.m1, d, { vote: 'Denied', reason: 'Too dear' }));
    // declared again for the minutes
    expectOk(await w.m1.c.post(`/meetings/${m.id}/talkingpoints/${tp.id}/conflict`, { note: 'Family interest' }));
  });

  it('the minutes PDF prints the conflicts per item, the number, and the mover and seconder', async () => {
    expectOk(await w.chair.c.post(`/meetings/${m.id}/mom`, { mom_settings: 1 }));
    const minutes = () => w.chair.c.get(`/meetings/${m.id}/minutes`);
    expectOk(await w.chair.c.upload(`/meetings/${m.id}/mom_conclusion`, { id: String(m.id), isConclusion: 'true', done: '1', mom_lang: 'en' }, {}));
    await waitFor('minutes version', async () => {
      const s = expectOk(await minutes());
      if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
      return s.render?.status === 'done' && s.mom_versions.length ? s : null;
    }, 150_000, 500);
    const res = await fetch(`${GATEWAY}/api/meetings/${m.id}/mom`, { headers: { 'x-org': w.org.slug, token: w.chair.token } });
    expect(res.status).toBe(200);
    const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    const year = d.created_at.slice(0, 4);
    expect(text).toContain('Conflicts of interest Mona Member (Family interest)');
    expect(text).toContain(`Resolution ${year}/001 · Sign the lease`);
    expect(text).toContain('Moved by: Mark Member · Seconded by: Eddie Editor');
  });
});
