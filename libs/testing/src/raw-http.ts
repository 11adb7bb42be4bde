import http from 'node:http';
import type { ApiAnswer } from './factories';

/** One request from a chosen local address (the peer the gateway sees), raw headers and body bytes. */
export function rawRequest(base: string, o: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string; localAddress?: string; timeoutMs?: number }): Promise<ApiAnswer> {
  const url = new URL(base + o.path);
  const body = o.body === undefined ? undefined : Buffer.isBuffer(o.body) ? o.body : Buffer.from(o.body, 'utf8');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname, port: url.port, path: url.pathname + url.search, method: o.method ?? 'POST', localAddress: o.localAddress,
        headers: { ...(body ? { 'content-length': String(body.length) } : {}), ...(o.headers ?? {}) },
      },
      (res) => {
        // a stream of server-sent events never ends: its head is the answer
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
          req.destroy();
          resolve({ status: res.statusCode ?? 0, headers: h, body: '' });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text; // not JSON (an HTML page): compared as text
          }
          resolve({ status: res.statusCode ?? 0, headers: h, body: parsed });
        });
      },
    );
    req.on('error', reject);
    // an answer that never comes is a failure naming the request, not a suite that waits out its own timeout
    req.setTimeout(o.timeoutMs ?? 60_000, () => req.destroy(new Error(`${o.method ?? 'POST'} ${o.path.slice(0, 200)}: no answer in ${o.timeoutMs ?? 60_000} ms`)));
    req.end(body);
  });
}
