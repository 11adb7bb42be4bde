/**
 * P6, e-mail: N notification e-mails (default 10,000) sent by the running notification service through nodemailer
 * to the bench's SMTP sink, beside the ceiling of nodemailer alone against the same sink (p6-nodemailer.ts).
 *
 * E-mails: N SendEmail jobs (template password-reset, one recipient each, four languages) are added to the
 * service's own queue while it is paused, with the options the platform's Jobs.addMany gives them; the clock
 * runs from resume until the sink has received N messages. Every recipient must receive exactly one.
 * Workers: the system's notification service plus `--email-workers` - 1 more processes of it (default 2 in all),
 * each with the service's EMAIL_CONCURRENCY and SMTP_POOL_SIZE.
 * Ceiling: as many processes of p6-nodemailer.ts as workers, each sending N / workers e-mails through the service's
 * Mailer (nodemailer composing and sending, the same pool and concurrency) and nothing else.
 * Goals: >= 1,000 e-mails/s, >= 0.7x the ceiling, every e-mail exactly once. CPU per e-mail is printed per process
 * on both sides (the sink is the bench process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { Queue } from 'bullmq';
import { SendEmail } from '@app/contracts';
import { redisConnection } from '@app/platform';
import { createTestOrg, freePort } from '@app/testing';
import type { BenchOptions } from './options';
import type { BenchResult } from './report';
import { loadScript, ROOT, type BenchSystem } from './system';
import type { Fixtures } from './fixtures';
import type { SmtpSink } from './smtp';
import { emailQueueIdle } from './http';
import { notificationConfigSchema } from '../../services/notification/src/config';
import { formatPerUnit, formatSpent, perUnit, snapshot, spent } from './cpu';
import { fmt, fmtRatio, meets, ratio } from './stats';

const LANGS = ['en', 'ar', 'ru', 'fr'] as const;

async function until(done: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** the options Jobs.addMany gives a job of this definition */
const jobOpts = (jobId: string) => ({
  jobId,
  attempts: SendEmail.attempts ?? 5,
  backoff: { type: 'exponential' as const, delay: SendEmail.backoffMs ?? 1000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: false,
});

async function addInChunks(q: Queue, jobs: Array<{ name: string; data: unknown; opts: ReturnType<typeof jobOpts> }>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < jobs.length; i += 1000) await q.addBulk(jobs.slice(i, i + 1000));
  return (performance.now() - t0) / 1000;
}

/**
 * The notification service's own Node options (scripts/services.mjs nodeOptions): its extra processes here run with
 * them as the system's does, and so does the ceiling (nodemailer alone in the same runtime)
 */
async function notificationNodeOptions(): Promise<string[]> {
  const { ALL_SERVICES } = (await loadScript('scripts/services.mjs')) as { ALL_SERVICES: { name: string; nodeOptions?: string[] }[] };
  return ALL_SERVICES.find((s) => s.name === 'notification')?.nodeOptions ?? [];
}

/** CPU per e-mail per process: "notification 0.61 ms, bench 0.22 ms, ..." */
const perEmail = (rows: Array<[string, number]>, n: number) => formatPerUnit(perUnit(rows, n, []).byProcess);

function spawnNode(args: string[], env: Record<string, string>, stdout: 'pipe' | 'ignore', root = ROOT, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '-r', path.join(ROOT, 'scripts/lib/exit-with-parent.cjs'), '-r', '@swc-node/register', ...args], {
    cwd: root,
    env,
    stdio: ['pipe', stdout, 'inherit', 'ipc'],
  });
}

/** SendEmail jobs a notification process has finished well so far (its /metrics), or null when it does not answer */
async function emailsDone(port: number): Promise<number | null> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('job_duration_seconds_count{') && l.includes(`name="${SendEmail.name}"`) && l.includes('outcome="ok"'));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  } catch {
    return null;
  }
}

/** the ceiling: `workers` processes of nodemailer alone, started, warmed up, then released at once */
async function ceiling(sys: BenchSystem, sinkUrl: string, n: number, workers: number, stamp: string, log: (m: string) => void, nodeArgs: string[]) {
  const share = Math.ceil(n / workers);
  const children = Array.from({ length: workers }, (_, w) =>
    spawnNode(['scripts/bench/p6-nodemailer.ts'], { ...sys.env, SMTP_URL: sinkUrl, P6_COUNT: String(share), P6_PREFIX: `p6c-${stamp}-${w}`, LOG_LEVEL: 'error' }, 'pipe', ROOT, nodeArgs),
  );
  try {
    const lines = children.map((c) => readline.createInterface({ input: c.stdout! }));
    const next = (i: number) =>
      new Promise<string>((resolve, reject) => {
        lines[i].once('line', resolve);
        children[i].once('exit', (code) => reject(new Error(`p6-nodemailer exited (${code})`)));
      });
    await Promise.all(children.map((_, i) => next(i)));
    log(`P6: ceiling: ${workers} process(es) of nodemailer alone, ${share} e-mails each`);
    const pids = Object.fromEntries(children.map((c, i) => [`nodemailer-${i + 1}`, c.pid!]));
    const cpu0 = snapshot(pids);
    const t0 = performance.now();
    const done = children.map((_, i) => next(i));
    for (const c of children) c.stdin!.write('go\n');
    const results = (await Promise.all(done)).map((l) => JSON.parse(l) as { sent: number; seconds: number; cpuSeconds: number });
    const runS = (performance.now() - t0) / 1000;
    // each child measures its own CPU (it may have exited before /proc is read again); the sink's and Redis's from /proc
    const cpu: Array<[string, number]> = [
      ...results.map((r, i): [string, number] => [`nodemailer-${i + 1}`, r.cpuSeconds]),
      ...spent(cpu0, snapshot(pids)).filter(([k]) => k === 'bench' || k === 'redis'),
    ].sort((a, b) => b[1] - a[1]);
    const sent = results.reduce((a, r) => a + r.sent, 0);
    return { sent, runS, rate: sent / runS, cpu };
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  }
}

export async function runEmail(sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void, sink: SmtpSink): Promise<BenchResult> {
  const n = opts.emails;
  const workers = opts.emailWorkers;
  // the service's own settings, its defaults included (the ceiling runs with the same)
  const concurrency = notificationConfigSchema.shape.EMAIL_CONCURRENCY.parse(sys.env.EMAIL_CONCURRENCY);
  const poolSize = notificationConfigSchema.shape.SMTP_POOL_SIZE.parse(sys.env.SMTP_POOL_SIZE);
  const connection = redisConnection(sys.env.REDIS_URL);
  const org = await createTestOrg(fx.bus, { name: 'Bench e-mail' });
  const open = await emailQueueIdle(sys.env.REDIS_URL);
  if (open) log(`P6: warning: ${open} e-mail jobs of earlier steps still open`);

  const stamp = Date.now().toString(36);
  const address = (i: number) => `p6-${stamp}-${i}@bench.test`;
  const q = new Queue(SendEmail.queue, { connection, prefix: 'bull' });
  const pids: Record<string, number> = Object.fromEntries(sys.services.map((x) => [x.name, x.pid]));
  // more notification processes: the same service, the same environment, each on a free HTTP port (its /metrics
  // says how many e-mails it sent). P6_VARIANT_ROOT: they run from another checkout (an A/B at the same moment: the
  // system's process is one variant, these the other; compare the CPU per e-mail each one handled)
  const variantRoot = process.env.P6_VARIANT_ROOT || ROOT;
  // P6_VARIANT_NODE_ARGS: the extra processes' Node options instead of the service's own (an A/B of a V8 setting)
  const nodeArgs = await notificationNodeOptions();
  const variantArgs = process.env.P6_VARIANT_NODE_ARGS !== undefined ? process.env.P6_VARIANT_NODE_ARGS.split(' ').filter(Boolean) : nodeArgs;
  const ports: Record<string, number> = { notification: sys.services.find((x) => x.name === 'notification')!.port };
  const extra: ChildProcess[] = [];
  for (let w = 2; w <= workers; w++) {
    const port = await freePort();
    const child = spawnNode(['services/notification/src/main.ts'], { ...sys.env, SERVICE_NAME: 'notification', HTTP_PORT: String(port) }, 'ignore', variantRoot, variantArgs);
    extra.push(child);
    pids[`notification-${w}`] = child.pid!;
    ports[`notification-${w}`] = port;
  }
  if (variantRoot !== ROOT) log(`P6: notification-2..${workers} run from ${variantRoot} (P6_VARIANT_ROOT), notification from ${ROOT}`);
  if (variantArgs.join(' ') !== nodeArgs.join(' ')) log(`P6: notification-2..${workers} run with Node options '${variantArgs.join(' ')}' (P6_VARIANT_NODE_ARGS), notification with '${nodeArgs.join(' ')}'`);
  let handled: Array<[string, number | null]> = [];
  let mail: { enqueueS: number; runS: number };
  let cpu: Array<[string, number]> = [];
  try {
    // each process's BullMQ worker shows as a Redis client of the queue; a worker that is not seen in time is reported, not fatal
    await until(async () => (await q.getWorkers()).length >= workers, 180_000, `${workers} notification workers on the e-mail queue`).catch(async () =>
      log(`P6: warning: ${(await q.getWorkers()).length} of ${workers} notification workers seen on the e-mail queue`),
    );
    await q.pause();
    const job = (i: number) => ({
      name: SendEmail.name,
      data: {
        payload: SendEmail.payload.parse({
          orgId: org.orgId,
          template: 'password-reset',
          to: { email: address(i), name: `Reader ${i}`, lang: LANGS[((i % 4) + 4) % 4] },
          params: { token: `tok_${Math.abs(i).toString().padStart(20, '0')}`, email: address(i), expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
          sourceId: `bench-p6-${stamp}`,
        }),
      },
      opts: jobOpts(`email-bench-${stamp}-${i}`),
    });
    const jobs = Array.from({ length: n }, (_, i) => job(i));
    log(`P6: ${n} e-mails queued (paused), then sent by ${workers} notification process(es) (concurrency ${concurrency}, ${poolSize} SMTP connections each)`);
    // warm-up, not timed: a few e-mails per worker (each fetches its copy of the organization, opens its SMTP pool)
    const warm = Array.from({ length: 20 * workers }, (_, i) => job(-1 - i));
    const warmBefore = sink.count();
    await q.resume();
    await q.addBulk(warm);
    await until(() => sink.count() - warmBefore >= warm.length, 120_000, 'the warm-up e-mails');
    await q.pause();
    const enqueueS = await addInChunks(q, jobs);
    const before = sink.count();
    const done0 = await Promise.all(Object.values(ports).map(emailsDone));
    const cpuBefore = snapshot(pids);
    const t1 = performance.now();
    await q.resume();
    await until(() => sink.count() - before >= n, 30 * 60_000, `${n} e-mails at the sink`);
    mail = { enqueueS, runS: (performance.now() - t1) / 1000 };
    // where the run's time went: CPU seconds per process (the sink is this bench process)
    cpu = spent(cpuBefore, snapshot(pids));
    const done1 = await Promise.all(Object.values(ports).map(emailsDone));
    handled = Object.keys(ports).map((k, i) => [k, done0[i] === null || done1[i] === null ? null : done1[i]! - done0[i]!]);
    log(`P6: e-mails sent per notification process: ${handled.map(([k, h]) => `${k} ${h ?? '?'}`).join(', ')}`);
    log(`P6: CPU while the e-mails were sent (${fmt(mail.runS, 's')} wall): ${formatSpent(cpu)}`);
  } finally {
    await q.resume().catch(() => undefined);
    await q.close();
  }
  // exactly once: let stragglers (a retry after a lost reply) arrive, then count per recipient
  await emailQueueIdle(sys.env.REDIS_URL, 60_000);
  await new Promise((r) => setTimeout(r, 1000));
  for (const c of extra) if (c.exitCode === null) c.kill('SIGTERM');
  let missing = 0;
  let twice = 0;
  for (let i = 0; i < n; i++) {
    const c = sink.received(address(i));
    if (c === 0) missing++;
    else if (c > 1) twice++;
  }

  // the ceiling: nodemailer alone, as many processes, the same sink
  const ceil = await ceiling(sys, sink.url, n, workers, stamp, log, nodeArgs);
  log(`P6: ceiling ${fmt(ceil.rate)} e-mails/s; CPU: ${formatSpent(ceil.cpu)}`);

  const mailRate = n / mail.runS;
  const r = ratio(mailRate, ceil.rate);
  const failedChecks: string[] = [];
  if (missing) failedChecks.push(`${missing} of ${n} e-mails never arrived`);
  if (twice) failedChecks.push(`${twice} recipients received their e-mail more than once`);
  const cpuLine = perEmail(cpu, n);
  const cpuOf = Object.fromEntries(cpu);
  const handledLine = handled
    .map(([k, h]) => (h ? `${k} ${h} e-mails, ${(((cpuOf[k] ?? 0) / h) * 1000).toFixed(3)} ms of CPU each` : `${k} (count not read)`))
    .join('; ');
  const ceilLine = perEmail(ceil.cpu, ceil.sent);
  return {
    id: 'p6',
    title: 'e-mail',
    rows: [
      { id: 'P6', work: `${n} e-mails through nodemailer to an SMTP sink (${workers} workers)`, figure: `${fmt(mailRate)} e-mails/s`, baseline: '', ratio: '', goal: '>= 1,000/s', met: mailRate >= 1000 },
      { id: 'P6', work: 'the same against nodemailer alone (ceiling)', figure: `${fmt(mailRate)} e-mails/s`, baseline: `${fmt(ceil.rate)} e-mails/s`, ratio: fmtRatio(r), goal: '>= 0.7x', met: meets(r, { ge: 0.7 }) },
      { id: 'P6', work: 'e-mails sent exactly once (check)', figure: `${n - missing - twice}/${n} once`, baseline: '', ratio: '', goal: 'all once', met: failedChecks.length === 0 },
    ],
    figures: {
      emails: n, workers, concurrency, poolSize, mail, mailRate, ceiling: { runS: ceil.runS, rate: ceil.rate, sent: ceil.sent }, ratio: r, missing, twice,
      cpuSeconds: cpuOf, handled: Object.fromEntries(handled), variantRoot: variantRoot === ROOT ? null : variantRoot, nodeOptions: nodeArgs, variantNodeOptions: variantArgs, ceilingCpuSeconds: Object.fromEntries(ceil.cpu),
    },
    details: [
      `${n} SendEmail jobs (template password-reset, one recipient each, en/ar/ru/fr) added to the paused \`${SendEmail.queue}\` queue in ${fmt(mail.enqueueS, 's')}, then sent through nodemailer by ${workers} notification process(es) (worker concurrency ${concurrency}, ${poolSize} pooled SMTP connections each) in ${fmt(mail.runS, 's')}: ${fmt(mailRate)} e-mails/s.`,
      `CPU per e-mail per process, service run (the SMTP sink is the bench process): ${cpuLine}.`,
      `Per notification process, the e-mails it sent and its CPU per e-mail it sent (compare with the ceiling's per-process CPU times the number of processes): ${handledLine}.`,
      `Ceiling: ${ceil.sent} e-mails through the service's Mailer alone (nodemailer composing and sending, same pool and concurrency, no queue, no database, templates rendered once) from ${workers} process(es) to the same sink in ${fmt(ceil.runS, 's')}: ${fmt(ceil.rate)} e-mails/s. CPU per e-mail per process: ${ceilLine}.`,
      `The service runs at ${fmtRatio(r)} of the ceiling. Exactly once: ${n - missing - twice} recipients received one e-mail, ${missing} none, ${twice} more than one.`,
    ],
    failedChecks,
  };
}
