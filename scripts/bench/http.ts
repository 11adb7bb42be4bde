/** HTTP helpers shared by the benchmarks: a JSON call through the gateway, autocannon runs, service memory. */
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { SendEmail } from '@app/contracts';
import { redisConnection } from '@app/platform';

export interface Call {
  status: number;
  body: any;
  ms: number;
}

/** one request to the gateway as the web app sends it (X-Org names the organization, `token` the session) */
export async function call(gatewayUrl: string, method: string, path: string, o: { org: string; token?: string; body?: unknown }): Promise<Call> {
  const t0 = performance.now();
  const res = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: { 'x-org': o.org, ...(o.token ? { token: o.token } : {}), ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await res.text();
  return { status: res.status, body: answerBody(text), ms: performance.now() - t0 };
}

/** an answer's body: its JSON, or the text where it is not JSON (kept for the error message) */
function answerBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** the headers Node's fetch adds to every request */
const FETCH_HEADERS = { accept: '*/*', 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate' };

/**
 * One voter's client: one keep-alive connection of its own (an `http.Agent` with one socket), as a browser tab has.
 * `voterCall` sends the same request as `call` (method, path, headers, JSON body) over node:http instead of fetch:
 * fetch builds WHATWG Request, Headers, Response and stream objects per request, about twice node:http's CPU in the
 * bench process (docs/performance.md, "P2: the gateway per vote"), work no real client fleet puts on one machine.
 * The gateway sees the same thing: one new connection per voter, one request on it, the connection kept open.
 */
export function voterAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 1 });
}

export function voterCall(gatewayUrl: string, agent: http.Agent, method: string, path: string, o: { org: string; token: string; body: unknown }): Promise<Call> {
  const t0 = performance.now();
  const body = JSON.stringify(o.body);
  return new Promise<Call>((resolve, reject) => {
    const req = http.request(`${gatewayUrl}${path}`, {
      method,
      agent,
      // fetch's own headers too, so the gateway reads the same request (its language from accept-language: *)
      headers: { ...FETCH_HEADERS, 'x-org': o.org, token: o.token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const ms = performance.now() - t0;
        resolve({ status: res.statusCode ?? 0, body: answerBody(Buffer.concat(chunks).toString('utf8')), ms });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  non2xx: number;
  errors: number;
  durationS: number;
}

/** autocannon against one URL with fixed headers; latencies in ms */
export async function load(url: string, o: { connections: number; duration: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const r = await autocannon({ url, connections: o.connections, duration: o.duration, headers: o.headers ?? {} });
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.average,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    durationS: r.duration,
  };
}

/** resident memory (VmRSS) of a process in KiB; NaN when it is gone */
export function rssKiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** sample the processes' VmRSS every `everyMs` until stopped; the peak per pid */
export function sampleRss(pids: number[], everyMs = 250): { stop(): Map<number, number> } {
  const peak = new Map<number, number>(pids.map((p) => [p, rssKiB(p)]));
  const t = setInterval(() => {
    for (const p of pids) peak.set(p, Math.max(peak.get(p) ?? 0, rssKiB(p) || 0));
  }, everyMs);
  return {
    stop() {
      clearInterval(t);
      return peak;
    },
  };
}

/** wait until the notification e-mail queue has nothing waiting, delayed or active (earlier steps' e-mails) */
export async function emailQueueIdle(redisUrl: string, timeoutMs = 10 * 60_000): Promise<number> {
  const q = new Queue(SendEmail.queue, { connection: redisConnection(redisUrl), prefix: 'bull' });
  try {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const c = await q.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'waiting-children');
      const open = Object.values(c).reduce((a, b) => a + b, 0);
      if (!open) return 0;
      if (Date.now() > end) return open;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await q.close();
  }
}
