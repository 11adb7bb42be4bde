import { comparedVersion, diffPages, lcsPairs, similarity, wordChanges, type PageDiff } from './page-diff';

const P1 = 'Annual report of the board for the year';
const P2 = 'The committee reviewed the budget in detail';
const P3 = 'The reserve is ten percent of the budget';
const P3b = 'The reserve is twelve percent of the budget';
const P4 = 'Completely different closing remarks about catering';

const brief = (d: PageDiff[]) => d.map((x) => `${x.status}:${x.old_page ?? '-'}>${x.page ?? '-'}`);

describe('diffPages', () => {
  it.each<[string, string[], string[], string[]]>([
    ['the same document', [P1, P2, P3], [P1, P2, P3], ['unchanged:1>1', 'unchanged:2>2', 'unchanged:3>3']],
    ['a change on page 3: pages 1 and 2 unchanged, 3 changed', [P1, P2, P3], [P1, P2, P3b], ['unchanged:1>1', 'unchanged:2>2', 'changed:3>3']],
    ['a page added at the end', [P1, P2], [P1, P2, P4], ['unchanged:1>1', 'unchanged:2>2', 'added:->3']],
    ['a page inserted at 2: the later pages are unchanged under their new numbers', [P1, P2, P3], [P1, P4, P2, P3], ['unchanged:1>1', 'added:->2', 'unchanged:2>3', 'unchanged:3>4']],
    ['a page removed', [P1, P2, P3], [P1, P3], ['unchanged:1>1', 'removed:2>-', 'unchanged:3>2']],
    ['a page replaced by an unrelated one', [P1, P2], [P1, P4], ['unchanged:1>1', 'removed:2>-', 'added:->2']],
    ['a page inserted before a changed page', [P1, P3], [P1, P4, P3b], ['unchanged:1>1', 'added:->2', 'changed:2>3']],
    ['whitespace and line breaks do not count', [`${P1}\n`, P2], [P1.replace(/ /g, '  '), P2], ['unchanged:1>1', 'unchanged:2>2']],
    ['from nothing', [], [P1], ['added:->1']],
    ['to nothing', [P1], [], ['removed:1>-']],
  ])('%s', (_n, before, after, expected) => expect(brief(diffPages(before, after))).toEqual(expected));

  it('a changed page carries its word changes', () => {
    const [, , third] = diffPages([P1, P2, P3], [P1, P2, P3b]);
    expect(third.changes).toEqual([
      { op: 'same', text: 'The reserve is' },
      { op: 'removed', text: 'ten' },
      { op: 'added', text: 'twelve' },
      { op: 'same', text: 'percent of the budget' },
    ]);
  });

  it('Arabic pages', () => {
    const d = diffPages(['وافق المجلس على الميزانية', 'تعيين مدققين اثنين'], ['وافق المجلس على الميزانية', 'تعيين ثلاثة مدققين']);
    expect(brief(d)).toEqual(['unchanged:1>1', 'changed:2>2']);
    expect(d[1].changes).toEqual([{ op: 'same', text: 'تعيين' }, { op: 'added', text: 'ثلاثة' }, { op: 'same', text: 'مدققين' }, { op: 'removed', text: 'اثنين' }]);
  });
});

describe('wordChanges, similarity, lcsPairs', () => {
  it.each<[string, string, string, { op: string; text: string }[]]>([
    ['the same', 'a b c', 'a b c', [{ op: 'same', text: 'a b c' }]],
    ['all new', '', 'a b', [{ op: 'added', text: 'a b' }]],
    ['all gone', 'a b', '', [{ op: 'removed', text: 'a b' }]],
    ['a word in the middle', 'a b c', 'a x c', [{ op: 'same', text: 'a' }, { op: 'removed', text: 'b' }, { op: 'added', text: 'x' }, { op: 'same', text: 'c' }]],
  ])('wordChanges: %s', (_n, a, b, expected) => expect(wordChanges(a, b)).toEqual(expected));

  it.each<[string, string, number]>([
    ['a b c', 'a b c', 1],
    ['a b', 'c d', 0],
    ['a b c d', 'a b c e', 3 / 5],
    ['', '', 1],
    ['The Budget', 'the budget', 1],
  ])('similarity(%j, %j)', (a, b, expected) => expect(similarity(a, b)).toBeCloseTo(expected));

  it('lcsPairs', () => expect(lcsPairs([1, 2, 3, 4], [2, 4, 5], (x, y) => x === y)).toEqual([[1, 0], [3, 1]]));
});

describe('comparedVersion', () => {
  it.each<[string, number, { lastVersion: number; seenBefore: number | null } | null, number | undefined, number | null]>([
    ['a reader who never opened the file', 3, null, undefined, null],
    ['a reader who opened version 1 and not yet 3', 3, { lastVersion: 1, seenBefore: null }, undefined, 1],
    ['a reader who opened 2, then 3: compared with 2', 3, { lastVersion: 3, seenBefore: 2 }, undefined, 2],
    ['a reader who only ever opened the current version', 3, { lastVersion: 3, seenBefore: null }, undefined, null],
    ['asked for version 1', 3, { lastVersion: 3, seenBefore: 2 }, 1, 1],
    ['asked for the current version: nothing to compare', 3, null, 3, null],
    ['asked for a version that does not exist yet', 3, null, 7, null],
  ])('%s', (_n, current, reader, asked, expected) => expect(comparedVersion(current, reader, asked)).toBe(expected));
});
