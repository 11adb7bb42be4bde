/**
 * P3, presentation viewers: N viewers (default 2,000) in one presentation room; the presenter changes slide
 * ROUNDS times and each viewer notes when the change reached it. Measured side by side in one run:
 *   - baseline: the same N clients on a bare `ws` broadcast server (raw-ws-broadcast.ts, its own process);
 *   - one presentation process (sign-in, room state in Redis, NATS fan-out), and its memory per viewer (RSS
 *     growth of the process while the viewers joined, divided by N);
 *   - two presentation processes behind NATS: the presenter on the first, the viewers split over both.
 * The clients connect to the service's own port (the gateway's upgrade proxy only pipes bytes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { CreateTalkingPoint, RegisterFile } from '@app/contracts';
import { freePort, startServiceProcess } from '@app/testing';
import type { BenchOptions } from './options';
import type { BenchResult } from './report';
import { ROOT, type BenchSystem } from './system';
import type { Fixtures } from './fixtures';
import { fmt, fmtRatio, meets, ratio, summarize, type LatencySummary } from './stats';

const ROUNDS = 30;
const GAP_MS = 150;

interface Viewer {
  ws: WebSocket;
  /** slide -> arrival time */
  seen: Map<number, number>;
}

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
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
        const slide = isSlide(String(data));
        if (slide !== null && !v.seen.has(slide)) v.seen.set(slide, performance.now());
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

/** ROUNDS slide changes; latency = arrival at each viewer - the moment the presenter sent it */
async function rounds(send: (slide: number) => void, viewers: Viewer[], base: number): Promise<{ latencies: number[]; lost: number }> {
  const latencies: number[] = [];
  let lost = 0;
  for (let r = 1; r <= ROUNDS; r++) {
    const slide = base + r;
    const t0 = performance.now();
    send(slide);
    const deadline = t0 + 5000;
    while (viewers.some((v) => !v.seen.has(slide)) && performance.now() < deadline) await new Promise((res) => setTimeout(res, 2));
    for (const v of viewers) {
      const at = v.seen.get(slide);
      if (at === undefined) lost++;
      else latencies.push(at - t0);
    }
    await new Promise((res) => setTimeout(res, GAP_MS));
  }
  return { latencies, lost };
}

const close = async (viewers: Viewer[]) => {
  for (const v of viewers) v.ws.terminate();
  await new Promise((r) => setTimeout(r, 500));
};

function startRaw(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', path.join('scripts', 'bench', 'raw-ws-broadcast.ts'), String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`raw ws server exited ${code}`)));
  });
}

export async function runPresentation(sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void): Promise<BenchResult> {
  const n = opts.viewers;
  const pres = sys.services.find((s) => s.name === 'presentation');
  if (!pres) throw new Error('P3: the presentation service is not running');
  log(`P3: a meeting with a presented document; ${n} viewers`);
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
  const slideOf = (text: string) => {
    if (!text.includes('SLIDE_CHANGE')) return null;
    const f = JSON.parse(text) as { action?: { slide?: number } };
    return typeof f.action?.slide === 'number' ? f.action.slide : null;
  };
  const frame = (slide: number) => JSON.stringify({ type: 'forward', action: { type: 'SLIDE_CHANGE', slide } });

  // baseline: the bare ws broadcast server, the same clients and frames
  const rawPort = await freePort();
  const raw = await startRaw(rawPort);
  let rawRun: { latencies: number[]; lost: number };
  let rawPerViewerKiB = NaN;
  try {
    const rawUrl = `ws://127.0.0.1:${rawPort}/`;
    await new Promise((r) => setTimeout(r, 300));
    const rawBefore = rssKiB(raw.pid!);
    const rawViewers = await connectViewers([rawUrl], {}, n, (t) => {
      const f = JSON.parse(t) as { action?: { slide?: number } };
      return f.action?.slide ?? null;
    });
    await new Promise((r) => setTimeout(r, 1000));
    rawPerViewerKiB = (rssKiB(raw.pid!) - rawBefore) / n;
    const rawPresenter = (await connectViewers([rawUrl], {}, 1, () => null))[0];
    log(`P3: baseline: ${n} viewers on a bare ws server`);
    rawRun = await rounds((s) => rawPresenter.ws.send(frame(s)), rawViewers, 0);
    await close([...rawViewers, rawPresenter]);
  } finally {
    raw.kill('SIGTERM');
  }

  // one presentation process
  const presenter = (await connectViewers([q(pres.port, chairToken)], headers, 1, () => null))[0];
  await new Promise((r) => setTimeout(r, 300));
  const before = rssKiB(pres.pid);
  const t0 = performance.now();
  const viewers = await connectViewers([q(pres.port, viewerToken)], headers, n, slideOf);
  const joinSeconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const after = rssKiB(pres.pid);
  const perViewerKiB = (after - before) / n;
  log(`P3: ${n} viewers joined one process in ${joinSeconds.toFixed(1)} s; RSS +${Math.round(after - before)} KiB`);
  const one = await rounds((s) => presenter.ws.send(frame(s)), viewers, 100);
  await close(viewers);

  // two presentation processes behind NATS
  const second = await startServiceProcess('presentation', { ...process.env, ...sys.env, LOG_LEVEL: 'warn' });
  let two: { latencies: number[]; lost: number };
  try {
    const split = await connectViewers([q(pres.port, viewerToken), q(second.port, viewerToken)], headers, n, slideOf);
    log(`P3: ${n} viewers over two processes`);
    two = await rounds((s) => presenter.ws.send(frame(s)), split, 200);
    await close([...split, presenter]);
  } finally {
    await second.stop();
  }

  const base = summarize(rawRun.latencies);
  const s1 = summarize(one.latencies);
  const s2 = summarize(two.latencies);
  const p99Ratio = ratio(s1.p99, base.p99);
  const twoRatio = ratio(s2.p99, s1.p99);
  const row = (s: LatencySummary) => `p50 ${fmt(s.p50, 'ms')} / p99 ${fmt(s.p99, 'ms')}`;
  const failedChecks: string[] = [];
  if (one.lost || two.lost) failedChecks.push(`P3: ${one.lost + two.lost} slide changes never reached a viewer`);
  return {
    id: 'P3',
    title: `presentation: ${n} viewers follow a slide change`,
    rows: [
      { id: 'P3', work: `slide change to ${n} viewers (1 process)`, figure: row(s1), baseline: `bare ws: ${row(base)}`, ratio: fmtRatio(p99Ratio), goal: 'p99 <= 100 ms and <= 1.5x', met: s1.p99 <= 100 && meets(p99Ratio, { le: 1.5 }) === true },
      { id: 'P3', work: 'memory per viewer', figure: `${fmt(perViewerKiB, 'KiB')}`, baseline: `bare ws: ${fmt(rawPerViewerKiB, 'KiB')}`, ratio: fmtRatio(ratio(perViewerKiB, rawPerViewerKiB)), goal: '<= 10 KB', met: perViewerKiB <= 10 },
      { id: 'P3', work: `slide change, 2 processes behind NATS`, figure: row(s2), baseline: `1 process: ${row(s1)}`, ratio: fmtRatio(twoRatio), goal: '<= 1.5x', met: meets(twoRatio, { le: 1.5 }) },
    ],
    figures: { viewers: n, rounds: ROUNDS, baseline: base, oneProcess: s1, twoProcesses: s2, perViewerKiB, rawPerViewerKiB, joinSeconds, lost: one.lost + two.lost },
    details: [
      `Viewers joined one process in ${joinSeconds.toFixed(1)} s (sign-in, organization, meeting access per socket).`,
      `RSS of the presentation process: ${before} KiB before, ${after} KiB after ${n} viewers.`,
    ],
    failedChecks,
  };
}
