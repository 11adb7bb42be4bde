import { boundPages, cleanPageText, cutUtf8, mergeFileCandidates, pageOpensViewer, textSourceOf } from './text';

describe('textSourceOf', () => {
  it.each([
    ['pdf', 'pdf', 'pdf'],
    ['word', 'docx', 'converted-pdf'],
    ['word', 'doc', 'converted-pdf'],
    ['powerpoint', 'pptx', 'converted-pdf'],
    ['excel', 'xlsx', 'sheet'],
    ['excel', 'xls', 'converted-pdf'],
    ['email', 'eml', 'email'],
    ['email', 'msg', 'email'],
    ['text', 'csv', 'text'],
    ['audio', 'mp3', null],
    [null, null, null],
  ])('%p %p -> %p', (kind, ext, source) => expect(textSourceOf(kind, ext)).toBe(source));

  it.each([
    ['pdf', true],
    ['converted-pdf', true],
    ['sheet', false],
    ['email', false],
    ['text', false],
    [null, false],
  ] as const)('a page of %p opens the viewer there: %p', (source, opens) => expect(pageOpensViewer(source)).toBe(opens));
});

describe('cleanPageText', () => {
  it.each([
    ['  Annual\n\nbudget\treview  ', 'Annual budget review'],
    ['\u202B\u202Aاعتماد الميزانية\u202C\u202C', 'اعتماد الميزانية'],
    // presentation forms (a font's joined letters) give the letters back
    ['\uFE8D\uFEDF\uFEE4\uFEF4\uFEB0\uFE8D\uFEE7\uFEF4\uFE94', 'الميزانية'],
    // NFKC of an isolated fatha is a space and the mark: the space goes
    ['\u0645\uFE76\u0648', '\u0645\u064E\u0648'],
    ['a\u0000b', 'ab'],
    ['', ''],
  ])('%p -> %p', (input, out) => expect(cleanPageText(input)).toBe(out));
});

describe('cutUtf8', () => {
  it.each([
    ['abc', 2, 'ab'],
    ['abc', 10, 'abc'],
    ['مجلس', 3, 'م'],
    ['مجلس', 4, 'مج'],
    ['a😀b', 3, 'a'],
    ['a😀b', 5, 'a😀'],
    ['abc', 0, ''],
  ])('%p in %p bytes -> %p', (text, bytes, out) => expect(cutUtf8(text, bytes)).toBe(out));
});

describe('boundPages', () => {
  it.each([
    ['all fits', ['one', 'two'], { maxBytes: 100, maxPages: 10 }, [{ page: 1, text: 'one' }, { page: 2, text: 'two' }], false],
    ['an empty page keeps the numbers of the next', ['one', '  \n ', 'three'], { maxBytes: 100, maxPages: 10 }, [{ page: 1, text: 'one' }, { page: 3, text: 'three' }], false],
    ['the page that crosses the bound is cut, the rest dropped', ['one', 'two words', 'three'], { maxBytes: 7, maxPages: 10 }, [{ page: 1, text: 'one' }, { page: 2, text: 'two ' }], true],
    ['pages past the page bound are dropped', ['one', 'two', 'three'], { maxBytes: 100, maxPages: 2 }, [{ page: 1, text: 'one' }, { page: 2, text: 'two' }], true],
    ['a bound met exactly is not a cut', ['abc', 'de'], { maxBytes: 5, maxPages: 10 }, [{ page: 1, text: 'abc' }, { page: 2, text: 'de' }], false],
  ])('%s', (_, pages, o, kept, truncated) => expect(boundPages(pages, o)).toEqual({ pages: kept, truncated }));
});

describe('mergeFileCandidates', () => {
  const d = (n: number) => new Date(Date.UTC(2026, 0, n));
  it('one entry a file: the best page, a name match counting 1, newest first between equals', () => {
    const merged = mergeFileCandidates(
      [{ id: 1, updatedAt: d(1) }, { id: 2, updatedAt: d(2) }],
      [
        { id: 3, updatedAt: d(3), page: 4, text: 'p4', rank: 0.9 },
        { id: 3, updatedAt: d(3), page: 2, text: 'p2', rank: 1.2 },
        { id: 1, updatedAt: d(1), page: 7, text: 'p7', rank: 0.1 },
        { id: 4, updatedAt: d(4), page: 1, text: 'p1', rank: 0.1 },
        { id: 4, updatedAt: d(4), page: 3, text: 'p3', rank: 0.1 },
      ],
    );
    expect(merged.map((c) => [c.id, c.nameMatch, c.content?.page ?? null])).toEqual([
      [3, false, 2],
      [1, true, 7],
      [2, true, null],
      [4, false, 1],
    ]);
  });
});
