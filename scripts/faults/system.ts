/**
 * The system the fault suites break, private to this run so that it never disturbs another on the machine:
 *   - its own nats-server (JetStream store in .data/faults/nats) and its own redis-server (append-only file in
 *     .data/faults/redis), on free loopback ports, so they can be killed, restarted and flushed;
 *   - its own database (FAULTS_DATABASE, default boardroom_bench_faults) on the PostgreSQL at 127.0.0.1:5432 (or
 *     DATABASE_ADMIN_URL's server), dropped and created again at the start;
 *   - its own SMTP sink in this process (every e-mail, with its Message-ID and subject);
 *   - the shared s3rver (bucket boardroom-test), as the tests use it;
 *   - every service of scripts/services.mjs on free ports (offset 11000 or the next free range), compiled to
 *     JavaScript first (scripts/build-server.mjs, as the image runs them), logs in .data/faults/logs. The harness
 *     plays the supervisor: `kill9(name)` then `restart(name)`, which resolves when /health/ready answers 200.
 */
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';

export const ROOT = path.resolve(__dirname, '../..');
export const DATA_DIR = path.join(ROOT, '.data', 'faults');
const importEsm = new Function('u', 'return import(u)') as (u: string) => Promise<any>;
export const loadScript = (rel: string): Promise<any> => importEsm(pathToFileURL(path.join(ROOT, rel)).href);

export interface Mail {
  to: string[];
  subject: string;
  messageId: string;
}

/** an SMTP sink that keeps who got what (Message-ID and subject from the headers) */
export async function mailSink(): Promise<{ url: string; mails: Mail[]; stop(): Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const head = Buffer.concat(chunks).toString('utf8').split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: header('Subject'), messageId: header('Message-ID') });
        callback(null);
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

/** a server process this run owns (nats-server, redis-server): stop, kill and start again on the same port and store */
class Owned {
  child!: ChildProcess;
  constructor(readonly name: string, private readonly cmd: string, private readonly args: string[], readonly port: number, private readonly infra: any) {}
  async start(): Promise<void> {
    const log = fs.openSync(path.join(DATA_DIR, 'logs', `${this.name}.log`), 'a');
    this.child = spawn(this.cmd, this.args, { stdio: ['ignore', log, log] });
    await this.infra.waitForPort(this.port, { child: this.child, name: this.name });
  }
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }
  async restart(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    await this.stop(signal);
    await this.start();
  }
}

export interface Service {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
}

export interface FaultSystem {
  env: Record<string, string>;
  gatewayUrl: string;
  nats: Owned;
  redis: Owned;
  adminUrl: string;
  services: Map<string, Service>;
  mails: Mail[];
  kill9(name: string): Promise<void>;
  /** start a service again (as a supervisor would); resolves when /health/ready answers 200 */
  restart(name: string): Promise<void>;
  /** a second process of every service (the second gateway's WebSockets go to the second presentation) */
  secondReplicas(only?: string[]): Promise<Map<string, Service>>;
  /** the processes of each replica set: [first, second (once started)] */
  replicaSets: Map<string, Service>[];
  /**
   * a rolling restart's step: SIGTERM to one replica of a service (0 first, 1 second), wait for it to exit (its
   * graceful shutdown), start it again; resolves when /health/ready answers 200, with the milliseconds it took
   */
  restartGracefully(name: string, replica: number): Promise<{ exitCode: number | null; stopMs: number; readyMs: number }>;
  stop(): Promise<void>;
}

function run(cmd: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export async function startFaultSystem(log: (m: string) => void): Promise<FaultSystem> {
  const infra = await loadScript('scripts/infra.mjs');
  const servicesMod = await loadScript('scripts/services.mjs');
  fs.rmSync(path.join(DATA_DIR, 'nats'), { recursive: true, force: true });
  fs.rmSync(path.join(DATA_DIR, 'redis'), { recursive: true, force: true });
  for (const d of ['logs', 'nats', 'redis']) fs.mkdirSync(path.join(DATA_DIR, d), { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const s of stops.reverse()) await s().catch((e: unknown) => log(`stop failed: ${e instanceof Error ? e.message : e}`));
  };
  try {
    const sink = await mailSink();
    stops.push(sink.stop);
    const natsPort: number = await infra.pickPort(24222);
    const nats = new Owned('nats', infra.which('nats-server') ?? 'nats-server', ['-js', '-sd', path.join(DATA_DIR, 'nats'), '-a', '127.0.0.1', '-p', String(natsPort)], natsPort, infra);
    await nats.start();
    stops.push(() => nats.stop());
    const redisPort: number = await infra.pickPort(26379);
    const redis = new Owned('redis', infra.which('redis-server') ?? 'redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction', '--dir', path.join(DATA_DIR, 'redis')], redisPort, infra);
    await redis.start();
    stops.push(() => redis.stop());
    log(`private nats-server on 127.0.0.1:${natsPort}, redis-server (AOF) on 127.0.0.1:${redisPort}, SMTP sink ${sink.url}`);

    const db = process.env.FAULTS_DATABASE || 'boardroom_bench_faults';
    if (!/bench_faults/.test(db)) throw new Error(`refusing to recreate ${db}: the name must contain bench_faults`);
    const server = process.env.DATABASE_ADMIN_URL ? new URL(process.env.DATABASE_ADMIN_URL) : new URL(`postgres://postgres@127.0.0.1:${infra.PORTS.postgres}/postgres`);
    if (!process.env.DATABASE_ADMIN_URL && !(await infra.tcpCheck(infra.PORTS.postgres))) throw new Error('the fault suites need a PostgreSQL server on 127.0.0.1:5432 (or DATABASE_ADMIN_URL)');
    server.pathname = '/postgres';
    const c = new Client({ connectionString: server.toString() });
    await c.connect();
    await c.query(`drop database if exists "${db}" with (force)`);
    await c.end();
    server.pathname = `/${db}`;
    const given = {
      ...process.env, DATABASE_URL: undefined, DATABASE_ADMIN_URL: server.toString(), NATS_URL: `nats://127.0.0.1:${natsPort}`, REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SMTP_URL: sink.url, MAIL_UI_URL: undefined, ...(process.env.S3_ENDPOINT ? {} : { S3_BUCKET: 'boardroom-test' }),
    };
    const resolved = await infra.resolveInfra({ purpose: 'test', dataDir: DATA_DIR, env: given, log: (m: string) => log(`infra: ${m}`) });
    stops.push(resolved.stop);
    let offset = -1;
    const present: Array<{ name: string; port: number }> = servicesMod.presentServices();
    for (const candidate of [11000, 12000, 13000, 14000]) {
      let free = true;
      for (const s of present) if (await infra.tcpCheck(s.port + candidate)) free = false;
      if (free) {
        offset = candidate;
        break;
      }
    }
    if (offset < 0) throw new Error('no free port range for the services');
    const gatewayPort = 3000 + offset;
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      // where each service's HTTP port is (the gateway passes WebSocket upgrades on), also for a service started again alone
      ...Object.fromEntries(present.map((s) => [`${s.name.toUpperCase()}_URL`, `http://127.0.0.1:${s.port + offset}`])),
      ...resolved.env,
      AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
      PUBLIC_BASE_DOMAIN: `localhost:${gatewayPort}`,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: process.env.ARGON2_MEMORY_KIB || '4096',
      // a killed worker's jobs come back within seconds, not the default 30 s lock
      JOB_LOCK_MS: '5000',
      JOB_STALLED_INTERVAL_MS: '2000',
      // a draining process stays 1 s not-ready before it closes (the harness's balancer polls readiness every 150 ms)
      SHUTDOWN_DELAY_MS: '1000',
      // migrate also grants the shared boardroom_app every schema, as for the int tier: this harness (and its direct
      // queries) may connect as it; each service connects as its own role (databaseEnv, as scripts/services.mjs does)
      DATABASE_APP_ROLE: 'boardroom_app',
    };
    for (const step of ['migrate', 'seed']) {
      const code = await run(process.execPath, ['-r', '@swc-node/register', `scripts/${step}.ts`], env);
      if (code !== 0) throw new Error(`${step} failed (exit ${code})`);
    }
    // the services run compiled, as in the image (deploy/Dockerfile): a restart measures the service, not swc-node
    const dist = path.join(DATA_DIR, 'dist');
    fs.rmSync(dist, { recursive: true, force: true });
    if ((await run(process.execPath, ['scripts/build-server.mjs', '--out', path.relative(ROOT, dist)], env)) !== 0) throw new Error('build-server failed');
    fs.mkdirSync(path.join(dist, 'node_modules', '@app'), { recursive: true });
    for (const lib of ['contracts', 'platform']) fs.symlinkSync(path.join(dist, 'libs', lib), path.join(dist, 'node_modules', '@app', lib), 'dir');
    const services = new Map<string, Service>();
    const start = async (def: { name: string; port: number }, off = offset, extraEnv: Record<string, string> = {}, into = services) => {
      const port = def.port + off;
      const out = fs.openSync(path.join(DATA_DIR, 'logs', `${def.name}.log`), 'a');
      const child = spawn(process.execPath, ['-r', path.join(ROOT, 'scripts/lib/exit-with-parent.cjs'), '--enable-source-maps', path.join(dist, 'services', def.name, 'src', 'main.js')], {
        cwd: ROOT, env: { ...servicesMod.databaseEnv(def.name, env), ...extraEnv, HTTP_PORT: String(port), SERVICE_NAME: def.name }, stdio: ['ignore', out, out, 'ipc'],
      });
      const s = { name: def.name, port, url: `http://127.0.0.1:${port}`, child };
      into.set(def.name, s);
      const until = Date.now() + 180_000;
      while (Date.now() < until) {
        if (child.exitCode !== null) throw new Error(`${def.name} exited (code ${child.exitCode}); see .data/faults/logs/${def.name}.log`);
        const status = await fetch(`${s.url}/health/ready`, { signal: AbortSignal.timeout(1000) }).then((r) => r.status, () => 0);
        if (status === 200) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${def.name} not ready within 180 s (a loaded machine)`);
    };
    for (const def of [...present.filter((s) => s.name !== 'gateway'), ...present.filter((s) => s.name === 'gateway')]) {
      const t = Date.now();
      await start(def);
      log(`${def.name} up on http://127.0.0.1:${def.port + offset} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    }
    const seconds: Map<string, Service>[] = [];
    const replicaSets: Map<string, Service>[] = [services];
    /** how each replica set's processes are started (port offset, extra env) */
    const setup = new Map<Map<string, Service>, { off: number; extraEnv: Record<string, string> }>([[services, { off: offset, extraEnv: {} }]]);
    stops.push(async () => {
      await Promise.all([...services.values(), ...seconds.flatMap((m) => [...m.values()])].map((s) => {
        if (s.child.exitCode !== null || s.child.signalCode !== null) return undefined;
        const gone = new Promise((r) => s.child.once('exit', r));
        s.child.kill('SIGTERM');
        const timer = setTimeout(() => s.child.kill('SIGKILL'), 8000);
        return gone.then(() => clearTimeout(timer));
      }));
    });
    return {
      env,
      gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
      nats,
      redis,
      adminUrl: server.toString(),
      services,
      mails: sink.mails,
      replicaSets,
      async restartGracefully(name, replica) {
        const set = replicaSets[replica];
        const s = set.get(name)!;
        const t0 = Date.now();
        const gone = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
        s.child.kill('SIGTERM');
        const timer = setTimeout(() => s.child.kill('SIGKILL'), 30_000);
        const exitCode = await gone;
        clearTimeout(timer);
        const stopMs = Date.now() - t0;
        const { off, extraEnv } = setup.get(set)!;
        await start(present.find((d) => d.name === name)!, off, extraEnv, set);
        return { exitCode, stopMs, readyMs: Date.now() - t0 - stopMs };
      },
      async kill9(name) {
        const s = services.get(name)!;
        const gone = new Promise((r) => s.child.once('exit', r));
        s.child.kill('SIGKILL');
        await gone;
      },
      async restart(name) {
        await start(present.find((s) => s.name === name)!);
      },
      async secondReplicas(only) {
        let off = -1;
        for (const candidate of [offset + 500, offset + 600, offset + 700]) {
          let free = true;
          for (const s of present) if (await infra.tcpCheck(s.port + candidate)) free = false;
          if (free) {
            off = candidate;
            break;
          }
        }
        if (off < 0) throw new Error('no free port range for the second replicas');
        const second = new Map<string, Service>();
        seconds.push(second);
        replicaSets.push(second);
        // the second gateway passes WebSocket upgrades to the second presentation process
        const urls = Object.fromEntries(present.map((s) => [`${s.name.toUpperCase()}_URL`, `http://127.0.0.1:${s.port + off}`]));
        setup.set(second, { off, extraEnv: urls });
        const which = present.filter((s) => !only || only.includes(s.name));
        for (const def of [...which.filter((s) => s.name !== 'gateway'), ...which.filter((s) => s.name === 'gateway')]) {
          const t = Date.now();
          await start(def, off, urls, second);
          log(`${def.name} (second) up on http://127.0.0.1:${def.port + off} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
        }
        return second;
      },
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
