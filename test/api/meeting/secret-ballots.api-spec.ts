/**
 * Secret ballots (issue 28, docs/ballots.md): the ballot kind on decisions (default open, strict, locked once a
 * vote is cast); a secret vote answers a receipt once and cannot be changed nor cast for another; the answers to
 * the admin and the owner hold who has voted and, once voting is closed, the tallies, never who voted what; the
 * meeting service's tables hold nothing that joins a voter to a choice; after the close every voter finds their
 * receipt with their choice in GET /api/decisions/{id}/ballots, the hash recomputed here matches, a changed row
 * breaks it; comments are off; a standalone resolution too.
 */
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { tallyOf, castVote, refused, MeetingEvents, env, expectOk, meeting, scheduled, serverDate, worldWithEvents, type World } from './helpers';

jest.setTimeout(120_000);
let w: World;
let tap: MeetingEvents;
let db: Client;
worldWithEvents((fresh, events) => {
  w = fresh;
  tap = events;
});
beforeAll(async () => {
  db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
  await db.connect();
});
afterAll(async () => {
  await db.end();
});

const decide = (m: any, body: Record<string, unknown> = {}) =>
  w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Elect the auditor', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId, w.editor.userId], ...body });


/** the canonical text and its SHA-256, written here from the doc's words (not with the service's code) */
const canonical = (entries: Array<{ receipt: string; choice: string }>) =>
  [...entries].sort((a, b) => (a.receipt < b.receipt ? -1 : 1)).map((e) => `${e.receipt} ${e.choice}\n`).join('');
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** what a payload says of one voter, for the assertion that nothing but "has voted" is there */
const seenVoters = (d: any) => d.voters.map((v: any) => ({ user_id: v.user_id, vote: v.vote, reason: v.reason, has_voted: v.has_voted }));

describe('the ballot kind', () => {
  it('is open by default, secret on asking, strict (ballot: true is 409), and shown in the answers', async () => {
    const m = await meeting(w);
    expect(expectOk(await decide(m))).toMatchObject({ ballot: 'open', votes_cast: 0, ballots_published: false });
    for (const ballot of [true, 1, 'SECRET', 'closed', ['secret']]) refused(await decide(m, { ballot }), 'ballot');
    const d = expectOk(await decide(m, { ballot: 'secret' }));
    expect(d).toMatchObject({ ballot: 'secret', can_comment: false, my_vote: null, tallies: [], votes_cast: 0 });
    // an edit without the field keeps it; with it, changes it while nobody has voted
    const edit = { title: 'Elect the auditor', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId, w.editor.userId] };
    expect(expectOk(await w.chair.c.put(`/meetings/${m.id}/decisions/${d.id}`, edit))).toMatchObject({ ballot: 'secret' });
    expect(expectOk(await w.chair.c.put(`/meetings/${m.id}/decisions/${d.id}`, { ...edit, ballot: 'open' }))).toMatchObject({ ballot: 'open' });
    refused(await w.chair.c.put(`/meetings/${m.id}/decisions/${d.id}`, { ...edit, ballot: true }), 'ballot');
  });

  it('is locked once a vote is cast (open or secret)', async () => {
    const m = await scheduled(w);
    const edit = { title: 'Elect the auditor', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId, w.editor.userId] };
    const open = expectOk(await decide(m));
    expectOk(await castVote(w.m1, open, { vote: 'Approved' }));
    refused(await w.chair.c.put(`/meetings/${m.id}/decisions/${open.id}`, { ...edit, ballot: 'secret' }), 'ballot', 'The ballot cannot change once a vote is cast.');
    const secret = expectOk(await decide(m, { ballot: 'secret' }));
    expectOk(await castVote(w.m1, secret, { vote: 'Approved' }));
    const r = await w.chair.c.with({ lang: 'ar' }).put(`/meetings/${m.id}/decisions/${secret.id}`, { ...edit, ballot: 'open' });
    expect(r.status).toBe(409);
    expect(r.body.errors.ballot).toEqual(['لا يمكن تغيير نوع الاقتراع بعد الإدلاء بصوت.']);
    // a voter who has voted stays on the list; the others may go
    refused(await w.chair.c.put(`/meetings/${m.id}/decisions/${secret.id}`, { ...edit, voters: [w.m2.userId] }), 'voters', 'A voter who has voted in a secret ballot cannot be removed.');
    expect(expectOk(await w.chair.c.put(`/meetings/${m.id}/decisions/${secret.id}`, { ...edit, voters: [w.m1.userId, w.m2.userId] }))).toMatchObject({ ballot: 'secret', total_voters: 2, votes_cast: 1 });
  });
});

describe('a secret ballot with three voters', () => {
  let m: any;
  let d: any;
  const receipts = new Map<string, { receipt: string; choice: string }>();

  beforeAll(async () => {
    m = await scheduled(w);
    d = expectOk(await decide(m, { ballot: 'secret' }));
  });

  it('each vote answers a receipt once; no choice, no reason, no tallies while voting is open', async () => {
    const cast: Array<[World['m1'], string, string | undefined]> = [[w.m1, 'Approved', undefined], [w.m2, 'Denied', 'a reason that is not kept'], [w.editor, 'Approved', undefined]];
    for (const [i, [who, choice, reason]] of cast.entries()) {
      const r = expectOk(await castVote(who, d, { vote: choice, reason }));
      expect(r.receipt).toMatch(/^[A-Z2-7]{32}$/);
      expect(r).toMatchObject({ ballot: 'secret', my_vote: null, tallies: [], votes_cast: i + 1, can_vote: false, outcome: null });
      expect(r.voter).toMatchObject({ user_id: who.userId, vote: 'Pending', reason: null, has_voted: true, can_change: false });
      receipts.set(who.email, { receipt: r.receipt, choice });
      if (i === 1) {
        // two of three: the admin and the owner see who has voted, nothing of what
        for (const viewer of [w.admin, w.chair]) {
          const seen = expectOk(await viewer.c.get(`/decisions/${d.id}`));
          expect(seenVoters(seen)).toEqual(expect.arrayContaining([
            { user_id: w.m1.userId, vote: 'Pending', reason: null, has_voted: true },
            { user_id: w.m2.userId, vote: 'Pending', reason: null, has_voted: true },
            { user_id: w.editor.userId, vote: 'Pending', reason: null, has_voted: false },
          ]));
          expect(seen).toMatchObject({ votes_cast: 2, tallies: [], my_vote: null, comments: [], can_comment: false, ballots_published: false });
          expect(JSON.stringify(seen)).not.toMatch(/Approved|Denied/);
        }
      }
    }
    // the live channel hears of each vote without its choice: no tallies while the ballot is open (events leave
    // through the outbox: wait for the last vote's), and no event about the decision names a choice
    await tap.next('meeting.v1.meeting.changed', (p) => p.decisionId === d.id && p.kind === 'vote' && p.byUserId === w.editor.userId);
    const changed = tap.all('meeting.v1.meeting.changed', (p) => p.decisionId === d.id && p.kind === 'vote');
    expect(changed.length).toBeGreaterThanOrEqual(1);
    for (const e of changed) expect(e).toMatchObject({ tallies: [] });
    const aboutIt = tap.any((p) => p.orgId === w.org.orgId && p.decisionId === d.id);
    expect(aboutIt.map((e) => e.subject)).toContain('meeting.v1.meeting.changed');
    expect(JSON.stringify(aboutIt)).not.toMatch(/Approved|Denied/);
  });

  it('a secret vote is cast once, for oneself, never Pending; comments are off; the list waits for the close', async () => {
    refused(await castVote(w.m1, d, { vote: 'Denied', reason: 'changed my mind' }), 'vote', 'You have already voted in this secret ballot; a secret vote cannot be changed.');
    refused(await castVote(w.admin, d, { vote: 'Approved', user_id: w.m1.userId }), 'user_id', 'In a secret ballot each voter votes for themselves.');
    refused(await w.m1.c.post(`/decisions/${d.id}/comment`, { comment: 'I voted yes' }), 'comment', 'Comments are off on a secret ballot.');
    refused(await w.m1.c.get(`/decisions/${d.id}/ballots`), 'ballot', 'The ballots are published when voting closes.');
    const other = expectOk(await decide(m, { ballot: 'secret', voters: [w.m1.userId] }));
    refused(await castVote(w.m1, other, { vote: 'Pending' }), 'vote', 'Choose a vote: Pending is not a choice in a secret ballot.');
  });

  it("the service's tables hold no column, key, order or time that joins a voter to a choice", async () => {
    const cols = async (table: string) =>
      (await db.query<{ column_name: string; data_type: string; column_default: string | null; is_identity: string }>(
        `SELECT column_name, data_type, column_default, is_identity FROM information_schema.columns WHERE table_schema = 'meeting' AND table_name = $1 ORDER BY ordinal_position`, [table],
      )).rows;
    const choices = await cols('secret_ballots');
    expect(choices.map((c) => c.column_name)).toEqual(['org_id', 'decision_id', 'receipt', 'choice']);
    // no time, no sequence, no default that would follow the order of the votes
    expect(choices.filter((c) => /time|date|interval/.test(c.data_type) || c.column_default !== null || c.is_identity === 'YES')).toEqual([]);
    // the only columns the two tables share name the organization and the decision, not the voter
    const voterCols = new Set((await cols('voters')).map((c) => c.column_name));
    expect(choices.map((c) => c.column_name).filter((c) => voterCols.has(c))).toEqual(['org_id', 'decision_id']);
    // no foreign key from the choices to anything but the decision
    const fks = await db.query<{ ref: string }>(
      `SELECT ccu.table_name AS ref FROM information_schema.table_constraints tc JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name
        WHERE tc.table_schema = 'meeting' AND tc.table_name = 'secret_ballots' AND tc.constraint_type = 'FOREIGN KEY'`,
    );
    expect(fks.rows.map((r) => r.ref)).toEqual(['decisions']);
    // the rows of the decision were all rewritten by the last vote: one transaction id for all, not one per vote
    const rows = await db.query<{ receipt: string; choice: string; x: string }>(`SELECT receipt, choice, xmin::text AS x FROM meeting.secret_ballots WHERE org_id = $1 AND decision_id = $2`, [w.org.orgId, d.id]);
    expect(rows.rows).toHaveLength(3);
    expect(new Set(rows.rows.map((r) => r.x)).size).toBe(1);
    // the voters' rows hold the mark only: every vote is Pending, no reason
    const marks = await db.query(`SELECT vote, reason, has_voted FROM meeting.voters WHERE org_id = $1 AND decision_id = $2`, [w.org.orgId, d.id]);
    expect(marks.rows).toEqual([{ vote: 'Pending', reason: null, has_voted: true }, { vote: 'Pending', reason: null, has_voted: true }, { vote: 'Pending', reason: null, has_voted: true }]);
    // a receipt is nowhere else in the service's schema (the outbox of events included)
    const tables = (await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'meeting' AND table_type = 'BASE TABLE'`)).rows.map((r) => r.table_name);
    for (const { receipt } of receipts.values()) {
      const where: string[] = [];
      for (const t of tables) {
        const n = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM meeting."${t}" x WHERE x::text LIKE $1`, [`%${receipt}%`]);
        if (Number(n.rows[0].n)) where.push(t);
      }
      expect(where).toEqual(['secret_ballots']);
    }
  });

  it('after the close: tallies and who voted for the admin and the owner; every voter finds their receipt; the hash matches; a changed row breaks it', async () => {
    expectOk(await w.chair.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 1 }));
    // closed with votes in it, it does not open again (ended, tallies read, resumed: the next vote would show by difference)
    refused(await w.chair.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 0 }), 'is_fulfilled', 'A closed secret ballot with votes in it cannot open again.');
    for (const viewer of [w.admin, w.chair]) {
      const seen = expectOk(await viewer.c.get(`/decisions/${d.id}`));
      expect(seen).toMatchObject({ voting_open: false, ballots_published: true, votes_cast: 3, my_vote: null });
      expect([tallyOf(seen, 'Approved'), tallyOf(seen, 'Denied'), tallyOf(seen, 'Pending')]).toEqual([2, 1, 0]);
      expect(seenVoters(seen).every((v: any) => v.vote === 'Pending' && v.reason === null && v.has_voted)).toBe(true);
    }
    let published: any;
    for (const who of [w.m1, w.m2, w.editor]) {
      const list = expectOk(await who.c.get(`/decisions/${d.id}/ballots`));
      expect(list).toMatchObject({ decision_id: d.id, count: 3, algorithm: 'sha256' });
      const mine = receipts.get(who.email)!;
      expect(list.entries).toContainEqual({ receipt: mine.receipt, choice: mine.choice });
      expect(list.entries.map((e: any) => e.receipt)).toEqual([...list.entries.map((e: any) => e.receipt)].sort());
      expect(sha256(canonical(list.entries))).toBe(list.hash);
      published ??= list;
      expect(list.hash).toBe(published.hash);
    }
    // the list's counts are the tallies
    const counted = (v: string) => published.entries.filter((e: any) => e.choice === v).length;
    expect([counted('Approved'), counted('Denied')]).toEqual([tallyOf(published, 'Approved'), tallyOf(published, 'Denied')]);
    // a changed row, a dropped row or a row added: the hash no longer matches
    const changed = published.entries.map((e: any, i: number) => (i === 0 ? { ...e, choice: e.choice === 'Approved' ? 'Denied' : 'Approved' } : e));
    expect(sha256(canonical(changed))).not.toBe(published.hash);
    expect(sha256(canonical(published.entries.slice(1)))).not.toBe(published.hash);
    expect(sha256(canonical([...published.entries, { receipt: 'A'.repeat(32), choice: 'Approved' }]))).not.toBe(published.hash);
    // the list goes to whoever may see the decision; 404 to the others; 409 for an open ballot
    expect(expectOk(await w.chair.c.get(`/decisions/${d.id}/ballots`)).hash).toBe(published.hash);
    expect((await w.outsider.c.get(`/decisions/${d.id}/ballots`)).status).toBe(404);
    expect((await w.anon.get(`/decisions/${d.id}/ballots`)).status).toBe(401);
    const open = expectOk(await decide(m));
    refused(await w.m1.c.get(`/decisions/${open.id}/ballots`), 'ballot', 'This decision is not a secret ballot.');
    expect((await w.m1.c.get(`/decisions/999999999/ballots`)).status).toBe(404);
  });
});

describe('a secret ballot closed with one of its three voters not voted', () => {
  it('the admin and the owner see the tallies beside voted / not voted, and nothing else in the answer names a choice', async () => {
    const m = await scheduled(w);
    const d = expectOk(await decide(m, { ballot: 'secret' }));
    expectOk(await castVote(w.m1, d, { vote: 'Approved' }));
    expectOk(await castVote(w.m2, d, { vote: 'Denied', reason: 'not kept' }));
    expectOk(await w.chair.c.post(`/decisions/${d.id}/fulfill`, { is_fulfilled: 1 }));
    for (const viewer of [w.admin, w.chair]) {
      const seen = expectOk(await viewer.c.get(`/decisions/${d.id}`));
      expect(seen).toMatchObject({ voting_open: false, votes_cast: 2, my_vote: null });
      expect([tallyOf(seen, 'Approved'), tallyOf(seen, 'Denied'), tallyOf(seen, 'Pending')]).toEqual([1, 1, 1]);
      expect(seenVoters(seen)).toEqual(expect.arrayContaining([
        { user_id: w.m1.userId, vote: 'Pending', reason: null, has_voted: true },
        { user_id: w.m2.userId, vote: 'Pending', reason: null, has_voted: true },
        { user_id: w.editor.userId, vote: 'Pending', reason: null, has_voted: false },
      ]));
      // one Approved and one Denied among two who voted: only the tallies (by head and by weight, and the outcome they
      // give) may say so; the rest of the answer (voters, their rows, the caller's vote, the reason) holds no choice
      const { tallies: _t, weight_tallies: _wt, outcome: _o, ...rest } = seen;
      expect(JSON.stringify(rest)).not.toMatch(/Approved|Denied|not kept/);
    }
  });
});

describe('a secret standalone resolution', () => {
  it('votes with receipts, tallies after the end, the list to its voters', async () => {
    const body = { title: 'Secret resolution', committee_id: w.committeeId, deadline: serverDate(5), voters: [w.m1.userId, w.m2.userId], ballot: 'secret' };
    refused(await w.chair.c.post('/singleDecision', { ...body, ballot: true }), 'ballot');
    const d = expectOk(await w.chair.c.post('/singleDecision', body));
    expect(d).toMatchObject({ ballot: 'secret', meeting_id: null });
    const a = expectOk(await w.m1.c.post(`/singleDecision/vote/${d.id}`, { vote: 'Abstained' }));
    const b = expectOk(await w.m2.c.post(`/singleDecision/vote/${d.id}`, { vote: 'Approved' }));
    expect([a.receipt, b.receipt].every((r) => /^[A-Z2-7]{32}$/.test(r))).toBe(true);
    refused(await w.m1.c.post(`/singleDecision/vote/${d.id}`, { vote: 'Approved' }), 'vote');
    const seen = expectOk(await w.chair.c.get(`/singleDecision/${d.id}`));
    expect(seen).toMatchObject({ tallies: [], votes_cast: 2 });
    expect(JSON.stringify(seen.voters)).not.toMatch(/Abstained|Approved/);
    expectOk(await w.chair.c.put(`/singleDecision/hide/${d.id}`, { is_fulfilled: 1 }));
    const list = expectOk(await w.m2.c.get(`/decisions/${d.id}/ballots`));
    expect(list.entries).toEqual(expect.arrayContaining([{ receipt: a.receipt, choice: 'Abstained' }, { receipt: b.receipt, choice: 'Approved' }]));
    expect(sha256(canonical(list.entries))).toBe(list.hash);
    expect([tallyOf(list, 'Abstained'), tallyOf(list, 'Approved')]).toEqual([1, 1]);
    refused(await w.chair.c.put(`/singleDecision/hide/${d.id}`, { is_fulfilled: 0 }), 'is_fulfilled');
    // an ended secret resolution without any vote may be resumed
    const empty = expectOk(await w.chair.c.post('/singleDecision', body));
    expectOk(await w.chair.c.put(`/singleDecision/hide/${empty.id}`, { is_fulfilled: 1 }));
    expect(expectOk(await w.chair.c.put(`/singleDecision/hide/${empty.id}`, { is_fulfilled: 0 }))).toMatchObject({ voting_open: true });
  });
});

describe('home: a secret ballot the voter has voted in', () => {
  it('leaves "my decisions" once the vote is cast (the voter row keeps Pending, has_voted says it is done)', async () => {
    const m = await scheduled(w);
    const d = expectOk(await decide(m, { ballot: 'secret', voters: [w.m1.userId, w.m2.userId] }));
    const mine = async (who: typeof w.m1) => (expectOk(await who.c.get('/home')).my_agenda.decisions as Array<{ id: number }>).map((x) => x.id);
    expect(await mine(w.m1)).toContain(d.id);
    expect(await mine(w.m2)).toContain(d.id);
    expectOk(await castVote(w.m1, d, { vote: 'Approved' }));
    expect(await mine(w.m1)).not.toContain(d.id);
    expect(await mine(w.m2)).toContain(d.id);
    // the row still reads Pending in the table (the choice is not stored with the voter)
    const row = await db.query(`select vote, has_voted from meeting.voters where decision_id = $1 and user_id = $2`, [d.id, w.m1.userId]);
    expect(row.rows).toEqual([{ vote: 'Pending', has_voted: true }]);
  });
});
