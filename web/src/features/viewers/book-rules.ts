/**
 * Pure rules of the board book viewer (docs/minutes.md#the-book-viewer): the outline's sections from the library's
 * `outlines_data`, the section of a page, and the page view's turn and rotate rules.
 */
import type { OutlineEntry } from '@app/contracts';
import type { PdfBookmark } from './pdf-engine';
import { nextRotation, stepPage, type Rotation } from './pdf-rules';

/** a section of the outline panel: an agenda item (or the cover, the agenda) with its files (entries of `outlines_data`) */
export interface BookSection extends OutlineEntry {
  entries: OutlineEntry[];
}

/** a top-level bookmark of the PDF: its title and the page it opens (null when it opens none) */
export type BookMark = Pick<PdfBookmark, 'title' | 'page'>;

const valid = (e: OutlineEntry) => Number.isInteger(e.start) && Number.isInteger(e.end) && e.start >= 1 && e.end >= e.start;

/**
 * The sections of the outline panel. `outlines_data` lists the book's files flat (cover, agenda, then each file
 * with its first and last page); the book's own top-level bookmarks name the agenda items that hold them (the
 * minutes service writes one bookmark per section, its files beneath). Each bookmark becomes a section holding the
 * entries that start between it and the next bookmark; an entry that is the bookmark itself (the cover, the
 * agenda: same name and first page) is not repeated beneath it. Without bookmarks (not read yet, or none), each
 * entry is a section of its own. Entries before the first bookmark, or without a valid range, stand alone.
 */
export function bookSections(entries: readonly OutlineEntry[], marks: readonly BookMark[] = []): BookSection[] {
  const list = entries.filter(valid).slice().sort((a, b) => a.start - b.start);
  const tops = marks.filter((m): m is { title: string; page: number } => m.page !== null && m.page >= 1).slice().sort((a, b) => a.page - b.page);
  if (!tops.length) return list.map((e) => ({ name: e.name, start: e.start, end: e.end, entries: [] }));
  const out: BookSection[] = [];
  for (const e of list) if (e.start < tops[0].page) out.push({ name: e.name, start: e.start, end: e.end, entries: [] });
  tops.forEach((m, i) => {
    const until = i + 1 < tops.length ? tops[i + 1].page : Infinity;
    const mine = list.filter((e) => e.start >= m.page && e.start < until);
    const end = mine.length ? Math.max(...mine.map((e) => e.end)) : m.page;
    const self = mine.length === 1 && mine[0].name === m.title && mine[0].start === m.page;
    out.push({ name: m.title, start: m.page, end: Math.max(end, m.page), entries: self ? [] : mine });
  });
  return out;
}

/** the index of the section holding `page` (the last one starting at or before it when ranges overlap); -1 if none */
export function sectionAt(sections: readonly Pick<OutlineEntry, 'start' | 'end'>[], page: number): number {
  let found = -1;
  sections.forEach((s, i) => {
    if (page >= s.start && page <= s.end) found = i;
  });
  return found;
}

/** the page view: the page shown (from 1) and its rotation */
export interface PageView {
  page: number;
  rotation: Rotation;
}

/** going to `target` (kept within 1..pages): another page shows unrotated, the same page keeps its rotation */
export function turnTo(view: PageView, target: number, pages: number): PageView {
  const page = stepPage(target, 0, pages);
  return page === view.page ? view : { page, rotation: 0 };
}

/** the rotate button: 0, 90, 180, 270, then 0 again, on the same page */
export function rotate(view: PageView): PageView {
  return { page: view.page, rotation: nextRotation(view.rotation) };
}
