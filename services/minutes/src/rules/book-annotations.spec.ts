import type { SharedAnnotation } from '@app/contracts';
import type { PublishedItem } from '../db/schema';
import { bookPlacements, placeAnnotations, withBookPages, type BookPlacement } from './book-annotations';

const item = (key: string, files: PublishedItem['files']): PublishedItem => ({ key, label: key, title: key, files });

describe('bookPlacements', () => {
  const items = [
    item('a', [{ library_id: 1, version: 2, name: 'A.pdf', start: 3, end: 5 }, { library_id: 2, version: 1, name: 'B.pdf', start: 6, end: 9 }]),
    item('b', [{ library_id: 3, version: 1, name: 'C.pdf' }, { library_id: 1, version: 2, name: 'A.pdf', start: 10, end: 12 }]),
    item('c', [{ library_id: 4, version: 1, name: 'D.pdf', start: 13, end: 13 }]),
  ];
  it.each([
    ['every item seen', ['a', 'b', 'c'], [[1, 3, 5], [2, 6, 9], [1, 10, 12], [4, 13, 13]]],
    ['a hidden item places nothing', ['a'], [[1, 3, 5], [2, 6, 9]]],
    ['a file without pages places nothing, one attached twice twice', ['b'], [[1, 10, 12]]],
    ['nothing seen', [], []],
  ] as const)('%s', (_, keys, want) => {
    expect(bookPlacements(items, new Set(keys)).map((p) => [p.library_id, p.start, p.end])).toEqual(want);
  });
  it('keeps the version and the name', () => {
    expect(bookPlacements(items, new Set(['c']))).toEqual([{ library_id: 4, version: 1, name: 'D.pdf', start: 13, end: 13 }]);
  });
});

const ann = (p: Partial<SharedAnnotation>): SharedAnnotation => ({
  id: 1, library_id: 2, parent_id: null, page: 1, kind: 'highlight', geometry: { rects: [{ x: 0.1, y: 0.1, w: 0.2, h: 0.05 }] }, quote: null, text: '',
  color: '#ffdd00', visibility: 'committee', people: [], author: { id: 7, name: 'M1' }, version: 1, orphaned: false, presented_in: null, mine: true, can_edit: true,
  can_delete: true, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', replies: [], ...p,
});

describe('placeAnnotations', () => {
  const B: BookPlacement = { library_id: 2, version: 3, name: 'B.pdf', start: 6, end: 9 };
  it.each([
    ['page 1 of the file is the placement start', { page: 1, version: 3 }, 6],
    ['page 2 lands at start + 1 (offset 5 + 2)', { page: 2, version: 3 }, 7],
    ['the last page of the file', { page: 4, version: 3 }, 9],
    ['a page beyond the file in the book: left out', { page: 5, version: 3 }, null],
    ['an older version (not carried): left out', { page: 2, version: 2 }, null],
    ['a newer version than the book: left out', { page: 2, version: 4 }, null],
    ['orphaned: left out', { page: 2, version: 3, orphaned: true }, null],
    ['a reply row on its own: left out', { page: 2, version: 3, parent_id: 9 }, null],
  ] as const)('%s', (_, a, page) => {
    const out = placeAnnotations(B, [ann(a)]);
    expect(out.map((x) => x.page)).toEqual(page === null ? [] : [page]);
  });
  it('marks the source and makes it read-only, replies too', () => {
    const reply = { ...ann({ id: 5, parent_id: 1, kind: 'reply', page: 2, version: 3 }) } as SharedAnnotation;
    const [out] = placeAnnotations(B, [ann({ page: 2, version: 3, replies: [reply] })]);
    expect(out.source).toEqual({ library_id: 2, version: 3, name: 'B.pdf', page: 2 });
    expect([out.can_edit, out.can_delete, out.mine]).toEqual([false, false, true]);
    expect(out.replies.map((r) => [r.page, r.can_edit, r.can_delete])).toEqual([[7, false, false]]);
  });
});

describe('withBookPages: a book made before the pages were recorded takes them from its outline', () => {
  const cover = [{ name: 'Meeting', start: 1, end: 1 }, { name: 'Agenda', start: 2, end: 3 }];
  const older = [
    item('a', [{ library_id: 1, version: 2, name: 'A.pdf' }, { library_id: 2, version: 1, name: 'sheet.xlsx' }]),
    item('b', [{ library_id: 3, version: 1, name: 'C.pdf' }, { library_id: 1, version: 2, name: 'A.pdf' }]),
    item('c', []),
  ];
  const outline = [...cover, { name: 'A.pdf', start: 4, end: 6 }, { name: 'C.pdf', start: 7, end: 7 }, { name: 'A.pdf', start: 8, end: 10 }];
  const pages = (items: PublishedItem[]) => items.map((i) => i.files.map((f) => [f.library_id, f.start ?? null, f.end ?? null]));
  it.each([
    ['each file in the book at its entry, in agenda order; one left out (no PDF) has none; one attached twice both', older, outline, [[[1, 4, 6], [2, null, null]], [[3, 7, 7], [1, 8, 10]], []]],
    ['an outline with only the cover and agenda: nothing', older, cover, [[[1, null, null], [2, null, null]], [[3, null, null], [1, null, null]], []]],
    ['no outline: nothing', older, [], [[[1, null, null], [2, null, null]], [[3, null, null], [1, null, null]], []]],
    ['pages recorded: kept as they are, the outline not read', [item('a', [{ library_id: 1, version: 1, name: 'A.pdf', start: 9, end: 9 }])], outline, [[[1, 9, 9]]]],
  ] as const)('%s', (_, items, entries, want) => {
    expect(pages(withBookPages(items as unknown as PublishedItem[], entries))).toEqual(want);
  });
  it('then placed as a new book is', () => {
    expect(bookPlacements(withBookPages(older, outline), new Set(['b'])).map((p) => [p.library_id, p.start, p.end])).toEqual([[3, 7, 7], [1, 8, 10]]);
  });
});
