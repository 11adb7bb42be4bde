import { zQuestionnaireBody } from '@app/contracts';
import { DEFAULT_REMINDERS, deadlineParam, emptyDraft, newQuestion, nextId, reminderErrors, reminderParam, setText, textIn, toBody, toggleReminder, withKind } from './builder';

describe('questionnaire builder steps (docs/evaluations.md)', () => {
  it.each<[string, Parameters<typeof setText>, Record<string, string>]>([
    ['English set', [{ en: '' }, 'en', 'Title'], { en: 'Title' }],
    ['Arabic added beside English', [{ en: 'Title' }, 'ar', 'عنوان'], { en: 'Title', ar: 'عنوان' }],
    ['a blank other language is removed (falls back to English)', [{ en: 'Title', ru: 'Название' }, 'ru', '  '], { en: 'Title' }],
    ['English may be blank while typing (the server refuses it on save)', [{ en: 'Title' }, 'en', ''], { en: '' }],
  ])('%s', (_n, args, out) => {
    expect(setText(...args)).toEqual(out);
  });

  it('reads a language, empty when missing', () => {
    expect(textIn({ en: 'A', fr: 'B' }, 'fr')).toBe('B');
    expect(textIn({ en: 'A' }, 'ar')).toBe('');
  });

  it.each<[string, string[], string]>([
    ['q', [], 'q1'],
    ['q', ['q1', 'q2'], 'q3'],
    ['q', ['q2'], 'q3'],
    ['q', ['q1', 'q3'], 'q4'],
    // never a gap's id: a removed question's id is not given to a new one
    ['o', ['o1', 'o2', 'o4'], 'o5'],
  ])('nextId(%s, %j) -> %s', (prefix, taken, id) => {
    expect(nextId(prefix, taken)).toBe(id);
  });

  it('new questions get unused ids; choices start with two options; texts are optional', () => {
    const d = emptyDraft();
    expect(newQuestion(d, 'single')).toMatchObject({ id: 'q2', kind: 'single', options: [{ id: 'o1' }, { id: 'o2' }] });
    expect(newQuestion(d, 'text')).toMatchObject({ kind: 'text', required: false });
  });

  it('changing the kind keeps id and text; choice options are kept across single/multiple and dropped for scale', () => {
    const q = newQuestion(emptyDraft(), 'single');
    const m = withKind({ ...q, text: { en: 'Pick' } }, 'multiple');
    expect(m).toMatchObject({ id: q.id, kind: 'multiple', text: { en: 'Pick' }, options: [{ id: 'o1' }, { id: 'o2' }] });
    expect(withKind(m, 'scale')).toEqual({ id: q.id, kind: 'scale', text: { en: 'Pick' }, required: true });
  });

  it('a filled draft is a body the contract accepts; an empty one is refused', () => {
    const d = emptyDraft();
    expect(zQuestionnaireBody.safeParse(toBody(d)).success).toBe(false);
    const filled = { ...d, title: { en: 'Self-evaluation' }, sections: [{ ...d.sections[0], title: { en: 'Board' }, questions: [{ ...d.sections[0].questions[0], text: { en: 'How well?' } }] }] };
    expect(zQuestionnaireBody.safeParse(toBody(filled)).success).toBe(true);
  });

  it('the deadline input becomes the API local date-time', () => {
    expect(deadlineParam('2026-12-01T17:30')).toBe('2026-12-01 17:30');
  });

  it('the reminders: 3 days and 1 day by default; ticked leads sent largest first; each tick once', () => {
    expect(DEFAULT_REMINDERS).toEqual([4320, 1440]);
    expect(reminderParam([60, 10080, 1440])).toEqual([10080, 1440, 60]);
    expect(toggleReminder([1440], 60, true)).toEqual([1440, 60]);
    expect(toggleReminder([1440, 60], 60, true)).toEqual([1440, 60]);
    expect(toggleReminder([1440, 60], 1440, false)).toEqual([60]);
  });

  it.each<[string, Record<string, string>, number[], Array<{ minutes: number | null; message: string }>]>([
    ['none', { deadline: 'x' }, [1440], []],
    ['one lead, by its index in the list sent', { 'reminder_minutes.1': 'late' }, [10080, 4320], [{ minutes: 4320, message: 'late' }]],
    ['the list as a whole', { reminder_minutes: 'too many' }, [1, 2], [{ minutes: null, message: 'too many' }]],
    ['an index outside the list', { 'reminder_minutes.5': 'x' }, [60], [{ minutes: null, message: 'x' }]],
  ])('reminderErrors: %s', (_n, errors, sent, expected) => {
    expect(reminderErrors(errors, sent)).toEqual(expected);
  });
});
