/**
 * The rules of the search box's file text (docs/search.md#text-inside-files): where a file's text comes from,
 * how a page's text is cleaned, and the bound on what is kept of one version. Pure; table-tested in text.spec.ts.
 */

/**
 * Where the text of a file comes from: the PDF itself, the PDF rendering of an office file (the conversion job makes
 * it first), the cells of an .xlsx workbook (one page per sheet), an e-mail's text, a text file; null for what has
 * no text (audio).
 */
export type TextSource = 'pdf' | 'converted-pdf' | 'sheet' | 'email' | 'text';

export function textSourceOf(kind: string | null, extension: string | null): TextSource | null {
  switch (kind) {
    case 'pdf':
      return 'pdf';
    case 'excel':
      return extension === 'xlsx' ? 'sheet' : 'converted-pdf';
    case 'word':
    case 'powerpoint':
      return 'converted-pdf';
    case 'email':
      return 'email';
    case 'text':
      return 'text';
    default:
      return null;
  }
}

/** the job id of a version's text extraction: adding it again while the job exists adds nothing */
export const textJobId = (orgId: string, itemId: number, version: number): string => `text-${orgId}-${itemId}-${version}`;

/** whether a hit's page opens the viewer there: the PDF viewer's pages (a PDF, an office file's PDF rendering) */
export function pageOpensViewer(source: TextSource | null): boolean {
  return source === 'pdf' || source === 'converted-pdf';
}

/** bidi controls and other format characters pdftotext writes around right-to-left runs */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
/** NUL, which PostgreSQL's text refuses (a string, not a regular expression: the linter refuses control characters there) */
const NUL = String.fromCharCode(0);

/**
 * A page's text as stored: NFKC (a font that draws Arabic in its joined presentation forms gives the letters
 * back), without bidi controls, its whitespace one space (a phrase cut by a line break is still found), a space
 * NFKC put before an Arabic mark removed (the isolated forms of the harakat), trimmed.
 */
export function cleanPageText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .split(NUL)
    .join('')
    .replace(/\s+(?=[\u064B-\u065F\u0670])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The pages kept of one version: each cleaned, up to `maxBytes` of UTF-8 in all and `maxPages` pages; the page
 * that crosses the bound is cut at a character boundary and the rest is dropped (`truncated`). Empty pages keep
 * their number (page n of the answer is page n of the document) but are not stored.
 */
export function boundPages(pages: readonly string[], o: { maxBytes: number; maxPages: number }): { pages: { page: number; text: string }[]; truncated: boolean } {
  const out: { page: number; text: string }[] = [];
  let left = o.maxBytes;
  let truncated = pages.length > o.maxPages;
  for (let i = 0; i < Math.min(pages.length, o.maxPages); i++) {
    const text = cleanPageText(pages[i]);
    if (!text) continue;
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes <= left) {
      out.push({ page: i + 1, text });
      left -= bytes;
      continue;
    }
    truncated = true;
    const cut = cutUtf8(text, left);
    if (cut) out.push({ page: i + 1, text: cut });
    break;
  }
  return { pages: out, truncated };
}

/** the longest prefix of `text` of at most `maxBytes` UTF-8 bytes, never half a character (nor half a surrogate pair) */
export function cutUtf8(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return '';
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= maxBytes) return text;
  let end = maxBytes;
  // back to the first byte of a character (continuation bytes are 10xxxxxx)
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

/** a file the search found: by its name, by a page of its text, or both */
export interface FileCandidate {
  id: number;
  updatedAt: Date;
  nameMatch: boolean;
  /** the best page: PostgreSQL's rank of it (ts_rank normalized to 0..1, plus 0.5 when the folded phrase is in it) */
  content: { page: number; text: string; rank: number } | null;
}

/** a name that matches counts 1, a page its rank; equal scores newest first */
export const fileScore = (c: FileCandidate): number => (c.nameMatch ? 1 : 0) + (c.content?.rank ?? 0);

/** the name matches and the content matches as one list, one entry a file, best first (docs/search.md#ranking) */
export function mergeFileCandidates(byName: readonly { id: number; updatedAt: Date }[], byContent: readonly { id: number; updatedAt: Date; page: number; text: string; rank: number }[]): FileCandidate[] {
  const all = new Map<number, FileCandidate>();
  for (const f of byName) all.set(f.id, { id: f.id, updatedAt: f.updatedAt, nameMatch: true, content: null });
  for (const h of byContent) {
    const c = all.get(h.id) ?? { id: h.id, updatedAt: h.updatedAt, nameMatch: false, content: null };
    if (!c.content || h.rank > c.content.rank || (h.rank === c.content.rank && h.page < c.content.page)) c.content = { page: h.page, text: h.text, rank: h.rank };
    all.set(h.id, c);
  }
  return [...all.values()].sort((a, b) => fileScore(b) - fileScore(a) || b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id);
}
