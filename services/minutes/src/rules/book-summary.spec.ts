import type { SummarySentence } from '@app/contracts';
import { readerSummary, sourcesFromOutline } from './book-summary';

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
