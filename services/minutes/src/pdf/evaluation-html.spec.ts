import type { RoundResults } from '@app/contracts';
import { evaluationHtml, evaluationPdfContent } from './evaluation-html';
import { evaluationStageProgress } from '../rules/report-progress';

const en = (s: string) => ({ en: s });
const sections = [
  {
    id: 'board', title: { en: 'The board', ar: 'المجلس' },
    questions: [
      { id: 'work', kind: 'scale' as const, required: true, text: { en: 'How well does the board work?', ar: 'ما مدى جودة عمل المجلس؟' } },
      { id: 'length', kind: 'single' as const, required: true, text: en('Meetings are'), options: [{ id: 'short', text: en('too short') }, { id: 'ok', text: { en: 'about right', fr: 'comme il faut' } }] },
      { id: 'free', kind: 'text' as const, required: false, text: en('Anything else?') },
    ],
  },
];
const scale = [1, 2, 3, 4, 5].map((v) => ({ value: String(v), count: v === 4 ? 2 : v === 5 ? 1 : 0 }));
const response = { user: { id: 7, name: 'Mona <Member>' }, answered_at: '2026-11-21 09:00:00', answers: { work: 5, length: 'ok' } };
const results = (o: { anonymous: boolean; answered: number; available: boolean }): RoundResults => ({
  round: {
    id: 5, questionnaire_id: 2, title: { en: 'Board self-evaluation', ar: 'التقييم الذاتي' }, anonymous: o.anonymous, committee: { id: 1, name: 'Board' },
    deadline: '2026-12-01 17:00:00', open: false, closed_at: null, reminder_minutes: [4320, 1440], can_close: false, recipients: 4, answered: o.answered, is_recipient: false, has_answered: false,
    can_answer: false, can_view_results: true, created_at: '2026-11-20 10:00:00', description: null, sections,
  },
  available: o.available,
  min_answers: o.anonymous ? 3 : 1,
  questions: o.available
    ? [
      { question_id: 'work', kind: 'scale', n: 3, counts: scale, average: 4.33, texts: [], previous: { round_id: 4, n: 3, average: 3.5, counts: scale } },
      { question_id: 'length', kind: 'single', n: 3, counts: [{ value: 'short', count: 1 }, { value: 'ok', count: 2 }], average: null, texts: [], previous: null },
      { question_id: 'free', kind: 'text', n: 1, counts: [], average: null, texts: ['More <b>strategy</b>'], previous: null },
    ]
    : [],
  recipients: [{ id: 7, name: 'Mona <Member>', answered: true }, { id: 8, name: 'Mark Member', answered: o.answered > 1 }],
  responses: o.anonymous ? [] : [response],
});

describe('what the results PDF may show (the anonymity rule)', () => {
  it.each<[string, { anonymous: boolean; answered: number; available: boolean }, boolean, number]>([
    // what, the round, -> aggregates, member rows
    ['anonymous, 3 answers', { anonymous: true, answered: 3, available: true }, true, 0],
    ['anonymous, 2 answers', { anonymous: true, answered: 2, available: false }, false, 0],
    ['anonymous, 2 answers, marked available by mistake', { anonymous: true, answered: 2, available: true }, false, 0],
    ['anonymous, 0 answers', { anonymous: true, answered: 0, available: false }, false, 0],
    ['named, 1 answer', { anonymous: false, answered: 1, available: true }, true, 1],
    ['named, no answer', { anonymous: false, answered: 0, available: false }, false, 0],
  ])('%s', (_what, round, aggregates, rows) => {
    const c = evaluationPdfContent(results(round));
    expect(c.aggregates).toBe(aggregates);
    expect(c.responses).toHaveLength(rows);
  });

  it('an anonymous document names nobody, not even who has answered; a named one lists each member, escaped', () => {
    const anon = evaluationHtml({ results: results({ anonymous: true, answered: 3, available: true }), lang: 'en', generatedAt: '2026-11-28 10:00' });
    expect(anon).not.toContain('Mona');
    expect(anon).not.toContain('Mark');
    expect(anon).toContain('How well does the board work?');
    expect(anon).toContain('Average: <b>4.33</b>');
    expect(anon).toContain('Last round: 3.50 (Change +0.83)');
    expect(anon).toContain('<td>about right</td><td class="num">2</td><td class="num">67%</td>');
    expect(anon).toContain('More &lt;b&gt;strategy&lt;/b&gt;');
    const named = evaluationHtml({ results: results({ anonymous: false, answered: 1, available: true }), lang: 'en', generatedAt: '2026-11-28 10:00' });
    expect(named).toContain('Answers by member');
    expect(named).toContain('<td>Mona &lt;Member&gt;</td>');
  });

  it('below the threshold: no aggregate, no text, no name', () => {
    const html = evaluationHtml({ results: results({ anonymous: true, answered: 2, available: false }), lang: 'en', generatedAt: '2026-11-28 10:00' });
    expect(html).toContain('Results are shown once 3 members have answered; 2 have so far.');
    expect(html).not.toMatch(/Average|strategy|Mona|<table/);
  });

  it('in the reader\'s language: Arabic right to left, French and Russian words, texts falling back to English', () => {
    const ar = evaluationHtml({ results: results({ anonymous: true, answered: 3, available: true }), lang: 'ar', generatedAt: '2026-11-28 10:00' });
    expect(ar).toContain('dir="rtl"');
    expect(ar).toContain('ما مدى جودة عمل المجلس؟');
    expect(ar).toContain('<h1>التقييم الذاتي</h1>');
    expect(ar).toContain('المتوسط');
    const fr = evaluationHtml({ results: results({ anonymous: true, answered: 3, available: true }), lang: 'fr', generatedAt: '2026-11-28 10:00' });
    expect(fr).toContain('Moyenne');
    expect(fr).toContain('<td>comme il faut</td>');
    expect(fr).toContain('Meetings are');
    expect(evaluationHtml({ results: results({ anonymous: true, answered: 3, available: true }), lang: 'ru', generatedAt: 'x' })).toContain('Среднее');
  });

  it.each([
    ['initializing', 0, 0], ['initializing', 0.5, 5], ['preparing content', 0, 10], ['generating', 0, 30], ['generating', 1, 90], ['finalizing', 1, 99],
  ] as const)('progress: %s at %d is %d%%', (stage, f, pct) => {
    expect(evaluationStageProgress(stage, f)).toBe(pct);
  });

  // the minutes' one formatter (pdf/dates.ts): each language's date and clock, the zone after the deadline and the time made
  it.each([
    ['en', '1 December 2026, 5:00 PM (Asia/Muscat, GMT+4)', '25 November 2026, 8:30 AM', '21 November 2026, 9:00 AM', '28 November 2026, 2:05 PM (Asia/Muscat, GMT+4)'],
    ['ar', '1 ديسمبر 2026، 5:00 م (Asia/Muscat، غرينتش+4)', '25 نوفمبر 2026، 8:30 ص', '21 نوفمبر 2026، 9:00 ص', '28 نوفمبر 2026، 2:05 م (Asia/Muscat، غرينتش+4)'],
    ['fr', '1 décembre 2026 à 17:00 (Asia/Muscat, UTC+4)', '25 novembre 2026 à 08:30', '21 novembre 2026 à 09:00', '28 novembre 2026 à 14:05 (Asia/Muscat, UTC+4)'],
    ['ru', '1 декабря 2026 г., 17:00 (Asia/Muscat, GMT+4)', '25 ноября 2026 г., 08:30', '21 ноября 2026 г., 09:00', '28 ноября 2026 г., 14:05 (Asia/Muscat, GMT+4)'],
  ] as const)('dates in %s through the minutes\' formatter, no server date left', (lang, deadline, closed, answered, generated) => {
    const r = results({ anonymous: false, answered: 1, available: true });
    const html = evaluationHtml({ results: { ...r, round: { ...r.round, closed_at: '2026-11-25 08:30:00' } }, lang, generatedAt: '2026-11-28 14:05:00', zone: 'Asia/Muscat' });
    expect(html).toContain(`<dd>${deadline}</dd>`);
    expect(html).toContain(`<dd>${closed}</dd>`);
    expect(html).toContain(`<td class="num">${answered}</td>`);
    expect(html).toContain(`<dd>${generated}</dd>`);
    expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    if (lang === 'ar') expect(html).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });
});
