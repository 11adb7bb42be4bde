import type { OutlineEntry, SummarySection, SummarySentence } from '@app/contracts';
import type { BookSummaryContent, BookSummarySource } from '../db/schema';
import type { BookSection } from './book';

/**
 * The files of a book made before its summary was kept with it (docs/book-summary.md#older-books): the book's
 * outline (the cover, the agenda, then one entry a file, in agenda order) matched in order to the sections' files by
 * name; a file the book left out (no PDF) has no entry and is skipped.
 */
export function sourcesFromOutline(sections: readonly Pick<BookSection, 'title' | 'files'>[], entries: readonly OutlineEntry[]): BookSummarySource[] {
  const files = sections.flatMap((s, section) => s.files.map((f) => ({ section, title: s.title, library_id: f.library_id, name: f.name })));
  const out: BookSummarySource[] = [];
  let at = 0;
  for (const e of entries.slice(2)) {
    while (at < files.length && files[at].name !== e.name) at += 1;
    if (at >= files.length) break;
    out.push({ ...files[at], start: e.start, end: e.end });
    at += 1;
  }
  return out;
}

/**
 * What a reader sees of a made summary: the sentences citing a file of the sections their view of the meeting has
 * (`visible`: those sections' library ids), and only those sections.
 */
export function readerSummary(content: BookSummaryContent, visible: ReadonlySet<number>): { book: SummarySentence[]; items: SummarySection[] } {
  const seen = (s: SummarySentence) => visible.has(s.cite.library_id);
  return {
    book: content.book.filter(seen),
    items: content.items.filter((i) => i.library_ids.some((id) => visible.has(id))).map((i) => ({ title: i.title, sentences: i.sentences.filter(seen), ...(i.stale ? { stale: true } : {}) })),
  };
}

/**
 * An item of an older summary that can stand for the same item of a newer book (docs/book-summary.md#a-new-version):
 * the same item (key) with the same files at the same versions and page counts; its sentences are kept, their
 * book pages moved to where the files are in the new book. Null: the item must be summarized again (it changed, or
 * either summary predates versions).
 */
export function reusedItem(
  prev: { sources: readonly BookSummarySource[]; content: BookSummaryContent | null },
  mine: readonly BookSummarySource[],
): SummarySentence[] | null {
  const key = mine[0]?.key;
  if (!key || !prev.content || mine.some((m) => m.version === undefined)) return null;
  const theirs = prev.sources.filter((x) => x.key === key);
  const same = theirs.length === mine.length && theirs.every((t, i) => t.library_id === mine[i].library_id && t.version === mine[i].version && t.end - t.start === mine[i].end - mine[i].start);
  const made = prev.content.items.find((x) => x.key === key);
  if (!same || !made) return null;
  const start = new Map(mine.map((m) => [m.library_id, m.start]));
  return made.sentences.map((x) => ({ ...x, cite: { ...x.cite, book_page: start.get(x.cite.library_id)! + x.cite.page - 1 } }));
}

/**
 * The summary of an older book shown while the newer one's is made (`stale`): the items whose key is in `changed`
 * (or, an item without a key, any of whose files is in `files`) lose their sentences and are marked, and no
 * sentence of the whole book cites a file of `files` (a version that is gone, or a file taken out).
 */
export function staleSummary(content: BookSummaryContent, changed: ReadonlySet<string>, files: ReadonlySet<number>): BookSummaryContent {
  const gone = (i: BookSummaryContent['items'][number]) => (i.key ? changed.has(i.key) : i.library_ids.some((id) => files.has(id)));
  return {
    book: content.book.filter((x) => !files.has(x.cite.library_id)),
    items: content.items.map((i) => (gone(i) ? { ...i, sentences: [], stale: true } : { ...i, sentences: i.sentences.filter((x) => !files.has(x.cite.library_id)) })),
  };
}
