/**
 * Weights and outcome rules (issue 28, docs/ballots.md#weights-and-outcome-rules): an administrator gives committee
 * members weights (strict: whole numbers from 1, members only, kept when an edit leaves them out); a decision's
 * `outcome_rule` and `count_by` (defaults: simple majority by head, today's rule; strict; locked once a vote is cast);
 * the answers carry both counts (by head in `tallies`, by weight in `weight_tallies`) and the outcome under the
 * chosen rule: a standalone resolution by a majority of members by weight, a meeting's decision with the defaults, a
 * secret ballot by unanimity by weight (its weight kept per choice, not per ballot).
 */
import { Client } from 'pg';
import { waitFor } from '@app/testing';
import { refused, expectOk, scheduled, serverDate, type World, worldWithDatabase } from './helpers';

jest.setTimeout(120_000);
let w: World;
let db: Client;
worldWithDatabase((fresh, admin) => {
  w = fresh;
  db = admin;
});

const at = (tallies: any[], v: string) => tallies.find((t: any) => t.vote === v)?.count;
const counts = (d: any) => ({
  head: Object.fromEntries(d.tallies.filter((t: any) => t.count).map((t: any) => [t.vote, t.count])),
  weight: Object.fromEntries(d.weight_tallies.filter((t: any) => t.count).map((t: any) => [t.vote, t.count])),
});

describe('committee weights', () => {
  let committee: any;
  const edit = (over: Record<string, unknown>) => ({
    name: committee.name, description: committee.description || 'Weighted', quorum: committee.quorum,
    admins: committee.admins.map((a: any) => a.id), users: committee.users.map((u: any) => u.id), ...over,
  });

  it('are 1 unless set, strict, for members only, and kept when an edit leaves them out', async () => {
    committee = expectOk(await w.admin.c.get(`/committees/${w.committeeId}`));
    expect(committee.weights.map((x: any) => x.weight).every((x: number) => x === 1)).toBe(true);
    for (const weights of [[{ user_id: w.m1.userId, weight: 0 }], [{ user_id: w.m1.userId, weight: '5' }], [{ user_id: w.m1.userId, weight: 1.5 }], [{ user_id: w.m1.userId, weight: true }], [{ user_id: w.m1.userId, weight: 2, share: 1 }], { [w.m1.userId]: 5 }]) {
      refused(await w.admin.c.put(`/committees/${w.committeeId}`, edit({ weights })), 'weights');
    }
    refused(await w.admin.c.put(`/committees/${w.committeeId}`, edit({ weights: [{ user_id: w.outsider.userId, weight: 3 }] })), 'weights', 'A weight can only be given to a member of the committee.');
    refused(await w.admin.c.put(`/committees/${w.committeeId}`, edit({ weights: [{ user_id: w.m1.userId, weight: 3 }, { user_id: w.m1.userId, weight: 4 }] })), 'weights', 'A member has more than one weight.');
    const r = await w.admin.c.with({ lang: 'ru' }).put(`/committees/${w.committeeId}`, edit({ weights: [{ user_id: w.m1.userId, weight: 0 }] }));
    expect(JSON.stringify(r.body.errors)).toContain('Вес должен быть целым числом от 1 до 1000000000.');
    // a member may not set weights (only who may edit the committee)
    expect((await w.m1.c.put(`/committees/${w.committeeId}`, edit({ weights: [{ user_id: w.m1.userId, weight: 9 }] }))).status).toBe(403);

    const set = expectOk(await w.admin.c.put(`/committees/${w.committeeId}`, edit({ weights: [{ user_id: w.m1.userId, weight: 5 }, { user_id: w.m2.userId, weight: 2 }] })));
    const weightOf = (c: any, id: number) => c.weights.find((x: any) => x.user_id === id)?.weight;
    expect([weightOf(set, w.m1.userId), weightOf(set, w.m2.userId), weightOf(set, w.editor.userId), weightOf(set, w.chair.userId)]).toEqual([5, 2, 1, 1]);
    // an edit without weights keeps them
    const kept = expectOk(await w.admin.c.put(`/committees/${w.committeeId}`, edit({ description: 'Still weighted' })));
    expect([weightOf(kept, w.m1.userId), weightOf(kept, w.m2.userId)]).toEqual([5, 2]);
  });
});

describe('outcome rules', () => {
  const voters = () => [w.m1.userId, w.m2.userId, w.editor.userId];
  const resolution = (over: Record<string, unknown> = {}) => ({ title: 'Weighted resolution', committee_id: w.committeeId, deadline: serverDate(5), voters: voters(), ...over });

  it('a standalone resolution by a majority of members by weight: strict, locked after a vote, both counts and the outcome', async () => {
    for (const [field, value] of [['outcome_rule', 'MAJORITY'], ['outcome_rule', true], ['outcome_rule', 1], ['count_by', 'shares'], ['count_by', true], ['count_by', ['weight']]] as const) {
      refused(await w.chair.c.post('/singleDecision', resolution({ [field]: value })), field);
    }
    const created = expectOk(await w.chair.c.post('/singleDecision', resolution({ outcome_rule: 'majority_of_members', count_by: 'weight' })));
    expect(created).toMatchObject({ outcome_rule: 'majority_of_members', count_by: 'weight', outcome: null });
    // the meeting service keeps the committee DIRECTORY_CACHE_SECONDS: an edit before any vote takes the weights again
    const d = await waitFor('the weights on the voters', async () => {
      const x = expectOk(await w.chair.c.put(`/singleDecision/${created.id}`, resolution()));
      return x.total_weight === 8 ? x : null;
    }, 20_000, 500);
    expect(d).toMatchObject({ outcome_rule: 'majority_of_members', count_by: 'weight', total_voters: 3 });
    expect(Object.fromEntries(d.voters.map((v: any) => [v.user_id, v.weight]))).toEqual({ [w.m1.userId]: 5, [w.m2.userId]: 2, [w.editor.userId]: 1 });

    expectOk(await w.m1.c.post(`/singleDecision/vote/${d.id}`, { vote: 'Approved' }));
    expectOk(await w.m2.c.post(`/singleDecision/vote/${d.id}`, { vote: 'Denied', reason: 'Too costly' }));
    const last = expectOk(await w.editor.c.post(`/singleDecision/vote/${d.id}`, { vote: 'Abstained' }));
    expect(counts(last)).toEqual({ head: { Approved: 1, Denied: 1, Abstained: 1 }, weight: { Approved: 5, Denied: 2, Abstained: 1 } });

    refused(await w.chair.c.put(`/singleDecision/${d.id}`, resolution({ outcome_rule: 'two_thirds' })), 'outcome_rule', 'The outcome rule cannot change once a vote is cast.');
    refused(await w.chair.c.put(`/singleDecision/${d.id}`, resolution({ count_by: 'head' })), 'count_by', 'How votes are counted cannot change once a vote is cast.');
    // the same values again are no change
    expectOk(await w.chair.c.put(`/singleDecision/${d.id}`, resolution({ outcome_rule: 'majority_of_members', count_by: 'weight' })));

    expectOk(await w.chair.c.put(`/singleDecision/hide/${d.id}`, { is_fulfilled: 1 }));
    const ended = expectOk(await w.chair.c.get(`/singleDecision/${d.id}`));
    // by head 1 of 3 approve (no majority of members); by weight 5 of 8 do: carried
    expect(ended).toMatchObject({ outcome: 'Passed', total_weight: 8, total_voters: 3, quorum: { present: 8, total: 8, met: true } });
    expect(counts(ended)).toEqual({ head: { Approved: 1, Denied: 1, Abstained: 1 }, weight: { Approved: 5, Denied: 2, Abstained: 1 } });
  });

  it("a meeting's decision keeps today's rule by default: simple majority of votes cast, by head", async () => {
    const m = await scheduled(w);
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Default rule', deadline: serverDate(10), voters: voters() }));
    expect(d).toMatchObject({ outcome_rule: 'simple_majority', count_by: 'head', total_weight: 8 });
    expectOk(await w.m1.c.post(`/decisions/${d.id}/vote/change`, { vote: 'Approved' }));
    expectOk(await w.m2.c.post(`/decisions/${d.id}/vote/change`, { vote: 'Denied', reason: 'No' }));
    expectOk(await w.chair.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 1 }));
    const ended = expectOk(await w.chair.c.get(`/decisions/${d.id}`));
    // a tie by head is rejected, as before; by weight (5 to 2) it would have passed
    expect(ended).toMatchObject({ outcome: 'Rejected', quorum: { present: 2, total: 3, met: true } });
    expect(counts(ended)).toEqual({ head: { Approved: 1, Denied: 1, Pending: 1 }, weight: { Approved: 5, Denied: 2, Pending: 1 } });
  });

  it('a secret ballot by unanimity by weight: weights per choice, never per ballot row, shown once final', async () => {
    const m = await scheduled(w);
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Secret weighted', deadline: serverDate(10), voters: voters(), ballot: 'secret', outcome_rule: 'unanimity', count_by: 'weight' }));
    expectOk(await w.m1.c.post(`/decisions/${d.id}/vote/change`, { vote: 'Approved' }));
    expectOk(await w.m2.c.post(`/decisions/${d.id}/vote/change`, { vote: 'Approved' }));
    const open = expectOk(await w.editor.c.post(`/decisions/${d.id}/vote/change`, { vote: 'Abstained' }));
    expect(open).toMatchObject({ tallies: [], weight_tallies: [], outcome: null, total_weight: 8 });
    const cols = await db.query(`select column_name from information_schema.columns where table_schema = 'meeting' and table_name = 'secret_ballots' order by column_name`);
    expect(cols.rows.map((r) => r.column_name)).toEqual(['choice', 'decision_id', 'org_id', 'receipt']);
    const totals = await db.query(`select choice, weight from meeting.secret_weights where decision_id = $1 order by choice`, [d.id]);
    expect(totals.rows.map((r) => [r.choice, Number(r.weight)])).toEqual([['Abstained', 1], ['Approved', 7]]);
    expectOk(await w.chair.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 1 }));
    const ended = expectOk(await w.m1.c.get(`/decisions/${d.id}`));
    expect(ended).toMatchObject({ outcome: 'Passed', outcome_rule: 'unanimity', count_by: 'weight' });
    expect(counts(ended)).toEqual({ head: { Approved: 2, Abstained: 1 }, weight: { Approved: 7, Abstained: 1 } });
    expect(at(ended.weight_tallies, 'Denied')).toBe(0);
  });
});
