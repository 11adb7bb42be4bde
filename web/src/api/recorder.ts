/**
 * The recorder's two calls (docs/voice-notes.md). They answer the recorder's own texts (spec meetings.md §8:
 * summary save and summarizer), not the request layer's catalogue toasts, so they read the answer themselves:
 * `saveSummaryMessage` and `summarizerMessage` of the contracts decide the text.
 */
import { routePath, Routes, saveSummaryMessage, summarizerMessage, type SaveSummaryOutcome, type SummarizeBody } from '@app/contracts';
import { currentLang } from '../i18n/lang';
import { buildUrl, REQUEST_TIMEOUT_MS } from './client';
import { session, STORAGE_KEYS } from './session';

async function post(path: string, body: unknown, token: string): Promise<{ kind: 'answer'; status: number; body: unknown } | { kind: 'network' } | { kind: 'invalid' }> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Lang: currentLang(), token },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'network' };
  }
  session.touch();
  const text = await res.text().catch(() => '');
  if (!text) return { kind: 'answer', status: res.status, body: null };
  try {
    return { kind: 'answer', status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    // a success that is not JSON is an invalid answer; a failure keeps its status text
    return res.ok ? { kind: 'invalid' } : { kind: 'answer', status: res.status, body: null };
  }
}

/** the stored login the save needs: a token and a user with an id (spec §5, Summary) */
export function storedLogin(): { kind: 'ok'; token: string } | { kind: 'no-auth' } | { kind: 'bad-user' } {
  const token = session.token();
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEYS.user);
  } catch {
    raw = null;
  }
  if (!token || !raw) return { kind: 'no-auth' };
  try {
    const user = JSON.parse(raw) as { id?: unknown } | null;
    if (!user || typeof user !== 'object' || typeof user.id !== 'number') return { kind: 'bad-user' };
  } catch {
    return { kind: 'bad-user' };
  }
  return { kind: 'ok', token };
}

export const recorderApi = {
  /** POST /api/summarize: the summary, or the summarizer's message ('No summary returned.' when it is empty) */
  summarize: async (body: SummarizeBody): Promise<{ summary: string | null; message: string | null }> => {
    const r = await post(routePath(Routes.summarize), body, session.token() ?? '');
    return summarizerMessage(r.kind === 'invalid' ? { kind: 'answer', status: 200, body: null } : r);
  },
  /** POST /api/app/activity/meetings/{id}/record-summarize {summary}: ok and the message to show */
  saveSummary: async (meetingId: number, summary: string): Promise<{ ok: boolean; message: string }> => {
    const login = storedLogin();
    if (login.kind !== 'ok') return saveSummaryMessage(login);
    const r: SaveSummaryOutcome = await post(routePath(Routes.saveRecordSummary, { id: meetingId }), { summary }, login.token);
    if (r.kind === 'answer' && r.status >= 200 && r.status < 300 && (!r.body || typeof r.body !== 'object')) return saveSummaryMessage({ kind: 'invalid' });
    return saveSummaryMessage(r);
  },
};
