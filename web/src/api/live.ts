import { Routes, routePath, zFileLiveMessage, zLiveMessage, zResolutionLiveMessage, type FileLiveMessage, type LiveMessage, type ResolutionLiveMessage } from '@app/contracts';
import type { z } from 'zod';
import { currentLang } from '../i18n/lang';
import { buildUrl } from './client';
import { session } from './session';

/**
 * The live channel of a meeting page (docs/meeting.md#live-updates): GET /api/meetings/:id/live, server-sent
 * events read with fetch (EventSource cannot send the `token` header). Each message is checked against the
 * contract (zLiveMessage). When the stream drops, it reconnects after RETRY_MS (doubling up to 30 s) with the
 * last event id it saw; the server then answers `ready` with `resync: true` and the page refetches. A
 * `revoked` message (the listener was removed from the meeting), a refusal (4xx) or `close()` ends it for good.
 */
export const RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

export interface SseFrame {
  id: string | null;
  data: string;
}

/** Splits a server-sent event buffer into complete frames and the incomplete rest (pure; comments and retry lines dropped). */
export function parseSse(buffer: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('id:')) id = line.slice(3).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length) frames.push({ id, data: data.join('\n') });
  }
  return { frames, rest };
}

export interface LiveOptions {
  /** a guest's link token (sent as ?token=, as every guest call) */
  guestToken?: string;
  /** the channel was refused or dropped (status 0 for the network); it retries unless the status is a 4xx */
  onError?: (status: number) => void;
  fetchImpl?: typeof fetch;
}

/** Opens the live channel of a meeting; returns `close`. */
export function openLive(meetingId: number, onMessage: (m: LiveMessage) => void, opts: LiveOptions = {}): () => void {
  return openChannel(routePath(Routes.meetingLive, { id: meetingId }), zLiveMessage, onMessage, opts);
}

/** Opens the live channel of the resolutions page (the standalone resolutions the user may see); returns `close`. */
export function openResolutionsLive(onMessage: (m: ResolutionLiveMessage) => void, opts: Omit<LiveOptions, 'guestToken'> = {}): () => void {
  return openChannel(routePath(Routes.resolutionsLive), zResolutionLiveMessage, onMessage, opts);
}

/** Opens the live channel of a file (docs/annotations.md#live): its shared annotations changed; returns `close`. */
export function openFileLive(itemId: number, meetingId: number | null, onMessage: (m: FileLiveMessage) => void, opts: Omit<LiveOptions, 'guestToken'> = {}): () => void {
  const path = routePath(Routes.fileLive, { id: itemId }) + (meetingId ? `?meeting_id=${meetingId}` : '');
  return openChannel(path, zFileLiveMessage, onMessage, opts);
}

/** a board book's attached files' annotation changes (docs/annotations.md#live): `annotation` messages name the source file */
export function openBookLive(meetingId: number, bookId: number, onMessage: (m: FileLiveMessage) => void, opts: Omit<LiveOptions, 'guestToken'> = {}): () => void {
  const path = `${routePath(Routes.bookAnnotationsLive, { id: meetingId })}?book=${bookId}`;
  return openChannel(path, zFileLiveMessage, onMessage, opts);
}

function openChannel<M extends { type: string }>(path: string, schema: z.ZodType<M>, onMessage: (m: M) => void, opts: LiveOptions): () => void {
  const doFetch = opts.fetchImpl ?? fetch;
  let closed = false;
  let lastId: string | null = null;
  let retry = RETRY_MS;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(connect, retry);
    retry = Math.min(MAX_RETRY_MS, retry * 2);
  };

  const connect = async () => {
    if (closed) return;
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream', Lang: currentLang() };
    const token = session.token();
    if (token && !opts.guestToken) headers.token = token;
    if (lastId) headers['Last-Event-ID'] = lastId;
    const url = buildUrl(path, opts.guestToken ? { token: opts.guestToken } : undefined);
    try {
      const res = await doFetch(url, { headers, signal: controller.signal });
      if (!res.ok || !res.body) {
        opts.onError?.(res.status);
        if (res.status >= 400 && res.status < 500) closed = true;
        else schedule();
        return;
      }
      retry = RETRY_MS;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        const { frames, rest } = parseSse(buf);
        buf = rest;
        for (const f of frames) {
          if (f.id) lastId = f.id;
          let json: unknown;
          try {
            json = JSON.parse(f.data);
          } catch {
            continue;
          }
          const m = schema.safeParse(json);
          if (!m.success) continue;
          onMessage(m.data);
          if (m.data.type === 'revoked') {
            closed = true;
            controller.abort();
            return;
          }
        }
      }
      schedule();
    } catch {
      if (closed) return;
      opts.onError?.(0);
      schedule();
    }
  };

  void connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
