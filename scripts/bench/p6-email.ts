/**
 * P6, e-mail: N notification e-mails (default 10,000) sent by the running notification service to the bench's
 * SMTP sink, against N no-op BullMQ jobs in the same run.
 *
 * E-mails: N SendEmail jobs (template password-reset, one recipient each, four languages) are added to the
 * service's own queue while it is paused, with the options the platform's Jobs.addMany gives them; the clock
 * runs from resume until the sink has received N messages. Every recipient must receive exactly one.
 * No-op jobs: the same number of jobs with the same options on a queue of their own, processed by a BullMQ
 * worker in the bench process with the service's e-mail concurrency (EMAIL_CONCURRENCY, the service's default 50).
 */
import { Queue, Worker } from 'bullmq';
import { SendEmail } from '@app/contracts';
import { redisConnection } from '@app/platform';
import { createTestOrg } from '@app/testing';
import type { BenchOptions } from './options';
import type { BenchResult } from './report';
import type { BenchSystem } from './system';
import type { Fixtures } from './fixtures';
import type { SmtpSink } from './smtp';
import { emailQueueIdle } from './http';
import { notificationConfigSchema } from '../../services/notification/src/config';
import { formatSpent, snapshot, spent } from './cpu';
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

export async function runEmail(sys: BenchSystem, fx: Fixtures, opts: BenchOptions, log: (m: string) => void, sink: SmtpSink): Promise<BenchResult> {
  const n = opts.emails;
  // the service's own setting, its default included (the baseline must run at the same concurrency)
  const concurrency = notificationConfigSchema.shape.EMAIL_CONCURRENCY.parse(sys.env.EMAIL_CONCURRENCY);
  const connection = redisConnection(sys.env.REDIS_URL);
  const org = await createTestOrg(fx.bus, { name: 'Bench e-mail' });
  const open = await emailQueueIdle(sys.env.REDIS_URL);
  if (open) log(`P6: warning: ${open} e-mail jobs of earlier steps still open`);

  // e-mails through the running notification service
  const stamp = Date.now().toString(36);
  const address = (i: number) => `p6-${stamp}-${i}@bench.test`;
  const q = new Queue(SendEmail.queue, { connection, prefix: 'bull' });
  let mail: { enqueueS: number; runS: number };
  let cpu: Array<[string, number]> = [];
  const pids = Object.fromEntries(sys.services.map((x) => [x.name, x.pid]));
  try {
    await q.pause();
    const job = (i: number) => ({
      name: SendEmail.name,
      data: {
        payload: SendEmail.payload.parse({
          orgId: org.orgId,
          template: 'password-reset',
          to: { email: address(i), name: `Reader ${i}`, lang: LANGS[i % 4] },
          params: { token: `tok_${i.toString().padStart(20, '0')}`, email: address(i), expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
          sourceId: `bench-p6-${stamp}`,
        }),
      },
      opts: jobOpts(`email-bench-${stamp}-${i}`),
    });
    const jobs = Array.from({ length: n }, (_, i) => job(i));
    log(`P6: ${n} e-mails queued (paused), then sent by the notification service (concurrency ${concurrency})`);
    // warm-up, not timed: one e-mail (the service fetches its copy of the organization on first use, opens its SMTP pool)
    const warm = job(-1);
    const warmBefore = sink.count();
    await q.resume();
    await q.addBulk([warm]);
    await until(() => sink.count() > warmBefore, 120_000, 'the warm-up e-mail');
    await q.pause();
    const enqueueS = await addInChunks(q, jobs);
    const before = sink.count();
    const cpuBefore = snapshot(pids);
    const t1 = performance.now();
    await q.resume();
    await until(() => sink.count() - before >= n, 30 * 60_000, `${n} e-mails at the sink`);
    mail = { enqueueS, runS: (performance.now() - t1) / 1000 };
    // where the run's time went: CPU seconds per process (the sink is this bench process)
    cpu = spent(cpuBefore, snapshot(pids));
    log(`P6: CPU while the e-mails were sent (${fmt(mail.runS, 's')} wall): ${formatSpent(cpu)}`);
  } finally {
    await q.resume().catch(() => undefined);
    await q.close();
  }
  // exactly once: let stragglers (a retry after a lost reply) arrive, then count per recipient
  await emailQueueIdle(sys.env.REDIS_URL, 60_000);
  await new Promise((r) => setTimeout(r, 1000));
  let missing = 0;
  let twice = 0;
  for (let i = 0; i < n; i++) {
    const c = sink.received(address(i));
    if (c === 0) missing++;
    else if (c > 1) twice++;
  }

  // no-op jobs, same options, same concurrency
  const name = `bench-noop-${stamp}`;
  const nq = new Queue(name, { connection, prefix: 'bull' });
  let done = 0;
  const worker = new Worker(name, async () => undefined, { connection, prefix: 'bull', concurrency });
  worker.on('completed', () => done++);
  let noop: { enqueueS: number; runS: number };
  try {
    await worker.waitUntilReady();
    await nq.pause();
    const enqueueS = await addInChunks(nq, Array.from({ length: n }, (_, i) => ({ name: 'noop', data: { payload: { i } }, opts: jobOpts(`noop-${i}`) })));
    const t1 = performance.now();
    await nq.resume();
    await until(() => done >= n, 10 * 60_000, `${n} no-op jobs`);
    noop = { enqueueS, runS: (performance.now() - t1) / 1000 };
  } finally {
    await worker.close();
    await nq.obliterate({ force: true }).catch(() => undefined);
    await nq.close();
  }

  const mailRate = n / mail.runS;
  const noopRate = n / noop.runS;
  const r = ratio(mailRate, noopRate);
  const failedChecks: string[] = [];
  if (missing) failedChecks.push(`${missing} of ${n} e-mails never arrived`);
  if (twice) failedChecks.push(`${twice} recipients received their e-mail more than once`);
  return {
    id: 'p6',
    title: 'e-mail',
    rows: [
      { id: 'P6', work: `${n} e-mails to an SMTP sink`, figure: `${fmt(mailRate)} e-mails/s`, baseline: `${fmt(noopRate)} no-op jobs/s`, ratio: fmtRatio(r), goal: '>= 0.5x', met: meets(r, { ge: 0.5 }) },
      { id: 'P6', work: 'e-mails sent exactly once (check)', figure: `${n - missing - twice}/${n} once`, baseline: '', ratio: '', goal: 'all once', met: failedChecks.length === 0 },
    ],
    figures: { emails: n, concurrency, mail, noop, mailRate, noopRate, ratio: r, missing, twice, cpuSeconds: Object.fromEntries(cpu) },
    details: [
      `${n} SendEmail jobs (template password-reset, one recipient each, en/ar/ru/fr) added to the paused \`${SendEmail.queue}\` queue in ${fmt(mail.enqueueS, 's')}, then sent by the running notification service (worker concurrency ${concurrency}) in ${fmt(mail.runS, 's')}: ${fmt(mailRate)} e-mails/s.`,
      `${n} no-op jobs with the same options and concurrency (a BullMQ worker in the bench process, same Redis): ${fmt(noop.runS, 's')}, ${fmt(noopRate)} jobs/s.`,
      `CPU while the e-mails were sent (${fmt(mail.runS, 's')} wall, the SMTP sink is the bench process): ${formatSpent(cpu)}.`,
      `E-mails run at ${fmtRatio(r)} of the no-op rate. Exactly once: ${n - missing - twice} recipients received one e-mail, ${missing} none, ${twice} more than one.`,
    ],
    failedChecks,
  };
}
