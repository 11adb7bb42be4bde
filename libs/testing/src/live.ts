import http from 'node:http';

/** One message of a live channel as it arrived: the parsed `data` and the event `id` (the change's sequence). */
export interface LiveFrame {
  id: string | null;
  data: any;
  at: number;
}

export interface LiveChannel {
  status: number;
  /** the error body when the channel was refused */
  body: any;
  frames: LiveFrame[];
  /** resolves when the server ends the stream */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens GET /api/meetings/:id/live on a gateway as a page does (headers X-Org and token, or ?token= for a
 * guest) with a plain HTTP request, and collects the server-sent events. Node's http keeps the many channels
 * of a benchmark on their own sockets (fetch would pool them).
 */
export function openLiveChannel(
  gatewayUrl: string,
  o: { org: string; meetingId?: number; token?: string; guestToken?: string; lastEventId?: string; /** another channel, e.g. /api/singleDecisions/live */ path?: string },
): Promise<LiveChannel> {
  const u = new URL(`${gatewayUrl}${o.path ?? `/api/meetings/${o.meetingId}/live`}`);
  if (o.guestToken) u.searchParams.set('token', o.guestToken);
  const headers: Record<string, string> = { accept: 'text/event-stream', 'x-org': o.org };
  if (o.token) headers.token = o.token;
  if (o.lastEventId) headers['last-event-id'] = o.lastEventId;
  return new Promise((resolve, reject) => {
    const req = http.get(u, { headers, agent: false }, (res) => {
      const frames: LiveFrame[] = [];
      let buf = '';
      let body = '';
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      res.setEncoding('utf8');
      res.on('end', () => endedResolve());
      res.on('close', () => endedResolve());
      res.on('error', () => endedResolve());
      const ok = res.statusCode === 200 && String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
      res.on('data', (chunk: string) => {
        if (!ok) {
          body += chunk;
          return;
        }
        buf += chunk;
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length) frames.push({ id, data: JSON.parse(data.join('\n')), at: Date.now() });
        }
      });
      const channel: LiveChannel = { status: res.statusCode ?? 0, body: null, frames, ended, close: () => req.destroy() };
      if (ok) resolve(channel);
      else res.on('end', () => {
        try {
          channel.body = JSON.parse(body);
        } catch {
          channel.body = body;
        }
        resolve(channel);
      });
    });
    req.on('error', reject);
  });
}
