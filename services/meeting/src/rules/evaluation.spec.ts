import { EVALUATION_MIN_ANSWERS, EvaluationMessages as EM, M, zSendBody, type Answers, type Question } from '@app/contracts';
import { aggregate, canBuild, canCloseRound, canManageRound, checkAnswers, checkReminders, reminderTimes, resultsAvailable, roundOpen } from './evaluation';

const t = (en: string) => ({ en });
const Q: Question[] = [
  { id: 'scale', kind: 'scale', text: t('How well does the board work?'), required: true },
  { id: 'one', kind: 'single', text: t('Meetings are'), required: true, options: [{ id: 'short', text: t('too short') }, { id: 'ok', text: t('right') }, { id: 'long', text: t('too long') }] },
  { id: 'many', kind: 'multiple', text: t('Topics'), required: false, options: [{ id: 'risk', text: t('Risk') }, { id: 'esg', text: t('ESG') }, { id: 'pay', text: t('Pay') }] },
  { id: 'free', kind: 'text', text: t('Anything else?'), required: false },
];
const full = { scale: 4, one: 'ok', many: ['esg', 'risk'], free: '  more time  ' };

describe('the 3-answer threshold (resultsAvailable)', () => {
  it.each<[boolean, number, boolean]>([
    [true, 0, false],
    [true, 1, false],
    [true, 2, false],
    [true, 3, true],
    [true, 4, true],
    [true, 100, true],
    [false, 0, false],
    [false, 1, true],
    [false, 2, true],
  ])('anonymous %s with %i answers -> %s', (anonymous, answered, shown) => {
    expect(resultsAvailable(anonymous, answered)).toBe(shown);
  });
  it('the threshold is the contract constant (3)', () => {
    expect(EVALUATION_MIN_ANSWERS).toBe(3);
    expect(resultsAvailable(true, 4, 5)).toBe(false);
  });
});

describe('checkAnswers: each answer against its question kind', () => {
  it('a full sheet passes, normalized (text trimmed, options in the question order)', () => {
    expect(checkAnswers(Q, full)).toEqual({ ok: true, answers: { scale: 4, one: 'ok', many: ['risk', 'esg'], free: 'more time' } });
  });
  it('optional questions may be left out, or null, or empty', () => {
    expect(checkAnswers(Q, { scale: 1, one: 'long' })).toEqual({ ok: true, answers: { scale: 1, one: 'long' } });
    expect(checkAnswers(Q, { scale: 5, one: 'short', many: [], free: null })).toEqual({ ok: true, answers: { scale: 5, one: 'short' } });
  });
  it.each<[string, Record<string, unknown>, string, string]>([
    ['scale missing', { one: 'ok' }, 'answers.scale', EM.required],
    ['scale null', { ...full, scale: null }, 'answers.scale', EM.required],
    ['scale 0', { ...full, scale: 0 }, 'answers.scale', EM.scale],
    ['scale 6', { ...full, scale: 6 }, 'answers.scale', EM.scale],
    ['scale 2.5', { ...full, scale: 2.5 }, 'answers.scale', EM.scale],
    ['scale "3"', { ...full, scale: '3' }, 'answers.scale', EM.scale],
    ['scale true', { ...full, scale: true }, 'answers.scale', EM.scale],
    ['scale [3]', { ...full, scale: [3] }, 'answers.scale', EM.scale],
    ['single unknown option', { ...full, one: 'never' }, 'answers.one', EM.notAnOption],
    ['single as a list', { ...full, one: ['ok'] }, 'answers.one', EM.notAnOption],
    ['single a number', { ...full, one: 1 }, 'answers.one', EM.notAnOption],
    ['single blank', { ...full, one: '  ' }, 'answers.one', EM.required],
    ['multiple unknown option', { ...full, many: ['risk', 'golf'] }, 'answers.many', EM.notAnOption],
    ['multiple repeated', { ...full, many: ['risk', 'risk'] }, 'answers.many', EM.notAnOption],
    ['multiple a string', { ...full, many: 'risk' }, 'answers.many', EM.notAnOption],
    ['text a number', { ...full, free: 5 }, 'answers.free', M.string],
    ['text too long', { ...full, free: 'x'.repeat(4001) }, 'answers.free', M.tooLong],
    ['unknown question', { ...full, extra: 1 }, 'answers.extra', EM.unknownQuestion],
  ])('%s -> %s', (_name, raw, field, message) => {
    const r = checkAnswers(Q, raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[field]).toBe(message);
  });
  it('every wrong answer is named at once', () => {
    const r = checkAnswers(Q, { scale: 9, one: 'x', many: ['y'] });
    expect(r.ok ? {} : r.errors).toEqual({ 'answers.scale': EM.scale, 'answers.one': EM.notAnOption, 'answers.many': EM.notAnOption });
  });
});

describe('aggregate', () => {
  const sheets: Answers[] = [
    { scale: 5, one: 'ok', many: ['risk'], free: 'b' },
    { scale: 4, one: 'ok', many: ['risk', 'esg'], free: 'a' },
    { scale: 2, one: 'long' },
    { one: 'short' } as Answers,
  ];
  it('distribution with zeros, average to 2 decimals, n per question, texts sorted', () => {
    const [scale, one, many, free] = aggregate(Q, sheets);
    expect(scale).toEqual({
      question_id: 'scale', kind: 'scale', n: 3, average: 3.67, texts: [],
      counts: [{ value: '1', count: 0 }, { value: '2', count: 1 }, { value: '3', count: 0 }, { value: '4', count: 1 }, { value: '5', count: 1 }],
    });
    expect(one).toMatchObject({ n: 4, average: null, counts: [{ value: 'short', count: 1 }, { value: 'ok', count: 2 }, { value: 'long', count: 1 }] });
    expect(many).toMatchObject({ n: 2, counts: [{ value: 'risk', count: 2 }, { value: 'esg', count: 1 }, { value: 'pay', count: 0 }] });
    expect(free).toMatchObject({ n: 2, counts: [], texts: ['a', 'b'] });
  });
  it.each<[string, Answers[], number | null]>([
    ['no sheets', [], null],
    ['one 3', [{ scale: 3 }], 3],
    ['1 and 2', [{ scale: 1 }, { scale: 2 }], 1.5],
    ['1, 1, 2', [{ scale: 1 }, { scale: 1 }, { scale: 2 }], 1.33],
  ])('average of %s -> %s', (_n, s, avg) => {
    expect(aggregate(Q.slice(0, 1), s)[0].average).toBe(avg);
  });
  it('texts never keep the order they came in', () => {
    const a = aggregate(Q, [{ free: 'zeta' }, { free: 'alpha' }, { free: 'mu' }])[3].texts;
    const b = aggregate(Q, [{ free: 'mu' }, { free: 'zeta' }, { free: 'alpha' }])[3].texts;
    expect(a).toEqual(['alpha', 'mu', 'zeta']);
    expect(b).toEqual(a);
  });
});

describe('rights and dates', () => {
  const user = (userId: number, isAdmin = false) => ({ kind: 'user' as const, userId, isAdmin });
  const committee = { admin_ids: [7] };
  it.each<[string, ReturnType<typeof user> | { kind: 'guest'; userId: null; isAdmin: false }, boolean, boolean]>([
    ['organization admin', user(1, true), true, true],
    ['committee admin (secretary)', user(7), true, true],
    ['member', user(8), false, false],
    ['guest', { kind: 'guest', userId: null, isAdmin: false }, false, false],
  ])('%s: build %s, manage %s', (_n, actor, build, manage) => {
    expect(canBuild(actor, actor.userId === 7 ? [3] : [])).toBe(build);
    expect(canManageRound(actor, committee)).toBe(manage);
  });
  it('an admin of another committee does not manage this one', () => {
    expect(canManageRound(user(9), committee)).toBe(false);
    expect(canManageRound(user(9), null)).toBe(false);
  });
  it.each<[number, boolean]>([
    [-1000, true],
    [0, false],
    [1, false],
  ])('deadline %i ms from now -> open %s', (offset, open) => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(roundOpen(new Date(now.getTime() - offset), now)).toBe(open);
  });
  const now = new Date('2026-01-01T10:00:00Z');
  const later = new Date('2026-01-02T10:00:00Z');
  const earlier = new Date('2025-12-31T10:00:00Z');
  it.each<[string, Date, Date | null, boolean, boolean]>([
    // what, deadline, closed at, manager, -> open / can close
    ['before the deadline, not closed, a manager', later, null, true, true],
    ['before the deadline, not closed, a member', later, null, false, false],
    ['before the deadline, closed early', later, earlier, true, false],
    ['closed early a moment ago', later, now, true, false],
    ['past the deadline', earlier, null, true, false],
  ])('%s', (_what, deadline, closedAt, manage, expected) => {
    expect(roundOpen(deadline, now, closedAt)).toBe(closedAt === null && deadline > now);
    expect(canCloseRound(manage, deadline, now, closedAt)).toBe(expected);
  });
});

describe('the reminders of a round (checkReminders, reminderTimes)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);
  const D = 1440;
  it.each<[string, number[] | undefined, Date, { minutes: number[] } | { errors: Record<string, string> }]>([
    ['left out, a week ahead: 3 days and 1 day', undefined, inDays(7), { minutes: [3 * D, D] }],
    ['left out, two days ahead: only the 1 day still ahead', undefined, inDays(2), { minutes: [D] }],
    ['left out, exactly 3 days ahead: 3 days would be now, so only 1 day', undefined, inDays(3), { minutes: [D] }],
    ['left out, an hour ahead: none', undefined, new Date(now.getTime() + 3_600_000), { minutes: [] }],
    ['an empty choice: no reminder', [], inDays(7), { minutes: [] }],
    ['chosen in any order: largest first', [60, 7 * D, D, 3 * D], inDays(8), { minutes: [7 * D, 3 * D, D, 60] }],
    ['one lead reaching before now is named by its index', [D, 7 * D], inDays(5), { errors: { 'reminder_minutes.1': EM.reminderTooEarly } }],
    ['a lead that would fire exactly now is refused', [2 * D], inDays(2), { errors: { 'reminder_minutes.0': EM.reminderTooEarly } }],
    ['a lead a minute inside the window is taken', [2 * D - 1], inDays(2), { minutes: [2 * D - 1] }],
    ['every bad lead at once', [10 * D, D, 9 * D], inDays(3), { errors: { 'reminder_minutes.0': EM.reminderTooEarly, 'reminder_minutes.2': EM.reminderTooEarly } }],
  ])('%s', (_n, chosen, deadline, expected) => {
    const r = checkReminders(chosen, deadline, now);
    expect(r.ok ? { minutes: r.minutes } : { errors: r.errors }).toEqual(expected);
  });

  it('reminderTimes: the deadline minus each lead, earliest first', () => {
    const deadline = inDays(8);
    expect(reminderTimes(deadline, [60, 3 * D, 7 * D]).map((d) => d.toISOString())).toEqual([
      '2026-03-02T12:00:00.000Z', '2026-03-06T12:00:00.000Z', '2026-03-09T11:00:00.000Z',
    ]);
  });

  // the body's schema (libs/contracts): whole positive minutes, each once, at most 5, never coerced
  const body = (reminder_minutes: unknown) => zSendBody.safeParse({ committee_id: 1, deadline: '2026-03-09 10:00', reminder_minutes });
  const issues = (v: unknown) => {
    const r = body(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it.each<[string, unknown, boolean, string]>([
    ['four distinct leads', [10080, 4320, 1440, 60], true, ''],
    ['left out', undefined, true, ''],
    ['empty', [], true, ''],
    ['a fraction of a minute', [1440, 90.5], false, 'reminder_minutes.1'],
    ['zero', [0], false, 'reminder_minutes.0'],
    ['negative', [-60], false, 'reminder_minutes.0'],
    ['a number as a string', ['1440'], false, 'reminder_minutes.0'],
    ['true', [true], false, 'reminder_minutes.0'],
    ['a lone number, not a list', 1440, false, 'reminder_minutes'],
    ['a duplicate, named at its second place', [1440, 60, 1440], false, `reminder_minutes.2: ${EM.reminderTwice}`],
    ['six leads', [1, 2, 3, 4, 5, 6], false, `reminder_minutes: ${EM.tooManyReminders}`],
    ['more than 60 days', [60 * 1440 + 1], false, 'reminder_minutes.0'],
  ])('the body: %s', (_n, v, ok, issue) => {
    expect(body(v).success).toBe(ok);
    if (issue) expect(issues(v).some((x) => x.startsWith(issue))).toBe(true);
  });
});
