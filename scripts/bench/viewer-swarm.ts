/**
 * P3's viewers, in a process of their own (one per contender): a process may hold only so many sockets (the open
 * files limit, 20,000 on the bench machines), and P3 opens 10,000 viewers on each side. The bench drives it over
 * the IPC channel; the presenter's socket and the viewers' sockets live here, so a slide change is timed by one
 * clock, from the presenter's send to each viewer's arrival.
 *   node -r @swc-node/register scripts/bench/viewer-swarm.ts     (spawned with an IPC channel)
 *
 * Messages (each carries an `id`; the answer carries it back, with `error` when it failed):
 *   {cmd: 'connect', group, urls, headers, n, parallel, slides}  open n sockets over `urls` in turn, `parallel` at a
 *       time; a socket counts once its first frame arrived. slides: 'service' (SLIDE_CHANGE frames) | 'bare' | 'none'
 *       -> {count, seconds}
 *   {cmd: 'close', group}                                          terminate a group's sockets -> {}
 *   {cmd: 'round', presenter, group, slide, timeoutMs}             the presenter group's first socket sends the slide
 *       change; wait until every socket of `group` saw it -> {latencies (ms), lost}
 *   {cmd: 'end'}                                                   terminate everything and exit
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

type SlideKind = 'service' | 'bare' | 'none';

interface Viewer {
  ws: WebSocket;
  /** slide -> arrival time */
  seen: Map<number, number>;
}

const groups = new Map<string, Viewer[]>();

/** the slide a frame carries, or null (the service's frames are JSON with action.type SLIDE_CHANGE) */
export function slideOf(kind: SlideKind, text: string): number | null {
  if (kind === 'none') return null;
  if (kind === 'service' && !text.includes('SLIDE_CHANGE')) return null;
  try {
    const f = JSON.parse(text) as { action?: { slide?: unknown } };
    return typeof f.action?.slide === 'number' ? f.action.slide : null;
  } catch {
    return null;
  }
}

export const slideFrame = (slide: number): string => JSON.stringify({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide } });

function open(url: string, headers: Record<string, string>, kind: SlideKind): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    const v: Viewer = { ws, seen: new Map() };
    ws.on('message', (data) => {
      // the arrival time first: parsing is the client's work, not the delivery's
      const at = performance.now();
      const slide = slideOf(kind, String(data));
      if (slide !== null && !v.seen.has(slide)) v.seen.set(slide, at);
    });
    ws.once('message', () => resolve(v));
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`socket closed with ${code} while opening`)));
  });
}

async function connect(m: { group: string; urls: string[]; headers: Record<string, string>; n: number; parallel?: number; slides: SlideKind }): Promise<{ count: number; seconds: number }> {
  const t0 = performance.now();
  const out = groups.get(m.group) ?? [];
  groups.set(m.group, out);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(m.parallel ?? 50, m.n) }, async () => {
      while (next < m.n) {
        const i = next++;
        out.push(await open(m.urls[i % m.urls.length], m.headers, m.slides));
      }
    }),
  );
  return { count: out.length, seconds: (performance.now() - t0) / 1000 };
}

async function close(group: string): Promise<void> {
  for (const v of groups.get(group) ?? []) v.ws.terminate();
  groups.delete(group);
  await new Promise((r) => setTimeout(r, 200));
}

async function round(m: { presenter: string; group: string; slide: number; timeoutMs?: number }): Promise<{ latencies: number[]; lost: number }> {
  const presenter = groups.get(m.presenter)?.[0];
  const viewers = groups.get(m.group) ?? [];
  if (!presenter) throw new Error(`no presenter in group ${m.presenter}`);
  const t0 = performance.now();
  presenter.ws.send(slideFrame(m.slide));
  const deadline = t0 + (m.timeoutMs ?? 5000);
  while (viewers.some((v) => !v.seen.has(m.slide)) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  const latencies: number[] = [];
  let lost = 0;
  for (const v of viewers) {
    const at = v.seen.get(m.slide);
    if (at === undefined) lost++;
    else latencies.push(at - t0);
  }
  return { latencies, lost };
}

type Message = { id: number; cmd: 'connect' | 'close' | 'round' | 'end' } & Record<string, unknown>;

if (require.main === module) {
  process.on('message', (raw: Message) => {
    const reply = (body: object) => process.send?.({ id: raw.id, ...body });
    const work: Promise<object> =
      raw.cmd === 'connect'
        ? connect(raw as unknown as Parameters<typeof connect>[0])
        : raw.cmd === 'close'
          ? close(String(raw.group)).then(() => ({}))
          : raw.cmd === 'round'
            ? round(raw as unknown as Parameters<typeof round>[0])
            : Promise.resolve({});
    work
      .then((body) => reply(body))
      .catch((e: unknown) => reply({ error: e instanceof Error ? e.message : String(e) }))
      .finally(() => {
        if (raw.cmd === 'end') {
          for (const g of [...groups.keys()]) for (const v of groups.get(g)!) v.ws.terminate();
          setTimeout(() => process.exit(0), 100);
        }
      });
  });
  // exit-with-parent.cjs unrefs the channel (a service must not be kept alive by it); the swarm lives for its orders
  (process.channel as { ref?: () => void } | undefined)?.ref?.();
  process.send?.({ ready: true });
}
