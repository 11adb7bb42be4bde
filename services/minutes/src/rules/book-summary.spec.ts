import type { SummarySentence } from '@app/contracts';
import { readerSummary, reusedItem, sourcesFromOutline, staleSummary } from './book-summary';

const sections = [
  { title: '1. Budget', files: [{ library_id: 11, name: 'budget.pdf' }, { library_id: 12, name: 'notes.mp3' }] },
  { title: '2. Audit', files: [{ library_id: 21, name: 'audit.pdf' }] },
];
const cover = { name: 'Meeting', start: 1, end: 1 };
const agenda = { name: 'Agenda', start: 2, end: 2 };

describe('sourcesFromOutline', () => {
  it.each<[string, { name: string; start: number; end: number }[], unknown[]]>([
    ['each entry after the cover and the agenda is the next file of that name; a file left out of the book is skipped', [cover, agenda, { name: 'budget.pdf', start: 3, end: 5 }, { name: 'audit.pdf', start: 6, end: 6 }], [
      { section: 0, title: '1. Budget', library_id: 11, name: 'budget.pdf', start: 3, end: 5 },
      { section: 1, title: '2. Audit', library_id: 21, name: 'audit.pdf', start: 6, end: 6 },
    ]],
    ['an entry of no file ends the match', [cover, agenda, { name: 'other.pdf', start: 3, end: 3 }], []],
    ['no files', [cover, agenda], []],
  ])('%s', (_n, entries, expected) => expect(sourcesFromOutline(sections, entries)).toEqual(expected));
});

describe('readerSummary', () => {
  const s = (id: number, text: string): SummarySentence => ({ text, cite: { library_id: id, name: `${id}.pdf`, file_kind: 'pdf', page: 1, book_page: 3 } });
  const content = {
    book: [s(11, 'budget'), s(21, 'audit')],
    items: [{ title: '1. Budget', library_ids: [11, 12], sentences: [s(11, 'budget')] }, { title: '2. Audit', library_ids: [21], sentences: [s(21, 'audit')] }],
  };
  it.each<[string, number[], { book: string[]; items: string[] }]>([
    ['everything for a reader who sees every section', [11, 12, 21], { book: ['budget', 'audit'], items: ['1. Budget', '2. Audit'] }],
    ['a section the reader does not see is not there, nor its sentences in the book summary', [11, 12], { book: ['budget'], items: ['1. Budget'] }],
    ['nothing for a reader who sees none of the files', [], { book: [], items: [] }],
  ])('%s', (_n, visible, expected) => {
    const out = readerSummary(content, new Set(visible));
    expect({ book: out.book.map((x) => x.text), items: out.items.map((x) => x.title) }).toEqual(expected);
    for (const i of out.items) expect(i).not.toHaveProperty('library_ids');
  });
});

describe('a new version: the summary of the items that did not change is kept, the stale one shown meanwhile', () => {
  const src = (key: string, library_id: number, version: number | undefined, start: number, end: number) => ({ section: 0, title: key, library_id, name: `${library_id}.pdf`, start, end, version, key });
  const say = (library_id: number, page: number, book_page: number): SummarySentence => ({ text: `s${library_id}-${page}`, cite: { library_id, name: `${library_id}.pdf`, file_kind: 'pdf', page, book_page } });
  const prev = {
    sources: [src('tp:1', 11, 1, 3, 4), src('tp:2', 21, 1, 5, 5)],
    content: { book: [say(11, 2, 4), say(21, 1, 5)], items: [{ key: 'tp:1', title: '1. A', library_ids: [11], sentences: [say(11, 2, 4)] }, { key: 'tp:2', title: '2. B', library_ids: [21], sentences: [say(21, 1, 5)] }] },
  };

  it.each<[string, ReturnType<typeof src>[], SummarySentence[] | null]>([
    ['same files and versions: kept, the book pages moved to the new place', [src('tp:1', 11, 1, 7, 8)], [say(11, 2, 8)]],
    ['a new version: made again', [src('tp:1', 11, 2, 3, 4)], null],
    ['another file: made again', [src('tp:1', 12, 1, 3, 4)], null],
    ['the same version with another page count (cannot be, but then made again)', [src('tp:1', 11, 1, 3, 5)], null],
    ['a source made before versions were kept: made again', [src('tp:1', 11, undefined, 3, 4)], null],
    ['an item the older summary did not have: made', [src('tp:9', 11, 1, 3, 4)], null],
  ])('reusedItem: %s', (_n, mine, expected) => expect(reusedItem(prev, mine)).toEqual(expected));

  it('staleSummary: the changed item loses its sentences and is marked; nothing cites a changed file', () => {
    expect(staleSummary(prev.content, new Set(['tp:2']), new Set([21]))).toEqual({
      book: [say(11, 2, 4)],
      items: [prev.content.items[0], { ...prev.content.items[1], sentences: [], stale: true }],
    });
    // an item of an older summary without a key: by its files
    const old = { book: [], items: [{ title: '2. B', library_ids: [21], sentences: [say(21, 1, 5)] }] };
    expect(staleSummary(old, new Set(['tp:2']), new Set([21])).items[0]).toMatchObject({ sentences: [], stale: true });
    expect(readerSummary(staleSummary(prev.content, new Set(['tp:2']), new Set([21])), new Set([11, 21])).items[1]).toEqual({ title: '2. B', sentences: [], stale: true });
  });
});
