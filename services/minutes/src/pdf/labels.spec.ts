import { LANGS } from '@app/contracts';
import { labelsFor, VALUE_KEYS, valueIn } from './labels';

/** Every language the owner can choose for the minutes has its own word for every label and every printed value (issue 27). */
describe('the minutes words in each language', () => {
  const english = labelsFor('en');
  it.each(LANGS.filter((l) => l !== 'en'))('%s has every label, and not the English one for the headings', (lang) => {
    const L = labelsFor(lang);
    expect(Object.keys(L).sort()).toEqual(Object.keys(english).sort());
    for (const key of ['minutes', 'attendance', 'decisions', 'chair', 'secretary', 'quorumReached', 'quorumNotReached'] as const) expect({ key, word: L[key] }).not.toEqual({ key, word: english[key] });
  });

  // the values that read the same in French as in English are listed: everything else must change
  const SAME: Record<string, readonly string[]> = { fr: ['Absent'], ar: [], ru: [] };
  it.each(LANGS.filter((l) => l !== 'en'))('%s translates every printed value (votes, answers, roles, states, statuses, outcomes, marks)', (lang) => {
    const untranslated = VALUE_KEYS.filter((v) => valueIn(lang, v) === v && !SAME[lang]!.includes(v));
    expect(untranslated).toEqual([]);
  });

  it.each([
    ['fr', 'Approved', 'Pour'],
    ['fr', 'Passed', 'Adoptée'],
    ['fr', 'Excused', 'Excusé'],
    ['fr', 'Editor', 'Éditeur'],
    ['en', 'Approved', 'Approved'],
    ['ar', 'Passed', 'أُقرّ'],
    ['fr', 'something unknown', 'something unknown'],
    ['fr', null, ''],
  ] as const)('valueIn(%s, %s) = %s', (lang, value, out) => expect(valueIn(lang, value)).toBe(out));
});
