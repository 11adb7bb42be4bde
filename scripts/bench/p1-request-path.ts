/**
 * P1, the request path: `GET /api/meetings/{id}` through the gateway, NATS and the meeting service (which asks
 * the organization service's directory over NATS, cached), against the bare route of bare-meeting-server.ts
 * (the same payload from the same queries straight from PostgreSQL), both under the same autocannon load
 * (connections × duration), one after the other. Figures: p50 ratio and throughput ratio; and the machine's CPU per
 * request against a third side, three plain queries of the meeting's rows (the bare server's /plain route). Also each service's
 * resident memory (VmRSS) idle, before the load, and its peak under the gateway load.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { BenchOptions } from './options';
import type { BenchResult, Row } from './report';
import { ROOT, type BenchSystem } from './system';
import type { Fixtures } from './fixtures';
import { call, load, rssKiB, sampleRss, type LoadResult } from './http';
import { fmt, fmtRatio, mb, meets, ratio } from './stats';
import { formatPerUnit, perUnit, snapshot, spent } from './cpu';

const MEMBERS = 20;

export async function startBare(sys: BenchSystem, orgId: string, userId: number): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', path.join('scripts', 'bench', 'bare-meeting-server.ts')], {
    cwd: ROOT,
    env: { ...sys.env, BARE_PORT: '0', BARE_ORG_ID: orgId, BARE_USER_ID: String(userId) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      const m = /^listening (\d+)/.exec(line);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the bare route exited (code ${code}) before listening`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return { url: `http://127.0.0.1:${port}`, child, stop };
}

/** the first place where two JSON values differ ('' when equal) */
export function firstDifference(a: unknown, b: unknown, at = '$'): string {
  if (a === b) return '';
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return `${at}: ${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const k of keys) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
    if (d) return d;
  }
  return '';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runRequestPath(sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void): Promise<BenchResult> {
  log(`P1: a meeting with ${MEMBERS} members, a talking point and a decision`);
  const board = await fx.board('Bench request path', MEMBERS);
  const token = await fx.session(board.org.orgId, board.chair.userId);
  const route = `/api/meetings/${board.meetingId}`;
  const headers = { 'x-org': board.org.slug, token };
  const plainRoute = `/plain/meetings/${board.meetingId}`;

  const bare = await startBare(sys, board.org.orgId, board.chair.userId);
  const failedChecks: string[] = [];
  try {
    // the two answer the same meeting
    const viaGateway = await call(sys.gatewayUrl, 'GET', route, { org: board.org.slug, token });
    const viaBare = await call(bare.url, 'GET', route, { org: board.org.slug });
    if (viaGateway.status !== 200) throw new Error(`P1: the gateway answered ${viaGateway.status}: ${JSON.stringify(viaGateway.body).slice(0, 300)}`);
    if (viaBare.status !== 200) throw new Error(`P1: the bare route answered ${viaBare.status}: ${JSON.stringify(viaBare.body).slice(0, 300)}`);
    const difference = firstDifference(viaGateway.body.data, viaBare.body.data);
    const same = !difference;
    const bytes = { gateway: JSON.stringify(viaGateway.body).length, bare: JSON.stringify(viaBare.body).length };
    if (!same) failedChecks.push(`the bare route and the gateway answered different meeting payloads (${difference})`);

    // memory idle: the system settled after the set-up
    await sleep(2000);
    const procs = [...sys.services.map((s) => ({ name: s.name, pid: s.pid })), { name: 'bare route', pid: bare.child.pid! }];
    const idle = new Map(procs.map((p) => [p.pid, rssKiB(p.pid)]));

    const c = { connections: opts.connections, duration: opts.duration };
    log(`P1: warm-up, then ${c.connections} connections × ${c.duration} s on each side`);
    await load(`${sys.gatewayUrl}${route}`, { ...c, duration: 1, headers });
    await load(`${bare.url}${route}`, { ...c, duration: 1 });
    await load(`${bare.url}${plainRoute}`, { ...c, duration: 1 });
    const pids = Object.fromEntries(procs.map((p) => [p.name, p.pid]));
    const sampler = sampleRss(procs.map((p) => p.pid));
    let cpuBefore = snapshot(pids);
    const gw: LoadResult = await load(`${sys.gatewayUrl}${route}`, { ...c, headers });
    const gwCpu = spent(cpuBefore, snapshot(pids));
    const peak = sampler.stop();
    const bareSampler = sampleRss([bare.child.pid!]);
    cpuBefore = snapshot(pids);
    const base: LoadResult = await load(`${bare.url}${route}`, c);
    const bareCpu = spent(cpuBefore, snapshot(pids));
    const barePeak = bareSampler.stop().get(bare.child.pid!) ?? NaN;
    cpuBefore = snapshot(pids);
    const plain: LoadResult = await load(`${bare.url}${plainRoute}`, c);
    const plainCpu = spent(cpuBefore, snapshot(pids));
    // the machine's CPU per request on each side, the load generator (this process) left out
    const machine = (cpu: Array<[string, number]>, r: LoadResult) => perUnit(cpu, r.rps * c.duration).machineMs;
    const cpuMs = { gateway: machine(gwCpu, gw), bare: machine(bareCpu, base), plain: machine(plainCpu, plain) };
    const cpuRatio = ratio(cpuMs.gateway, cpuMs.plain);
    // CPU per request on each side (autocannon is the bench process): where the gateway path's time goes
    const perRequest = (cpu: Array<[string, number]>, r: LoadResult) => formatPerUnit(perUnit(cpu, r.rps * c.duration, []).byProcess);
    log(`P1: CPU per request through the gateway: ${perRequest(gwCpu, gw)}`);
    log(`P1: CPU per request on the bare route: ${perRequest(bareCpu, base)}`);
    log(`P1: CPU per request on the plain route (three queries): ${perRequest(plainCpu, plain)}`);
    log(`P1: machine CPU per request: gateway ${fmt(cpuMs.gateway, 'ms')}, bare route ${fmt(cpuMs.bare, 'ms')}, plain route ${fmt(cpuMs.plain, 'ms')}`);
    if (plain.non2xx || plain.errors) failedChecks.push(`plain route: ${plain.non2xx} non-2xx answers, ${plain.errors} errors under load`);
    if (gw.non2xx || gw.errors) failedChecks.push(`gateway: ${gw.non2xx} non-2xx answers, ${gw.errors} errors under load`);
    if (base.non2xx || base.errors) failedChecks.push(`bare route: ${base.non2xx} non-2xx answers, ${base.errors} errors under load`);

    const p50Ratio = ratio(gw.p50, base.p50);
    const rpsRatio = ratio(gw.rps, base.rps);
    const rows: Row[] = [
      { id: 'P1', work: `GET /api/meetings/{id} p50 (${c.connections} conn.)`, figure: fmt(gw.p50, 'ms'), baseline: `${fmt(base.p50, 'ms')} bare route`, ratio: fmtRatio(p50Ratio), goal: '<= 1.5x', met: meets(p50Ratio, { le: 1.5 }) },
      { id: 'P1', work: 'GET /api/meetings/{id} throughput', figure: `${fmt(gw.rps)} req/s`, baseline: `${fmt(base.rps)} req/s bare`, ratio: fmtRatio(rpsRatio), goal: '>= 0.6x', met: meets(rpsRatio, { ge: 0.6 }) },
      { id: 'P1', work: 'machine CPU per meeting read (load generator out)', figure: fmt(cpuMs.gateway, 'ms'), baseline: `${fmt(cpuMs.plain, 'ms')} 3 plain queries`, ratio: fmtRatio(cpuRatio), goal: '<= 5x', met: meets(cpuRatio, { le: 5 }) },
    ];
    for (const p of procs) {
      const top = p.name === 'bare route' ? barePeak : (peak.get(p.pid) ?? NaN);
      rows.push({ id: 'MEM', work: `${p.name} resident memory under P1 load`, figure: mb(top), baseline: `${mb(idle.get(p.pid) ?? NaN)} idle`, ratio: fmtRatio(ratio(top, idle.get(p.pid) ?? NaN)), goal: '(reported)', met: null });
    }
    return {
      id: 'p1',
      title: 'the request path, and memory',
      rows,
      figures: { connections: c.connections, durationS: c.duration, gateway: gw, bare: base, plain, p50Ratio, rpsRatio, cpuMsPerRequest: cpuMs, cpuRatio, samePayload: same, payloadBytes: bytes,
        cpuSeconds: { gateway: Object.fromEntries(gwCpu), bare: Object.fromEntries(bareCpu), plain: Object.fromEntries(plainCpu) },
        memoryKiB: Object.fromEntries(procs.map((p) => [p.name, { idle: idle.get(p.pid), underLoad: p.name === 'bare route' ? barePeak : peak.get(p.pid) }])) },
      details: [
        `\`GET ${'/api/meetings/{id}'}\` of a meeting with ${MEMBERS} members, one talking point and one decision, as its organizer; ${c.connections} connections for ${c.duration} s on each side (autocannon), after 1 s of warm-up each.`,
        `Gateway: p50 ${fmt(gw.p50, 'ms')}, p99 ${fmt(gw.p99, 'ms')}, mean ${fmt(gw.mean, 'ms')}, ${fmt(gw.rps)} req/s (${gw.requests} requests).`,
        `Bare route (same code and queries, PostgreSQL only, one process): p50 ${fmt(base.p50, 'ms')}, p99 ${fmt(base.p99, 'ms')}, mean ${fmt(base.mean, 'ms')}, ${fmt(base.rps)} req/s (${base.requests} requests).`,
        `Both answered the same payload: ${same ? 'yes' : 'NO'} (${bytes.gateway} bytes through the gateway).`,
        `Plain route (the meeting's row, its members and its agenda items in three plain queries, no ORM, no view): p50 ${fmt(plain.p50, 'ms')}, ${fmt(plain.rps)} req/s.`,
        `CPU per request through the gateway: ${perRequest(gwCpu, gw)}; on the bare route: ${perRequest(bareCpu, base)}; on the plain route: ${perRequest(plainCpu, plain)} (the bench process is autocannon).`,
        `Machine CPU per request (every process but the load generator): gateway ${fmt(cpuMs.gateway, 'ms')}, bare route ${fmt(cpuMs.bare, 'ms')}, plain route ${fmt(cpuMs.plain, 'ms')}: ${fmtRatio(cpuRatio)} the plain route (goal <= 5x).`,
        `Resident memory (VmRSS) idle -> peak under the gateway load: ${procs.map((p) => `${p.name} ${mb(idle.get(p.pid) ?? NaN)} -> ${mb(p.name === 'bare route' ? barePeak : (peak.get(p.pid) ?? NaN))}`).join(', ')}.`,
      ],
      failedChecks,
    };
  } finally {
    await bare.stop();
  }
}
