/**
 * P8, the live fan-out: how long a vote takes to reach every open meeting page. C pages (default 5,000) hold the
 * meeting's live channel (GET /api/meetings/{id}/live, server-sent events) on the gateway, each with a member's
 * session; one member votes through the gateway; we time from sending the vote to each page receiving its
 * `change` message (vote request -> meeting service -> outbox -> JetStream -> gateway's ordered consumer ->
 * every channel). Baseline in the same run: the same with one page open. Repeated VOTES times.
 * Checks: every channel opened, and every page received every vote.
 */
import { openLiveChannel, type LiveChannel } from '@app/testing';
import type { BenchOptions } from './options';
import type { BenchResult } from './report';
import type { BenchSystem } from './system';
import { Fixtures } from './fixtures';
import { during, formatPerUnit, perUnit } from './cpu';
import { call } from './http';
import { fmt, fmtRatio, meets, ratio, summarize } from './stats';

const VOTES = 5;
const MEMBERS = 20;

async function voteAndWait(sys: BenchSystem, org: string, path: string, token: string, vote: string, decisionId: number, channels: LiveChannel[], seen: number[]): Promise<{ arrivals: number[]; missing: number }> {
  const before = channels.map((c) => c.frames.length);
  const t0 = Date.now();
  const r = await call(sys.gatewayUrl, 'POST', path, { org, token, body: { vote, reason: 'because' } });
  if (r.status !== 200) throw new Error(`P8: the vote answered ${r.status}`);
  const arrivals: number[] = [];
  const pending = new Set(channels.map((_c, i) => i));
  const until = Date.now() + 30_000;
  while (pending.size && Date.now() < until) {
    for (const i of [...pending]) {
      const f = channels[i].frames.slice(before[i]).find((x) => x.data.type === 'change' && x.data.kind === 'vote' && x.data.decisionId === decisionId && !seen.includes(Number(x.id)));
      if (f) {
        arrivals.push(f.at - t0);
        pending.delete(i);
      }
    }
    if (pending.size) await new Promise((res) => setTimeout(res, 5));
  }
  const first = channels[0].frames.slice(before[0]).find((x) => x.data.kind === 'vote');
  if (first?.id) seen.push(Number(first.id));
  return { arrivals, missing: pending.size };
}

export async function runLive(sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void): Promise<BenchResult> {
  const n = opts.channels;
  log(`P8: a board of ${MEMBERS} members; ${n} live channels`);
  const board = await fx.board(`Bench live ${n}`, MEMBERS, log);
  const org = board.org.slug;
  const tokens = await Promise.all(board.members.map((m) => fx.session(board.org.orgId, m.userId)));
  const path = `/api/decisions/${board.decisionId}/vote/change`;
  const open = async (i: number) => openLiveChannel(sys.gatewayUrl, { org, meetingId: board.meetingId, token: tokens[i % tokens.length] });
  const seen: number[] = [];
  const failedChecks: string[] = [];
  const all: LiveChannel[] = [];
  try {
    // baseline: one page
    const one = await open(0);
    all.push(one);
    const single: number[] = [];
    for (let v = 0; v < VOTES; v++) {
      const r = await voteAndWait(sys, org, path, tokens[1], v % 2 ? 'Approved' : 'Abstained', board.decisionId, [one], seen);
      single.push(...r.arrivals);
    }
    const base = summarize(single);
    // C pages
    const t0 = performance.now();
    const channels: LiveChannel[] = [];
    for (let i = 0; i < n; i += 50) channels.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_x, j) => open(i + j)))));
    all.push(...channels);
    const openS = (performance.now() - t0) / 1000;
    const refused = channels.filter((c) => c.status !== 200).length;
    if (refused) failedChecks.push(`${refused} of ${n} channels were refused`);
    const ok = channels.filter((c) => c.status === 200);
    const arrivals: number[] = [];
    const lastPage: number[] = [];
    let missing = 0;
    const pids = Object.fromEntries(sys.services.map((sv) => [sv.name, sv.pid]));
    // the CPU of the fan-out: the votes and their deliveries (the pages are this process: left out of the machine)
    const { cpu } = await during(pids, async () => {
      for (let v = 0; v < VOTES; v++) {
        const r = await voteAndWait(sys, org, path, tokens[2], v % 2 ? 'Denied' : 'Approved', board.decisionId, ok, seen);
        arrivals.push(...r.arrivals);
        lastPage.push(Math.max(...r.arrivals));
        missing += r.missing;
      }
    });
    const perDelivery = perUnit(cpu, VOTES * ok.length);
    const perVote = perUnit(cpu, VOTES);
    log(`P8: CPU per delivery (one vote to one page): ${formatPerUnit(perDelivery.byProcess)}`);
    if (missing) failedChecks.push(`${missing} deliveries of ${VOTES * ok.length} never arrived`);
    const s = summarize(arrivals);
    const last = summarize(lastPage);
    const r = ratio(last.p50, base.p50);
    return {
      id: 'p8',
      title: 'the live fan-out',
      rows: [
        { id: 'P8', work: `a vote on each of ${n} open pages: p99 (${VOTES} votes)`, figure: fmt(s.p99, 'ms'), baseline: `${fmt(base.p99, 'ms')} one page`, ratio: fmtRatio(ratio(s.p99, base.p99)), goal: '<= 1000 ms', met: meets(s.p99, { le: 1000 }) },
        { id: 'P8', work: `a vote reaches the last of ${n} pages (median of ${VOTES})`, figure: fmt(last.p50, 'ms'), baseline: `${fmt(base.p50, 'ms')} one page`, ratio: fmtRatio(r), goal: '(reported)', met: null },
        { id: 'P8', work: 'machine CPU per delivery (pages out)', figure: fmt(perDelivery.machineMs * 1000, 'µs'), baseline: `${fmt(perVote.machineMs, 'ms')} per vote`, ratio: '', goal: '(reported)', met: null },
        { id: 'P8', work: 'every page got every vote (check)', figure: `${VOTES * ok.length - missing}/${VOTES * n}`, baseline: '', ratio: '', goal: 'all', met: failedChecks.length === 0 },
      ],
      figures: { channels: n, votes: VOTES, openSeconds: openS, single: base, perPage: s, lastPage: last, refused, missing, cpuSeconds: Object.fromEntries(cpu), cpuMsPerDelivery: perDelivery.machineMs, cpuMsPerVote: perVote.machineMs },
      details: [
        `${n} live channels (server-sent events through the gateway, members' sessions) opened in ${fmt(openS, 's')}; ${VOTES} votes through the gateway, each timed from the request to its change message on every page.`,
        `Time for a vote to reach the last of the ${n} pages: median ${fmt(last.p50, 'ms')}, max ${fmt(last.max, 'ms')}; per page p50 ${fmt(s.p50, 'ms')}, p95 ${fmt(s.p95, 'ms')}, p99 ${fmt(s.p99, 'ms')}.`,
        `CPU of the ${VOTES} votes and their ${VOTES * ok.length} deliveries, per delivery: ${formatPerUnit(perDelivery.byProcess)}; per vote: ${formatPerUnit(perVote.byProcess)} (the pages are the bench process, left out).`,
        `One page alone: p50 ${fmt(base.p50, 'ms')} (${single.map((x) => x.toFixed(0)).join(', ')} ms).`,
      ],
      failedChecks,
    };
  } finally {
    for (const c of all) c.close();
  }
}
