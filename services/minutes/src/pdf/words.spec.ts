import { LANGS, type Lang } from '@app/contracts';
import type { ProgrammeLine } from '../rules/book';
import { bookFrontHtml, bookWords } from './book-html';
import { evaluationWords } from './evaluation-html';
import { countWords, electionWords } from './html';
import { joinNames, labelsFor } from './labels';
import { reportWords } from './report-html';

/**
 * Every printed document picks its words through `wordsIn` (labels.ts), one list per language per kind (issues 27/28):
 * each language has every word of the English list, and no English word is left in ar, fr or ru except the ones
 * listed here, which are that language's own word too.
 */
const KINDS: Record<string, (lang: Lang) => object> = {
  minutes: labelsFor, book: bookWords, report: reportWords, evaluation: evaluationWords, count: countWords, election: electionWords,
};
const SAME: Record<string, Partial<Record<Lang, readonly string[]>>> = {
  // French writes these as English does ('Action', 'Date', 'Quorum', 'Signature', 'Version', '{n} min'...)
  minutes: { fr: ['action', 'actions', 'conclusion', 'date', 'minutesShort', 'page', 'participant', 'quorum', 'signature', 'signatures', 'signedOn', 'version', 'vote'] },
  book: { fr: [] },
  report: { fr: ['date', 'description', 'page', 'pages', 'vote'] },
  evaluation: { fr: [] },
  count: { fr: [] },
  election: { fr: [] },
};

/** the words of a list by path ('rules.two_thirds'), nested lists flattened */
const flat = (o: object, prefix = ''): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? Object.entries(flat(v as object, `${prefix}${k}.`)) : [[`${prefix}${k}`, v]])));

const cases = Object.keys(KINDS).flatMap((kind) => LANGS.filter((l) => l !== 'en').map((lang) => [kind, lang] as const));

describe('the printed documents words in each language', () => {
  it.each(cases)('%s in %s has every word of the English list, each a non-empty text', (kind, lang) => {
    const en = flat(KINDS[kind]!('en'));
    const words = flat(KINDS[kind]!(lang));
    expect(Object.keys(words).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries(words).filter(([, w]) => typeof w !== 'string' || !w.trim())).toEqual([]);
  });

  it.each(cases)('%s in %s leaves no English word (but its own listed ones)', (kind, lang) => {
    const en = flat(KINDS[kind]!('en'));
    const words = flat(KINDS[kind]!(lang));
    expect(Object.keys(words).filter((k) => words[k] === en[k]).sort()).toEqual([...(SAME[kind]![lang] ?? [])].sort());
  });

  it.each([
    ['en', ['Mona', 'Sara', 'Ali'], 'Mona, Sara, Ali'],
    ['ar', ['Mona', 'Sara', 'Ali'], 'Mona، Sara، Ali'],
    ['fr', ['Mona', 'Sara'], 'Mona, Sara'],
    ['ru', ['Mona', 'Sara'], 'Mona, Sara'],
    ['ar', ['Mona'], 'Mona'],
    ['ar', [], ''],
  ] as const)('joinNames in %s: %j → %s', (lang, names, out) => expect(joinNames(names, lang)).toBe(out));

  it("the board book's programme joins the presenters with the language's comma (Arabic ،)", () => {
    const m = { title: 'M', committee: { id: 1, name: 'Board' }, start_date: '2026-12-01 10:00:00', location: null } as unknown as Parameters<typeof bookFrontHtml>[0];
    const line = { number: '1', title: 'Budget', planned_start: '2026-12-01 10:00:00', presenters: ['Mona', 'Sara'], duration: 10 } as unknown as ProgrammeLine;
    expect(bookFrontHtml(m, [], 'ar', [line])).toContain('<td>Mona، Sara</td>');
    expect(bookFrontHtml(m, [], 'en', [line])).toContain('<td>Mona, Sara</td>');
  });
});
