import type { OutlineEntry, SummarySection, SummarySentence } from '@app/contracts';
import type { BookSummaryContent, BookSummarySource } from '../db/schema';
import type { BookSection } from './book';

/**
 * The files of a book made before its summary was kept with it (docs/book-summary.md#older-books): the book's
 * outline (the cover, the agenda, then one entry a file, in agenda order) matched in order to the sections' files by
 * name; a file the book left out (no PDF) has no entry and is skipped.
 */
export function sourcesFromOutline(sections: readonly BookSection[], entries: readonly OutlineEntry[]): BookSummarySource[] {
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
    items: content.items.filter((i) => i.library_ids.some((id) => visible.has(id))).map((i) => ({ title: i.title, sentences: i.sentences.filter(seen) })),
  };
}
