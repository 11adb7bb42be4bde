/**
 * The search's text folding (docs/search.md): one rule for the indexed text and the query, so a word is found
 * however it is written. Lowercase; Arabic diacritics (tashkeel, Quranic marks, superscript alef) and tatweel
 * removed; alef variants (أ إ آ ٱ) → ا; alef maqsura ى → ي; teh marbuta ة → ه; Russian ё → е.
 * The SQL function `search_fold(text)` of the meeting and library schemas (their `search` migrations) applies
 * the same rule to the stored text; test/api/search/search.api-spec.ts proves the two agree.
 */
const MARK = /^[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]$/u;
const SWAP: Readonly<Record<string, string>> = { 'أ': 'ا', 'إ': 'ا', 'آ': 'ا', 'ٱ': 'ا', 'ى': 'ي', 'ة': 'ه', 'ё': 'е' };

/** the marks removed, as a regular-expression class the SQL function uses too */
export const SEARCH_FOLD_MARKS = '[\\u0610-\\u061A\\u064B-\\u065F\\u0670\\u06D6-\\u06DC\\u06DF-\\u06E8\\u06EA-\\u06ED\\u0640]';

/** the folded text and, for each of its UTF-16 units, the index in the original text it came from */
function foldWithMap(text: string): { folded: string; from: number[] } {
  let folded = '';
  const from: number[] = [];
  let i = 0;
  for (const ch of text) {
    if (!MARK.test(ch)) {
      const lower = ch.toLowerCase();
      const out = SWAP[lower] ?? lower;
      folded += out;
      for (let k = 0; k < out.length; k++) from.push(i);
    }
    i += ch.length;
  }
  return { folded, from };
}

export function foldSearchText(text: string): string {
  return foldWithMap(text).folded;
}

/** where the folded query first occurs in `text`, in the original text's indices ([start, end)), or null */
export function findFolded(text: string, query: string): { start: number; end: number } | null {
  const q = foldSearchText(query.trim());
  if (!q) return null;
  const { folded, from } = foldWithMap(text);
  const at = folded.indexOf(q);
  if (at < 0) return null;
  const after = at + q.length;
  // the end runs to the next kept character, so a matched letter keeps its diacritics
  return { start: from[at], end: after < from.length ? from[after] : text.length };
}

export interface SearchPassage {
  /** a short passage of the text around the match ('…' where it was cut) */
  text: string;
  /** the match inside `text`: [start, end) */
  start: number;
  end: number;
}

/**
 * The passage shown for a match: up to `radius` characters either side, cut at a space where there is one,
 * with '…' where it was cut. Null when the text does not contain the query.
 */
export function searchPassage(text: string, query: string, radius = 60): SearchPassage | null {
  const flat = text.replace(/\s+/g, ' ');
  const m = findFolded(flat, query);
  if (!m) return null;
  let from = Math.max(0, m.start - radius);
  let to = Math.min(flat.length, m.end + radius);
  if (from > 0) {
    const sp = flat.indexOf(' ', from);
    if (sp >= 0 && sp < m.start) from = sp + 1;
  }
  if (to < flat.length) {
    const sp = flat.lastIndexOf(' ', to);
    if (sp >= m.end) to = sp;
  }
  const head = from > 0 ? '…' : '';
  const tail = to < flat.length ? '…' : '';
  return { text: head + flat.slice(from, to) + tail, start: head.length + m.start - from, end: head.length + m.end - from };
}

/**
 * The passage of a text that has the query's words, not necessarily side by side (a page found by its words): the
 * whole query's passage when it is there, else the passage of its longest word that is. Null when none is.
 */
export function searchPassageOfWords(text: string, query: string, radius = 60): SearchPassage | null {
  const whole = searchPassage(text, query, radius);
  if (whole) return whole;
  const words = query.trim().split(/\s+/).filter(Boolean).sort((a, b) => b.length - a.length);
  for (const w of words) {
    const p = searchPassage(text, w, radius);
    if (p) return p;
  }
  return null;
}
