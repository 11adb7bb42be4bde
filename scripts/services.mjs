/**
 * The service manifest and a small supervisor used by `npm start` and `npm test`.
 *
 *   SERVICES                      services whose services/<name>/src/main.ts exists (gateway last)
 *   startServices({ env, portOffset, log, logDir }) -> { stop, services }
 *
 * Each service runs as `node -r @swc-node/register services/<name>/src/main.ts` with the infra env,
 * HTTP_PORT = port + portOffset and SERVICE_NAME = name. Output lines are prefixed with the service
 * name, or written to <logDir>/<name>.log when logDir is given (test mode). A service counts as up when
 * GET http://127.0.0.1:<port>/health answers 200.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { natsIdentityPassword, ROOT, serviceDatabaseVar, serviceRedisVar, serviceRole, sleep, tcpCheck } from './infra.mjs';

/**
 * Every service that exists, with its HTTP port (/health, /metrics; the gateway's /api); for a service that
 * runs Chromium, LibreOffice or poppler, `render: true` (its image is the Dockerfile's render target); for one whose
 * WebSockets the gateway passes on, `sockets: true` (its NetworkPolicy takes them from the gateway's pods). A new
 * service adds its own line when it lands (the next free port), with its k8s manifest (`node k8s/generate.mjs`) and
 * its docker-compose.yml entry: see docs/how-to-add-a-service.md. The planned ones (docs/architecture.md) are not
 * listed before their code exists. `workers`: the BullMQ queues whose jobs this service's processes take (the
 * workers run inside the service's process; the fault suite R1 kills the process while one of these jobs runs).
 * `secrets`: what the service refuses to start without in production (its config.ts: secret()/devOnly(), and
 * DATABASE_URL, which holds the database password); each deploy file hands the service exactly these from its secret
 * store (k8s/generate.mjs, docker-compose.yml), and scripts/production-config.spec.ts checks the three agree.
 * `optionalSecrets`: credentials of a feature that is off without them (optional in the deploy files).
 * `nodeOptions`: V8/Node options the service's process runs with, everywhere it runs (here, NODE_OPTIONS in its k8s
 * manifest and docker-compose.yml, the benchmarks' extra processes of it).
 */
const DB = ['DATABASE_URL'];
const S3 = ['S3_ACCESS_KEY', 'S3_SECRET_KEY'];
/** during a rotation only (docs/operations.md#rotating-secrets): the previous key, which still opens what it sealed */
const OUTBOX_PREVIOUS = ['OUTBOX_KEY_PREVIOUS'];
const AUTH_PREVIOUS = ['AUTH_SECRET_PREVIOUS'];
export const ALL_SERVICES = Object.freeze([
  { name: 'organization', port: 3101, secrets: [...DB, 'OUTBOX_KEY', 'AUTH_SECRET', ...S3], optionalSecrets: [...OUTBOX_PREVIOUS, ...AUTH_PREVIOUS] },
  { name: 'meeting', port: 3102, secrets: [...DB, 'OUTBOX_KEY', 'AUTH_SECRET'], optionalSecrets: [...OUTBOX_PREVIOUS, ...AUTH_PREVIOUS, 'ZOOM_ACCOUNT_ID', 'ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET'] },
  // a young generation of up to 32 MB per semi-space (Node 20's default: 16): each e-mail allocates a MIME tree, its
  // streams and a BullMQ job; half the scavenges, about 0.14 ms less CPU per e-mail (docs/performance.md, P6 session 19)
  { name: 'notification', port: 3103, nodeOptions: ['--max-semi-space-size=32'], workers: ['notification-email', 'notification-reminder'], secrets: [...DB, 'OUTBOX_KEY', 'SMTP_URL'], optionalSecrets: [...OUTBOX_PREVIOUS, 'SMTP_OAUTH2_CLIENT_ID', 'SMTP_OAUTH2_CLIENT_SECRET', 'SMTP_OAUTH2_REFRESH_TOKEN', 'SMTP_OAUTH2_ACCESS_TOKEN', 'DKIM_PRIVATE_KEY'] },
  { name: 'approval', port: 3104, workers: ['approval-pdf'], secrets: [...DB, 'OUTBOX_KEY', 'AUTH_SECRET', ...S3], optionalSecrets: [...OUTBOX_PREVIOUS, ...AUTH_PREVIOUS] },
  { name: 'library', port: 3105, render: true, workers: ['library-convert', 'library-text'], secrets: [...DB, 'OUTBOX_KEY', ...S3], optionalSecrets: OUTBOX_PREVIOUS },
  { name: 'presentation', port: 3106, render: true, sockets: true, workers: ['presentation-slides'], secrets: [...DB, 'OUTBOX_KEY', ...S3], optionalSecrets: OUTBOX_PREVIOUS },
  { name: 'minutes', port: 3107, render: true, workers: ['minutes-pdf', 'minutes-book', 'minutes-report'], secrets: [...DB, 'OUTBOX_KEY', ...S3], optionalSecrets: OUTBOX_PREVIOUS },
  { name: 'gateway', port: 3000, secrets: ['OUTBOX_KEY', ...S3], optionalSecrets: [...OUTBOX_PREVIOUS, 'QUEUE_DASHBOARD_USER', 'QUEUE_DASHBOARD_PASSWORD'] },
]);

export const entryOf = (name) => path.join(ROOT, 'services', name, 'src', 'main.ts');

/** the services that exist in this checkout (computed when the module is loaded) */
export const SERVICES = Object.freeze(ALL_SERVICES.filter((s) => fs.existsSync(entryOf(s.name))));
/** the same, computed now */
export const presentServices = () => ALL_SERVICES.filter((s) => fs.existsSync(entryOf(s.name)));

const EXIT_WITH_PARENT = path.join(ROOT, 'scripts/lib/exit-with-parent.cjs');
const COLORS = [36, 33, 35, 32, 34, 91, 96, 93];
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

/** GET url -> status code (0 when nothing answers) */
async function httpStatus(url, timeoutMs = 2000) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer().catch(() => {});
    return res.status;
  } catch {
    return 0;
  }
}

class Running {
  constructor(svc, child, { logFile, tail }) {
    this.name = svc.name;
    this.port = svc.port;
    this.url = `http://127.0.0.1:${svc.port}`;
    this.child = child;
    this.logFile = logFile;
    this.tail = tail;
    this.stopping = false;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }
  get alive() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
  tailText(lines = 40) {
    return this.tail.slice(-lines).join('\n');
  }
  async stop(graceMs = 5000) {
    this.stopping = true;
    if (!this.alive) return;
    try {
      this.child.kill('SIGTERM');
    } catch {
      /* gone */
    }
    const timedOut = await Promise.race([this.exited.then(() => false), sleep(graceMs).then(() => true)]);
    if (timedOut && this.alive) {
      try {
        this.child.kill('SIGKILL');
      } catch {
        /* gone */
      }
      await Promise.race([this.exited, sleep(2000)]);
    }
  }
}

/**
 * A service's database settings (docs/operations.md "Who may talk to whom"): its own role's URL (the resolver's
 * DATABASE_URL_<SERVICE>, scripts/infra.mjs) as DATABASE_URL and, with PGlite, its own role as DATABASE_SET_ROLE; no
 * other service's URL and never the owner's. A service without a database (the gateway) gets none of them. When the
 * resolver made no per-service URLs (DATABASE_URL given without an admin URL) the one DATABASE_URL stays.
 */
export function databaseEnv(name, env) {
  const out = { ...env };
  const own = out[serviceDatabaseVar(name)];
  for (const k of Object.keys(out)) if (/^DATABASE_URL_[A-Z_]+$/.test(k) || k === 'DATABASE_ADMIN_URL' || k === 'DATABASE_APP_ROLE') delete out[k];
  const svc = ALL_SERVICES.find((s) => s.name === name);
  if (svc && !(svc.secrets ?? []).includes('DATABASE_URL')) {
    delete out.DATABASE_URL;
    delete out.DATABASE_SET_ROLE;
  } else if (own) {
    out.DATABASE_URL = own;
    if (out.DATABASE_SET_ROLE) out.DATABASE_SET_ROLE = serviceRole(name);
  }
  return out;
}

/**
 * A service's Redis settings: with the runner's ACL users (REDIS_IDENTITIES=1, scripts/infra.mjs) its own URL
 * (REDIS_URL_<SERVICE>: its user and password) as REDIS_URL, and no other service's URL nor the tooling user's.
 */
export function redisEnv(name, env) {
  const out = { ...env };
  const own = out[serviceRedisVar(name)];
  for (const k of Object.keys(out)) if (/^REDIS_URL_[A-Z_]+$/.test(k)) delete out[k];
  if (own) {
    out.REDIS_URL = own;
    delete out.REDIS_USER;
    delete out.REDIS_PASSWORD;
  }
  return out;
}

/**
 * A service's environment: its port and name, its own database role (databaseEnv), its own Redis user when the
 * runner made them (redisEnv) and, when the runner started NATS with the services' users (NATS_IDENTITIES=1,
 * scripts/infra.mjs), its own NATS user and password; the seed they are made from stays here.
 */
export function serviceEnv(svc, env) {
  const { NATS_IDENTITY_SEED: seed, ...rest } = env;
  const out = { ...redisEnv(svc.name, databaseEnv(svc.name, rest)), HTTP_PORT: String(svc.port), SERVICE_NAME: svc.name };
  if (seed) Object.assign(out, { NATS_USER: svc.name, NATS_PASSWORD: natsIdentityPassword(seed, svc.name) });
  return out;
}

function spawnService(svc, { env, log, logDir, colorIndex }) {
  const tail = [];
  const pushTail = (line) => {
    tail.push(line);
    if (tail.length > 200) tail.shift();
  };
  let logStream = null;
  let logFile = null;
  if (logDir) {
    fs.mkdirSync(logDir, { recursive: true });
    logFile = path.join(logDir, `${svc.name}.log`);
    logStream = fs.createWriteStream(logFile, { flags: 'a' });
    logStream.write(`\n=== ${new Date().toISOString()} start ${svc.name} on port ${svc.port}\n`);
  }
  // SERVICE_NODE_ARGS: options for every service's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a bench
  // run (docs/performance.md); NODE_OPTIONS refuses --cpu-prof
  const nodeArgs = (process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...(svc.nodeOptions ?? []), ...nodeArgs, '-r', EXIT_WITH_PARENT, '-r', '@swc-node/register', path.relative(ROOT, entryOf(svc.name))], {
    cwd: ROOT,
    env: serviceEnv(svc, { ...process.env, ...env }),
    // detached: a terminal Ctrl-C reaches only the runner, which stops the gateway first, then the rest
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const prefix = useColor ? `\x1b[${COLORS[colorIndex % COLORS.length]}m${svc.name.padEnd(12)}\x1b[0m| ` : `${svc.name.padEnd(12)}| `;
  for (const stream of [child.stdout, child.stderr]) {
    const rl = readline.createInterface({ input: stream, crlfDelay: Infinity });
    rl.on('line', (line) => {
      pushTail(line);
      if (logStream) logStream.write(`${line}\n`);
      else process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.once('error', (err) => {
    pushTail(`spawn error: ${err.message}`);
    log(`${svc.name}: spawn error: ${err.message}`);
  });
  child.once('exit', () => logStream?.end());
  return new Running(svc, child, { logFile, tail });
}

async function waitHealthy(r, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const healthUrl = `${r.url}/health`;
  let last = 0;
  while (Date.now() < deadline) {
    if (!r.alive) {
      const { code, signal } = await r.exited;
      throw new Error(`${r.name} exited (${signal ?? `code ${code}`}) before ${healthUrl} answered 200`);
    }
    last = await httpStatus(healthUrl);
    if (last === 200) return;
    await sleep(300);
  }
  throw new Error(`${r.name} did not answer 200 on ${healthUrl} within ${Math.round(timeoutMs / 1000)} s (last: ${last || 'no answer'})`);
}

/**
 * Start the services (all but the gateway a few at a time, then the gateway) and wait for each
 * /health. On any failure everything started is stopped and the error names the service and shows
 * the tail of its output.
 *
 * @param {object} o
 * @param {Record<string,string>} o.env           infra env plus AUTH_SECRET etc.
 * @param {number} [o.portOffset=0]               added to every port (npm test uses 1000: gateway 4000)
 * @param {(msg:string)=>void} [o.log]
 * @param {string} [o.logDir]                     write output to <logDir>/<name>.log instead of stdout
 * @param {Array<{name:string,port:number}>} [o.services]  default: the services present now
 * @param {number} [o.healthTimeoutMs=60000]
 * @param {number} [o.concurrency=2]              services starting at the same time (2 cores)
 * @param {(name:string, code:number|null, signal:string|null)=>void} [o.onExit]  a service died after start
 */
export async function startServices({
  env,
  portOffset = 0,
  log = (m) => console.log(`[services] ${m}`),
  logDir,
  services = presentServices(),
  healthTimeoutMs = 60_000,
  concurrency = 2,
  onExit,
} = {}) {
  const list = services.map((s) => ({ ...s, port: s.port + portOffset }));
  // each service learns where the others' HTTP ports are (<NAME>_URL): the gateway passes WebSocket upgrades on
  env = { ...Object.fromEntries(list.map((s) => [`${s.name.toUpperCase()}_URL`, `http://127.0.0.1:${s.port}`])), ...env };
  const running = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // gateway first (stop taking requests), then the rest in parallel
    const gw = running.filter((r) => r.name === 'gateway');
    const rest = running.filter((r) => r.name !== 'gateway');
    await Promise.all(gw.map((r) => r.stop()));
    await Promise.all(rest.map((r) => r.stop()));
  };
  if (!list.length) return { stop, services: [] };

  const busy = [];
  for (const s of list) if (await tcpCheck(s.port)) busy.push(`${s.name}:${s.port}`);
  if (busy.length) throw new Error(`ports already in use: ${busy.join(', ')} (is another npm start / npm test running?)`);

  const startOne = async (svc, i) => {
    const t0 = Date.now();
    const r = spawnService(svc, { env, log, logDir, colorIndex: i });
    running.push(r);
    r.exited.then(({ code, signal }) => {
      if (!r.stopping && !stopped && r.ready) (onExit ?? ((n, c, s) => log(`${n} exited unexpectedly (${s ?? `code ${c}`})`)))(r.name, code, signal);
    });
    try {
      await waitHealthy(r, healthTimeoutMs);
    } catch (e) {
      const where = r.logFile ? ` (full log: ${path.relative(ROOT, r.logFile)})` : '';
      throw new Error(`${e.message}${where}\n--- last output of ${r.name} ---\n${r.tailText() || '(no output)'}\n---`);
    }
    r.ready = true;
    log(`${svc.name} up on ${r.url} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  };

  try {
    const backends = list.filter((s) => s.name !== 'gateway');
    const gateway = list.filter((s) => s.name === 'gateway');
    let next = 0;
    const errors = [];
    const worker = async () => {
      while (next < backends.length && !errors.length) {
        const i = next++;
        await startOne(backends[i], i).catch((e) => errors.push(e));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    if (errors.length) throw errors[0];
    for (const g of gateway) await startOne(g, list.length - 1);
  } catch (e) {
    await stop();
    throw e;
  }
  return { stop, services: running.map((r) => ({ name: r.name, port: r.port, url: r.url })), running };
}
