/**
 * What changed between two versions of a document, page by page (docs/library.md#what-changed): pure functions,
 * table-tested in page-diff.spec.ts. Pages are matched in order (a longest common subsequence of pages whose text
 * is the same); between two matched pages, the old and new pages left over are paired in order as `changed` while
 * they still share most of their words, the rest are `removed` (old only) or `added` (new only). A changed page
 * carries its words' changes (a longest common subsequence of words).
 */

export type PageStatus = 'unchanged' | 'changed' | 'added' | 'removed';

export interface TextChange {
  op: 'same' | 'added' | 'removed';
  text: string;
}

export interface PageDiff {
  status: PageStatus;
  /** the page in the newer version (null: removed) */
  page: number | null;
  /** the page in the older version (null: added) */
  old_page: number | null;
  /** a changed page's words, in the newer page's order with the removed ones where they were; empty otherwise */
  changes: TextChange[];
}

/** two pages whose words overlap at least this much (Jaccard) are the same page changed, not one removed and one added */
export const SAME_PAGE_SIMILARITY = 0.3;
/** a word diff of more than this many word pairs is not computed: the page is one removal and one addition */
export const MAX_WORD_PAIRS = 4_000_000;

const norm = (t: string) => t.normalize('NFKC').replace(/\s+/gu, ' ').trim();
const words = (t: string) => norm(t).split(' ').filter(Boolean);

/** the longest common subsequence of two lists by `same`: the index pairs, in order */
export function lcsPairs<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): [number, number][] {
  const n = a.length;
  const m = b.length;
  const dp: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) dp[i][j] = same(a[i], b[j]) ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same(a[i], b[j])) {
      out.push([i, j]);
      i++;
      j++;
    } else if (dp[i + 1][j] >= dp[i][j + 1]) i++;
    else j++;
  }
  return out;
}

/** how much two texts' words overlap: |common| / |either| of their distinct lower-case words (1 for two empty texts) */
export function similarity(a: string, b: string): number {
  const x = new Set(words(a.toLowerCase()));
  const y = new Set(words(b.toLowerCase()));
  if (x.size === 0 && y.size === 0) return 1;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return common / (x.size + y.size - common);
}

/** the word changes from one page's text to the other's, runs of the same op joined by a space */
export function wordChanges(before: string, after: string): TextChange[] {
  const a = words(before);
  const b = words(after);
  const raw: TextChange[] = [];
  if (a.length * b.length > MAX_WORD_PAIRS) {
    if (a.length) raw.push({ op: 'removed', text: a.join(' ') });
    if (b.length) raw.push({ op: 'added', text: b.join(' ') });
    return raw;
  }
  let i = 0;
  let j = 0;
  for (const [pi, pj] of lcsPairs(a, b, (x, y) => x === y)) {
    while (i < pi) raw.push({ op: 'removed', text: a[i++] });
    while (j < pj) raw.push({ op: 'added', text: b[j++] });
    raw.push({ op: 'same', text: a[i] });
    i++;
    j++;
  }
  while (i < a.length) raw.push({ op: 'removed', text: a[i++] });
  while (j < b.length) raw.push({ op: 'added', text: b[j++] });
  const out: TextChange[] = [];
  for (const c of raw) {
    const last = out[out.length - 1];
    if (last && last.op === c.op) last.text = `${last.text} ${c.text}`;
    else out.push({ ...c });
  }
  return out;
}

/**
 * The pages of the newer version (and the removed pages of the older one, where they were) with what happened to
 * each. `before` and `after` are the pages' texts in page order (index 0 is page 1).
 */
export function diffPages(before: readonly string[], after: readonly string[]): PageDiff[] {
  const a = before.map(norm);
  const b = after.map(norm);
  const out: PageDiff[] = [];
  const gap = (i0: number, i1: number, j0: number, j1: number) => {
    let i = i0;
    let j = j0;
    while (i < i1 && j < j1) {
      if (similarity(a[i], b[j]) >= SAME_PAGE_SIMILARITY) {
        out.push({ status: 'changed', page: j + 1, old_page: i + 1, changes: wordChanges(a[i], b[j]) });
        i++;
        j++;
      } else if (j + 1 < j1 && similarity(a[i], b[j + 1]) >= SAME_PAGE_SIMILARITY) {
        out.push({ status: 'added', page: j + 1, old_page: null, changes: [] });
        j++;
      } else {
        out.push({ status: 'removed', page: null, old_page: i + 1, changes: [] });
        i++;
      }
    }
    for (; i < i1; i++) out.push({ status: 'removed', page: null, old_page: i + 1, changes: [] });
    for (; j < j1; j++) out.push({ status: 'added', page: j + 1, old_page: null, changes: [] });
  };
  let i = 0;
  let j = 0;
  for (const [pi, pj] of lcsPairs(a, b, (x, y) => x === y)) {
    gap(i, pi, j, pj);
    out.push({ status: 'unchanged', page: pj + 1, old_page: pi + 1, changes: [] });
    i = pi + 1;
    j = pj + 1;
  }
  gap(i, a.length, j, b.length);
  return out;
}

/**
 * Which version the current one is compared with: `asked` when it is older than the current one; else the reader's
 * newest opened version when it is older (they have not opened this one yet), else the one they had opened before it;
 * null when there is none (a first reader, or one who only ever opened this version).
 */
export function comparedVersion(current: number, reader: { lastVersion: number; seenBefore: number | null } | null, asked?: number): number | null {
  if (asked !== undefined) return asked >= 1 && asked < current ? asked : null;
  if (!reader) return null;
  if (reader.lastVersion < current) return reader.lastVersion;
  return reader.seenBefore !== null && reader.seenBefore < current ? reader.seenBefore : null;
}
