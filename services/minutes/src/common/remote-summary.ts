import { z } from 'zod';
import type { Lang } from '@app/contracts';
import { checkedSentences, pageLabel, type CitedSentence, type SourcePage } from '../rules/cited';

/** SUMMARIZER_URL's OpenAI-compatible side (docs/book-summary.md#abstractive) */
export interface RemoteSummarizer {
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** at most this many characters of page text go in one request (the rest of a long book is left out) */
export const REMOTE_MAX_INPUT_CHARS = 60_000;

const LANGUAGE: Record<Lang, string> = { en: 'English', ar: 'Arabic', ru: 'Russian', fr: 'French' };

/** the chat messages asking for a summary of these pages, each page labelled [D<file>-P<page>] */
export function remoteMessages(pages: readonly SourcePage[], lang: Lang, max: number): { role: 'system' | 'user'; content: string }[] {
  let budget = REMOTE_MAX_INPUT_CHARS;
  const parts: string[] = [];
  for (const p of pages) {
    if (budget <= 0) break;
    const text = p.text.slice(0, budget);
    budget -= text.length;
    parts.push(`[${pageLabel(p.doc, p.page)}] ${text}`);
  }
  return [
    {
      role: 'system',
      content:
        `You summarize the documents of a board meeting for its members. Write at most ${max} short sentences in ${LANGUAGE[lang]}. ` +
        'Each sentence states one fact from exactly one page and cites that page by its label. ' +
        'Answer JSON only: {"sentences":[{"text":"<the sentence>","source":"D1-P2","quote":"<a passage copied word for word from that page>"}]}.',
    },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

const zAnswer = z.object({ sentences: z.array(z.object({ text: z.string(), source: z.string(), quote: z.string() })) });

/** the JSON in a chat answer's content (a ```json fence around it is tolerated); null when there is none */
export function parseRemoteContent(content: string): z.output<typeof zAnswer>['sentences'] | null {
  const body = content.trim().replace(/^```(?:json)?\s*/iu, '').replace(/\s*```$/u, '');
  try {
    const parsed = zAnswer.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.sentences : null;
  } catch {
    // content that is not JSON is an answer without the sentences asked for: the caller throws and logs it
    return null;
  }
}

/**
 * An abstractive summary from the OpenAI-compatible endpoint (`POST {url}/chat/completions`), each sentence checked
 * against the page it cites (`checkedSentences`: the ones that do not hold are dropped). Throws when the endpoint
 * cannot be reached, answers an error or something without the JSON asked for: the caller falls back to the local
 * summary.
 */
export async function remoteSummary(cfg: RemoteSummarizer, pages: readonly SourcePage[], lang: Lang, max: number): Promise<CitedSentence[]> {
  if (pages.length === 0) return [];
  const res = await fetch(`${cfg.url.replace(/\/+$/u, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
    body: JSON.stringify({ model: cfg.model, temperature: 0, response_format: { type: 'json_object' }, messages: remoteMessages(pages, lang, max) }),
    signal: AbortSignal.timeout(cfg.timeoutMs),
  });
  if (!res.ok) throw new Error(`summarizer answered ${res.status}`);
  // a body that is not JSON is an answer without the sentences: the check below throws
  const body = (await res.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
  const content = body?.choices?.[0]?.message?.content;
  const sentences = typeof content === 'string' ? parseRemoteContent(content) : null;
  if (!sentences) throw new Error('summarizer answered without the sentences asked for');
  return checkedSentences(sentences, pages, max);
}
