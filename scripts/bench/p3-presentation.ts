/**
 * P3, presentation viewers: N viewers (default 10,000) follow a slide change in one presentation room served by two
 * presentation processes behind NATS (the presenter on the first, the viewers alternating between both); the
 * presenter changes slide ROUNDS times and each viewer notes when the change reached it. Baseline in the same run:
 * the same N clients on a bare `ws` broadcast server (raw-ws-broadcast.ts, its own process). Both sets of viewers
 * stay connected together and the rounds are interleaved (the order turns each round), so that a busy moment of
 * the machine falls on both sides, not on whichever ran then. Each side's clients run in a process of their own
 * (viewer-swarm.ts): one process may not hold 2 × 10,000 sockets.
 * The clients connect to the services' own ports (the gateway's upgrade proxy only pipes bytes).
 *
 * Memory per viewer, the same way for the first presentation process and the bare server: both run with
 * `--expose-gc -r memory-probe.cjs`; WARMUP viewers join and leave first (code compiled on first use, caches and
 * pools are not a viewer's), then full collections and process.memoryUsage() before and after the viewers joined:
 * RSS growth / its viewers and heap growth (V8 heap used + external memory) / its viewers.
 * CPU per delivery (a slide change reaching one viewer) by process, the client processes left out.
 * BENCH_HEAP_SNAPSHOTS=<dir> also writes a heap snapshot of each process before and after (slow; for looking).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CreateTalkingPoint, RegisterFile } from '@app/contracts';
import { freePort, startServiceProcess, type ServiceProcess } from '@app/testing';
import type { BenchOptions } from './options';
import type { BenchResult } from './report';
import { ROOT, type BenchSystem } from './system';
import type { Fixtures } from './fixtures';
import { accumulate, during, formatPerUnit, perUnit } from './cpu';
import { fmt, fmtRatio, meets, ratio, summarize, type LatencySummary } from './stats';

const ROUNDS = 30;
const GAP_MS = 150;
const WARMUP = 100;
const PROBE = path.join(ROOT, 'scripts', 'bench', 'memory-probe.cjs');

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

/**
 * memory per viewer of the process `child` while `join` connects viewers, `count` of them to this process (see the
 * header)
 */
async function perViewer(child: ChildProcess, name: string, count: number, warmup: () => Promise<void>, join: () => Promise<void>): Promise<PerViewer> {
  const dir = process.env.BENCH_HEAP_SNAPSHOTS;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  await warmup();
  await new Promise((r) => setTimeout(r, 500));
  const before = await probe(child, dir ? path.resolve(dir, `${name}-before.heapsnapshot`) : undefined);
  await join();
  await new Promise((r) => setTimeout(r, 1000));
  const after = await probe(child, dir ? path.resolve(dir, `${name}-after-${count}.heapsnapshot`) : undefined);
  const heap = (m: Memory) => m.heapUsed + m.external;
  return { rss: (after.rss - before.rss) / 1024 / count, heap: (heap(after) - heap(before)) / 1024 / count, before, after };
}

/** a viewer-swarm.ts process: one contender's presenter and viewers, driven over IPC */
class Swarm {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (m: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  private constructor(readonly child: ChildProcess) {
    child.on('message', (m: { id?: number; error?: string } & Record<string, unknown>) => {
      const w = m.id === undefined ? undefined : this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id!);
      if (m.error) w.reject(new Error(`viewer swarm: ${m.error}`));
      else w.resolve(m);
    });
    child.once('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`the viewer swarm exited ${code}`));
      this.waiting.clear();
    });
  }

  static start(): Promise<Swarm> {
    const child = spawn(process.execPath, ['-r', path.join(ROOT, 'scripts/lib/exit-with-parent.cjs'), '-r', '@swc-node/register', path.join('scripts', 'bench', 'viewer-swarm.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve(new Swarm(child)));
      child.once('exit', (code) => reject(new Error(`the viewer swarm exited ${code} before it was ready`)));
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  private ask<T>(cmd: string, body: object = {}): Promise<T> {
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (m: Record<string, unknown>) => void, reject });
      this.child.send({ id, cmd, ...body });
    });
  }

  connect(group: string, urls: string[], headers: Record<string, string>, n: number, slides: 'service' | 'bare' | 'none'): Promise<{ count: number; seconds: number }> {
    return this.ask('connect', { group, urls, headers, n, slides });
  }

  close(group: string): Promise<void> {
    return this.ask('close', { group });
  }

  round(slide: number): Promise<Run> {
    return this.ask('round', { presenter: 'presenter', group: 'viewers', slide, timeoutMs: 5000 });
  }

  async end(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const gone = new Promise<void>((r) => this.child.once('exit', () => r()));
    await this.ask('end').catch(() => undefined);
    await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
    this.child.kill('SIGKILL');
  }
}

interface Run {
  latencies: number[];
  lost: number;
}

interface Contender {
  swarm: Swarm;
  run: Run;
  /** CPU seconds by process during this contender's rounds (from the send to the last arrival) */
  cpu: Map<string, number>;
}

/** ROUNDS rounds of every contender, interleaved; the order turns each round (a, b; b, a ...) */
async function interleaved(contenders: Contender[], pids: Record<string, number>): Promise<void> {
  for (let r = 1; r <= ROUNDS; r++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(r + k) % contenders.length];
      const { result, cpu } = await during(pids, () => c.swarm.round(r));
      c.run.latencies.push(...result.latencies);
      c.run.lost += result.lost;
      accumulate(c.cpu, cpu);
      await new Promise((res) => setTimeout(res, GAP_MS));
    }
  }
}

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
  log(`P3: a meeting with a presented document; ${n} viewers over two presentation processes, ${n} on a bare ws server`);
  const board = await fx.board('Bench presentation', 1);
  const chair = await fx.actor(board.org.orgId, board.chair.userId);
  // the presented document: a library file (attachments are checked by the library); its bytes are not needed here
  const { id: DOC } = await fx.bus.request(RegisterFile, {
    orgId: board.org.orgId, actor: chair, key: `${board.org.orgId}/bench/slides.pdf`, size: 1024, mime: 'application/pdf', kind: 'pdf', extension: 'pdf', name: 'slides.pdf',
  });
  await fx.bus.request(CreateTalkingPoint, {
    orgId: board.org.orgId, actor: chair, meetingId: board.meetingId,
    body: { title: 'Slides', viewers: [{ user_id: board.members[0].userId, user_email: null }], presenters: [{ user_id: board.chair.userId, user_email: null }], attachments: [DOC], attachment_ids: [], subpoints: [] },
  });
  const chairToken = await fx.session(board.org.orgId, board.chair.userId);
  const viewerToken = await fx.session(board.org.orgId, board.members[0].userId);
  const headers = { 'x-boardroom-org': board.org.slug };
  const q = (port: number, token: string) => `ws://127.0.0.1:${port}/ws/presentation?ref_id=${board.meetingId}&document=${DOC}&token=${encodeURIComponent(token)}`;

  const env = { ...process.env, ...sys.env };
  const logDir = path.join(ROOT, '.data', 'bench', 'logs');
  const bare: Contender = { swarm: null as unknown as Swarm, run: { latencies: [], lost: 0 }, cpu: new Map() };
  const two: Contender = { swarm: null as unknown as Swarm, run: { latencies: [], lost: 0 }, cpu: new Map() };
  let rawMem: PerViewer;
  let mem: PerViewer;
  let joinSeconds = NaN;
  let onFirst = 0;
  const rawPort = await freePort();
  const raw = await startRaw(rawPort);
  let first: ServiceProcess | null = null;
  let second: ServiceProcess | null = null;
  const pids: Record<string, number> = { 'bare ws': raw.pid! };
  try {
    bare.swarm = await Swarm.start();
    two.swarm = await Swarm.start();
    pids['viewers (bare)'] = bare.swarm.pid;
    pids['viewers (service)'] = two.swarm.pid;
    // baseline: the bare ws broadcast server, the same clients and frames, its memory measured the same way
    const rawUrl = `ws://127.0.0.1:${rawPort}/`;
    await bare.swarm.connect('presenter', [rawUrl], {}, 1, 'none');
    rawMem = await perViewer(
      raw,
      'bare-ws',
      n,
      async () => {
        await bare.swarm.connect('warm', [rawUrl], {}, WARMUP, 'bare');
        await bare.swarm.close('warm');
      },
      async () => void (await bare.swarm.connect('viewers', [rawUrl], {}, n, 'bare')),
    );
    log(`P3: baseline: ${n} viewers on a bare ws server; per viewer ${memRow(rawMem)}`);

    // two presentation processes behind NATS, started by the bench (the first with the memory probe; the running
    // one has no probe): the presenter on the first, the viewers alternating between both
    first = await startServiceProcess('presentation', env, { logFile: path.join(logDir, 'presentation-p3-first.log'), nodeArgs: ['--expose-gc', '-r', PROBE], ipc: true, timeoutMs: 180_000 });
    second = await startServiceProcess('presentation', env, { logFile: path.join(logDir, 'presentation-p3-second.log'), timeoutMs: 180_000 });
    pids['presentation 1'] = first.child.pid!;
    pids['presentation 2'] = second.child.pid!;
    const firstPort = first.port;
    const secondPort = second.port;
    await two.swarm.connect('presenter', [q(firstPort, chairToken)], headers, 1, 'none');
    onFirst = Math.ceil(n / 2);
    mem = await perViewer(
      first.child,
      'presentation',
      onFirst,
      async () => {
        await two.swarm.connect('warm', [q(firstPort, viewerToken)], headers, WARMUP, 'service');
        await two.swarm.close('warm');
      },
      async () => {
        const r = await two.swarm.connect('viewers', [q(firstPort, viewerToken), q(secondPort, viewerToken)], headers, n, 'service');
        joinSeconds = r.seconds;
      },
    );
    log(`P3: ${n} viewers joined two processes in ${joinSeconds.toFixed(1)} s; per viewer on the first ${memRow(mem)}; ${ROUNDS} rounds of each side, interleaved`);

    await interleaved([bare, two], pids);
  } finally {
    await bare.swarm?.end();
    await two.swarm?.end();
    raw.kill('SIGTERM');
    await second?.stop();
    await first?.stop();
  }

  const base = summarize(bare.run.latencies);
  const s2 = summarize(two.run.latencies);
  const p99Ratio = ratio(s2.p99, base.p99);
  const row = (s: LatencySummary) => `p50 ${fmt(s.p50, 'ms')} / p99 ${fmt(s.p99, 'ms')}`;
  // CPU per delivery (one slide change reaching one viewer), the viewers' processes left out: they are the clients
  const clients = ['bench', 'viewers (bare)', 'viewers (service)'];
  const cpuTwo = perUnit([...two.cpu].filter(([k]) => k !== 'bare ws'), ROUNDS * n, clients);
  const cpuBare = perUnit([...bare.cpu].filter(([k]) => k === 'bare ws'), ROUNDS * n, clients);
  const us = (ms: number) => fmt(ms * 1000, 'µs');
  const failedChecks: string[] = [];
  const lost = bare.run.lost + two.run.lost;
  if (lost) failedChecks.push(`P3: ${lost} slide changes never reached a viewer`);
  // the goal is 10 KB (10,000 bytes) of RSS per viewer
  const memGoalKiB = 10_000 / 1024;
  return {
    id: 'P3',
    title: `presentation: ${n} viewers follow a slide change`,
    rows: [
      { id: 'P3', work: `slide change to ${n} viewers over 2 processes (NATS)`, figure: row(s2), baseline: `bare ws, ${n}: ${row(base)}`, ratio: fmtRatio(p99Ratio), goal: 'p99 <= 250 ms and <= 1.5x', met: s2.p99 <= 250 && meets(p99Ratio, { le: 1.5 }) === true },
      { id: 'P3', work: `memory per viewer (after GC, ${onFirst} on one process)`, figure: memRow(mem), baseline: `bare ws: ${memRow(rawMem)}`, ratio: fmtRatio(ratio(mem.rss, rawMem.rss)), goal: '<= 10 KB', met: mem.rss <= memGoalKiB },
      { id: 'P3', work: 'machine CPU per delivery (viewers out)', figure: us(cpuTwo.machineMs), baseline: `bare ws ${us(cpuBare.machineMs)}`, ratio: fmtRatio(ratio(cpuTwo.machineMs, cpuBare.machineMs)), goal: '(reported)', met: null },
    ],
    figures: {
      viewers: n,
      onFirstProcess: onFirst,
      rounds: ROUNDS,
      baseline: base,
      twoProcesses: s2,
      perViewerKiB: mem.rss,
      perViewerHeapKiB: mem.heap,
      rawPerViewerKiB: rawMem.rss,
      rawPerViewerHeapKiB: rawMem.heap,
      memory: { presentation: { before: mem.before, after: mem.after }, bareWs: { before: rawMem.before, after: rawMem.after } },
      joinSeconds,
      lost,
      interleaved: true,
      cpuSeconds: { twoProcesses: Object.fromEntries(two.cpu), bare: Object.fromEntries(bare.cpu) },
      cpuMsPerDelivery: { twoProcesses: cpuTwo.machineMs, bare: cpuBare.machineMs },
    },
    details: [
      `Viewers joined the two processes in ${joinSeconds.toFixed(1)} s (sign-in, organization, meeting access per socket), alternating between them; the presenter is on the first.`,
      `Each side's clients (presenter and viewers) are a process of their own (viewer-swarm.ts), which times a change from the presenter's send to each viewer's arrival; the ${2 * n} viewers stayed connected together and the ${ROUNDS} rounds of each side were interleaved, the order turning each round.`,
      `CPU per delivery (a slide change reaching one viewer; the client processes left out): two processes ${formatPerUnit(cpuTwo.byProcess)}; bare ws ${formatPerUnit(cpuBare.byProcess)}.`,
      `Memory after full collections (--expose-gc), ${WARMUP} viewers joined and left before the first measure. First presentation process: ${kib(mem.before)} before, ${kib(mem.after)} after its ${onFirst} viewers. Bare ws server: ${kib(rawMem.before)} before, ${kib(rawMem.after)} after ${n}.`,
    ],
    failedChecks,
  };
}
