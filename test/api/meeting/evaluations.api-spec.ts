/**
 * Evaluations and questionnaires (issue 28, docs/evaluations.md): the chair (a committee admin) builds a questionnaire,
 * sends it to the committee with a deadline; the members answer. Anonymous: results only as aggregates and only from
 * 3 answers, no respondent -> answer link in the answer nor in the tables; named: the secretary sees each answer and
 * exports CSV. Strict bodies (409 with field errors, nothing written), wrong actors 403/404, other organizations 404.
 */
import type { Client } from 'pg';
import { expectOk, refused, serverDate, world, worldWithDatabase, type World } from './helpers';

jest.setTimeout(180_000);
let w: World;
let db: Client;
worldWithDatabase((fresh, conn) => {
  w = fresh;
  db = conn;
});

const en = (s: string) => ({ en: s });
const sections = [
  {
    id: 'board', title: { en: 'The board', ar: 'المجلس', ru: 'Совет' },
    questions: [
      { id: 'work', kind: 'scale', text: { en: 'How well does the board work?', ar: 'ما مدى جودة عمل المجلس؟' } },
      { id: 'length', kind: 'single', text: en('Meetings are'), options: [{ id: 'short', text: en('too short') }, { id: 'ok', text: en('about right') }, { id: 'long', text: en('too long') }] },
    ],
  },
  {
    id: 'more', title: en('More'),
    questions: [
      { id: 'topics', kind: 'multiple', required: false, text: en('Topics for more time'), options: [{ id: 'risk', text: en('Risk') }, { id: 'esg', text: en('ESG') }] },
      { id: 'free', kind: 'text', required: false, text: en('Anything else?') },
    ],
  },
];
const body = (o: Record<string, unknown> = {}) => ({ title: en('Board self-evaluation'), anonymous: true, sections, ...o });
const questionnaires = async () => expectOk(await w.chair.c.get('/evaluations/questionnaires'));

describe('building a questionnaire', () => {
  it('a committee admin builds one; a member, an outsider and nobody signed in may not', async () => {
    const r = await w.chair.c.post('/evaluations/questionnaires', body());
    expect(r.body.message).toBe('Done');
    const q = expectOk(r);
    expect(q).toMatchObject({ title: { en: 'Board self-evaluation' }, anonymous: true, rounds: [], created_by: w.chair.userId });
    expect(q.sections[0].questions[0]).toEqual({ id: 'work', kind: 'scale', required: true, text: { en: 'How well does the board work?', ar: 'ما مدى جودة عمل المجلس؟' } });
    const list = await questionnaires();
    expect(list.items.map((x: any) => x.id)).toContain(q.id);
    expect(list.committees).toEqual([expect.objectContaining({ id: w.committeeId })]);
    expect((await w.m1.c.post('/evaluations/questionnaires', body())).status).toBe(403);
    expect((await w.m1.c.get('/evaluations/questionnaires')).status).toBe(403);
    expect((await w.outsider.c.get(`/evaluations/questionnaires/${q.id}`)).status).toBe(403);
    expect((await w.anon.get('/evaluations/questionnaires')).status).toBe(401);
    // the organization's admin sees it and may send to every committee
    const asAdmin = expectOk(await w.admin.c.get('/evaluations/questionnaires'));
    expect(asAdmin.items.map((x: any) => x.id)).toContain(q.id);
    expect(asAdmin.committees.map((c: any) => c.id)).toContain(w.committeeId);
  });

  it('bad bodies are 409 with field errors and write nothing', async () => {
    const before = (await questionnaires()).items.length;
    const q0 = (o: Record<string, unknown>) => [{ ...sections[0], questions: [{ ...sections[0].questions[0], ...o }] }];
    refused(await w.chair.c.post('/evaluations/questionnaires', body({ title: { ar: 'بدون إنجليزي' } })), 'title.en');
    refused(await w.chair.c.post('/evaluations/questionnaires', body({ anonymous: 'yes' })), 'anonymous');
    refused(await w.chair.c.post('/evaluations/questionnaires', body({ sections: [] })), 'sections');
    refused(await w.chair.c.post('/evaluations/questionnaires', body({ sections: q0({ kind: 'slider' }) })), 'sections.0.questions.0');
    refused(await w.chair.c.post('/evaluations/questionnaires', body({ sections: q0({ kind: 'single', options: [{ id: 'a', text: en('A') }] }) })), 'sections.0.questions.0.options');
    refused(await w.chair.c.post('/evaluations/questionnaires', body({ sections: q0({ extra: 1 }) })), 'sections.0.questions.0');
    refused(await w.chair.c.post('/evaluations/questionnaires', body({ sections: q0({ text: { en: 'x', de: 'y' } }) })), 'sections.0.questions.0.text');
    refused(await w.chair.c.post('/evaluations/questionnaires', body({ sections: [sections[0], { ...sections[1], questions: [{ ...sections[1].questions[1], id: 'work' }] }] })), 'sections.1.questions.0.id', 'This id is used more than once.');
    refused(await w.chair.c.post('/evaluations/questionnaires', body({ owner: 1 })), 'owner');
    expect((await questionnaires()).items).toHaveLength(before);
  });
});

describe('an anonymous round', () => {
  let q: any;
  let round: any;
  const answer = (who: World['m1'], a: Record<string, unknown>) => who.c.post(`/evaluations/rounds/${round.id}/answers`, { answers: a });

  beforeAll(async () => {
    q = expectOk(await w.chair.c.post('/evaluations/questionnaires', body()));
  });

  it('is sent to the committee with a deadline; bad sends write nothing', async () => {
    const send = (who: World['m1'], b: unknown) => who.c.post(`/evaluations/questionnaires/${q.id}/rounds`, b);
    refused(await send(w.chair, { committee_id: w.committeeId, deadline: serverDate(-1) }), 'deadline', 'The deadline must be in the future.');
    refused(await send(w.chair, { committee_id: w.committeeId, deadline: 'soon' }), 'deadline');
    refused(await send(w.chair, { committee_id: true, deadline: serverDate(7) }), 'committee_id');
    refused(await send(w.chair, { committee_id: 999999, deadline: serverDate(7) }), 'committee_id');
    expect((await send(w.m1, { committee_id: w.committeeId, deadline: serverDate(7) })).status).toBe(403);
    expect((await w.chair.c.post('/evaluations/questionnaires/999999/rounds', { committee_id: w.committeeId, deadline: serverDate(7) })).status).toBe(404);
    expect(expectOk(await w.chair.c.get(`/evaluations/questionnaires/${q.id}`)).rounds).toEqual([]);
    round = expectOk(await send(w.chair, { committee_id: w.committeeId, deadline: serverDate(7) }));
    expect(round).toMatchObject({ questionnaire_id: q.id, anonymous: true, open: true, recipients: 4, answered: 0, committee: { id: w.committeeId }, can_view_results: true });
  });

  it('a member finds it pending and answers once; wrong answers are field errors and write nothing', async () => {
    const mine = expectOk(await w.m1.c.get('/evaluations/rounds'));
    expect(mine.items).toEqual([expect.objectContaining({ id: round.id, can_answer: true, has_answered: false, can_view_results: false })]);
    expect(mine.can_build).toBe(false);
    expect(expectOk(await w.chair.c.get('/evaluations/rounds')).can_build).toBe(true);
    expect(expectOk(await w.outsider.c.get('/evaluations/rounds')).items).toEqual([]);
    expect((await w.outsider.c.get(`/evaluations/rounds/${round.id}`)).status).toBe(404);
    const got = expectOk(await w.m1.c.get(`/evaluations/rounds/${round.id}`));
    expect(got.sections.map((s: any) => s.id)).toEqual(['board', 'more']);
    refused(await answer(w.m1, { work: 6, length: 'ok' }), 'answers.work', 'Choose a whole number from 1 to 5.');
    refused(await answer(w.m1, { work: 3, length: 'huge' }), 'answers.length', 'Choose among the options of this question.');
    refused(await answer(w.m1, { length: 'ok' }), 'answers.work', 'This question needs an answer.');
    refused(await answer(w.m1, { work: 3, length: 'ok', topics: ['risk', 'risk'] }), 'answers.topics');
    refused(await answer(w.m1, { work: 3, length: 'ok', nope: 1 }), 'answers.nope');
    refused(await w.m1.c.post(`/evaluations/rounds/${round.id}/answers`, { answers: { work: 3, length: 'ok' }, extra: true }), 'extra');
    const ar = await w.m1.c.with({ lang: 'ar' }).post(`/evaluations/rounds/${round.id}/answers`, { answers: { work: 0, length: 'ok' } });
    expect(ar.body.errors['answers.work']).toEqual(['اختر عددًا صحيحًا من 1 إلى 5.']);
    expect(expectOk(await w.m1.c.get(`/evaluations/rounds/${round.id}`))).toMatchObject({ has_answered: false, answered: 0 });
    const done = expectOk(await answer(w.m1, { work: 5, length: 'ok', topics: ['esg', 'risk'], free: 'More strategy time' }));
    expect(done).toMatchObject({ has_answered: true, can_answer: false, answered: 1, my_answers: null });
    refused(await answer(w.m1, { work: 1, length: 'ok' }), 'answers', 'You have already answered this questionnaire.');
    expect((await answer(w.outsider, { work: 1, length: 'ok' })).status).toBe(404);
  });

  it('results: members may not; nothing before 3 answers; then aggregates only, with no respondent -> answer link', async () => {
    expect((await w.m1.c.get(`/evaluations/rounds/${round.id}/results`)).status).toBe(403);
    expect((await w.outsider.c.get(`/evaluations/rounds/${round.id}/results`)).status).toBe(404);
    expectOk(await answer(w.m2, { work: 3, length: 'long', free: 'Shorter packs' }));
    const two = expectOk(await w.chair.c.get(`/evaluations/rounds/${round.id}/results`));
    expect(two).toMatchObject({ available: false, min_answers: 3, questions: [], responses: [] });
    expect(JSON.stringify(two)).not.toMatch(/strategy|Shorter/);
    expectOk(await answer(w.editor, { work: 4, length: 'ok', topics: ['risk'] }));
    const r = expectOk(await w.chair.c.get(`/evaluations/rounds/${round.id}/results`));
    expect(r.available).toBe(true);
    expect(r.responses).toEqual([]);
    const byId = Object.fromEntries(r.questions.map((x: any) => [x.question_id, x]));
    expect(byId.work).toMatchObject({ n: 3, average: 4, previous: null, counts: [{ value: '1', count: 0 }, { value: '2', count: 0 }, { value: '3', count: 1 }, { value: '4', count: 1 }, { value: '5', count: 1 }] });
    expect(byId.length.counts).toEqual([{ value: 'short', count: 0 }, { value: 'ok', count: 2 }, { value: 'long', count: 1 }]);
    expect(byId.topics).toMatchObject({ n: 2, counts: [{ value: 'risk', count: 2 }, { value: 'esg', count: 1 }] });
    expect(byId.free.texts).toEqual(['More strategy time', 'Shorter packs']);
    // who has answered, never what: the recipients carry a flag and nothing else
    const answered = r.recipients.filter((x: any) => x.answered).map((x: any) => x.id).sort();
    expect(answered).toEqual([w.m1.userId, w.m2.userId, w.editor.userId].sort());
    for (const x of r.recipients) expect(Object.keys(x).sort()).toEqual(['answered', 'id', 'name']);
    // the organization's admin sees the same; the CSV export of an anonymous round is refused
    expect(expectOk(await w.admin.c.get(`/evaluations/rounds/${round.id}/results`)).available).toBe(true);
    refused(await w.chair.c.get(`/evaluations/rounds/${round.id}/export`), 'id');
  });

  it('the tables: the anonymous sheets hold no member, no time, no sequence, and share one transaction', async () => {
    const cols = await db.query(
      `SELECT column_name, data_type, column_default, is_identity FROM information_schema.columns WHERE table_schema = 'meeting' AND table_name = 'evaluation_anonymous_answers' ORDER BY column_name`,
    );
    expect(cols.rows.map((c) => c.column_name)).toEqual(['answers', 'org_id', 'round_id']);
    for (const c of cols.rows) {
      expect(c.column_default).toBeNull();
      expect(c.is_identity).toBe('NO');
      expect(c.data_type).not.toMatch(/time|date/);
    }
    const rows = await db.query(`SELECT xmin::text AS x, answers FROM meeting.evaluation_anonymous_answers WHERE org_id = $1 AND round_id = $2`, [w.org.orgId, round.id]);
    expect(rows.rows).toHaveLength(3);
    // every answer rewrote all the round's sheets: one transaction id for all, whatever order they came in
    expect(new Set(rows.rows.map((x) => x.x)).size).toBe(1);
    for (const x of rows.rows) expect(JSON.stringify(x.answers)).not.toMatch(new RegExp(`${w.m1.userId}|${w.m2.userId}|${w.editor.userId}`));
    // no user id in the named table for this round
    expect((await db.query(`SELECT count(*)::int AS n FROM meeting.evaluation_named_answers WHERE org_id = $1 AND round_id = $2`, [w.org.orgId, round.id])).rows[0].n).toBe(0);
  });

  it('a second round compares with the first', async () => {
    const second = expectOk(await w.chair.c.post(`/evaluations/questionnaires/${q.id}/rounds`, { committee_id: w.committeeId, deadline: serverDate(7) }));
    for (const [who, v] of [[w.m1, 2], [w.m2, 2], [w.chair, 5]] as const) expectOk(await who.c.post(`/evaluations/rounds/${second.id}/answers`, { answers: { work: v, length: 'short' } }));
    const r = expectOk(await w.chair.c.get(`/evaluations/rounds/${second.id}/results`));
    const work = r.questions.find((x: any) => x.question_id === 'work');
    expect(work).toMatchObject({ average: 3, n: 3, previous: { round_id: round.id, average: 4, n: 3 } });
  });
});

describe('a named (D&O) round', () => {
  let round: any;

  beforeAll(async () => {
    const q = expectOk(await w.chair.c.post('/evaluations/questionnaires', body({ title: en('D&O questionnaire'), anonymous: false })));
    round = expectOk(await w.chair.c.post(`/evaluations/questionnaires/${q.id}/rounds`, { committee_id: w.committeeId, deadline: serverDate(3) }));
  });

  it('the secretary sees each director\'s answers from the first, and exports them as CSV', async () => {
    const a1 = expectOk(await w.m1.c.post(`/evaluations/rounds/${round.id}/answers`, { answers: { work: 4, length: 'long', topics: ['risk', 'esg'], free: 'No conflicts, "none"' } }));
    expect(a1.my_answers).toEqual({ work: 4, length: 'long', topics: ['risk', 'esg'], free: 'No conflicts, "none"' });
    const r1 = expectOk(await w.chair.c.get(`/evaluations/rounds/${round.id}/results`));
    expect(r1).toMatchObject({ available: true, min_answers: 1 });
    expect(r1.responses).toEqual([{ user: { id: w.m1.userId, name: 'Mona Member' }, answered_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), answers: a1.my_answers }]);
    expectOk(await w.m2.c.post(`/evaluations/rounds/${round.id}/answers`, { answers: { work: 2, length: 'ok' } }));
    const r2 = expectOk(await w.chair.c.get(`/evaluations/rounds/${round.id}/results`));
    expect(r2.responses.map((x: any) => [x.user.id, x.answers.work])).toEqual([[w.m1.userId, 4], [w.m2.userId, 2]]);
    // a member sees only their own answers back, never the results
    expect(expectOk(await w.m2.c.get(`/evaluations/rounds/${round.id}`)).my_answers).toEqual({ work: 2, length: 'ok' });
    expect((await w.m2.c.get(`/evaluations/rounds/${round.id}/results`)).status).toBe(403);
    expect((await w.m2.c.get(`/evaluations/rounds/${round.id}/export`)).status).toBe(403);

    const csv = await w.chair.c.get(`/evaluations/rounds/${round.id}/export`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(csv.body).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('member,answered_at,How well does the board work?,Meetings are,Topics for more time,Anything else?');
    expect(lines[1]).toMatch(/^Mona Member,[\d :-]+,4,too long,Risk; ESG,"No conflicts, ""none"""$/);
    expect(lines[2]).toMatch(/^Mark Member,[\d :-]+,2,about right,,$/);
  });
});

describe('closing a round early', () => {
  it('only its manager closes an open round; answering stops; the results keep the 3-answer rule; not twice', async () => {
    const q = expectOk(await w.chair.c.post('/evaluations/questionnaires', body({ title: en('Closed early') })));
    const round = expectOk(await w.chair.c.post(`/evaluations/questionnaires/${q.id}/rounds`, { committee_id: w.committeeId, deadline: serverDate(7) }));
    expect(round).toMatchObject({ open: true, closed_at: null, can_close: true });
    expect(expectOk(await w.m1.c.get(`/evaluations/rounds/${round.id}`))).toMatchObject({ can_close: false, can_answer: true });
    expectOk(await w.m1.c.post(`/evaluations/rounds/${round.id}/answers`, { answers: { work: 4, length: 'ok' } }));
    expectOk(await w.m2.c.post(`/evaluations/rounds/${round.id}/answers`, { answers: { work: 2, length: 'long' } }));
    // a member asked in the round may not (403), anyone else does not see it (404); nothing is written
    expect((await w.m1.c.post(`/evaluations/rounds/${round.id}/close`)).status).toBe(403);
    expect((await w.outsider.c.post(`/evaluations/rounds/${round.id}/close`)).status).toBe(404);
    expect((await w.chair.c.post('/evaluations/rounds/999999/close')).status).toBe(404);
    expect(expectOk(await w.chair.c.get(`/evaluations/rounds/${round.id}`))).toMatchObject({ open: true, closed_at: null });
    const r = await w.chair.c.post(`/evaluations/rounds/${round.id}/close`);
    expect(r.body.message).toBe('Done');
    const closed = expectOk(r);
    expect(closed).toMatchObject({ id: round.id, open: false, can_close: false, answered: 2 });
    expect(closed.closed_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const row = await db.query('SELECT closed_at, closed_by FROM meeting.evaluation_rounds WHERE id = $1', [round.id]);
    expect(row.rows[0].closed_by).toBe(String(w.chair.userId));
    // the third member can no longer answer, the page says so, and the round is not closed twice
    expect(expectOk(await w.editor.c.get(`/evaluations/rounds/${round.id}`))).toMatchObject({ open: false, can_answer: false });
    refused(await w.editor.c.post(`/evaluations/rounds/${round.id}/answers`, { answers: { work: 5, length: 'ok' } }), 'answers', 'The deadline of this questionnaire has passed.');
    refused(await w.chair.c.post(`/evaluations/rounds/${round.id}/close`), 'id', 'This questionnaire is already closed.');
    const ru = await w.admin.c.with({ lang: 'ru' }).post(`/evaluations/rounds/${round.id}/close`);
    expect(ru.body.errors.id).toEqual(['Эта анкета уже закрыта.']);
    // two answers: an anonymous round closed early still shows no aggregate
    const res = expectOk(await w.chair.c.get(`/evaluations/rounds/${round.id}/results`));
    expect(res).toMatchObject({ available: false, questions: [], responses: [], round: { answered: 2, open: false } });
  });

  it("another organization's round is 404 to close", async () => {
    const other = await world();
    const q = expectOk(await other.chair.c.post('/evaluations/questionnaires', body()));
    const round = expectOk(await other.chair.c.post(`/evaluations/questionnaires/${q.id}/rounds`, { committee_id: other.committeeId, deadline: serverDate(2) }));
    expect((await w.admin.c.post(`/evaluations/rounds/${round.id}/close`)).status).toBe(404);
    expect(expectOk(await other.chair.c.get(`/evaluations/rounds/${round.id}`))).toMatchObject({ open: true, closed_at: null });
  });
});

describe('tenancy', () => {
  it("another organization's questionnaire and round are 404", async () => {
    const other = await world();
    const q = expectOk(await other.chair.c.post('/evaluations/questionnaires', body()));
    const round = expectOk(await other.chair.c.post(`/evaluations/questionnaires/${q.id}/rounds`, { committee_id: other.committeeId, deadline: serverDate(2) }));
    expect((await w.chair.c.get(`/evaluations/questionnaires/${q.id}`)).status).toBe(404);
    expect((await w.chair.c.put(`/evaluations/questionnaires/${q.id}`, body())).status).toBe(404);
    expect((await w.admin.c.get(`/evaluations/rounds/${round.id}`)).status).toBe(404);
    expect((await w.admin.c.get(`/evaluations/rounds/${round.id}/results`)).status).toBe(404);
    expect((await w.m1.c.post(`/evaluations/rounds/${round.id}/answers`, { answers: { work: 1, length: 'ok' } })).status).toBe(404);
    // their committee is not one of ours to send to
    const mine = expectOk(await w.chair.c.post('/evaluations/questionnaires', body()));
    refused(await w.chair.c.post(`/evaluations/questionnaires/${mine.id}/rounds`, { committee_id: other.committeeId, deadline: serverDate(2) }), 'committee_id');
  });
});
