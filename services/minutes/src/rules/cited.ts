import type { Lang } from '@app/contracts';
import { pickSentences, scoreSentences, splitSentences, tokenize, type SummarizerLimits } from './summarizer';

/**
 * The board book's summary with citations (docs/book-summary.md): pure functions, table-tested in cited.spec.ts.
 * The local summary is the voice note's extractive summarizer (summarizer.ts) run over the sentences of many pages,
 * each sentence remembering the page it was read from; the remote (abstractive) summary's sentences are checked
 * against the page they cite.
 */

/** one page of one file of the book: `doc` is the file's index among the book's sources, `page` its page (1-based) */
export interface SourcePage {
  doc: number;
  page: number;
  text: string;
}

/** a summary sentence and the page it cites */
export interface CitedSentence {
  text: string;
  doc: number;
  page: number;
}

/** limits of a section's summary and of the whole book's */
export const SECTION_LIMITS: Partial<SummarizerLimits> = { ratio: 0.35, maxSentences: 4, maxChars: 900 };
export const BOOK_LIMITS: Partial<SummarizerLimits> = { ratio: 0.3, maxSentences: 8, maxChars: 1800 };

/** a sentence shorter than this many words (a heading, a page number) is not worth citing */
const MIN_WORDS = 4;

/**
 * The citable sentences of a page's text: the summarizer's sentences, a run still longer than `maxWords` cut into
 * runs of `maxWords` words (page text has no line breaks, so a heading without a stop joins the sentence after it),
 * those with fewer than 4 words or fewer than 2 words that count left out. Each is a verbatim part of the page's text
 * (whose whitespace the library already made single spaces).
 */
export function citableSentences(text: string, maxWords = 40): string[] {
  const out: string[] = [];
  for (const s of splitSentences(text, maxWords)) {
    const words = s.split(' ').filter(Boolean);
    for (let i = 0; i < words.length; i += maxWords) {
      const part = words.slice(i, i + maxWords);
      if (part.length >= MIN_WORDS && tokenize(part.join(' ')).length >= 2) out.push(part.join(' '));
    }
  }
  return out;
}

/**
 * The extractive summary of some pages: every citable sentence of every page is scored with the others (TF-IDF over
 * the pages' sentences), the best kept within the limits (summarizer.ts `pickSentences`), in reading order, each
 * citing the page it is on. A sentence repeated word for word (a running header) is offered once.
 */
export function summarizeCited(pages: readonly SourcePage[], limits: Partial<SummarizerLimits> = SECTION_LIMITS): CitedSentence[] {
  const all: CitedSentence[] = [];
  const seen = new Set<string>();
  for (const p of pages) {
    for (const text of citableSentences(p.text)) {
      const key = text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      all.push({ text, doc: p.doc, page: p.page });
    }
  }
  if (all.length === 0) return [];
  const scores = scoreSentences(all.map((s) => tokenize(s.text)));
  return pickSentences(all.map((s) => s.text), scores, limits).map((i) => all[i]);
}

/** the key terms of a text: its distinct words that count (tokenize: normalized, no stop words) */
export function keyTerms(text: string): string[] {
  return [...new Set(tokenize(text))];
}

/**
 * Is a remote (abstractive) sentence borne out by the page it cites? The passage it quotes must have key terms and
 * every one of them must be on the page, and the sentence must share a key term with that passage (a sentence about
 * something else with a true quote beside it is refused). Words compare normalized (Arabic alef forms, diacritics,
 * the article), so a page and a quote written differently still match.
 */
export function citationHolds(sentence: { text: string; quote: string }, pageText: string | undefined): boolean {
  if (!pageText) return false;
  const quote = keyTerms(sentence.quote);
  if (quote.length === 0) return false;
  const page = new Set(tokenize(pageText));
  if (!quote.every((t) => page.has(t))) return false;
  return keyTerms(sentence.text).some((t) => quote.includes(t));
}

/** a page's label in the text sent to the remote summarizer, and back: [D2-P3] is the second file's page 3 */
export const pageLabel = (doc: number, page: number) => `D${doc + 1}-P${page}`;
export function parsePageLabel(label: string): { doc: number; page: number } | null {
  const m = /^\[?\s*D(\d{1,4})\s*-\s*P(\d{1,5})\s*\]?$/iu.exec(label.trim());
  if (!m) return null;
  const doc = Number(m[1]) - 1;
  const page = Number(m[2]);
  return doc >= 0 && page >= 1 ? { doc, page } : null;
}

/**
 * The remote answer's sentences that hold (`citationHolds` against the page they cite; an unknown page fails),
 * as cited sentences, at most `max`.
 */
export function checkedSentences(answer: readonly { text: string; source: string; quote: string }[], pages: readonly SourcePage[], max: number): CitedSentence[] {
  const byLabel = new Map(pages.map((p) => [pageLabel(p.doc, p.page), p]));
  const out: CitedSentence[] = [];
  for (const s of answer) {
    const at = parsePageLabel(s.source);
    const page = at ? byLabel.get(pageLabel(at.doc, at.page)) : undefined;
    const text = s.text.trim();
    if (!page || !text || !citationHolds({ text, quote: s.quote }, page.text)) continue;
    out.push({ text, doc: page.doc, page: page.page });
    if (out.length >= max) break;
  }
  return out;
}

/**
 * The language a book is written in: the script most of its letters are in (Arabic: ar, Cyrillic: ru, else en). The
 * summary is shown in it (`lang` and direction) and the remote summarizer is asked to write in it.
 */
export function textLanguage(text: string): Extract<Lang, 'en' | 'ar' | 'ru'> {
  const arabic = text.match(/[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/gu)?.length ?? 0;
  const cyrillic = text.match(/[\u0400-\u04FF]/gu)?.length ?? 0;
  const latin = text.match(/[A-Za-z\u00C0-\u024F]/gu)?.length ?? 0;
  if (arabic > latin && arabic >= cyrillic) return 'ar';
  if (cyrillic > latin && cyrillic > arabic) return 'ru';
  return 'en';
}
