/**
 * Elections (issue 28, docs/ballots.md#elections): a decision that fills k seats among n candidates (members of the
 * committee or free names). Strict election fields, locked once a vote is cast; a vote is a set of 0..k candidate
 * numbers (over-voting, a candidate twice, an unknown one: 409 `choices`); results per candidate, a tie at the last
 * seat shown as a tie; an open election in a meeting (each voter's choices shown, live) and a secret one (nothing per
 * voter; the published list holds each ballot's choices and its hash covers them); a standalone election.
 */
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { mailsTo, pollUntil } from '@app/testing';
import { refused, castVote, expectOk, scheduled, serverDate, type World, worldWithDatabase } from './helpers';

jest.setTimeout(120_000);
let w: World;
let db: Client;
worldWithDatabase((fresh, admin) => {
  w = fresh;
  db = admin;
});

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
/** the canonical text as docs/ballots.md#the-published-list writes it: `<receipt> <choice>\n` by receipt */
const canonical = (entries: Array<{ receipt: string; choice: string }>) =>
  [...entries].sort((a, b) => (a.receipt < b.receipt ? -1 : a.receipt > b.receipt ? 1 : 0)).map((e) => `${e.receipt} ${e.choice}\n`).join('');
/** candidate name -> [votes, elected, tied] */
const results = (d: any) => Object.fromEntries(d.election.candidates.map((c: any) => [c.name, [c.votes, c.elected, c.tied]]));

describe('elections', () => {
  const voters = () => [w.m1.userId, w.m2.userId, w.editor.userId];
  const election = (over: Record<string, unknown> = {}) => ({ seats: 2, candidates: [{ user_id: w.m1.userId }, { name: 'Sara Haddad' }, { name: 'Yusuf Karim' }], ...over });

  it('an open election in a meeting: strict fields, over-voting refused, each voter\'s choices, a tie at the last seat, locked after a vote', async () => {
    const m = await scheduled(w);
    const body = (over: Record<string, unknown> = {}) => ({ title: 'Board seats', deadline: serverDate(10), voters: voters(), election: election(), ...over });
    for (const bad of [
      election({ seats: 0 }), election({ seats: 4 }), election({ seats: '2' }), election({ seats: true }), election({ candidates: [] }),
      election({ candidates: [{ name: 'Ann' }, { name: 'ann' }] }), election({ candidates: [{ user_id: w.m1.userId }, { user_id: w.m1.userId }] }),
      election({ candidates: [{ user_id: true }] }), election({ candidates: [{ name: 'x'.repeat(121) }] }), election({ candidates: [{ user_id: w.m1.userId, name: 'Both' }] }),
      { ...election(), extra: 1 }, [election()], 'yes',
    ]) refused(await w.chair.c.post(`/meetings/${m.id}/decisions`, body({ election: bad })), 'election');
    refused(await w.chair.c.post(`/meetings/${m.id}/decisions`, body({ election: election({ candidates: [{ user_id: w.outsider.userId }, { name: 'Sara' }] }) })), 'election.candidates', 'A candidate must be a member of the committee.');

    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, body()));
    expect(d.election).toMatchObject({ seats: 2, results_shown: true, tied_seats: 0, my_choices: null });
    expect(d.election.candidates.map((c: any) => [c.id, c.user_id, c.name, c.votes])).toEqual([[1, w.m1.userId, 'Mona Member', 0], [2, null, 'Sara Haddad', 0], [3, null, 'Yusuf Karim', 0]]);

    // a vote is a set of 0..2 candidate numbers
    refused(await castVote(w.m1, d, { choices: [1, 2, 3] }), 'choices', 'Choose at most 2 candidates.');
    refused(await castVote(w.m1, d, { choices: [1, 1] }), 'choices');
    refused(await castVote(w.m1, d, { choices: [4] }), 'choices', 'Choose among the candidates of this election.');
    refused(await castVote(w.m1, d, { choices: [true] }), 'choices');
    refused(await castVote(w.m1, d, { vote: 'Approved' }), 'choices');
    const ar = await w.m1.c.with({ lang: 'ar' }).post(`/decisions/${d.id}/vote/change`, { id: d.id, choices: [1, 2, 3] });
    expect(JSON.stringify(ar.body.errors)).toContain('اختر 2 من المرشحين على الأكثر.');
    // nothing was written by the refusals
    expect(expectOk(await w.chair.c.get(`/decisions/${d.id}`)).votes_cast).toBe(0);

    const first = expectOk(await castVote(w.m1, d, { choices: [1, 2] }));
    expect(first.election.my_choices).toEqual([1, 2]);
    expect(first.voter.choices).toEqual([1, 2]);
    expectOk(await castVote(w.m2, d, { choices: [3, 1] }));
    // an ordinary vote on an ordinary decision still works, and choices there are refused
    const plain = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Plain', deadline: serverDate(10), voters: voters() }));
    refused(await castVote(w.m1, plain, { choices: [1] }), 'choices', 'This decision is not an election.');
    const live = expectOk(await castVote(w.editor, d, { choices: [2] }));
    // counts live while voting is open; nobody elected before the close
    expect(results(live)).toEqual({ 'Mona Member': [2, false, false], 'Sara Haddad': [2, false, false], 'Yusuf Karim': [1, false, false] });
    const seen = expectOk(await w.chair.c.get(`/decisions/${d.id}`));
    expect(Object.fromEntries(seen.voters.map((v: any) => [v.user_id, v.choices]))).toEqual({ [w.m1.userId]: [1, 2], [w.m2.userId]: [1, 3], [w.editor.userId]: [2] });

    // locked once a vote is cast: the same election again is no change
    refused(await w.chair.c.put(`/meetings/${m.id}/decisions/${d.id}`, body({ election: election({ seats: 1 }) })), 'election', 'The election cannot change once a vote is cast.');
    refused(await w.chair.c.put(`/meetings/${m.id}/decisions/${d.id}`, body({ election: null })), 'election');
    expectOk(await w.chair.c.put(`/meetings/${m.id}/decisions/${d.id}`, body()));
    // a voter changes their open vote to a blank ballot: Mona 2, Sara 1, Yusuf 1 — a tie for the last seat
    expectOk(await castVote(w.editor, d, { choices: [] }));
    expectOk(await w.chair.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 1 }));
    const ended = expectOk(await w.m2.c.get(`/decisions/${d.id}`));
    expect(results(ended)).toEqual({ 'Mona Member': [2, true, false], 'Sara Haddad': [1, false, true], 'Yusuf Karim': [1, false, true] });
    expect(ended.election.tied_seats).toBe(1);
    expect(ended.outcome).toBeNull();

    // the voters are e-mailed the results per candidate, most votes first, the tie as a tie (each in their language:
    // the templates' unit tests render ar and ru)
    const subject = 'Election results: Board seats';
    const [mail] = (await pollUntil(() => mailsTo(w.editor.email), (l) => l.some((x) => x.subject === subject), 45_000)).filter((x) => x.subject === subject);
    const lines = (mail.text ?? '').split('\n').map((l) => l.trim()).filter((l) => / — /.test(l));
    expect(lines).toEqual(['Mona Member: 2 votes — Elected', 'Sara Haddad: 1 vote — Tied', 'Yusuf Karim: 1 vote — Tied']);
    expect(mail.text).toContain('2 candidates are tied for 1 seat: the committee breaks the tie.');
    expect(mail.text).toContain(`/app/activity/meetings/${m.id}`);
  });

  it('a secret election: nothing per voter, results once final, the list holds each ballot\'s choices and its hash covers them', async () => {
    const m = await scheduled(w);
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Secret seats', deadline: serverDate(10), voters: voters(), ballot: 'secret', election: election({ seats: 1 }) }));
    refused(await castVote(w.m1, d, { choices: [1, 2] }), 'choices', 'Choose at most 1 candidates.');
    const r1 = expectOk(await castVote(w.m1, d, { choices: [2] }));
    expect(r1.receipt).toMatch(/^[A-Z2-7]{32}$/);
    expect(r1.election).toMatchObject({ results_shown: false, my_choices: null });
    expect(r1.election.candidates.every((c: any) => c.votes === null)).toBe(true);
    expect(r1.voter.choices).toBeNull();
    const r2 = expectOk(await castVote(w.m2, d, { choices: [2] }));
    // a blank ballot counts as voted, for nobody
    const r3 = expectOk(await castVote(w.editor, d, { choices: [] }));
    refused(await castVote(w.editor, d, { choices: [1] }), 'vote');
    // no per-voter choice anywhere: the voters' rows hold no choices; the ballots hold the choice text
    const rows = await db.query(`select choices, vote from meeting.voters where org_id = $1 and decision_id = $2`, [w.org.orgId, d.id]);
    expect(rows.rows.every((r) => r.choices === null && r.vote === 'Pending')).toBe(true);
    const ballots = await db.query(`select choice from meeting.secret_ballots where org_id = $1 and decision_id = $2`, [w.org.orgId, d.id]);
    expect(ballots.rows.map((r) => r.choice).sort()).toEqual(['-', '2', '2']);
    refused(await w.m1.c.get(`/decisions/${d.id}/ballots`), 'ballot', 'The ballots are published when voting closes.');

    expectOk(await w.chair.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 1 }));
    const ended = expectOk(await w.chair.c.get(`/decisions/${d.id}`));
    expect(results(ended)).toEqual({ 'Mona Member': [0, false, false], 'Sara Haddad': [2, true, false], 'Yusuf Karim': [0, false, false] });
    expect(ended.votes_cast).toBe(3);
    expect(ended.voters.every((v: any) => v.choices === null && v.vote === 'Pending' && v.has_voted)).toBe(true);

    const list = expectOk(await w.m2.c.get(`/decisions/${d.id}/ballots`));
    expect(list.count).toBe(3);
    for (const [r, choice] of [[r1, '2'], [r2, '2'], [r3, '-']] as const) expect(list.entries.find((e: any) => e.receipt === r.receipt)?.choice).toBe(choice);
    expect(sha256(canonical(list.entries))).toBe(list.hash);
    // a changed choice breaks the hash; the recount per candidate equals the published result
    const changed = list.entries.map((e: any) => (e.receipt === r1.receipt ? { ...e, choice: '1' } : e));
    expect(sha256(canonical(changed))).not.toBe(list.hash);
    const recount = new Map<number, number>();
    for (const e of list.entries) for (const c of e.choice === '-' ? [] : e.choice.split(',').map(Number)) recount.set(c, (recount.get(c) ?? 0) + 1);
    expect(ended.election.candidates.map((c: any) => c.votes)).toEqual(ended.election.candidates.map((c: any) => recount.get(c.id) ?? 0));
  });

  it('a standalone election: a tie for the only seat is shown as a tie', async () => {
    const body = { title: 'Chair election', committee_id: w.committeeId, deadline: serverDate(5), voters: [w.m1.userId, w.m2.userId], election: { seats: 1, candidates: [{ user_id: w.m1.userId }, { user_id: w.m2.userId }] } };
    refused(await w.chair.c.post('/singleDecision', { ...body, election: { seats: 1, candidates: [{ user_id: w.outsider.userId }] } }), 'election.candidates');
    const d = expectOk(await w.chair.c.post('/singleDecision', body));
    expectOk(await w.m1.c.post(`/singleDecision/vote/${d.id}`, { choices: [1] }));
    refused(await w.m2.c.post(`/singleDecision/vote/${d.id}`, { choices: [1, 2] }), 'choices');
    expectOk(await w.m2.c.post(`/singleDecision/vote/${d.id}`, { choices: [2] }));
    expectOk(await w.chair.c.put(`/singleDecision/hide/${d.id}`, { is_fulfilled: 1 }));
    const ended = expectOk(await w.chair.c.get(`/singleDecision/${d.id}`));
    expect(results(ended)).toEqual({ 'Mona Member': [1, false, true], 'Mark Member': [1, false, true] });
    expect(ended.election.tied_seats).toBe(1);
  });
});
