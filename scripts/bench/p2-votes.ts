/**
 * P2, the vote burst: N members of one meeting (default 1,000) vote on one decision at the same moment
 * through the gateway over HTTP (POST /api/decisions/{id}/vote/change), each with their own session.
 * Baseline in the same run: the latency of a single vote with nothing else going on (the median of
 * SINGLES sequential votes by other members of the same decision, after one warm-up vote).
 * Checks: every burst vote answered 200, the database holds exactly one non-pending vote per voter, and
 * the decision's tallies (GET /api/decisions/{id}) count them all.
 *
 * P9 is the same burst in a secret ballot (docs/ballots.md): each vote answers a receipt; the database holds one
 * has-voted mark per voter and one (receipt, choice) row per vote; after the close (as the chair) the tallies equal
 * the published ballots list (GET /api/decisions/{id}/ballots), whose hash is recomputed here, and every receipt a
 * voter got is in it. Run beside P2 (`npm run bench -- p2 p9`), the two bursts compare open and secret votes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { Client } from 'pg';
import type { BenchOptions } from './options';
import type { BenchResult } from './report';
import type { BenchSystem } from './system';
import { Fixtures } from './fixtures';
import { call, emailQueueIdle, voterAgent, voterCall } from './http';
import { fmt, fmtRatio, meets, median, ratio, summarize } from './stats';
import { formatSpent, snapshot, spent } from './cpu';

const SINGLES = 9;
const VOTES = ['Approved', 'Denied', 'Abstained', 'Others'] as const;

export function runVotes(sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void): Promise<BenchResult> {
  return runBurst(sys, fx, opts, log, 'open');
}

export function runSecretVotes(sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void): Promise<BenchResult> {
  return runBurst(sys, fx, opts, log, 'secret');
}

/** the published list's hash: sha256 over "receipt choice\n" lines in receipt order (docs/ballots.md) */
const listHash = (entries: Array<{ receipt: string; choice: string }>) =>
  createHash('sha256').update([...entries].sort((a, b) => (a.receipt < b.receipt ? -1 : 1)).map((e) => `${e.receipt} ${e.choice}\n`).join('')).digest('hex');

async function runBurst(sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void, ballot: 'open' | 'secret'): Promise<BenchResult> {
  const n = opts.voters;
  const P = ballot === 'open' ? 'P2' : 'P9';
  log(`${P}: a board of ${n + SINGLES + 1} members (users, committee, meeting, a decision with a${ballot === 'open' ? 'n open' : ' secret'} ballot) through the services`);
  const board = await fx.board(`Bench ${ballot} votes ${n}`, n + SINGLES + 1, log, ballot);
  const org = board.org.slug;
  const tokens = await Promise.all(board.members.map((m) => fx.session(board.org.orgId, m.userId)));
  const path = `/api/decisions/${board.decisionId}/vote/change`;
  const body = (i: number) => ({ vote: VOTES[i % 4], reason: 'because' });
  const idle = await emailQueueIdle(sys.env.REDIS_URL);
  if (idle) log(`${P}: warning: ${idle} e-mail jobs still open before the burst`);

  // baseline: one vote alone (warm-up first), SINGLES times
  const warm = await call(sys.gatewayUrl, 'POST', path, { org, token: tokens[0], body: body(0) });
  if (warm.status !== 200) throw new Error(`${P}: a single vote answered ${warm.status}: ${JSON.stringify(warm.body).slice(0, 300)}`);
  const singles: number[] = [];
  for (let i = 1; i <= SINGLES; i++) {
    const r = await call(sys.gatewayUrl, 'POST', path, { org, token: tokens[i], body: body(i) });
    if (r.status !== 200) throw new Error(`${P}: a single vote answered ${r.status}`);
    singles.push(r.ms);
  }
  const single = median(singles);

  // the burst: every other member at once, each on a connection of their own (node:http, not fetch: docs/performance.md,
  // "P2: the gateway per vote")
  const burst = board.members.slice(SINGLES + 1).map((m, j) => ({ m, token: tokens[SINGLES + 1 + j], i: j, agent: voterAgent() }));
  log(`${P}: ${burst.length} votes at once (single vote alone: ${fmt(single, 'ms')})`);
  const latencies: number[] = [];
  const receipts: string[] = [];
  const answered: number[] = []; // every answer's latency, errors included (a 508 is a voter waiting 10 s too)
  const failures = new Map<string, number>();
  const pids = Object.fromEntries(sys.services.map((x) => [x.name, x.pid]));
  const cpuBefore = snapshot(pids);
  const overflowsBefore = listenOverflows();
  const t0 = performance.now();
  await Promise.all(
    burst.map(async ({ token, i, agent }) => {
      try {
        const r = await voterCall(sys.gatewayUrl, agent, 'POST', path, { org, token, body: body(i) });
        answered.push(r.ms);
        if (r.status === 200) latencies.push(r.ms);
        if (r.status === 200 && typeof r.body?.data?.receipt === 'string') receipts.push(r.body.data.receipt);
        else failures.set(String(r.status), (failures.get(String(r.status)) ?? 0) + 1);
      } catch (e) {
        const k = e instanceof Error ? e.message.slice(0, 60) : 'error';
        failures.set(k, (failures.get(k) ?? 0) + 1);
      }
    }),
  );
  const wallS = (performance.now() - t0) / 1000;
  // where the burst's time went: CPU seconds per process while the votes were answered (2 cores: 2 s per second)
  const cpu = spent(cpuBefore, snapshot(pids));
  for (const b of burst) b.agent.destroy();
  // connections the kernel dropped because a listening socket's accept queue was full (machine-wide): each such client
  // retries its connect after a second, which shows in the latencies
  const overflows = listenOverflows() - overflowsBefore;
  const cpuTotal = cpu.reduce((a, [, v]) => a + v, 0);
  log(`${P}: CPU while the burst was answered (${fmt(wallS, 's')} wall): ${formatSpent(cpu)}`);
  const s = summarize(answered);
  const nFailed = n - latencies.length;
  const votesPerS = latencies.length / wallS;

  // checks: stored and tallied, once the meeting service has worked off what it still had queued (a vote whose
  // answer timed out at the gateway may still be stored): poll until the count holds for 3 s (at most 2 min)
  const admin = new Client({ connectionString: sys.env.DATABASE_ADMIN_URL });
  await admin.connect();
  let stored = -1;
  let choiceRows = -1;
  let burstStored = -1;
  try {
    const counts = async () => {
      // an open vote is the voter's row; a secret one marks the row has_voted and keeps it Pending
      const cast = ballot === 'open' ? `vote <> 'Pending'` : 'has_voted';
      const all = await admin.query(`select count(*)::int as n from meeting.voters where org_id = $1 and decision_id = $2 and ${cast}`, [board.org.orgId, board.decisionId]);
      const mine = await admin.query(`select count(*)::int as n from meeting.voters where org_id = $1 and decision_id = $2 and ${cast} and user_id = any($3::bigint[])`, [
        board.org.orgId, board.decisionId, burst.map((b) => b.m.userId),
      ]);
      return [all.rows[0].n as number, mine.rows[0].n as number];
    };
    const until = Date.now() + 120_000;
    let last = '';
    let stableSince = Date.now();
    for (;;) {
      [stored, burstStored] = await counts();
      const now = `${stored}/${burstStored}`;
      if (now !== last) {
        last = now;
        stableSince = Date.now();
      }
      if (Date.now() - stableSince >= 3000 || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    if (ballot === 'secret') choiceRows = Number((await admin.query(`select count(*)::int as n from meeting.secret_ballots where org_id = $1 and decision_id = $2`, [board.org.orgId, board.decisionId])).rows[0].n);
  } finally {
    await admin.end();
  }
  const chairToken = await fx.session(board.org.orgId, board.chair.userId);
  // a secret ballot's tallies and list are published when voting closes
  const closed = ballot === 'secret' ? await call(sys.gatewayUrl, 'POST', `/api/decisions/${board.decisionId}/fulfill`, { org, token: chairToken, body: { is_fulfilled: 1 } }) : null;
  const list = ballot === 'secret' ? await call(sys.gatewayUrl, 'GET', `/api/decisions/${board.decisionId}/ballots`, { org, token: tokens[0] }) : null;
  const d = await call(sys.gatewayUrl, 'GET', `/api/decisions/${board.decisionId}`, { org, token: chairToken });
  const tallies: Array<{ vote: string; count: number }> = d.body?.data?.tallies ?? [];
  const tallied = tallies.filter((t) => t.vote !== 'Pending').reduce((a, t) => a + t.count, 0);
  const expected = n + SINGLES + 1;
  const failedChecks: string[] = [];
  if (latencies.length !== n) failedChecks.push(`${n - latencies.length} of ${n} burst votes failed (${[...failures].map(([k, c]) => `${k}: ${c}`).join(', ')})`);
  if (burstStored !== n) failedChecks.push(`stored ${burstStored} of the ${n} burst votes`);
  if (stored !== expected) failedChecks.push(`stored ${stored} votes in all, expected ${expected}`);
  if (d.status !== 200) failedChecks.push(`GET /api/decisions/{id} for the tallies answered ${d.status}`);
  else if (tallied !== stored) failedChecks.push(`the tallies count ${tallied} votes, the database holds ${stored}`);
  let listCount = -1;
  if (ballot === 'secret') {
    const entries: Array<{ receipt: string; choice: string }> = list?.body?.data?.entries ?? [];
    listCount = entries.length;
    if (closed?.status !== 200) failedChecks.push(`closing the ballot answered ${closed?.status}`);
    if (list?.status !== 200) failedChecks.push(`GET /api/decisions/{id}/ballots answered ${list?.status}`);
    if (choiceRows !== stored) failedChecks.push(`${choiceRows} (receipt, choice) rows for ${stored} has-voted marks`);
    if (listCount !== tallied) failedChecks.push(`the ballots list holds ${listCount} entries, the tallies count ${tallied}`);
    if (entries.length && listHash(entries) !== list?.body?.data?.hash) failedChecks.push('the ballots list\'s hash does not match its entries');
    const inList = new Set(entries.map((e) => e.receipt));
    const missing = receipts.filter((r) => !inList.has(r)).length;
    if (receipts.length !== latencies.length || missing) failedChecks.push(`${receipts.length} receipts for ${latencies.length} votes answered 200; ${missing} not in the published list`);
  }

  const p99Ratio = ratio(s.p99, single);
  return {
    id: ballot === 'open' ? 'p2' : 'p9',
    title: ballot === 'open' ? 'the vote burst' : 'the secret vote burst',
    rows: [
      { id: P, work: `${n} votes at once via gateway: p99`, figure: `${fmt(s.p99, 'ms')}${nFailed ? ` (${nFailed} failed)` : ''}`, baseline: `${fmt(single, 'ms')} one vote alone`, ratio: fmtRatio(p99Ratio), goal: '<= 2,500 ms', met: meets(s.p99, { le: 2500 }) },
      { id: P, work: `${n} ${ballot === 'secret' ? 'secret ' : ''}votes at once: throughput`, figure: `${fmt(votesPerS)} votes/s`, baseline: `${fmt(wallS, 's')} wall`, ratio: '', goal: '>= 500 votes/s', met: meets(votesPerS, { ge: 500 }) },
      {
        id: P, work: ballot === 'open' ? 'votes stored / tallied (check)' : 'secret votes stored / tallied / in the list (check)',
        figure: `${latencies.length}/${n} ok, ${burstStored}/${n} stored, ${tallied}/${stored} tallied${ballot === 'secret' ? `, ${listCount} listed, hash ${failedChecks.some((f) => f.includes('hash')) ? 'wrong' : 'ok'}` : ''}`, baseline: '', ratio: '',
        goal: 'exactly N', met: failedChecks.length === 0,
      },
    ],
    figures: { ballot, listenOverflows: overflows, receipts: receipts.length, choiceRows, listCount, cpuSeconds: Object.fromEntries(cpu), voters: n, singleVoteMs: singles, singleMedianMs: single, burst: s, wallS, votesPerS, failures: Object.fromEntries(failures), stored, burstStored, tallied, expected, tallyStatus: d.status, storedWithoutOk: burstStored - latencies.length },
    details: [
      `${n} members each POST \`/api/decisions/${'{id}'}/vote/change\` at once (one HTTP request each on a connection of their own, node:http, their own session, through the gateway, NATS and the meeting service).`,
      `Burst latency (every answer, errors included): first ${fmt(Math.min(...answered), 'ms')}, p50 ${fmt(s.p50, 'ms')}, p95 ${fmt(s.p95, 'ms')}, p99 ${fmt(s.p99, 'ms')}, max ${fmt(s.max, 'ms')}; wall ${fmt(wallS, 's')}, ${fmt(votesPerS)} votes/s answered 200; listen queue overflows during the burst: ${Number.isNaN(overflows) ? 'not read' : overflows}.`,
      `CPU during the burst (${fmt(wallS, 's')} wall, ${os.cpus().length} cores): ${formatSpent(cpu)}; ${fmt(cpuTotal, 's')} in all, ${fmt((cpuTotal / n) * 1000, 'ms')} of CPU per vote.`,
      `One vote alone (median of ${SINGLES} sequential votes after a warm-up): ${fmt(single, 'ms')} (${singles.map((x) => x.toFixed(0)).join(', ')} ms).`,
      `Check: ${latencies.length}/${n} burst votes answered 200; ${burstStored}/${n} stored (${Math.max(0, burstStored - latencies.length)} of them although their answer was an error, e.g. 508 after the gateway's RPC timeout); ${stored}/${expected} votes stored in all; the tallies (GET answered ${d.status}) count ${tallied}; failures: ${failures.size ? [...failures].map(([k, c]) => `${k} ${c}`).join(', ') : 'none'}.`,
    ],
    failedChecks,
  };
}

/** the kernel's count of connections dropped on a full accept queue (TcpExt ListenOverflows), NaN where not readable */
function listenOverflows(): number {
  try {
    const [names, values] = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((l) => l.startsWith('TcpExt:')).map((l) => l.split(' '));
    return Number(values[names.indexOf('ListenOverflows')]);
  } catch {
    return NaN;
  }
}
