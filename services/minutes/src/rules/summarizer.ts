import { ARABIC_STOP_WORDS, ENGLISH_STOP_WORDS } from './stopwords';

/**
 * The local summarizer (docs/voice-notes.md): extractive, for English and Arabic, no network. The text is split
 * into sentences, each sentence into normalized tokens without stop words; every sentence is scored by the
 * TF-IDF weight of its words (sentences are the documents), the best ones are kept up to a length limit, and they
 * are given back in their original order. Pure functions, table-tested in summarizer.spec.ts.
 */

export interface SummarizerLimits {
  /** share of the sentences kept (rounded up), before the caps below */
  ratio: number;
  /** at most this many sentences */
  maxSentences: number;
  /** at most this many characters in the summary (a single longer sentence is cut at a word with '…') */
  maxChars: number;
  /** a sentence longer than this many words is split again at commas (',' '،') and semicolons ('؛' ';') */
  maxSentenceWords: number;
}

export const DEFAULT_LIMITS: SummarizerLimits = { ratio: 0.3, maxSentences: 5, maxChars: 600, maxSentenceWords: 40 };

/** sentence ends: . ! ? … the Arabic question mark ؟ and full stop ۔ followed by a space, and line breaks (so 3.5 is not an end) */
const SENTENCE_END = /(?<=[.!?؟۔…])\s+|[\r\n]+/u;
const CLAUSE_END = /(?<=[،,؛;])\s+/u;

/** split text into trimmed, non-empty sentences; overlong ones again at commas (Arabic ، included) */
export function splitSentences(text: string, maxSentenceWords = DEFAULT_LIMITS.maxSentenceWords): string[] {
  const out: string[] = [];
  for (const raw of text.split(SENTENCE_END)) {
    const s = raw.trim();
    if (!s || !/[\p{L}\p{N}]/u.test(s)) continue;
    if (wordCount(s) <= maxSentenceWords) {
      out.push(s);
      continue;
    }
    // a long run without full stops (a dictated transcript): clauses, joined back up to the word limit
    let cur = '';
    for (const clause of s.split(CLAUSE_END)) {
      const next = cur ? `${cur} ${clause}` : clause;
      if (cur && wordCount(next) > maxSentenceWords) {
        out.push(cur.trim());
        cur = clause;
      } else cur = next;
    }
    if (cur.trim()) out.push(cur.trim());
  }
  return out;
}

const wordCount = (s: string) => s.split(/\s+/u).filter(Boolean).length;

/**
 * One word in the form the scores compare: lower case; Arabic without diacritics and tatweel, alef forms as bare
 * alef, alef maqsura as ya, ta marbuta as ha, and a light stem (the article and a leading conjunction or
 * preposition joined to it: وال بال كال فال لل ال) when at least three letters remain.
 */
export function normalizeToken(word: string): string {
  let w = word.toLowerCase().normalize('NFC');
  w = w.replace(/[\u064B-\u065F\u0670\u0640]/gu, '').replace(/[أإآٱ]/gu, 'ا').replace(/ى/gu, 'ي').replace(/ة/gu, 'ه');
  for (const prefix of ['وال', 'بال', 'كال', 'فال', 'لل', 'ال']) {
    if (w.startsWith(prefix) && w.length - prefix.length >= 3) {
      w = w.slice(prefix.length);
      break;
    }
  }
  return w;
}

const STOP = new Set<string>([...ENGLISH_STOP_WORDS, ...[...ARABIC_STOP_WORDS].map(normalizeToken), ...ARABIC_STOP_WORDS]);

/** the words of a sentence that count: letters and digits, normalized, without stop words and one-letter words */
export function tokenize(sentence: string): string[] {
  const words = sentence.match(/[\p{L}\p{M}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  const out: string[] = [];
  for (const raw of words) {
    const lower = raw.toLowerCase().replace(/['’]s$/u, '');
    if (STOP.has(lower)) continue;
    const t = normalizeToken(lower);
    if (t.length < 2 || STOP.has(t) || /^\d$/u.test(t)) continue;
    out.push(t);
  }
  return out;
}

/**
 * TF-IDF score of each sentence: the sum over its distinct words of (the word's count in the whole text) x
 * log(1 + sentences / sentences holding it), divided by the square root of the sentence's word count, so long
 * sentences do not win on length alone. A sentence without any word that counts scores 0.
 */
export function scoreSentences(tokens: readonly (readonly string[])[]): number[] {
  const n = tokens.length;
  const tf = new Map<string, number>();
  const df = new Map<string, number>();
  for (const ts of tokens) {
    for (const t of ts) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of new Set(ts)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  return tokens.map((ts) => {
    if (ts.length === 0) return 0;
    let sum = 0;
    for (const t of new Set(ts)) sum += (tf.get(t) ?? 0) * Math.log(1 + n / (df.get(t) ?? 1));
    return sum / Math.sqrt(ts.length);
  });
}

/** cut a text to `max` characters at a word boundary, with '…' */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(1, max - 1));
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Which sentences a summary keeps: the best scored (ties: the earlier one), as many as the ratio gives (at least
 * one, at most `maxSentences`) while they fit in `maxChars`; their indices in original order. Empty when no
 * sentence fits (the caller decides: the voice note clips its best one, the book's summary cites whole sentences).
 */
export function pickSentences(sentences: readonly string[], scores: readonly number[], limits: Partial<SummarizerLimits> = {}): number[] {
  const L = { ...DEFAULT_LIMITS, ...limits };
  const want = Math.max(1, Math.min(L.maxSentences, Math.ceil(sentences.length * L.ratio)));
  const ranked = sentences.map((s, i) => ({ s, i, score: scores[i] ?? 0 })).sort((a, b) => b.score - a.score || a.i - b.i);
  const chosen: number[] = [];
  let length = 0;
  for (const c of ranked) {
    if (chosen.length >= want) break;
    const extra = c.s.length + (chosen.length ? 1 : 0);
    if (length + extra > L.maxChars) continue;
    chosen.push(c.i);
    length += extra;
  }
  return chosen.sort((a, b) => a - b);
}

/**
 * The summary of a text: the sentences `pickSentences` keeps, in their original order, joined by a space. One
 * sentence is its own summary (clipped at `maxChars`); when none fits, the best one clipped. Empty or word-less
 * text gives ''.
 */
export function summarizeText(text: string, limits: Partial<SummarizerLimits> = {}): string {
  const L = { ...DEFAULT_LIMITS, ...limits };
  const sentences = splitSentences(text ?? '', L.maxSentenceWords);
  if (sentences.length === 0) return '';
  if (sentences.length === 1) return clip(sentences[0], L.maxChars);
  const scores = scoreSentences(sentences.map(tokenize));
  const chosen = pickSentences(sentences, scores, L);
  if (chosen.length === 0) {
    const best = scores.reduce((b, x, i) => (x > scores[b] ? i : b), 0);
    return clip(sentences[best], L.maxChars);
  }
  return chosen.map((i) => sentences[i]).join(' ');
}

/** the `/summarize` body of the spec (title, creator_name, date YYYY-MM-DD, minutes) */
export interface SummarizeInput {
  title: string;
  creator_name: string;
  date: string;
  minutes: string;
}

/** the `/summarize` answer of the local default: the summary of the minutes (the title, author and date are not repeated in it) */
export function localSummary(input: SummarizeInput, limits?: Partial<SummarizerLimits>): { summary: string } {
  return { summary: summarizeText(input.minutes, limits) };
}
