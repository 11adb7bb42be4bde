/**
 * The results PDF of an evaluation round (docs/evaluations.md#the-results-pdf), through the gateway, the minutes
 * service's job, Chromium and the S3 server: its state moves through its stages to done with a presigned URL; the
 * PDF, read back by pdftotext, holds the questions and the aggregates and, for an anonymous round, no member's name;
 * with fewer than 3 answers it holds no aggregate at all; a named round lists each member's answers; Arabic when the
 * request is in Arabic. Who may: the committee's admin; a member asked 403, anyone else 404, someone else's report 404.
 */
import { pdfText, pollUntil } from '@app/testing';
import { expectOk, serverDate, world, type Person } from './helpers';

jest.setTimeout(180_000);
let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

const sections = [
  {
    id: 'board', title: { en: 'The board', ar: 'المجلس' },
    questions: [
      { id: 'work', kind: 'scale', text: { en: 'How well does the board work?', ar: 'ما مدى جودة عمل المجلس' } },
      { id: 'length', kind: 'single', text: { en: 'Our meetings are' }, options: [{ id: 'short', text: { en: 'too short' } }, { id: 'ok', text: { en: 'about right' } }] },
      { id: 'free', kind: 'text', required: false, text: { en: 'Anything else to add?' } },
    ],
  },
];

async function sendRound(anonymous: boolean, title: string): Promise<number> {
  const q = expectOk(await w.chair.c.post('/evaluations/questionnaires', { title: { en: title, ar: 'التقييم الذاتي للمجلس' }, anonymous, sections }));
  return expectOk(await w.chair.c.post(`/evaluations/questionnaires/${q.id}/rounds`, { committee_id: w.committeeId, deadline: serverDate(7) })).id;
}
const answer = (p: Person, roundId: number, answers: Record<string, unknown>) => p.c.post(`/evaluations/rounds/${roundId}/answers`, { answers });

/** start the PDF as `who`, follow its state to the end (the stages it was seen in), fetch it from its presigned URL */
async function makePdf(roundId: number, who: Person = w.chair, lang?: 'ar'): Promise<{ text: string; state: any; seen: string[] }> {
  const c = lang ? who.c.with({ lang }) : who.c;
  const started = expectOk(await c.post(`/evaluations/rounds/${roundId}/report`));
  expect(started).toMatchObject({ round_id: roundId, status: 'queued', stage: 'initializing', url: null });
  const seen = new Set<string>();
  const state = (await pollUntil(
    async () => {
      const s = expectOk(await who.c.get(`/evaluations/reports/${started.id}`));
      seen.add(`${s.status}:${s.stage}`);
      return s;
    },
    (s) => s.status === 'done' || s.status === 'failed',
    90_000,
    100,
  ))!;
  expect(state).toMatchObject({ status: 'done', progress: 100, error: null });
  expect(state.pages).toBeGreaterThanOrEqual(1);
  expect(state.url).toMatch(/X-Amz-Signature=/);
  const res = await fetch(state.url);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  return { text: (await pdfText(bytes)).replace(/\s+/g, ' '), state, seen: [...seen] };
}

const names = () => [w.chair, w.editor, w.m1, w.m2].map((p) => p.name);

describe('the results PDF', () => {
  let anonymous: number;

  it('an anonymous round with 2 answers: the questions, no aggregate, no name', async () => {
    anonymous = await sendRound(true, `Self-evaluation ${Date.now()}`);
    expectOk(await answer(w.m1, anonymous, { work: 5, length: 'ok', free: 'More strategy time' }));
    expectOk(await answer(w.m2, anonymous, { work: 3, length: 'short' }));
    const { text, state, seen } = await makePdf(anonymous);
    expect(state.file_name).toMatch(/^Self-evaluation_\d+\.pdf$/);
    expect(seen.at(-1)).toBe('done:finalizing');
    expect(text).toContain('Evaluation results');
    expect(text).toContain('Results are shown once 3 members have answered; 2 have so far.');
    expect(text).toContain('2 of 4');
    // its dates as the minutes print them (docs/minutes.md#dates-in-the-minutes-language): the deadline (serverDate(7),
    // 10:00) in English, 12-hour, with the organization's zone; no date left in the server's format
    const [y, mo, day] = serverDate(7).slice(0, 10).split('-').map(Number);
    const month = new Date(Date.UTC(y, mo - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    expect(text).toMatch(new RegExp(`\\b${day} ${month} ${y}, 10:00 AM \\((?:[\\w/+-]+, )?GMT[+-]\\d`));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/Average|How well does the board work|More strategy time|about right/);
    for (const n of names()) expect(text).not.toContain(n);
  });

  it('with 3 answers: each question with its distribution, average and comments, still no name', async () => {
    expectOk(await answer(w.editor, anonymous, { work: 4, length: 'ok' }));
    const { text } = await makePdf(anonymous);
    expect(text).toContain('How well does the board work?');
    expect(text).toContain('Our meetings are');
    expect(text).toContain('Average: 4.00');
    expect(text).toContain('3 answered');
    expect(text).toMatch(/about right 2 67%/);
    expect(text).toMatch(/too short 1 33%/);
    expect(text).toContain('More strategy time');
    expect(text).toContain('Anonymous: totals only, never who answered what');
    for (const n of names()) expect(text).not.toContain(n);
  });

  it('in Arabic when asked in Arabic', async () => {
    const { text } = await makePdf(anonymous, w.chair, 'ar');
    expect(text).toContain('نتائج التقييم');
    expect(text).toContain('ما مدى جودة عمل المجلس');
    expect(text).toContain('المتوسط');
    for (const n of names()) expect(text).not.toContain(n);
  });

  it("a named round: each member's answers, by name, for the secretary", async () => {
    const named = await sendRound(false, `D&O questionnaire ${Date.now()}`);
    expectOk(await answer(w.m1, named, { work: 2, length: 'short', free: 'No conflicts' }));
    const { text } = await makePdf(named);
    expect(text).toContain('Answers by member');
    expect(text).toContain(w.m1.name);
    expect(text).toContain('No conflicts');
    expect(text).not.toContain(w.m2.name);
  });

  it('who may: a member asked 403, an outsider 404; a report is its requester\'s only', async () => {
    const round = await sendRound(true, `Rights ${Date.now()}`);
    expect((await w.m1.c.post(`/evaluations/rounds/${round}/report`)).status).toBe(403);
    expect((await w.outsider.c.post(`/evaluations/rounds/${round}/report`)).status).toBe(404);
    expect((await w.chair.c.post('/evaluations/rounds/999999/report')).status).toBe(404);
    const mine = expectOk(await w.chair.c.post(`/evaluations/rounds/${round}/report`));
    expect((await w.admin.c.get(`/evaluations/reports/${mine.id}`)).status).toBe(404);
    expect((await w.m1.c.get(`/evaluations/reports/${mine.id}`)).status).toBe(404);
    const other = await world();
    expect((await other.admin.c.get(`/evaluations/reports/${mine.id}`)).status).toBe(404);
    expect((await other.admin.c.post(`/evaluations/rounds/${round}/report`)).status).toBe(404);
  });
});
