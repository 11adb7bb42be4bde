/**
 * The system under measurement, started the way `npm start` / `npm test` start it: scripts/infra.mjs
 * (its own data directory, .data/bench), scripts/migrate.ts, scripts/seed.ts, then every service of
 * scripts/services.mjs on free ports (offset 6000 or the next free range: gateway 9000), output in
 * .data/bench/logs/<service>.log.
 *
 * Isolation on a shared machine:
 * - PostgreSQL: the bench's own database (BENCH_DATABASE, default `boardroom_bench`) on the server that
 *   DATABASE_ADMIN_URL names, else on 127.0.0.1:5432, else PGlite in .data/bench; dropped and created again
 *   at the start of each run (P7 bulk-inserts 100,000 meetings into it).
 * - NATS: a private nats-server with a fresh JetStream store (the resolver's test mode), so a running
 *   `npm start` never answers the bench's RPCs.
 * - Redis: REDIS_URL, else database BENCH_REDIS_DB (15) of 127.0.0.1:6379; emptied at the start.
 * - SMTP: the bench's own in-process sink (smtp.ts), so no e-mail reaches a shared inbox.
 * - S3: S3_ENDPOINT when given, else an s3rver of the bench's own on a free port from 24569 (never on the shared
 *   4569, where another run would find and borrow it, and lose it when the bench stops).
 */
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Redis from 'ioredis';
import { Client } from 'pg';
import type { BenchOptions } from './options';

export const ROOT = path.resolve(__dirname, '../..');
export const DATA_DIR = path.join(ROOT, '.data', 'bench');
// keep a real dynamic import (swc would turn import() into require(); the scripts are ES modules)
const importEsm = new Function('u', 'return import(u)') as (u: string) => Promise<any>;
export const loadScript = (rel: string): Promise<any> => importEsm(pathToFileURL(path.join(ROOT, rel)).href);

export interface RunningService {
  name: string;
  port: number;
  pid: number;
}

export interface BenchSystem {
  env: Record<string, string>;
  gatewayUrl: string;
  services: RunningService[];
  summary: Record<string, { source: string; detail: string }>;
  stop(): Promise<void>;
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(db)}`;
  return u.toString();
}

/** drop the bench database (real PostgreSQL only); the resolver creates it again */
async function freshDatabase(adminUrl: string, log: (m: string) => void): Promise<void> {
  const db = decodeURIComponent(new URL(adminUrl).pathname.slice(1));
  if (!/bench/.test(db)) throw new Error(`refusing to recreate database ${db}: the bench database's name must contain "bench" (BENCH_DATABASE)`);
  const c = new Client({ connectionString: withDatabase(adminUrl, 'postgres') });
  await c.connect();
  try {
    await c.query(`drop database if exists ${quoteIdent(db)} with (force)`);
    log(`postgres: dropped database ${db} (fresh bench run)`);
  } finally {
    await c.end();
  }
}

/** an s3rver of the bench's own (scripts/lib/infra-child.mjs, as the resolver starts it) on a free port */
async function privateS3(infraMod: any): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const port: number = await infraMod.pickPort(24569);
  const dir = path.join(DATA_DIR, 's3');
  const child = spawn(process.execPath, ['-r', path.join(ROOT, 'scripts/lib/exit-with-parent.cjs'), path.join(ROOT, 'scripts/lib/infra-child.mjs'), 's3rver', JSON.stringify({ directory: dir, host: '127.0.0.1', port, buckets: ['boardroom-test'] })], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await infraMod.waitForPort(port, { child, name: 's3rver' });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 8000).unref();
      }),
  };
}

function run(cmd: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export async function startSystem(opts: BenchOptions, smtpUrl: string, log: (m: string) => void): Promise<BenchSystem> {
  const infraMod = await loadScript('scripts/infra.mjs');
  const servicesMod = await loadScript('scripts/services.mjs');
  const given: Record<string, string | undefined> = { ...process.env, DATABASE_URL: undefined, NATS_URL: undefined, SMTP_URL: smtpUrl, MAIL_UI_URL: undefined };

  // PostgreSQL: the bench's own database
  let pgAdmin: string | undefined;
  if (process.env.DATABASE_ADMIN_URL) pgAdmin = withDatabase(process.env.DATABASE_ADMIN_URL, opts.database);
  else if (await infraMod.tcpCheck(infraMod.PORTS.postgres)) pgAdmin = `postgres://postgres@127.0.0.1:${infraMod.PORTS.postgres}/${opts.database}`;
  if (pgAdmin) {
    await freshDatabase(pgAdmin, log);
    given.DATABASE_ADMIN_URL = pgAdmin;
  } else {
    given.DATABASE_ADMIN_URL = undefined;
    log('postgres: no server given or on 127.0.0.1:5432: PGlite in .data/bench (figures are not comparable with PostgreSQL)');
  }
  // Redis: a database of its own, emptied
  if (!process.env.REDIS_URL && (await infraMod.tcpCheck(infraMod.PORTS.redis))) given.REDIS_URL = `redis://127.0.0.1:${infraMod.PORTS.redis}/${opts.redisDb}`;

  let s3: { endpoint: string; stop: () => Promise<void> } | null = null;
  if (!process.env.S3_ENDPOINT) {
    s3 = await privateS3(infraMod);
    Object.assign(given, { S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_BUCKET: 'boardroom-test' });
  }

  // purpose 'test': a private nats-server; the URLs above come in as "environment" (nothing else is dropped)
  let infra: any;
  try {
    infra = await infraMod.resolveInfra({ purpose: 'test', dataDir: DATA_DIR, env: given, log: (m: string) => log(`infra: ${m}`) });
  } catch (e) {
    await s3?.stop();
    throw e;
  }
  const stops: Array<() => Promise<void>> = [...(s3 ? [s3.stop] : []), infra.stop];
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch((e: unknown) => log(`stop failed: ${e instanceof Error ? e.message : e}`));
  };
  try {
    const redis = new Redis(infra.env.REDIS_URL, { maxRetriesPerRequest: 2 });
    await redis.flushdb();
    await redis.quit();

    // pick the port range before anything else so PUBLIC_BASE_DOMAIN names the gateway's port
    const present: Array<{ name: string; port: number }> = servicesMod.presentServices();
    let offset = -1;
    for (const candidate of [6000, 7000, 8000, 10000]) {
      let free = true;
      for (const s of present) if (await infraMod.tcpCheck(s.port + candidate)) free = false;
      if (free) {
        offset = candidate;
        break;
      }
    }
    if (offset < 0) throw new Error('no free port range for the services (tried offsets 6000, 7000, 8000, 10000)');
    const gatewayPort = 3000 + offset;
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      ...infra.env,
      AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
      PUBLIC_BASE_DOMAIN: `localhost:${gatewayPort}`,
      NODE_ENV: 'development',
      // the differences of development on a measured path: the gateway checks each composed route's answer against the
      // route table again, and the meeting service compares its details (built to their contract) with their parse
      // (25 KB on P1). Production does neither: measured as production runs (NODE_ENV=production itself refuses this
      // run's development secrets and unsandboxed helpers)
      VALIDATE_RESPONSES: process.env.VALIDATE_RESPONSES || 'false',
      LOG_LEVEL: opts.logLevel,
      // password hashing is set-up work here (1,000 voters are provisioned), never on a measured path
      ARGON2_MEMORY_KIB: process.env.ARGON2_MEMORY_KIB || '4096',
      PUPPETEER_SKIP_DOWNLOAD: 'true',
      // migrate also grants the shared boardroom_app every schema, as for the int tier: this harness (and its direct
      // queries) may connect as it; the services started through scripts/services.mjs still get their own roles
      DATABASE_APP_ROLE: 'boardroom_app',
    };
    for (const step of ['migrate', 'seed']) {
      log(`${step}: node -r @swc-node/register scripts/${step}.ts`);
      const code = await run(process.execPath, ['-r', '@swc-node/register', `scripts/${step}.ts`], env);
      if (code !== 0) throw new Error(`${step} failed (exit ${code})`);
    }
    const sv = await servicesMod.startServices({
      env,
      portOffset: offset,
      logDir: path.join(DATA_DIR, 'logs'),
      // on a shared machine at a high load a service can take more than the default minute to answer /health
      healthTimeoutMs: 180_000,
      log: (m: string) => log(m),
      onExit: (name: string, code: number | null, signal: string | null) => log(`warning: ${name} exited (${signal ?? `code ${code}`}) during the run`),
    });
    stops.push(sv.stop);
    const services: RunningService[] = sv.running.map((r: { name: string; port: number; child: { pid: number } }) => ({ name: r.name, port: r.port, pid: r.child.pid }));
    if (!services.some((s) => s.name === 'gateway')) throw new Error('the gateway did not start (services/gateway missing?)');
    return { env, gatewayUrl: `http://127.0.0.1:${gatewayPort}`, services, summary: infra.summary, stop: stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
