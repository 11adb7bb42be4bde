import type { AnnotationVisibility } from '@app/contracts';

/**
 * Who sees and changes a shared annotation (docs/annotations.md#who-sees-what). Pure: the caller has already
 * decided that the reader may see the file (a reader who may not sees no annotation of it at all).
 */
export interface Mark {
  authorId: number;
  visibility: AnnotationVisibility | string;
  people: readonly number[];
}
export interface Reader {
  userId: number | null;
  isAdmin: boolean;
}

/** the author always; nobody else a private one; everyone who may see the file a committee one; the named people theirs */
export function maySeeAnnotation(m: Mark, r: Reader, maySeeFile: boolean): boolean {
  if (!maySeeFile || r.userId === null) return false;
  if (m.authorId === r.userId) return true;
  if (m.visibility === 'committee') return true;
  if (m.visibility === 'people') return m.people.includes(r.userId);
  return false;
}

/** only the author edits */
export function mayEditAnnotation(m: Mark, r: Reader): boolean {
  return r.userId !== null && m.authorId === r.userId;
}

/** the author; an organization administrator a shared one they can see (never someone's private one) */
export function mayDeleteAnnotation(m: Mark, r: Reader, maySeeFile: boolean): boolean {
  if (mayEditAnnotation(m, r)) return true;
  return r.isAdmin && m.visibility !== 'private' && maySeeAnnotation(m, r, maySeeFile);
}

/**
 * Who must hear of a change, from the mark before and after it (null: did not exist): 'all' when either was shared
 * with the committee; the author and the named people otherwise; null when it was and stays private (no event).
 */
export function audienceOf(before: Mark | null, after: Mark | null): 'all' | number[] | null {
  const states = [before, after].filter((m): m is Mark => m !== null);
  if (states.some((m) => m.visibility === 'committee')) return 'all';
  const shared = states.filter((m) => m.visibility === 'people');
  if (!shared.length) return null;
  return [...new Set([states[0].authorId, ...shared.flatMap((m) => m.people)])].sort((a, b) => a - b);
}

/** whether a live channel's user hears of a change with this audience */
export function hearsChange(audience: 'all' | readonly number[], userId: number | null): boolean {
  if (audience === 'all') return true;
  return userId !== null && audience.includes(userId);
}

/** whitespace folded and lower-cased: how a quote is looked for in a page's text */
export function foldQuote(s: string): string {
  return s.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Re-anchoring a highlight on a new version (docs/annotations.md#new-versions): the page of the new version whose
 * text holds the quote, preferring the page it was on, then the nearest; null when no page holds it (orphaned).
 * A mark without a quote (a note, a drawing) stays on its page when the new version still has that page.
 */
export function reanchor(mark: { page: number; quote: string | null }, pages: readonly { page: number; text: string }[]): number | null {
  if (!mark.quote || !foldQuote(mark.quote)) return pages.some((p) => p.page === mark.page) ? mark.page : null;
  const q = foldQuote(mark.quote);
  const hits = pages.filter((p) => foldQuote(p.text).includes(q)).map((p) => p.page);
  if (!hits.length) return null;
  return hits.sort((a, b) => Math.abs(a - mark.page) - Math.abs(b - mark.page) || a - b)[0];
}
