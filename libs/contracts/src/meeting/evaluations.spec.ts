import { parseOrThrow } from '../core/validation';
import { AppError } from '../core/errors';
import { csvField, evaluationCsv, localized, zQuestionnaireBody, type RoundResults } from './evaluations';

describe('csvField (RFC 4180, no formulas)', () => {
  it.each<[string, string]>([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['', ''],
  ])('%j -> %j', (v, out) => {
    expect(csvField(v)).toBe(out);
  });
});

describe('localized', () => {
  it.each<[Record<string, string> | null, string, string]>([
    [{ en: 'Board', ar: 'المجلس' }, 'ar', 'المجلس'],
    [{ en: 'Board' }, 'ru', 'Board'],
    [{ en: 'Board', fr: 'Conseil' }, 'fr', 'Conseil'],
    [null, 'en', ''],
  ])('%j in %s -> %s', (t, lang, out) => {
    expect(localized(t as never, lang)).toBe(out);
  });
});

describe('evaluationCsv', () => {
  const round = {
    sections: [{
      id: 's', title: { en: 'S' },
      questions: [
        { id: 'a', kind: 'scale', required: true, text: { en: 'Score', ar: 'الدرجة' } },
        { id: 'b', kind: 'multiple', required: false, text: { en: 'Topics' }, options: [{ id: 'x', text: { en: 'Risk', ar: 'المخاطر' } }, { id: 'y', text: { en: 'Pay' } }] },
        { id: 'c', kind: 'text', required: false, text: { en: 'Notes' } },
      ],
    }],
  } as unknown as RoundResults['round'];
  const responses: RoundResults['responses'] = [
    { user: { id: 1, name: 'Ada' }, answered_at: '2026-11-01 10:00:00', answers: { a: 4, b: ['x', 'y'], c: 'Fine, "really"' } },
    { user: { id: 2, name: null }, answered_at: '2026-11-02 10:00:00', answers: { a: 2 } },
  ];
  it('one line per member, one column per question, options by their text, BOM and CRLF', () => {
    expect(evaluationCsv({ round, responses }, 'en')).toBe(
      '\uFEFFmember,answered_at,Score,Topics,Notes\r\nAda,2026-11-01 10:00:00,4,Risk; Pay,"Fine, ""really"""\r\n#2,2026-11-02 10:00:00,2,,\r\n',
    );
  });
  it('in the language asked, English where a text has none', () => {
    expect(evaluationCsv({ round, responses: responses.slice(0, 1) }, 'ar').split('\r\n')[0]).toBe('\uFEFFmember,answered_at,الدرجة,Topics,Notes');
    expect(evaluationCsv({ round, responses: responses.slice(0, 1) }, 'ar').split('\r\n')[1]).toContain('المخاطر; Pay');
  });
});

describe('zQuestionnaireBody', () => {
  const q = (o: Record<string, unknown>) => ({ title: { en: 'T' }, anonymous: true, sections: [{ id: 's', title: { en: 'S' }, questions: [{ id: 'a', kind: 'scale', text: { en: 'Q' }, ...o }] }] });
  const fields = (v: unknown) => {
    try {
      parseOrThrow(zQuestionnaireBody, v);
      return null;
    } catch (e) {
      return Object.keys((e as AppError).fields ?? {});
    }
  };
  it.each<[string, unknown, string | null]>([
    ['a scale question', q({}), null],
    ['an unknown kind', q({ kind: 'slider' }), 'sections.0.questions.0.kind'],
    ['a single choice without options', q({ kind: 'single' }), 'sections.0.questions.0.options'],
    ['a single choice with one option', q({ kind: 'single', options: [{ id: 'o', text: { en: 'O' } }] }), 'sections.0.questions.0.options'],
    ['options on a scale', q({ options: [] }), 'sections.0.questions.0.options'],
    ['an unknown language', q({ text: { en: 'Q', de: 'F' } }), 'sections.0.questions.0.text.de'],
    ['no English', q({ text: { ar: 'س' } }), 'sections.0.questions.0.text.en'],
    ['a bad id', q({ id: 'a b' }), 'sections.0.questions.0.id'],
    ['required as a string', q({ required: 'yes' }), 'sections.0.questions.0.required'],
  ])('%s', (_n, body, field) => {
    const f = fields(body);
    if (field === null) expect(f).toBeNull();
    else expect(f).toContain(field);
  });
  it('a question id used twice (across sections) names the second', () => {
    const body = { title: { en: 'T' }, anonymous: false, sections: [
      { id: 's1', title: { en: 'S' }, questions: [{ id: 'a', kind: 'text', text: { en: 'Q' } }] },
      { id: 's2', title: { en: 'S' }, questions: [{ id: 'a', kind: 'text', text: { en: 'Q' } }] },
    ] };
    expect(fields(body)).toEqual(['sections.1.questions.0.id']);
  });
});
