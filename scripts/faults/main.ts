/**
 * `npm run faults` — the fault suites of docs/operations.md, on a private system (system.ts). They print figures;
 * they are not part of `npm test` (they take minutes). Exit code 1 when a goal is missed.
 *
 *   R2  restart NATS, then Redis, while decisions are written; then, once everything is delivered, flush Redis (a
 *       lost cache) and restart the notification service: 0 domain events lost (every acknowledged decision reached
 *       the notification service: its schedule row and its e-mails), 0 jobs lost (every e-mail sent), every
 *       scheduled reminder back in Redis from the schedules table.
 *       The services' output must show no unhandled error event (every Redis client has its 'error' listener).
 *   R1  60 s (--seconds) of mixed load (decisions written by the chair, votes changed by the members), and kill -9
 *       each service in turn, then each worker (scripts/services.mjs `workers`: its process is killed while one of
 *       that queue's jobs runs), started again at once as a supervisor would: 0 acknowledged writes lost (each
 *       decision there, each voter's last acknowledged vote stored), 0 duplicate e-mails, each back within 10 s,
 *       each interrupted job finished after the restart.
 *
 *   replicas  a second process of every service and a second gateway: requests through both gateways, RPCs
 *       answered by both replicas, each event handled and each e-mail sent once, a presentation room whose viewers
 *       are on both presentation processes.
 *
 *   rolling  under mixed load through both gateways (reads, decisions, votes, uploads, presentation sockets; a
 *       balancer that polls each gateway's readiness as a Kubernetes Service does), each replica of each service is
 *       stopped with SIGTERM (graceful shutdown: docs/operations.md) and started again, one at a time: 0 requests
 *       failed, every acknowledged write found, each e-mail sent once, sockets told to reconnect and none failed.
 *
 *   npm run faults                      R2, R1, replicas, then rolling
 *   npm run faults -- r2                one suite (r1 | r2 | replicas | rolling)
 *   npm run faults -- r1 --seconds 30   R1 with 30 s of load
 *   npm run faults -- rolling --services meeting,presentation   a short rolling run: those and the gateway
 */
import 'reflect-metadata';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import WebSocket from 'ws';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ReminderDue } from '@app/contracts';
import { redisConnection, watchRedisErrors } from '@app/platform';
import { DATA_DIR, loadScript, startFaultSystem, type FaultSystem } from './system';

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
  /** `base`: a gateway's URL, or a balancer's choice for each call */
  constructor(private readonly base: string | (() => string), private readonly org: string) {}
  async call(method: string, path: string, token: string, json?: unknown, form?: FormData): Promise<{ status: number; body: any }> {
    try {
      const base = typeof this.base === 'string' ? this.base : this.base();
      const res = await fetch(base + path, {
        method,
        headers: { 'x-org': this.org, token, ...(json ? { 'content-type': 'application/json' } : {}) },
        body: json ? JSON.stringify(json) : form,
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

/** where each service log ends now (.data/faults/logs; appended across runs) */
function logMark(): Map<string, number> {
  const dir = path.join(DATA_DIR, 'logs');
  return new Map(fs.readdirSync(dir).map((f) => [f, fs.statSync(path.join(dir, f)).size]));
}

/** lines written to the logs since `mark` that report an error nobody listened to (ioredis, an EventEmitter's 'error') */
function unhandledSince(mark: Map<string, number>): string[] {
  const dir = path.join(DATA_DIR, 'logs');
  const found: string[] = [];
  for (const f of fs.readdirSync(dir)) {
    if (f === 'nats.log' || f === 'redis.log') continue;
    const text = fs.readFileSync(path.join(dir, f)).subarray(mark.get(f) ?? 0).toString('utf8');
    for (const line of text.split('\n')) if (/Unhandled error event|ERR_UNHANDLED_ERROR|Unhandled error\.|unhandledRejection/i.test(line)) found.push(`${f}: ${line.slice(0, 160)}`);
  }
  return found;
}

async function r2(sys: FaultSystem, api: Api, fx: Fixture): Promise<Row[]> {
  const mark = logMark();
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
  const queue = watchRedisErrors(new Queue(ReminderDue.queue, { connection: redisConnection(sys.env.REDIS_URL), prefix: 'bull' }), 'faults reminders');
  const scheduled = rows.filter((r) => r.status === 'scheduled' && r.jobId);
  const present = async () => (await Promise.all(scheduled.map((r) => queue.getJob(r.jobId!)))).filter(Boolean).length;
  const before = await present();
  const raw = watchRedisErrors(new Redis(sys.env.REDIS_URL, { maxRetriesPerRequest: 2 }), 'faults flush');
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
  const unhandled = unhandledSince(mark);
  for (const line of unhandled.slice(0, 5)) log(`R2: unhandled: ${line}`);
  log(`R2: reminder jobs: ${before} before the flush, ${afterFlush} after it, ${rebuilt} of ${scheduled.length} after the restart (${back} ms)`);
  return [
    ['R2', 'domain events lost (acknowledged decisions the notification service never saw)', `${eventsLost} of ${w.decisions.length}`, eventsLost === 0 && w.decisions.length > 0],
    ['R2', 'jobs lost (vote e-mails never sent)', `${mails.missing} of ${mails.expected}`, mails.missing === 0],
    ['R2', 'e-mails sent twice', `${mails.duplicates} (same Message-ID twice: ${mails.sameMessageIdTwice})`, mails.duplicates === 0],
    ['R2', 'scheduled reminders rebuilt after the flush', `${rebuilt} of ${scheduled.length} (${afterFlush} left by the flush)`, rebuilt === scheduled.length],
    ['R2', "unhandled error events in the services' output (Redis and NATS restarts)", `${unhandled.length} lines`, unhandled.length === 0],
    ['R2', 'writes refused while NATS or Redis restarted', `${w.failures} of ${w.attempts}`, true],
  ];
}

/** a tiny RTF document: the library takes it as a Word file and converts it (LibreOffice) in a library-convert job */
const rtf = (text: string) => `{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Helvetica;}}\\f0\\fs24 ${text.replace(/[{}\\]/g, '')}\\par}`;

/**
 * Work that makes a job for each worker (scripts/services.mjs `workers`), so that R1 can kill its process while the
 * job runs. E-mails come from the decisions of the load; a signature makes an approval PDF job (the chair is given
 * approvals_create by the administrator first), a resolution report export a report job, Done on the minutes of a
 * live meeting of the chair's a minutes PDF job; reminders are delayed jobs (nothing runs before a deadline) and are
 * listed as not exercised.
 */
function jobMakers(api: Api, fx: Fixture, tinyPdf: (t: string) => string, demo: { password: string }): Record<string, (() => Promise<void>) | null> {
  let n = 0;
  const upload = async (name: string, type: string, data: string) => {
    const form = new FormData();
    form.append('file', new Blob([data], { type }), name);
    const r = await api.call('POST', '/api/library', fx.chair.token, undefined, form);
    return r.status === 200 ? (r.body.data.id as number) : null;
  };
  // a new PDF on the agenda: the presentation renders its slides, the board book is merged again
  const onAgenda = async () => {
    const id = await upload(`r1-${++n}.pdf`, 'application/pdf', tinyPdf(`R1 slides ${n}`));
    if (!id) return null;
    const r = await api.call('POST', `/api/meetings/${fx.meetingId}/talkingpoints`, fx.chair.token, { title: `R1 ${n}`, viewers: fx.members.map((m) => m.id), presenters: [fx.chair.id], duration: 5, attachments: [id] });
    return r.status === 200 ? id : null;
  };
  // the chair may send approvals once a role gives it approvals_create; its next sign-in carries the right
  let sender: Promise<string | null> | null = null;
  const approvalSender = () =>
    (sender ??= (async () => {
      const admin = await api.call('POST', '/api/login', '', { email: 'admin@demo.test', password: demo.password });
      if (admin.status !== 200) return null;
      const role = await api.call('POST', '/api/roles', admin.body.token, { name: `R1 approval senders ${Date.now()}`, users: [fx.chair.id], permissions: ['approvals_create'] });
      if (role.status !== 200) return null;
      const chair = await api.call('POST', '/api/login', '', { email: fx.chair.email, password: demo.password });
      return chair.status === 200 ? (chair.body.token as string) : null;
    })());
  // a live meeting the chair owns, whose minutes the chair marks done (each Done renders a new version)
  let live: Promise<number | null> | null = null;
  const liveMeeting = () =>
    (live ??= (async () => {
      const committees = await api.call('GET', '/api/committees?page=1&per_page=50', fx.chair.token);
      const committee = committees.body?.data?.[0]?.id;
      if (!committee) return null;
      const d = new Date(Date.now() + 7 * 86_400_000);
      const start = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:00 AM`;
      const m = await api.call('POST', '/api/meetings', fx.chair.token, { title: `R1 minutes ${Date.now()}`, committee_id: committee, start_date: start, duration: 60, location: 'R1' });
      const id = m.body?.data?.id as number | undefined;
      if (m.status !== 200 || !id) return null;
      await api.call('POST', `/api/meetings/${id}/members`, fx.chair.token, { user_id: fx.members.map((x) => x.id) });
      await api.call('POST', `/api/meetings/${id}/talkingpoints`, fx.chair.token, { title: 'R1 item', viewers: fx.members.map((x) => x.id), presenters: [fx.chair.id], duration: 5 });
      for (const status of [2, 3]) {
        if ((await api.call('POST', `/api/meetings/${id}/changestatus`, fx.chair.token, { meeting_status_id: status, reason: 'R1' })).status !== 200) return null;
      }
      return id;
    })());
  // a 1×1 PNG: the member's drawn signature
  const signature = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
  return {
    'notification-email': async () => undefined,
    'approval-pdf': async () => {
      const token = await approvalSender();
      const doc = await upload(`r1-approval-${++n}.pdf`, 'application/pdf', tinyPdf(`R1 approval ${n}`));
      if (!token || !doc) return;
      const created = await api.call('POST', '/api/approvals', token, { title: `R1 approval ${n}`, documents: [doc], assignees: [{ user_id: fx.members[0].id, order: 1 }] });
      if (created.status !== 200) return;
      await api.call('POST', `/api/approvals/${created.body.data.id}/approve`, fx.members[0].token, { file: signature });
    },
    'minutes-report': async () => void (await api.call('POST', `/api/decisions/${fx.decisionId}/report`, fx.chair.token)),
    'notification-reminder': null,
    'library-convert': async () => void (await upload(`r1-${++n}.rtf`, 'application/rtf', rtf(`R1 conversion ${n} `.repeat(50)))),
    'presentation-slides': async () => {
      const id = await onAgenda();
      if (id) await api.call('GET', `/api/presentation?document=${id}&ref_id=${fx.meetingId}`, fx.chair.token);
    },
    'minutes-book': async () => {
      if (await onAgenda()) await api.call('GET', `/api/meetings/actions/merge_files/${fx.meetingId}`, fx.chair.token);
    },
    'minutes-pdf': async () => {
      const id = await liveMeeting();
      if (!id) return;
      const form = new FormData();
      for (const [k, v] of Object.entries({ id: String(id), isConclusion: 'true', done: '1', 'conclusions[0][type]': 'meeting', 'conclusions[0][id]': String(id), 'conclusions[0][conclusion]': `R1 conclusion ${++n}`, 'conclusions[0][active]': '1' })) form.append(k, v);
      await api.call('POST', `/api/meetings/${id}/mom_conclusion`, fx.chair.token, undefined, form);
    },
  };
}

async function r1(sys: FaultSystem, api: Api, fx: Fixture, seconds: number): Promise<Row[]> {
  const w = new Writes(api, fx, 'R1');
  const rows: Row[] = [];
  const { tinyPdf } = await loadScript('load-tests/scenarios.js');
  const { presentServices } = await loadScript('scripts/services.mjs');
  const workers: { service: string; queue: string }[] = presentServices().flatMap((s: { name: string; workers?: string[] }) => (s.workers ?? []).map((queue) => ({ service: s.name, queue })));
  const { DEMO } = await loadScript('load-tests/scenarios.js');
  const makers = jobMakers(api, fx, tinyPdf, DEMO);
  const steps: { kind: 'service' | 'worker'; service: string; queue?: string }[] = [
    ...[...sys.services.keys()].map((service) => ({ kind: 'service' as const, service })),
    ...workers.filter((x) => makers[x.queue]).map((x) => ({ kind: 'worker' as const, ...x })),
  ];
  const gap = Math.max(500, Math.floor((seconds * 1000) / (steps.length + 1)));
  log(`R1: ${seconds} s of load (decisions, votes), ${steps.length} kills about ${(gap / 1000).toFixed(1)} s apart`);
  const started = Date.now();
  const load = w.run({ decisions: true, votes: true, gapMs: 100 });
  const connection = redisConnection(sys.env.REDIS_URL);
  const killedJobs: { queue: string; id: string; q: Queue }[] = [];
  for (const [i, step] of steps.entries()) {
    const due = started + (i + 1) * gap;
    if (Date.now() < due) await sleep(due - Date.now());
    let what = `${step.service} (process)`;
    if (step.kind === 'worker') {
      // make work for this worker until one of its jobs is active, then kill its process
      const q = watchRedisErrors(new Queue(step.queue!, { connection, prefix: 'bull' }), `faults ${step.queue}`);
      const make = makers[step.queue!]!;
      let active: string | undefined;
      const until = Date.now() + 20_000;
      let making: Promise<void> | null = null;
      while (!active && Date.now() < until) {
        making ??= make().catch(() => undefined).finally(() => (making = null));
        active = (await q.getActive(0, 0))[0]?.id;
        if (!active) await sleep(25);
      }
      if (!active) {
        rows.push(['R1', `${step.queue} worker (in ${step.service}): killed -9 during a job`, 'no job became active within 20 s', false]);
        await q.close();
        continue;
      }
      killedJobs.push({ queue: step.queue!, id: active, q });
      what = `${step.queue} worker (in ${step.service}) during job ${active}`;
    }
    const t = Date.now();
    await sys.kill9(step.service);
    await sys.restart(step.service);
    const ms = Date.now() - t;
    log(`R1: ${what} killed (-9) and ready again after ${(ms / 1000).toFixed(1)} s`);
    rows.push(['R1', `${what}: killed -9, ready again`, `${(ms / 1000).toFixed(1)} s`, ms <= 10_000]);
    await allReady(sys);
  }
  const left = started + seconds * 1000 - Date.now();
  if (left > 0) await sleep(left);
  await load.stop();
  log(`R1: ${w.decisions.length} decisions and ${w.lastVote.size} voters' votes acknowledged; ${w.failures} of ${w.attempts} writes refused during the kills`);
  // each job that was running when its process was killed is taken back (stalled) and finishes
  for (const k of killedJobs) {
    let state = 'unknown';
    for (let i = 0; i < 120; i++) {
      state = (await (await k.q.getJob(k.id))?.getState()) ?? 'gone';
      if (state === 'completed' || state === 'failed') break;
      await sleep(500);
    }
    const job = await k.q.getJob(k.id);
    rows.push(['R1', `${k.queue}: the job running at the kill finished`, `${state}${job ? ` after ${job.attemptsMade} attempt(s), stalled ${job.stalledCounter ?? 0}×` : ''}`, state === 'completed']);
    await k.q.close();
  }
  let lostDecisions = 0;
  for (const d of w.decisions) if ((await api.call('GET', `/api/decisions/${d.id}`, fx.chair.token)).status !== 200) lostDecisions++;
  const final = await api.call('GET', `/api/decisions/${fx.decisionId}`, fx.chair.token);
  const stored = new Map<number, string>((final.body?.data?.voters ?? []).map((v: { user_id: number; vote: string }) => [v.user_id, v.vote]));
  const lostVotes = [...w.lastVote].filter(([id, vote]) => stored.get(id) !== vote).length;
  const mails = await mailCheck(sys, fx, w.decisions, 90_000);
  for (const x of workers.filter((y) => !makers[y.queue])) rows.push(['R1', `${x.queue} worker (in ${x.service})`, 'not exercised: no job runs during the load (see docs/operations.md)', true]);
  rows.push(
    // a run in which nothing was acknowledged proves nothing
    ['R1', 'acknowledged writes lost', `${lostDecisions} decisions of ${w.decisions.length}, ${lostVotes} votes of ${w.lastVote.size}`, lostDecisions + lostVotes === 0 && w.decisions.length > 0 && w.lastVote.size > 0],
    ['R1', 'e-mails sent twice', `${mails.duplicates} (same Message-ID twice: ${mails.sameMessageIdTwice})`, mails.duplicates === 0],
    ['R1', 'vote e-mails missing after the kills', `${mails.missing} of ${mails.expected}`, mails.missing === 0],
    ['R1', 'writes refused during the kills', `${w.failures} of ${w.attempts} (${((Date.now() - started) / 1000).toFixed(0)} s)`, true],
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

/**
 * What a Kubernetes Service does in front of the gateways: each request goes to the next gateway whose
 * /health/ready answered 200 at the last look (every 150 ms); a draining gateway (503) gets no new request.
 */
class Balancer {
  private readonly ready: boolean[];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly urls: string[]) {
    this.ready = urls.map(() => true);
  }
  start(): this {
    const poll = async () => {
      await Promise.all(this.urls.map(async (u, i) => {
        this.ready[i] = (await fetch(`${u}/health/ready`, { signal: AbortSignal.timeout(1000) }).then((r) => r.status, () => 0)) === 200;
      }));
      this.timer = setTimeout(() => void poll(), 150);
    };
    void poll();
    return this;
  }
  stop(): void {
    clearTimeout(this.timer);
  }
  pick = (): string => {
    for (let k = 0; k < this.urls.length; k++) {
      const i = this.next++ % this.urls.length;
      if (this.ready[i]) return this.urls[i];
    }
    return this.urls[this.next++ % this.urls.length];
  };
}

/**
 * Presentation viewers (and the presenter) that behave as the web app does: a socket closed with 1012 or 1001 (a
 * process restarting) or refused with 503 while a gateway drains is opened again through the balancer; any other
 * end counts as a failure.
 */
class Viewers {
  told = 0;
  failures = 0;
  /** close code -> sockets that ended with it (not 1012/1001) */
  readonly failureCodes = new Map<number, number>();
  opened = 0;
  private stopping = false;
  readonly seen: Set<number>[] = [];
  private readonly sockets = new Set<WebSocket>();
  constructor(private readonly lb: Balancer, private readonly def: any, private readonly fx: Fixture) {}

  /**
   * open one socket; a viewer's (`reconnect`) opens itself again after every end, the presenter's is reopened by
   * `join` (one presenter socket at a time)
   */
  private open(token: string, onSlide: (n: number) => void, first: boolean, reconnect = true): Promise<WebSocket | null> {
    return new Promise((resolve) => {
      const ws = new WebSocket(this.lb.pick().replace(/^http/, 'ws') + this.def.path(this.fx, token), { headers: { 'x-org': 'demo' }, perMessageDeflate: false });
      let up = false;
      this.sockets.add(ws);
      ws.on('message', (d) => {
        if (!up) {
          up = true;
          this.opened++;
          resolve(ws);
        }
        const sl = this.def.slideOf(String(d));
        if (sl !== null) onSlide(sl);
      });
      ws.on('unexpected-response', (_req, res) => {
        // a draining gateway refuses new upgrades (503): another gateway is tried
        if (res.statusCode === 503) this.told++;
        else {
          this.failures++;
          const status = res.statusCode ?? 0;
          this.failureCodes.set(status, (this.failureCodes.get(status) ?? 0) + 1);
        }
        ws.terminate();
      });
      ws.on('error', () => undefined);
      ws.on('close', (code) => {
        this.sockets.delete(ws);
        if (!up) resolve(null);
        if (this.stopping) return;
        if (up && (code === 1012 || code === 1001)) this.told++;
        else if (up) {
          this.failures++;
          this.failureCodes.set(code, (this.failureCodes.get(code) ?? 0) + 1);
        }
        if (reconnect && (!first || up)) setTimeout(() => void this.open(token, onSlide, false), 100);
      });
    });
  }

  async join(n: number): Promise<(slide: number) => void> {
    for (let k = 0; k < n; k++) {
      const mine = new Set<number>();
      this.seen.push(mine);
      await this.open(this.def.viewerToken(this.fx, k), (sl) => mine.add(sl), true);
    }
    let presenter: WebSocket | null = null;
    // the presenter's socket: opened again after each end, and until it opens (a refused upgrade resolves null)
    const connect = async (): Promise<void> => {
      presenter = await this.open(this.def.presenterToken(this.fx), () => undefined, true, false);
      if (this.stopping) return;
      if (!presenter) return void setTimeout(() => void connect(), 150);
      presenter.once('close', () => {
        if (!this.stopping) setTimeout(() => void connect(), 150);
      });
    };
    await connect();
    return (slide) => {
      const p = presenter as WebSocket | null;
      if (p && p.readyState === WebSocket.OPEN) p.send(this.def.frame(slide));
    };
  }

  close(): void {
    this.stopping = true;
    for (const ws of this.sockets) ws.terminate();
  }
}

async function rolling(sys: FaultSystem, fx: Fixture, viewersDef: any, only?: string[]): Promise<Row[]> {
  // --services a,b: only those (and the gateway) get a second process and are restarted (a short run)
  if (!sys.replicaSets[1]) await sys.secondReplicas(only && [...new Set([...only, 'gateway'])]);
  const gateways = sys.replicaSets.map((set) => set.get('gateway')!.url);
  const lb = new Balancer(gateways).start();
  const api = new Api(lb.pick, 'demo');
  const { tinyPdf } = await loadScript('load-tests/scenarios.js');

  // mixed load through both gateways: reads, decisions, votes, uploads, presentation sockets
  let stopping = false;
  const reads = { sent: 0, failed: 0 };
  const uploads: { id: number; token: string }[] = [];
  const up = { sent: 0, failed: 0 };
  const failures: string[] = [];
  const w = new Writes(api, fx, 'RR');
  const writes = w.run({ decisions: true, votes: true, gapMs: 150 });
  const loops: Promise<void>[] = [];
  for (let c = 0; c < 2; c++) loops.push((async () => {
    for (let i = c; !stopping; i += 2) {
      reads.sent++;
      const path = i % 3 === 0 ? `/api/meetings?page=1&per_page=10&role=All` : `/api/meetings/${fx.meetingId}`;
      const r = await api.call('GET', path, fx.members[i % fx.members.length].token);
      if (r.status !== 200) {
        reads.failed++;
        if (failures.length < 10) failures.push(`GET ${path} -> ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      }
      await sleep(50);
    }
  })());
  loops.push((async () => {
    for (let i = 0; !stopping; i++) {
      const m = fx.members[i % fx.members.length];
      const form = new FormData();
      form.append('file', new Blob([tinyPdf(`Rolling ${i}`)], { type: 'application/pdf' }), `rolling-${i}.pdf`);
      up.sent++;
      const r = await api.call('POST', '/api/library', m.token, undefined, form);
      if (r.status === 200) uploads.push({ id: r.body.data.id, token: m.token });
      else {
        up.failed++;
        if (failures.length < 10) failures.push(`upload -> ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      }
      await sleep(400);
    }
  })());
  const viewers = new Viewers(lb, viewersDef, fx);
  const turn = await viewers.join(12);
  let slide = 7000;
  const presenting = setInterval(() => turn(++slide), 500);

  // each service's replicas one at a time (the gateways last), SIGTERM, ready again before the next
  const steps: string[] = [];
  const names = [...sys.services.keys()].filter((n) => n !== 'gateway' && sys.replicaSets[1].has(n)).concat('gateway');
  let unclean = 0;
  for (const name of names) {
    for (const replica of [0, 1]) {
      await sleep(1500);
      const r = await sys.restartGracefully(name, replica);
      if (r.exitCode !== 0) unclean++;
      steps.push(`${name}#${replica + 1} ${(r.stopMs / 1000).toFixed(1)}+${(r.readyMs / 1000).toFixed(1)} s`);
      log(`rolling: ${name} replica ${replica + 1} stopped in ${(r.stopMs / 1000).toFixed(1)} s (exit ${r.exitCode}), ready again after ${(r.readyMs / 1000).toFixed(1)} s`);
    }
  }
  await sleep(2000);
  stopping = true;
  clearInterval(presenting);
  await writes.stop();
  await Promise.all(loops);
  // the last turn after the restarts: every viewer sees it (each joined again where it was told to)
  const last = ++slide;
  turn(last);
  await sleep(2500);
  const sawLast = viewers.seen.filter((s) => s.has(last)).length;
  viewers.close();
  lb.stop();

  let lostDecisions = 0;
  for (const d of w.decisions) if ((await api.call('GET', `/api/decisions/${d.id}`, fx.chair.token)).status !== 200) lostDecisions++;
  const final = await api.call('GET', `/api/decisions/${fx.decisionId}`, fx.chair.token);
  const stored = new Map<number, string>((final.body?.data?.voters ?? []).map((v: { user_id: number; vote: string }) => [v.user_id, v.vote]));
  const lostVotes = [...w.lastVote].filter(([id, vote]) => stored.get(id) !== vote).length;
  let lostUploads = 0;
  for (const u of uploads) if ((await api.call('GET', `/api/library/${u.id}`, u.token)).status !== 200) lostUploads++;
  const mails = await mailCheck(sys, fx, w.decisions, 90_000);
  const sent = reads.sent + up.sent + w.attempts;
  const failed = reads.failed + up.failed + w.failures;
  for (const f of failures) log(`rolling: failed ${f}`);
  log(`rolling: ${steps.join(', ')}`);
  const acked = w.decisions.length + w.lastVote.size + uploads.length;
  return [
    ['rolling', `requests failed while ${names.length} services x 2 replicas restarted one at a time (SIGTERM)`, `${failed} of ${sent} (reads ${reads.failed}/${reads.sent}, writes ${w.failures}/${w.attempts}, uploads ${up.failed}/${up.sent})`, failed === 0 && sent > 0],
    ['rolling', 'acknowledged writes found afterwards', `${acked - lostDecisions - lostVotes - lostUploads} of ${acked} (${w.decisions.length} decisions, ${w.lastVote.size} last votes, ${uploads.length} uploads)`, lostDecisions + lostVotes + lostUploads === 0 && acked > 0],
    ['rolling', 'vote e-mails sent once', `${mails.expected - mails.missing} of ${mails.expected} sent, ${mails.missing} missing, ${mails.duplicates} twice`, mails.missing === 0 && mails.duplicates === 0],
    ['rolling', 'presentation sockets: told to reconnect / failed', `${viewers.told} / ${viewers.failures}${viewers.failureCodes.size ? ` (by close code or HTTP status: ${[...viewers.failureCodes].map(([c, n]) => `${c} ×${n}`).join(', ')})` : ''} (${viewers.opened} opened); ${sawLast} of ${viewers.seen.length} viewers saw the last turn`, viewers.failures === 0 && sawLast === viewers.seen.length],
    ['rolling', 'processes that did not exit 0 after SIGTERM', `${unclean} of ${names.length * 2}`, unclean === 0],
  ];
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--seconds');
  const seconds = at >= 0 ? Number(args[at + 1]) : 60;
  if (at >= 0) args.splice(at, 2);
  if (!Number.isFinite(seconds) || seconds < 5) {
    console.error('[faults] --seconds takes a number of seconds (at least 5)');
    return 2;
  }
  const sat = args.indexOf('--services');
  const only = sat >= 0 ? args[sat + 1]?.split(',').filter(Boolean) : undefined;
  if (sat >= 0) args.splice(sat, 2);
  const which = args.map((a) => a.toLowerCase());
  const bad = which.filter((a) => !['r1', 'r2', 'replicas', 'rolling'].includes(a));
  if (bad.length) {
    console.error(`[faults] unknown suite ${bad.join(', ')}\nusage: npm run faults [-- r1|r2|replicas|rolling] [--seconds 60 (R1's load)] [--services a,b (rolling: which to restart)]`);
    return 2;
  }
  const suites = which.length ? which : ['r2', 'r1', 'replicas', 'rolling'];
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
    if (suites.includes('r1')) rows.push(...(await r1(sys, api, await fixture(), seconds)));
    if (suites.includes('replicas')) rows.push(...(await replicas(sys, await fixture(), SCENARIOS['presentation-viewers'].viewers)));
    if (suites.includes('rolling')) rows.push(...(await rolling(sys, await fixture(), SCENARIOS['presentation-viewers'].viewers, only)));
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
