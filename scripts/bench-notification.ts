/**
 * `npm run bench:notification` — a benchmark, not a test: it prints rates, never a verdict.
 *
 * Queues BENCH_COUNT (10,000) e-mails as SendEmail jobs and lets the notification service's own
 * e-mail pipeline (EmailProcessor: delivery-log check, template rendering, nodemailer (message and pooled SMTP),
 * delivery log row) send them to a local SMTP sink; then queues as many no-op BullMQ jobs with the
 * same options and the same worker concurrency. Both are measured in the same run, from the moment the
 * paused queue is resumed until the last job is done, and printed side by side with their ratio.
 *
 * Infrastructure: as `npm start` finds it (scripts/infra.mjs: environment URLs, else servers on the
 * usual loopback ports, else local ones it starts and stops). BullMQ runs in its own Redis database
 * (BENCH_REDIS_DB, default 15) so that a running system's workers never take the benchmark's jobs; the
 * benchmark's organization and its delivery-log rows are deleted afterwards.
 *
 * Knobs: BENCH_COUNT, BENCH_REDIS_DB, EMAIL_CONCURRENCY, SMTP_POOL_SIZE (the service's defaults otherwise).
 */
import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, Worker } from 'bullmq';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { SendEmail } from '@app/contracts';
import { createRootLogger, migrateService, parseConfig, PlatformModule, redisConnection } from '@app/platform';
import { loadNotificationConfig, type NotificationConfig } from '../services/notification/src/config';
import { notificationTables } from '../services/notification/src/db/tables';
import { DirectoryRepository } from '../services/notification/src/repositories/directory.repository';
import { DirectoryService } from '../services/notification/src/common/directory';
import { EmailOutbox } from '../services/notification/src/common/email-outbox';
import { EmailProcessor } from '../services/notification/src/email/email.processor';
import { EmailRepository } from '../services/notification/src/repositories/email.repository';
import { SentLog } from '../services/notification/src/email/sent-log';
import { Mailer } from '../services/notification/src/email/mailer';

const bench = parseConfig(
  z.object({
    BENCH_COUNT: z.coerce.number().int().min(100).max(1_000_000).default(10_000),
    BENCH_REDIS_DB: z.coerce.number().int().min(0).max(15).default(15),
    DATABASE_APP_ROLE: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('boardroom_app'),
  }),
);

const ROOT = path.resolve(__dirname, '..');
const log = (m: string) => console.log(`[bench] ${m}`);
// keep a real dynamic import (swc would turn import() into require(); infra.mjs is an ES module)
const importEsm = new Function('u', 'return import(u)') as (u: string) => Promise<any>;

/** An SMTP server that accepts and counts (no parsing: the sender is what is measured). */
async function countingSink(): Promise<{ url: string; count: () => number; stop: () => Promise<void> }> {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        n++;
        callback(null);
      });
    },
  });
  server.on('error', () => undefined);
  // answer at once (no Nagle delay on the replies), as a production MTA does
  server.server.on('connection', (socket: import('node:net').Socket) => socket.setNoDelay(true));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, count: () => n, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

function withDb(url: string, db: number): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function until(done: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The e-mail pipeline of services/notification and nothing else (no event consumers: a running system's events are not touched). */
function emailPipeline(config: NotificationConfig) {
  @Module({
    imports: [
      PlatformModule.forRoot({
        service: 'notification',
        config,
        db: { schema: notificationTables },
        queues: { produces: [SendEmail], processes: [SendEmail], concurrency: config.EMAIL_CONCURRENCY },
      }),
    ],
    providers: [DirectoryRepository, DirectoryService, EmailRepository, SentLog, EmailOutbox, Mailer, EmailProcessor],
  })
  class EmailPipeline {}
  return EmailPipeline;
}

async function measureEmails(config: NotificationConfig, sink: { count: () => number }, orgId: string, n: number): Promise<{ enqueueS: number; runS: number }> {
  const queue = new Queue(SendEmail.queue, { connection: redisConnection(config.REDIS_URL), prefix: 'bull' });
  await queue.obliterate({ force: true });
  await queue.pause();
  const app: INestApplicationContext = await NestFactory.createApplicationContext(emailPipeline(config), { logger: false });
  await app.init();
  try {
    const outbox = app.get(EmailOutbox);
    const t0 = performance.now();
    const source = randomUUID();
    for (let i = 0; i < n; i++) {
      const email = `bench-${i}@example.test`;
      await outbox.enqueue(
        orgId,
        source,
        { template: 'password-reset', params: { token: `tok_${i.toString().padStart(20, '0')}`, email, expiresAt: new Date(Date.now() + 3_600_000).toISOString() } },
        [{ email, name: `Reader ${i}`, lang: (['en', 'ar', 'ru', 'fr'] as const)[i % 4] }],
      );
    }
    const enqueueS = (performance.now() - t0) / 1000;
    const before = sink.count();
    const t1 = performance.now();
    await queue.resume();
    await until(async () => sink.count() - before >= n && ((await queue.getJobCounts('completed')).completed ?? 0) >= n, 30 * 60_000);
    const runS = (performance.now() - t1) / 1000;
    const failed = (await queue.getJobCounts('failed')).failed ?? 0;
    if (failed) log(`warning: ${failed} e-mail jobs failed`);
    return { enqueueS, runS };
  } finally {
    await app.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

async function measureNoop(config: NotificationConfig, n: number): Promise<{ enqueueS: number; runS: number }> {
  const name = 'bench-noop';
  const connection = redisConnection(config.REDIS_URL);
  const queue = new Queue(name, { connection, prefix: 'bull' });
  await queue.obliterate({ force: true });
  await queue.pause();
  let done = 0;
  const worker = new Worker(name, async () => undefined, { connection, prefix: 'bull', concurrency: config.EMAIL_CONCURRENCY });
  worker.on('completed', () => done++);
  try {
    await worker.waitUntilReady();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      // the same options Jobs.add gives a SendEmail job
      await queue.add('noop', { payload: { i } }, {
        jobId: `noop-${i}`,
        attempts: SendEmail.attempts,
        backoff: { type: 'exponential', delay: SendEmail.backoffMs ?? 1000 },
        removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
        removeOnFail: false,
      });
    }
    const enqueueS = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    await queue.resume();
    await until(() => done >= n, 10 * 60_000);
    return { enqueueS, runS: (performance.now() - t1) / 1000 };
  } finally {
    await worker.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

async function main(): Promise<void> {
  const infraMod = await importEsm(pathToFileURL(path.join(ROOT, 'scripts/infra.mjs')).href);
  const infra = await infraMod.resolveInfra({ purpose: 'start', dataDir: '.data/bench', log: (m: string) => log(`infra: ${m}`) });
  const sink = await countingSink();
  let admin: Client | undefined;
  const orgId = randomUUID();
  try {
    await migrateService({ adminUrl: infra.env.DATABASE_ADMIN_URL, schema: 'notification', migrationsFolder: path.join(ROOT, 'services/notification/src/db/migrations'), appRole: bench.DATABASE_APP_ROLE });
    const config = loadNotificationConfig({
      ...infra.env,
      REDIS_URL: withDb(infra.env.REDIS_URL, bench.BENCH_REDIS_DB),
      SMTP_URL: sink.url,
      HTTP_PORT: '0',
      LOG_LEVEL: 'error',
      ...(process.env.EMAIL_CONCURRENCY ? { EMAIL_CONCURRENCY: process.env.EMAIL_CONCURRENCY } : {}),
      ...(process.env.SMTP_POOL_SIZE ? { SMTP_POOL_SIZE: process.env.SMTP_POOL_SIZE } : {}),
    });
    createRootLogger('bench', 'error');
    admin = new Client({ connectionString: infra.env.DATABASE_ADMIN_URL });
    await admin.connect();
    await admin.query(`INSERT INTO notification.organizations (org_id, slug, name, time_zone) VALUES ($1, $2, 'Benchmark Board', 'UTC')`, [orgId, `bench${orgId.slice(0, 8)}`]);

    const n = bench.BENCH_COUNT;
    log(`${n} e-mails and ${n} no-op jobs; worker concurrency ${config.EMAIL_CONCURRENCY}, SMTP pool ${config.SMTP_POOL_SIZE}, Redis db ${bench.BENCH_REDIS_DB}, node ${process.version}`);
    const mail = await measureEmails(config, sink, orgId, n);
    log(`e-mails sent: ${sink.count()}`);
    const noop = await measureNoop(config, n);

    const rate = (s: number) => n / s;
    const row = (label: string, r: { enqueueS: number; runS: number }) =>
      `  ${label.padEnd(22)} ${rate(r.runS).toFixed(0).padStart(8)} /s   (${r.runS.toFixed(2)} s; queued in ${r.enqueueS.toFixed(2)} s, ${rate(r.enqueueS).toFixed(0)} /s)`;
    console.log('');
    console.log(`notification benchmark: ${n} jobs each, concurrency ${config.EMAIL_CONCURRENCY}`);
    console.log(row('e-mails (SMTP sink)', mail));
    console.log(row('no-op BullMQ jobs', noop));
    console.log(`  ratio                  e-mails run at ${((rate(mail.runS) / rate(noop.runS)) * 100).toFixed(1)}% of the no-op rate (${(rate(noop.runS) / rate(mail.runS)).toFixed(1)}x slower per job)`);
  } finally {
    if (admin) {
      await admin.query('DELETE FROM notification.email_log WHERE org_id = $1', [orgId]).catch(() => undefined);
      await admin.query('DELETE FROM notification.organizations WHERE org_id = $1', [orgId]).catch(() => undefined);
      await admin.end();
    }
    await sink.stop();
    await infra.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error('[bench] failed:', e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
