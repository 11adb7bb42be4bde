import type { BookSourceAnnotation, OutlineEntry, SharedAnnotation } from '@app/contracts';
import type { PublishedItem } from '../db/schema';
import { sourcesFromOutline } from './book-summary';

/** an attached file as a board book holds it: its version and its pages in the book (1-based, inclusive) */
export interface BookPlacement {
  library_id: number;
  version: number;
  name: string;
  start: number;
  end: number;
}

/**
 * A publication's files with their pages in the book. A book made since the pages are recorded has them (`start`,
 * `end`); one made before (its items recorded, no file with pages) takes them from the book's outline, as its
 * summary does (`sourcesFromOutline`: after the cover and the agenda, one entry per file in the book, in agenda order,
 * named as the file; a file the book left out, without a PDF, has no entry and no pages).
 */
export function withBookPages(items: readonly PublishedItem[], outlines: readonly OutlineEntry[]): PublishedItem[] {
  if (items.some((i) => i.files.some((f) => f.start != null))) return [...items];
  const found = new Map(sourcesFromOutline(items, outlines).map((x) => [`${x.section}:${x.library_id}`, x]));
  return items.map((i, section) => ({
    ...i,
    files: i.files.map((f) => {
      const x = found.get(`${section}:${f.library_id}`);
      return x ? { ...f, start: x.start, end: x.end } : f;
    }),
  }));
}

/**
 * The files of a publication whose marks a reader is shown (docs/annotations.md#the-board-book): those of the agenda
 * items the reader sees (`visible`: their view of the meeting), with their pages in the book. A file without pages
 * (left out of the book, or a book made before pages were recorded) places nothing. A file attached to two items sits
 * at two places in the book: one placement each.
 */
export function bookPlacements(items: readonly PublishedItem[], visible: ReadonlySet<string>): BookPlacement[] {
  const out: BookPlacement[] = [];
  for (const i of items) {
    if (!visible.has(i.key)) continue;
    for (const f of i.files) {
      if (f.start == null || f.end == null || f.end < f.start) continue;
      out.push({ library_id: f.library_id, version: f.version, name: f.name, start: f.start, end: f.end });
    }
  }
  return out;
}

/**
 * A source file's marks (as the library answered the reader: only what they may see) placed on the book's pages: only
 * those of the version the book holds (made on it, or carried to it by a new version: `version` is then the new one),
 * not orphaned, on a page the file has in the book; `page` becomes the book's page (`start + page - 1`), `source`
 * names the file, its version and the file's page; read-only (`can_edit`, `can_delete` false, replies too; `mine` as the library said).
 */
export function placeAnnotations(p: BookPlacement, annotations: readonly SharedAnnotation[]): BookSourceAnnotation[] {
  const pages = p.end - p.start + 1;
  const ro = { can_edit: false, can_delete: false } as const;
  return annotations
    .filter((a) => a.parent_id === null && a.version === p.version && !a.orphaned && a.page >= 1 && a.page <= pages)
    .map((a) => ({
      ...a,
      ...ro,
      page: p.start + a.page - 1,
      replies: a.replies.map((r) => ({ ...r, ...ro, page: p.start + a.page - 1 })),
      source: { library_id: p.library_id, version: p.version, name: p.name, page: a.page },
    }));
}
