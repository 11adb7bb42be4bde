/**
 * `npm run faults` — the fault suites of docs/operations.md, on a private system (system.ts). They print figures;
 * they are not part of `npm test` (they take minutes). Exit code 1 when a goal is missed.
 *
 *   R2  restart NATS, then Redis, while decisions are written; then, once everything is delivered, flush Redis (a
 *       lost cache) and restart the notification service: 0 domain events lost (every acknowledged decision reached
 *       the notification service: its schedule row and its e-mails), 0 jobs lost (every e-mail sent), every
 *       scheduled reminder back in Redis from the schedules table.
 *   R1  mixed load (decisions written by the chair, votes changed by the members), and kill -9 each service in turn,
 *       started again at once as a supervisor would: 0 acknowledged writes lost (each decision there, each voter's
 *       last acknowledged vote stored), 0 duplicate e-mails, the time each service takes to answer ready again.
 *
 *   replicas  a second process of every service and a second gateway: requests through both gateways, RPCs
 *       answered by both replicas, each event handled and each e-mail sent once, a presentation room whose viewers
 *       are on both presentation processes.
 *
 *   npm run faults              R2, R1, then replicas
 *   npm run faults -- r2        one suite (r1 | r2 | replicas)
 */
import 'reflect-metadata';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import WebSocket from 'ws';
import os from 'node:os';
import { Client } from 'pg';
import { ReminderDue } from '@app/contracts';
import { redisConnection } from '@app/platform';
import { loadScript, startFaultSystem, type FaultSystem } from './system';

const t0 = Date.now();
const log = (m: string) => console.log(`[faults ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${m}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Person { token: string; id: number; email: string }
interface Fixture { chair: Person; members: Person[]; meetingId: number; decisionId: number }
interface Decision { id: number; title: string }

const pad = (n: number) => String(n).padStart(2, '0');
const serverDate = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:00:00`;
};

class Api {
  constructor(private readonly base: string, private readonly org: string) {}
  async call(method: string, path: string, token: string, json?: unknown): Promise<{ status: number; body: any }> {
    try {
      const res = await fetch(this.base + path, {
        method,
        headers: { 'x-org': this.org, token, ...(json ? { 'content-type': 'application/json' } : {}) },
        body: json ? JSON.stringify(json) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      let body: any = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body };
    } catch {
      return { status: 0, body: null };
    }
  }
}

/** writes whose answer was 200: what must survive */
class Writes {
  readonly decisions: Decision[] = [];
  /** voter id -> the last vote acknowledged (each voter's votes are sent one after another) */
  readonly lastVote = new Map<number, string>();
  attempts = 0;
  failures = 0;
  constructor(private readonly api: Api, private readonly fx: Fixture, private readonly prefix: string) {}

  async decide(n: number): Promise<void> {
    const title = `${this.prefix}-${n}-${Math.random().toString(36).slice(2, 7)}`;
    this.attempts++;
    const r = await this.api.call('POST', `/api/meetings/${this.fx.meetingId}/decisions`, this.fx.chair.token, { title, deadline: serverDate(10), voters: this.fx.members.map((m) => m.id) });
    if (r.status === 200) this.decisions.push({ id: r.body.data.id, title });
    else this.failures++;
  }

  async vote(m: Person, n: number): Promise<void> {
    const vote = n % 2 ? 'Approved' : 'Abstained';
    this.attempts++;
    const r = await this.api.call('POST', `/api/decisions/${this.fx.decisionId}/vote/change`, m.token, { id: this.fx.decisionId, vote });
    if (r.status === 200) this.lastVote.set(m.id, vote);
    else this.failures++;
  }

  /** decisions by the chair and votes by each member until `stop()` */
  run(opts: { decisions: boolean; votes: boolean; gapMs: number }): { stop(): Promise<void> } {
    let stopping = false;
    const loops: Promise<void>[] = [];
    if (opts.decisions) loops.push((async () => {
      for (let n = 0; !stopping; n++) {
        await this.decide(n);
        await sleep(opts.gapMs);
      }
    })());
    if (opts.votes) for (const m of this.fx.members) loops.push((async () => {
      for (let n = 0; !stopping; n++) {
        await this.vote(m, n);
        await sleep(opts.gapMs);
      }
    })());
    return {
      stop: async () => {
        stopping = true;
        await Promise.all(loops);
      },
    };
  }
}

/** every voter of every acknowledged decision got its "vote requested" e-mail: missing and duplicates */
async function mailCheck(sys: FaultSystem, fx: Fixture, decisions: Decision[], timeoutMs: number) {
  const expected = decisions.length * fx.members.length;
  const count = () => {
    let got = 0;
    let missing = 0;
    let duplicates = 0;
    for (const d of decisions) {
      for (const m of fx.members) {
        const n = sys.mails.filter((x) => x.to.includes(m.email.toLowerCase()) && x.subject.endsWith(`: ${d.title}`)).length;
        if (n === 0) missing++;
        else got++;
        if (n > 1) duplicates += n - 1;
      }
    }
    return { got, missing, duplicates };
  };
  const until = Date.now() + timeoutMs;
  let c = count();
  while (c.missing && Date.now() < until) {
    await sleep(500);
    c = count();
  }
  const byId = new Map<string, number>();
  for (const x of sys.mails) for (const to of x.to) byId.set(`${to} ${x.messageId}`, (byId.get(`${to} ${x.messageId}`) ?? 0) + 1);
  const sameMessageId = [...byId.values()].filter((n) => n > 1).reduce((a, n) => a + n - 1, 0);
  return { expected, ...c, sameMessageIdTwice: sameMessageId };
}

async function scheduleRows(sys: FaultSystem, decisions: Decision[]): Promise<{ itemId: number; jobId: string | null; status: string }[]> {
  const c = new Client({ connectionString: sys.adminUrl });
  await c.connect();
  try {
    const ids = decisions.map((d) => d.id);
    const r = await c.query(`SELECT item_id AS "itemId", job_id AS "jobId", status FROM notification.schedules WHERE kind = 'decision-deadline' AND item_id = ANY($1::int[])`, [ids]);
    return r.rows;
  } finally {
    await c.end();
  }
}

async function waitReady(url: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const s = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(1000) }).then((r) => r.status, () => 0);
    if (s === 200) return true;
    await sleep(200);
  }
  return false;
}

async function allReady(sys: FaultSystem, timeoutMs = 30_000): Promise<void> {
  for (const s of sys.services.values()) if (!(await waitReady(s.url, timeoutMs))) throw new Error(`${s.name} is not ready`);
}

type Row = [string, string, string, boolean];

async function r2(sys: FaultSystem, api: Api, fx: Fixture): Promise<Row[]> {
  log('R2: decisions written every 150 ms; NATS restarted');
  const w = new Writes(api, fx, 'R2');
  const load = w.run({ decisions: true, votes: false, gapMs: 150 });
  await sleep(2500);
  let t = Date.now();
  await sys.nats.restart();
  log(`R2: nats-server back after ${Date.now() - t} ms (same port, same JetStream store)`);
  await sleep(3000);
  t = Date.now();
  await sys.redis.restart();
  log(`R2: redis-server back after ${Date.now() - t} ms (append-only file)`);
  await sleep(3000);
  await load.stop();
  await allReady(sys);
  log(`R2: ${w.decisions.length} decisions acknowledged of ${w.attempts} attempts; waiting for their e-mails`);
  const mails = await mailCheck(sys, fx, w.decisions, 60_000);
  const rows = await scheduleRows(sys, w.decisions);
  const eventsLost = w.decisions.length - new Set(rows.map((r) => r.itemId)).size;

  log('R2: Redis flushed (a lost cache), then the notification service restarted');
  const queue = new Queue(ReminderDue.queue, { connection: redisConnection(sys.env.REDIS_URL), prefix: 'bull' });
  const scheduled = rows.filter((r) => r.status === 'scheduled' && r.jobId);
  const present = async () => (await Promise.all(scheduled.map((r) => queue.getJob(r.jobId!)))).filter(Boolean).length;
  const before = await present();
  const raw = new Redis(sys.env.REDIS_URL, { maxRetriesPerRequest: 2 });
  await raw.flushall();
  await raw.quit();
  const afterFlush = await present();
  await sys.kill9('notification').catch(() => undefined);
  t = Date.now();
  await sys.restart('notification');
  const back = Date.now() - t;
  let rebuilt = await present();
  for (let i = 0; i < 20 && rebuilt < scheduled.length; i++) {
    await sleep(500);
    rebuilt = await present();
  }
  await queue.close();
  log(`R2: reminder jobs: ${before} before the flush, ${afterFlush} after it, ${rebuilt} of ${scheduled.length} after the restart (${back} ms)`);
  return [
    ['R2', 'domain events lost (acknowledged decisions the notification service never saw)', `${eventsLost} of ${w.decisions.length}`, eventsLost === 0 && w.decisions.length > 0],
    ['R2', 'jobs lost (vote e-mails never sent)', `${mails.missing} of ${mails.expected}`, mails.missing === 0],
    ['R2', 'e-mails sent twice', `${mails.duplicates} (same Message-ID twice: ${mails.sameMessageIdTwice})`, mails.duplicates === 0],
    ['R2', 'scheduled reminders rebuilt after the flush', `${rebuilt} of ${scheduled.length} (${afterFlush} left by the flush)`, rebuilt === scheduled.length],
    ['R2', 'writes refused while NATS or Redis restarted', `${w.failures} of ${w.attempts}`, true],
  ];
}

async function r1(sys: FaultSystem, api: Api, fx: Fixture): Promise<Row[]> {
  const w = new Writes(api, fx, 'R1');
  const rows: Row[] = [];
  const backTimes: Record<string, number> = {};
  const load = w.run({ decisions: true, votes: true, gapMs: 100 });
  for (const name of [...sys.services.keys()]) {
    await sleep(2500);
    const t = Date.now();
    await sys.kill9(name);
    await sys.restart(name);
    backTimes[name] = Date.now() - t;
    log(`R1: ${name} killed (-9) and ready again after ${(backTimes[name] / 1000).toFixed(1)} s`);
    await allReady(sys);
  }
  await sleep(2500);
  await load.stop();
  log(`R1: ${w.decisions.length} decisions and ${w.lastVote.size} voters' votes acknowledged; ${w.failures} of ${w.attempts} writes refused during the kills`);
  let lostDecisions = 0;
  for (const d of w.decisions) if ((await api.call('GET', `/api/decisions/${d.id}`, fx.chair.token)).status !== 200) lostDecisions++;
  const final = await api.call('GET', `/api/decisions/${fx.decisionId}`, fx.chair.token);
  const stored = new Map<number, string>((final.body?.data?.voters ?? []).map((v: { user_id: number; vote: string }) => [v.user_id, v.vote]));
  const lostVotes = [...w.lastVote].filter(([id, vote]) => stored.get(id) !== vote).length;
  const mails = await mailCheck(sys, fx, w.decisions, 90_000);
  for (const [name, ms] of Object.entries(backTimes)) rows.push(['R1', `${name}: killed -9, ready again`, `${(ms / 1000).toFixed(1)} s`, ms <= 10_000]);
  rows.push(
    // a run in which nothing was acknowledged proves nothing
    ['R1', 'acknowledged writes lost', `${lostDecisions} decisions of ${w.decisions.length}, ${lostVotes} votes of ${w.lastVote.size}`, lostDecisions + lostVotes === 0 && w.decisions.length > 0 && w.lastVote.size > 0],
    ['R1', 'e-mails sent twice', `${mails.duplicates} (same Message-ID twice: ${mails.sameMessageIdTwice})`, mails.duplicates === 0],
    ['R1', 'vote e-mails missing after the kills', `${mails.missing} of ${mails.expected}`, mails.missing === 0],
  );
  return rows;
}

/** sum of a counter's samples on a process's /metrics, for the lines whose labels contain `match` */
async function counter(url: string, name: string, match = ''): Promise<number> {
  const text = await fetch(`${url}/metrics`).then((r) => r.text(), () => '');
  let n = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) || !line.includes(match)) continue;
    n += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  }
  return n;
}

function socket(url: string, onText: (t: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { 'x-org': 'demo' }, perMessageDeflate: false });
    ws.on('message', (d) => onText(String(d)));
    ws.once('message', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function replicas(sys: FaultSystem, fx: Fixture, viewersDef: any): Promise<Row[]> {
  const first = new Map(sys.services);
  const second = await sys.secondReplicas();
  const gateways = [first.get('gateway')!.url, second.get('gateway')!.url];
  const apis = gateways.map((u) => new Api(u, 'demo'));
  const before = { meeting: await Promise.all([first, second].map((m) => counter(m.get('meeting')!.url, 'rpc_server_duration_seconds_count'))) };

  // requests and writes through both gateways
  let reads = 0;
  let readsOk = 0;
  for (let i = 0; i < 40; i++) {
    reads++;
    if ((await apis[i % 2].call('GET', `/api/meetings/${fx.meetingId}`, fx.members[i % fx.members.length].token)).status === 200) readsOk++;
  }
  const writes = [new Writes(apis[0], fx, 'RP'), new Writes(apis[1], fx, 'RP')];
  for (let i = 0; i < 20; i++) await writes[i % 2].decide(i);
  const decisions = writes.flatMap((w) => w.decisions);
  // each member's votes one after another, alternating gateways: the last acknowledged one must be stored
  const lastVote = new Map<number, string>();
  for (let i = 0; i < 12; i++) {
    const m = fx.members[i % fx.members.length];
    const vote = Math.floor(i / fx.members.length) % 2 ? 'Approved' : 'Abstained';
    if ((await apis[i % 2].call('POST', `/api/decisions/${fx.decisionId}/vote/change`, m.token, { id: fx.decisionId, vote })).status === 200) lastVote.set(m.id, vote);
  }
  const final = await apis[1].call('GET', `/api/decisions/${fx.decisionId}`, fx.chair.token);
  const stored = new Map<number, string>((final.body?.data?.voters ?? []).map((v: { user_id: number; vote: string }) => [v.user_id, v.vote]));
  const wrongVotes = [...lastVote].filter(([id, vote]) => stored.get(id) !== vote).length;
  const mails = await mailCheck(sys, fx, decisions, 60_000);
  const served = await Promise.all([first, second].map((m) => counter(m.get('meeting')!.url, 'rpc_server_duration_seconds_count')));
  const byReplica = served.map((n, i) => n - before.meeting[i]);
  const consumed = await Promise.all([first, second].map((m) => counter(m.get('notification')!.url, 'events_consumed_total', 'outcome="ok"')));
  const jobs = await Promise.all([first, second].map((m) => counter(m.get('notification')!.url, 'job_duration_seconds_count', 'queue="notification-email"')));

  // a presentation room with viewers on both presentation processes (each gateway passes upgrades to its own)
  const seen: Map<number, number>[] = [];
  const viewers: WebSocket[] = [];
  for (let k = 0; k < 20; k++) {
    const mine = new Map<number, number>();
    seen.push(mine);
    viewers.push(await socket(gateways[k % 2].replace(/^http/, 'ws') + viewersDef.path(fx, viewersDef.viewerToken(fx, k)), (t) => {
      const sl = viewersDef.slideOf(t);
      if (sl !== null && !mine.has(sl)) mine.set(sl, Date.now());
    }));
  }
  const presenter = await socket(gateways[0].replace(/^http/, 'ws') + viewersDef.path(fx, viewersDef.presenterToken(fx)), () => undefined);
  const turns = 20;
  for (let sl = 1; sl <= turns; sl++) {
    presenter.send(viewersDef.frame(5000 + sl));
    await sleep(150);
  }
  await sleep(2000);
  let lost = 0;
  for (const mine of seen) for (let sl = 1; sl <= turns; sl++) if (!mine.has(5000 + sl)) lost++;
  for (const ws of [...viewers, presenter]) ws.terminate();
  log(`replicas: meeting RPCs served ${byReplica.join(' / ')}, events handled ${consumed.join(' / ')}, e-mail jobs ${jobs.join(' / ')} (first / second process)`);
  return [
    ['replicas', 'requests through two gateways answered', `${readsOk} of ${reads} reads, ${decisions.length} of 20 decisions`, readsOk === reads && decisions.length === 20],
    ['replicas', 'RPCs served by each meeting process', byReplica.join(' / '), byReplica.every((n) => n > 0)],
    ['replicas', "votes through both gateways: each voter's last vote stored", `${lastVote.size - wrongVotes} of ${lastVote.size}`, wrongVotes === 0 && lastVote.size > 0],
    ['replicas', 'events handled once (vote e-mails missing, sent twice)', `${mails.missing} missing of ${mails.expected}, ${mails.duplicates} twice`, mails.missing === 0 && mails.duplicates === 0],
    ['replicas', 'events handled / e-mail jobs run per notification process', `${consumed.join(' / ')}; ${jobs.join(' / ')}`, true],
    ['replicas', `slide turns lost, 20 viewers over two presentation processes (${turns} turns)`, `${lost} of ${turns * 20}`, lost === 0],
  ];
}

async function main(): Promise<number> {
  const which = process.argv.slice(2).map((a) => a.toLowerCase());
  const bad = which.filter((a) => !['r1', 'r2', 'replicas'].includes(a));
  if (bad.length) {
    console.error(`[faults] unknown suite ${bad.join(', ')}\nusage: npm run faults [-- r1|r2|replicas]`);
    return 2;
  }
  const suites = which.length ? which : ['r2', 'r1', 'replicas'];
  let sys: FaultSystem | undefined;
  const stop = async () => sys?.stop();
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => void stop().finally(() => process.exit(130)));
  const rows: Row[] = [];
  try {
    sys = await startFaultSystem(log);
    log(`system up: ${[...sys.services.values()].map((s) => `${s.name}:${s.port}`).join(' ')}`);
    const api = new Api(sys.gatewayUrl, 'demo');
    const { runSetup } = await loadScript('load-tests/client.mjs');
    const { SCENARIOS, DEMO } = await loadScript('load-tests/scenarios.js');
    // each suite its own meeting, decision and sign-ins (R2's flush ends every session)
    const fixture = async () => {
      const fx = (await runSetup(SCENARIOS['vote-burst'], sys!.gatewayUrl, 'demo', DEMO)) as Fixture;
      log(`fixture: meeting ${fx.meetingId}, decision ${fx.decisionId}, ${fx.members.length} voters`);
      return fx;
    };
    if (suites.includes('r2')) rows.push(...(await r2(sys, api, await fixture())));
    if (suites.includes('r1')) rows.push(...(await r1(sys, api, await fixture())));
    if (suites.includes('replicas')) rows.push(...(await replicas(sys, await fixture(), SCENARIOS['presentation-viewers'].viewers)));
  } finally {
    await stop();
  }
  // restart times depend on what else the machine runs: the load average goes with the figures
  console.log(`\n${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} (1, 5, 15 min)`);
  console.log('| suite | what | figure | goal met |\n|---|---|---|---|');
  for (const [s, what, fig, met] of rows) console.log(`| ${s} | ${what} | ${fig} | ${met ? 'yes' : 'NO'} |`);
  return rows.every((r) => r[3]) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`[faults] ${e instanceof Error ? e.stack ?? e.message : e}`);
    process.exit(1);
  },
);
