import type { OutlineEntry } from '@app/contracts';
import { bookSections, rotate, sectionAt, turnTo, type PageView } from './book-rules';
import type { Rotation } from './pdf-rules';

/** the outline a book of two sections answers (the minutes service's order: cover, agenda, then each file) */
const entries: OutlineEntry[] = [
  { name: 'Board meeting', start: 1, end: 1 },
  { name: 'Agenda', start: 2, end: 3 },
  { name: 'budget.pdf', start: 4, end: 6 },
  { name: 'forecast.pdf', start: 7, end: 7 },
  { name: 'hr-policy.pdf', start: 8, end: 12 },
];
const marks = [
  { title: 'Board meeting', page: 1 },
  { title: 'Agenda', page: 2 },
  { title: 'Budget 2027', page: 4 },
  { title: 'HR policy', page: 8 },
];

describe('the outline sections from outlines_data and the book bookmarks', () => {
  it('each bookmark is a section with the files that start before the next one, and its page range', () => {
    expect(bookSections(entries, marks)).toEqual([
      { name: 'Board meeting', start: 1, end: 1, entries: [] },
      { name: 'Agenda', start: 2, end: 3, entries: [] },
      { name: 'Budget 2027', start: 4, end: 7, entries: [entries[2], entries[3]] },
      { name: 'HR policy', start: 8, end: 12, entries: [entries[4]] },
    ]);
  });

  it.each<[string, OutlineEntry[], { title: string; page: number | null }[], [string, number, number, number][]]>([
    ['no bookmarks: every entry stands alone', entries.slice(0, 3), [], [['Board meeting', 1, 1, 0], ['Agenda', 2, 3, 0], ['budget.pdf', 4, 6, 0]]],
    ['a bookmark without a page is left out', entries.slice(2, 4), [{ title: 'Budget 2027', page: 4 }, { title: 'Lost', page: null }], [['Budget 2027', 4, 7, 2]]],
    ['entries before the first bookmark stand alone', entries.slice(0, 3), [{ title: 'Budget 2027', page: 4 }], [['Board meeting', 1, 1, 0], ['Agenda', 2, 3, 0], ['Budget 2027', 4, 6, 1]]],
    ['a section named like its only file keeps the file beneath it when the page differs', [{ name: 'A', start: 5, end: 6 }], [{ title: 'A', page: 4 }], [['A', 4, 6, 1]]],
    ['invalid ranges are dropped', [{ name: 'bad', start: 0, end: 2 }, { name: 'reversed', start: 5, end: 3 }, { name: 'ok', start: 2, end: 2 }], [], [['ok', 2, 2, 0]]],
    ['unsorted entries are sorted by first page', [{ name: 'b', start: 3, end: 4 }, { name: 'a', start: 1, end: 2 }], [], [['a', 1, 2, 0], ['b', 3, 4, 0]]],
    ['a bookmark with no file beneath it spans its own page', [], [{ title: 'Empty', page: 9 }], [['Empty', 9, 9, 0]]],
  ])('%s', (_case, list, m, expected) => {
    expect(bookSections(list, m).map((s) => [s.name, s.start, s.end, s.entries.length])).toEqual(expected);
  });
});

describe('the section of the current page (highlighted in the outline)', () => {
  const sections = bookSections(entries, marks);
  it.each([
    [1, 0],
    [3, 1],
    [4, 2],
    [7, 2],
    [8, 3],
    [12, 3],
    [13, -1],
    [0, -1],
  ])('page %p is in section %p', (page, index) => expect(sectionAt(sections, page)).toBe(index));
  it('the entries of a section find the file of the page', () => expect(sectionAt(sections[2].entries, 7)).toBe(1));
});

describe('the page view: rotation cycles 0, 90, 180, 270 and resets on page change', () => {
  it.each<[Rotation, Rotation]>([
    [0, 90],
    [90, 180],
    [180, 270],
    [270, 0],
  ])('rotate from %p gives %p on the same page', (from, to) => expect(rotate({ page: 4, rotation: from })).toEqual({ page: 4, rotation: to }));

  it.each<[string, PageView, number, number, PageView]>([
    ['next page resets the rotation', { page: 4, rotation: 90 }, 5, 12, { page: 5, rotation: 0 }],
    ['previous page resets the rotation', { page: 4, rotation: 270 }, 3, 12, { page: 3, rotation: 0 }],
    ['an outline entry elsewhere resets it', { page: 2, rotation: 180 }, 8, 12, { page: 8, rotation: 0 }],
    ['the same page keeps it', { page: 8, rotation: 180 }, 8, 12, { page: 8, rotation: 180 }],
    ['past the last page stays on the last (same page: kept)', { page: 12, rotation: 90 }, 13, 12, { page: 12, rotation: 90 }],
    ['before the first page goes to the first', { page: 3, rotation: 90 }, 0, 12, { page: 1, rotation: 0 }],
  ])('%s', (_case, view, target, pages, expected) => expect(turnTo(view, target, pages)).toEqual(expected));
});
