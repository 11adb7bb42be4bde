/**
 * P3, presentation viewers: N viewers (default 2,000) in one presentation room; the presenter changes slide
 * ROUNDS times and each viewer notes when the change reached it. Measured side by side in one run:
 *   - baseline: the same N clients on a bare `ws` broadcast server (raw-ws-broadcast.ts, its own process);
 *   - one presentation process (sign-in, room state in Redis, NATS fan-out), and its memory per viewer;
 *   - two presentation processes behind NATS: the presenter on the first, N viewers of another room (a second
 *     document of the same meeting) split over both.
 * All three sets of viewers stay connected together and the rounds are interleaved (bare, one, two; the order
 * turns each round), so that the three are measured under the same conditions: a busy moment of the machine falls
 * on all of them, not on whichever ran then.
 * The clients connect to the service's own port (the gateway's upgrade proxy only pipes bytes).
 *
 * Memory per viewer, the same way for the presentation process and the bare server: both run with
 * `--expose-gc -r memory-probe.cjs`; WARMUP viewers join and leave first (code compiled on first use, caches and
 * pools are not a viewer's), then full collections and process.memoryUsage() before and after the N viewers
 * joined: RSS growth / N and heap growth (V8 heap used + external memory) / N.
 * BENCH_HEAP_SNAPSHOTS=<dir> also writes a heap snapshot of each process before and after (slow; for looking).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { CreateTalkingPoint, RegisterFile } from '@app/contracts';
import { freePort, startServiceProcess, type ServiceProcess } from '@app/testing';
import type { BenchOptions } from './options';
import type { BenchResult } from './report';
import { ROOT, type BenchSystem } from './system';
import type { Fixtures } from './fixtures';
import { fmt, fmtRatio, meets, ratio, summarize, type LatencySummary } from './stats';

const ROUNDS = 30;
const GAP_MS = 150;
const WARMUP = 100;
const PROBE = path.join(ROOT, 'scripts', 'bench', 'memory-probe.cjs');

interface Viewer {
  ws: WebSocket;
  /** slide -> arrival time */
  seen: Map<number, number>;
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

let probeSeq = 0;
/** full collections in the child, then its memory (memory-probe.cjs); with `file`, a heap snapshot too */
function probe(child: ChildProcess, file?: string): Promise<Memory> {
  const id = ++probeSeq;
  return new Promise((resolve, reject) => {
    // a heap snapshot of a big heap takes minutes on a busy machine
    const ms = file ? 900_000 : 120_000;
    const timer = setTimeout(() => done(new Error(`the memory probe did not answer within ${ms / 1000} s`)), ms);
    const onMessage = (m: { id?: number; memory?: Memory; error?: string }) => {
      if (m?.id !== id) return;
      if (m.error || !m.memory) done(new Error(`memory probe: ${m.error ?? 'no figures'}`));
      else done(null, m.memory);
    };
    const done = (e: Error | null, mem?: Memory) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      if (e) reject(e);
      else resolve(mem!);
    };
    child.on('message', onMessage);
    child.send(file ? { probe: 'snapshot', id, file } : { probe: 'memory', id });
  });
}

interface PerViewer {
  /** KiB per viewer */
  rss: number;
  heap: number;
  before: Memory;
  after: Memory;
}

/** memory per viewer of the process `child` while `join` connects n viewers (see the header) */
async function perViewer(child: ChildProcess, name: string, n: number, warmup: () => Promise<void>, join: () => Promise<Viewer[]>): Promise<{ viewers: Viewer[]; mem: PerViewer }> {
  const dir = process.env.BENCH_HEAP_SNAPSHOTS;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  await warmup();
  await new Promise((r) => setTimeout(r, 500));
  const before = await probe(child, dir ? path.resolve(dir, `${name}-before.heapsnapshot`) : undefined);
  const viewers = await join();
  await new Promise((r) => setTimeout(r, 1000));
  const after = await probe(child, dir ? path.resolve(dir, `${name}-after-${n}.heapsnapshot`) : undefined);
  const heap = (m: Memory) => m.heapUsed + m.external;
  return { viewers, mem: { rss: (after.rss - before.rss) / 1024 / n, heap: (heap(after) - heap(before)) / 1024 / n, before, after } };
}

/**
 * open n sockets, `parallel` at a time; each records when it saw each slide. A socket counts once it is in the
 * room: its first frame (the room's `history` and who presents; the bare server sends `hello`) has arrived.
 */
async function connectViewers(urls: string[], headers: Record<string, string>, n: number, isSlide: (text: string) => number | null, parallel = 50): Promise<Viewer[]> {
  const out: Viewer[] = [];
  let next = 0;
  const one = (url: string) =>
    new Promise<Viewer>((resolve, reject) => {
      const ws = new WebSocket(url, { headers, perMessageDeflate: false });
      const v: Viewer = { ws, seen: new Map() };
      ws.on('message', (data) => {
        // the arrival time first: parsing is the client's work, not the delivery's
        const at = performance.now();
        const slide = isSlide(String(data));
        if (slide !== null && !v.seen.has(slide)) v.seen.set(slide, at);
      });
      ws.once('message', () => resolve(v));
      ws.once('error', reject);
      ws.once('close', (code) => reject(new Error(`socket closed with ${code} while opening`)));
    });
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        const i = next++;
        out.push(await one(urls[i % urls.length]));
      }
    }),
  );
  return out;
}

interface Run {
  latencies: number[];
  lost: number;
}

/** one slide change; latency = arrival at each viewer - the moment the presenter sent it */
async function round(send: (slide: number) => void, viewers: Viewer[], slide: number, into: Run): Promise<void> {
  const t0 = performance.now();
  send(slide);
  const deadline = t0 + 5000;
  while (viewers.some((v) => !v.seen.has(slide)) && performance.now() < deadline) await new Promise((res) => setTimeout(res, 2));
  for (const v of viewers) {
    const at = v.seen.get(slide);
    if (at === undefined) into.lost++;
    else into.latencies.push(at - t0);
  }
  await new Promise((res) => setTimeout(res, GAP_MS));
}

interface Contender {
  send: (slide: number) => void;
  viewers: Viewer[];
  run: Run;
}

/** ROUNDS rounds of every contender, interleaved; the order turns each round (a, b, c; b, c, a; c, a, b ...) */
async function interleaved(contenders: Contender[]): Promise<void> {
  for (let r = 1; r <= ROUNDS; r++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(r + k) % contenders.length];
      await round(c.send, c.viewers, r, c.run);
    }
  }
}

const close = async (viewers: Viewer[]) => {
  for (const v of viewers) v.ws.terminate();
  await new Promise((r) => setTimeout(r, 500));
};

function startRaw(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--expose-gc', '-r', PROBE, '-r', '@swc-node/register', path.join('scripts', 'bench', 'raw-ws-broadcast.ts'), String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`raw ws server exited ${code}`)));
  });
}

const kib = (m: Memory) => `RSS ${Math.round(m.rss / 1024)} KiB, heap used ${Math.round(m.heapUsed / 1024)} KiB, external ${Math.round(m.external / 1024)} KiB`;
const memRow = (m: PerViewer) => `RSS ${fmt(m.rss, 'KiB')} / heap ${fmt(m.heap, 'KiB')}`;

export async function runPresentation(sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void): Promise<BenchResult> {
  const n = opts.viewers;
  const pres = sys.services.find((s) => s.name === 'presentation');
  if (!pres) throw new Error('P3: the presentation service is not running');
  log(`P3: a meeting with a presented document; ${n} viewers`);
  const board = await fx.board('Bench presentation', 1);
  const chair = await fx.actor(board.org.orgId, board.chair.userId);
  // the presented document: a library file (attachments are checked by the library); its bytes are not needed here
  const register = (name: string) =>
    fx.bus.request(RegisterFile, {
      orgId: board.org.orgId, actor: chair, key: `${board.org.orgId}/bench/${name}`, size: 1024, mime: 'application/pdf', kind: 'pdf', extension: 'pdf', name,
    });
  const { id: DOC } = await register('slides.pdf');
  // the two-process room: another document of the same meeting (its own room, its own viewers)
  const { id: DOC2 } = await register('slides-2.pdf');
  await fx.bus.request(CreateTalkingPoint, {
    orgId: board.org.orgId, actor: chair, meetingId: board.meetingId,
    body: { title: 'Slides', viewers: [{ user_id: board.members[0].userId, user_email: null }], presenters: [{ user_id: board.chair.userId, user_email: null }], attachments: [DOC, DOC2], attachment_ids: [], subpoints: [] },
  });
  const chairToken = await fx.session(board.org.orgId, board.chair.userId);
  const viewerToken = await fx.session(board.org.orgId, board.members[0].userId);
  const headers = { 'x-boardroom-org': board.org.slug };
  const q = (port: number, token: string, doc = DOC) => `ws://127.0.0.1:${port}/ws/presentation?ref_id=${board.meetingId}&document=${doc}&token=${encodeURIComponent(token)}`;
  const slideOf = (text: string) => {
    if (!text.includes('SLIDE_CHANGE')) return null;
    const f = JSON.parse(text) as { action?: { slide?: number } };
    return typeof f.action?.slide === 'number' ? f.action.slide : null;
  };
  const frame = (slide: number) => JSON.stringify({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide } });

  const rawSlideOf = (t: string) => {
    const f = JSON.parse(t) as { action?: { slide?: number } };
    return f.action?.slide ?? null;
  };

  const env = { ...process.env, ...sys.env };
  const logDir = path.join(ROOT, '.data', 'bench', 'logs');
  const rawRun: Run = { latencies: [], lost: 0 };
  const one: Run = { latencies: [], lost: 0 };
  const two: Run = { latencies: [], lost: 0 };
  let rawMem: PerViewer;
  let mem: PerViewer;
  let joinSeconds = NaN;
  const open: Viewer[] = [];
  const rawPort = await freePort();
  const raw = await startRaw(rawPort);
  let first: ServiceProcess | null = null;
  let second: ServiceProcess | null = null;
  try {
    // baseline: the bare ws broadcast server, the same clients and frames, its memory measured the same way
    const rawUrl = `ws://127.0.0.1:${rawPort}/`;
    const rawPresenter = (await connectViewers([rawUrl], {}, 1, () => null))[0];
    const rawMeasured = await perViewer(
      raw,
      'bare-ws',
      n,
      async () => close(await connectViewers([rawUrl], {}, WARMUP, rawSlideOf)),
      () => connectViewers([rawUrl], {}, n, rawSlideOf),
    );
    open.push(rawPresenter, ...rawMeasured.viewers);
    rawMem = rawMeasured.mem;
    log(`P3: baseline: ${n} viewers on a bare ws server; per viewer ${memRow(rawMem)}`);

    // one presentation process, started by the bench with the memory probe (the running one has no probe)
    first = await startServiceProcess('presentation', env, { logFile: path.join(logDir, 'presentation-p3-first.log'), nodeArgs: ['--expose-gc', '-r', PROBE], ipc: true, timeoutMs: 180_000 });
    const firstPort = first.port;
    const presenter = (await connectViewers([q(firstPort, chairToken)], headers, 1, () => null))[0];
    open.push(presenter);
    const measured = await perViewer(
      first.child,
      'presentation',
      n,
      async () => close(await connectViewers([q(firstPort, viewerToken)], headers, WARMUP, slideOf)),
      async () => {
        const t0 = performance.now();
        const v = await connectViewers([q(firstPort, viewerToken)], headers, n, slideOf);
        joinSeconds = (performance.now() - t0) / 1000;
        return v;
      },
    );
    open.push(...measured.viewers);
    mem = measured.mem;
    log(`P3: ${n} viewers joined one process in ${joinSeconds.toFixed(1)} s; per viewer ${memRow(mem)}`);

    // two presentation processes behind NATS: the second document's room, its viewers split over both
    second = await startServiceProcess('presentation', env, { logFile: path.join(logDir, 'presentation-p3-second.log'), timeoutMs: 180_000 });
    const presenter2 = (await connectViewers([q(firstPort, chairToken, DOC2)], headers, 1, () => null))[0];
    open.push(presenter2);
    const split = await connectViewers([q(firstPort, viewerToken, DOC2), q(second.port, viewerToken, DOC2)], headers, n, slideOf);
    open.push(...split);
    log(`P3: ${n} more viewers over two processes; ${ROUNDS} rounds of each, interleaved`);

    await interleaved([
      { send: (sl) => rawPresenter.ws.send(frame(sl)), viewers: rawMeasured.viewers, run: rawRun },
      { send: (sl) => presenter.ws.send(frame(sl)), viewers: measured.viewers, run: one },
      { send: (sl) => presenter2.ws.send(frame(sl)), viewers: split, run: two },
    ]);
  } finally {
    await close(open);
    raw.kill('SIGTERM');
    await second?.stop();
    await first?.stop();
  }

  const base = summarize(rawRun.latencies);
  const s1 = summarize(one.latencies);
  const s2 = summarize(two.latencies);
  const p99Ratio = ratio(s1.p99, base.p99);
  const twoRatio = ratio(s2.p99, s1.p99);
  const row = (s: LatencySummary) => `p50 ${fmt(s.p50, 'ms')} / p99 ${fmt(s.p99, 'ms')}`;
  const failedChecks: string[] = [];
  if (one.lost || two.lost || rawRun.lost) failedChecks.push(`P3: ${one.lost + two.lost + rawRun.lost} slide changes never reached a viewer`);
  // the goal is 10 KB (10,000 bytes) of RSS per viewer
  const memGoalKiB = 10_000 / 1024;
  return {
    id: 'P3',
    title: `presentation: ${n} viewers follow a slide change`,
    rows: [
      { id: 'P3', work: `slide change to ${n} viewers (1 process)`, figure: row(s1), baseline: `bare ws: ${row(base)}`, ratio: fmtRatio(p99Ratio), goal: 'p99 <= 100 ms and <= 1.5x', met: s1.p99 <= 100 && meets(p99Ratio, { le: 1.5 }) === true },
      { id: 'P3', work: 'memory per viewer (after GC)', figure: memRow(mem), baseline: `bare ws: ${memRow(rawMem)}`, ratio: fmtRatio(ratio(mem.rss, rawMem.rss)), goal: '<= 10 KB', met: mem.rss <= memGoalKiB },
      { id: 'P3', work: `slide change, 2 processes behind NATS`, figure: row(s2), baseline: `1 process: ${row(s1)}`, ratio: fmtRatio(twoRatio), goal: '<= 1.5x', met: meets(twoRatio, { le: 1.5 }) },
    ],
    figures: {
      viewers: n,
      rounds: ROUNDS,
      baseline: base,
      oneProcess: s1,
      twoProcesses: s2,
      perViewerKiB: mem.rss,
      perViewerHeapKiB: mem.heap,
      rawPerViewerKiB: rawMem.rss,
      rawPerViewerHeapKiB: rawMem.heap,
      memory: { presentation: { before: mem.before, after: mem.after }, bareWs: { before: rawMem.before, after: rawMem.after } },
      joinSeconds,
      lost: one.lost + two.lost + rawRun.lost,
      interleaved: true,
    },
    details: [
      `Viewers joined one process in ${joinSeconds.toFixed(1)} s (sign-in, organization, meeting access per socket).`,
      `The ${3 * n} viewers (bare ws, one process, two processes) were connected together and the ${ROUNDS} rounds of each interleaved, the order turning each round.`,
      `Memory after full collections (--expose-gc), ${WARMUP} viewers joined and left before the first measure. Presentation process: ${kib(mem.before)} before, ${kib(mem.after)} after ${n} viewers. Bare ws server: ${kib(rawMem.before)} before, ${kib(rawMem.after)} after.`,
    ],
    failedChecks,
  };
}
