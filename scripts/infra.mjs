/**
 * Infrastructure resolver shared by `npm start` (scripts/start.mjs) and `npm test` (scripts/test.mjs).
 *
 *   const { env, stop, summary } = await resolveInfra({ purpose: 'start' | 'test', dataDir, log });
 *
 * For each piece (PostgreSQL, NATS, Redis, S3, SMTP) it takes, in order:
 *   (a) the environment variable, if set (DATABASE_URL / DATABASE_ADMIN_URL, NATS_URL, REDIS_URL,
 *       S3_ENDPOINT, SMTP_URL);
 *   (b) a server already answering on its usual loopback port (TCP connect to 127.0.0.1:
 *       pg 5432, nats 4222, redis 6379, s3 4569, smtp 1025 + maildev web 1080);
 *   (c) a local one it starts and later stops: PGlite behind pglite-socket (port 54320 or the next
 *       free one), `nats-server -js`, `redis-server`, s3rver, maildev (apt-get installs nats-server /
 *       redis-server when missing and running as root). A test run starts its s3rver and maildev away from
 *       the usual ports (TEST_SHIFT): (b) then only ever finds a server that outlives test runs (npm start's, the
 *       machine's), never one that another test run started and will stop in the middle of this one.
 * Then it bootstraps the database: `boardroom` (start) or `boardroom_test` (test), each service's own role
 * `boardroom_<service>` (serviceRole) and the int tier's shared `boardroom_app` (LOGIN NOSUPERUSER NOBYPASSRLS,
 * CONNECT on the database only; scripts/migrate.ts grants each its schema). The env it returns has each service's
 * URL as DATABASE_URL_<SERVICE>, which scripts/services.mjs hands that service as its DATABASE_URL.
 *
 * Only Node built-ins are imported statically: start.mjs/test.mjs import this file before `npm ci`.
 *
 * Self-test by hand:  node scripts/infra.mjs --self-test [--purpose test] [--force-local]
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
export const PORTS = Object.freeze({ postgres: 5432, pglite: 54320, nats: 4222, redis: 6379, s3: 4569, smtp: 1025, mailWeb: 1080 });
/** how far from the usual port a test run starts its own s3rver and maildev (see (c) above) */
export const TEST_SHIFT = 100;
// a test run's slot starts its search 5 ports further (TEST_SLOT 0..9): two slots' runs starting at the same moment
// would otherwise both find the same port free and one server would fail to bind (seen: slots 4 and 6 on one S3 port)
const startPort = (ctx, usual) => (ctx.purpose === 'test' ? usual + TEST_SHIFT + 5 * TEST_SLOT : usual);
export const APP_ROLE = 'boardroom_app';
/**
 * A service's own PostgreSQL role (libs/platform/src/db/migrate.ts serviceRole: the same rule), and the services that
 * have one: those with committed migrations (what scripts/migrate.ts migrates and grants).
 */
export const serviceRole = (name) => `boardroom_${name}`;
export const databaseServices = () => {
  const dir = path.join(ROOT, 'services');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => fs.existsSync(path.join(dir, n, 'src/db/migrations/meta/_journal.json'))).sort() : [];
};
/** the variable of the env that holds a service's own database URL */
export const serviceDatabaseVar = (name) => `DATABASE_URL_${name.toUpperCase().replace(/-/g, '_')}`;
/** the variable of the env that holds a service's own Redis URL (its ACL user: REDIS_IDENTITIES=1) */
export const serviceRedisVar = (name) => `REDIS_URL_${name.toUpperCase().replace(/-/g, '_')}`;
/**
 * A test run's slot, TEST_SLOT=1..9 (unset: 0): its own database `boardroom_test_<n>` and Redis database 1+n, so
 * test runs from several work trees on one machine neither drop each other's database nor empty each other's Redis.
 */
export const TEST_SLOT = (() => {
  const raw = process.env.TEST_SLOT;
  if (raw === undefined || raw === '') return 0;
  const n = Number(raw);
  if (!/^[1-9]$/.test(raw) || !Number.isInteger(n)) throw new Error(`TEST_SLOT must be one digit from 1 to 9, got '${raw}'`);
  return n;
})();
export const DATABASES = Object.freeze({ start: 'boardroom', test: TEST_SLOT ? `boardroom_test_${TEST_SLOT}` : 'boardroom_test' });
/** test data goes to its own bucket so a test run never overwrites the demo's objects on a shared s3rver */
export const BUCKETS = Object.freeze({ start: 'boardroom', test: 'boardroom-test' });
export const PGLITE_MAX_CONNECTIONS = 100; // ~8 services x pool 5 + migrations, seed, jest workers, psql
const EXIT_WITH_PARENT = path.join(ROOT, 'scripts/lib/exit-with-parent.cjs');
const INFRA_CHILD = path.join(ROOT, 'scripts/lib/infra-child.mjs');

/* ------------------------------------------------------------------------------------------------ */
/* small helpers (exported: start.mjs, test.mjs and services.mjs use them)                           */
/* ------------------------------------------------------------------------------------------------ */

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** true when something accepts a TCP connection on host:port within timeoutMs */
export function tcpCheck(port, host = HOST, timeoutMs = 700) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** the first chunk a server sends after connect (NATS INFO, SMTP greeting), or '' */
function tcpBanner(port, host = HOST, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    let data = '';
    const done = () => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(data);
    };
    socket.setTimeout(timeoutMs, done);
    socket.on('data', (d) => {
      data += d.toString('utf8');
      if (data.includes('\n')) done();
    });
    socket.once('error', done);
  });
}

/** true when nothing listens on 127.0.0.1:port */
export function portFree(port, host = HOST) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** `preferred` when free, else the next free port above it (up to +50), else an ephemeral one */
export async function pickPort(preferred) {
  for (let p = preferred; p < preferred + 50; p++) if (await portFree(p)) return p;
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host: HOST }, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForPort(port, { timeoutMs = 30_000, host = HOST, child, name = `port ${port}`, logFile } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`${name} exited with code ${child.exitCode} before listening on ${host}:${port}${tailMessage(logFile)}`);
    }
    if (await tcpCheck(port, host)) return;
    await sleep(250);
  }
  throw new Error(`${name} did not listen on ${host}:${port} within ${Math.round(timeoutMs / 1000)} s${tailMessage(logFile)}`);
}

export function tailFile(file, lines = 30) {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').slice(-lines - 1).join('\n').trimEnd();
  } catch {
    return '';
  }
}
function tailMessage(file) {
  const t = file ? tailFile(file) : '';
  return t ? `\n--- last lines of ${path.relative(ROOT, file)} ---\n${t}\n---` : '';
}

/** absolute path of an executable on PATH (plus the sbin directories a non-login root PATH may lack) */
export function which(cmd) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/local/sbin', '/usr/sbin', '/sbin', '/usr/local/bin', '/usr/bin', '/bin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const file = path.join(dir, cmd);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      /* next */
    }
  }
  return null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

let aptQueue = Promise.resolve();
let aptUpdated = false;
/**
 * `apt-get update` (once per process) then `apt-get install -y --no-install-recommends <packages>`.
 * Serialized (dpkg has one lock). Output goes to logFile. Resolves true on success, false when apt is
 * not usable here (not root, no apt-get) or the install failed.
 */
export function aptInstall(packages, { log = defaultLog, logFile } = {}) {
  const run = async () => {
    if (process.platform !== 'linux' || !which('apt-get')) {
      log(`cannot install ${packages.join(' ')}: no apt-get on this machine`);
      return false;
    }
    if (!isRoot()) {
      log(`cannot install ${packages.join(' ')}: apt-get needs root (run: sudo apt-get install -y ${packages.join(' ')})`);
      return false;
    }
    const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const exec = (args) =>
      new Promise((resolve) => {
        const child = spawn('apt-get', args, { stdio: ['ignore', out, out], env });
        child.once('error', () => resolve(1));
        child.once('exit', (code) => resolve(code ?? 1));
      });
    try {
      log(`installing ${packages.join(' ')} with apt-get${logFile ? ` (log: ${path.relative(ROOT, logFile)})` : ''}`);
      if (!aptUpdated) {
        if ((await exec(['update'])) !== 0) log('apt-get update failed; trying the install anyway');
        else aptUpdated = true;
      }
      const code = await exec(['install', '-y', '--no-install-recommends', ...packages]);
      if (code !== 0) {
        log(`apt-get install ${packages.join(' ')} failed (exit ${code})${tailMessage(logFile)}`);
        return false;
      }
      return true;
    } finally {
      if (typeof out === 'number') fs.closeSync(out);
    }
  };
  const p = aptQueue.then(run, run);
  aptQueue = p.catch(() => {});
  return p;
}

/**
 * Install npm dependencies on a fresh clone: `npm ci`, and when npm ci refuses the lock file (out of
 * sync with package.json, or without the other platforms' optional packages this registry lacks)
 * `npm install` instead, with a warning. Never downloads a browser.
 * Resolves { ok, mode: 'ci' | 'install' }.
 */
export async function installDependencies({ log = defaultLog } = {}) {
  const env = { ...process.env, PUPPETEER_SKIP_DOWNLOAD: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
  const exec = (args) =>
    new Promise((resolve) => {
      const child = spawn('npm', args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
      child.once('error', () => resolve(127));
      child.once('exit', (code) => resolve(code ?? 1));
    });
  log('node_modules missing: npm ci');
  if ((await exec(['ci'])) === 0) return { ok: true, mode: 'ci' };
  log('warning: npm ci failed (see above); falling back to npm install. To fix: run `npm install` and commit package-lock.json');
  const code = await exec(['install']);
  return { ok: code === 0, mode: 'install' };
}

export const CHROMIUM = '/usr/bin/chromium';
/**
 * Chromium for puppeteer-core (browser tests; HTML-to-PDF in services): PUPPETEER_EXECUTABLE_PATH when it
 * exists, else /usr/bin/chromium, installed with apt-get (Debian's package) when missing and root.
 * Never downloads a browser. Resolves the executable path or null.
 */
export async function ensureChromium({ log = defaultLog, logFile } = {}) {
  const given = process.env.PUPPETEER_EXECUTABLE_PATH;
  if (given && fs.existsSync(given)) return given;
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  if (logFile) fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const ok = await aptInstall(['chromium', 'fonts-liberation'], { log, logFile });
  return ok && fs.existsSync(CHROMIUM) ? CHROMIUM : null;
}

export const BWRAP = '/usr/bin/bwrap';
/**
 * bubblewrap, the sandbox LibreOffice and poppler run in (libs/platform/src/process/sandbox.ts): Debian's package,
 * installed with apt-get when missing and root. Resolves the path or null (the services then log that conversions
 * cannot run; SANDBOX=off runs them without it, never in production).
 */
export async function ensureBubblewrap({ log = defaultLog, logFile } = {}) {
  if (fs.existsSync(BWRAP)) return BWRAP;
  if (logFile) fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const ok = await aptInstall(['bubblewrap'], { log, logFile });
  return ok && fs.existsSync(BWRAP) ? BWRAP : null;
}

export const SOFFICE_CANDIDATES = ['/usr/bin/soffice', '/usr/bin/libreoffice', '/usr/lib/libreoffice/program/soffice'];
/**
 * LibreOffice headless for the library's office-to-PDF conversions: SOFFICE_PATH when it exists, else Debian's
 * binary, installed with apt-get (the -nogui packages) when missing and root. Resolves the path or null.
 */
export async function ensureLibreOffice({ log = defaultLog, logFile } = {}) {
  await ensureBubblewrap({ log, logFile });
  const given = process.env.SOFFICE_PATH;
  if (given && fs.existsSync(given)) return given;
  const found = () => SOFFICE_CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
  if (found()) return found();
  if (logFile) fs.mkdirSync(path.dirname(logFile), { recursive: true });
  // bubblewrap: the sandbox every conversion runs in (libs/platform/src/process/sandbox.ts)
  const ok = await aptInstall(['libreoffice-writer-nogui', 'libreoffice-calc-nogui', 'libreoffice-impress-nogui', 'bubblewrap'], { log, logFile });
  return ok ? found() : null;
}

export const PDFTOPPM = '/usr/bin/pdftoppm';
/**
 * Poppler's pdftoppm and pdfinfo for the presentation service's slide images: PDFTOPPM_PATH when it exists, else
 * Debian's binary, installed with apt-get (poppler-utils) when missing and root. Resolves the path or null.
 */
export async function ensurePoppler({ log = defaultLog, logFile } = {}) {
  await ensureBubblewrap({ log, logFile });
  const given = process.env.PDFTOPPM_PATH;
  if (given && fs.existsSync(given)) return given;
  if (fs.existsSync(PDFTOPPM)) return PDFTOPPM;
  if (logFile) fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const ok = await aptInstall(['poppler-utils'], { log, logFile });
  return ok && fs.existsSync(PDFTOPPM) ? PDFTOPPM : null;
}

export const QPDF = '/usr/bin/qpdf';
/**
 * Debian's qpdf, the baseline of the P4 benchmark (board book merge): QPDF_PATH when it exists, else /usr/bin/qpdf,
 * installed with apt-get (qpdf) when missing and root. Resolves the path or null.
 */
export async function ensureQpdf({ log = defaultLog, logFile } = {}) {
  const given = process.env.QPDF_PATH;
  if (given && fs.existsSync(given)) return given;
  if (fs.existsSync(QPDF)) return QPDF;
  if (logFile) fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const ok = await aptInstall(['qpdf'], { log, logFile });
  return ok && fs.existsSync(QPDF) ? QPDF : null;
}

function defaultLog(msg) {
  console.log(`[infra] ${msg}`);
}

function isAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

function exeOf(pid) {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return null;
  }
}
function cmdlineOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* local processes we start: pid files under <dataDir>/run so a crashed run's leftovers are cleaned  */
/* ------------------------------------------------------------------------------------------------ */

class LocalProcess {
  constructor({ name, child, runFile, logFile }) {
    this.name = name;
    this.child = child;
    this.runFile = runFile;
    this.logFile = logFile;
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  }
  async stop(graceMs = 5000) {
    const { child } = this;
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill('SIGTERM');
      } catch {
        /* already gone */
      }
      const timedOut = await Promise.race([this.exited.then(() => false), sleep(graceMs).then(() => true)]);
      if (timedOut) {
        try {
          child.kill('SIGKILL');
        } catch {
          /* gone */
        }
        await Promise.race([this.exited, sleep(2000)]);
      }
    }
    try {
      fs.unlinkSync(this.runFile);
    } catch {
      /* not there */
    }
  }
}

function startProcess({ name, command, args, dataDir, marker, port, ipc = false, env = process.env, cwd = ROOT }) {
  const logsDir = path.join(dataDir, 'logs');
  const runDir = path.join(dataDir, 'run');
  fs.mkdirSync(logsDir, { recursive: true });
  fs.mkdirSync(runDir, { recursive: true });
  const logFile = path.join(logsDir, `infra-${name}.log`);
  const fd = fs.openSync(logFile, 'a');
  fs.writeSync(fd, `\n=== ${new Date().toISOString()} ${command} ${args.join(' ')}\n`);
  // detached: a terminal Ctrl-C reaches only the runner, which then stops services before infra
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', fd, fd, ...(ipc ? ['ipc'] : [])] });
  fs.closeSync(fd);
  child.on('error', () => {}); // spawn errors surface as exitCode via waitForPort
  const runFile = path.join(runDir, `${name}.json`);
  fs.writeFileSync(
    runFile,
    JSON.stringify({ name, pid: child.pid, owner: process.pid, exe: exeOf(child.pid), marker, port, startedAt: new Date().toISOString() }),
  );
  return new LocalProcess({ name, child, runFile, logFile });
}

/**
 * Leftovers of a previous run on this dataDir whose runner is gone (kill -9, crash): stop them.
 * Processes whose runner is still alive are left alone and returned (another live run owns them).
 */
async function cleanupStale(dataDir, log) {
  const runDir = path.join(dataDir, 'run');
  const live = {};
  let files = [];
  try {
    files = fs.readdirSync(runDir).filter((f) => f.endsWith('.json'));
  } catch {
    return live;
  }
  for (const f of files) {
    const file = path.join(runDir, f);
    let rec;
    try {
      rec = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      fs.rmSync(file, { force: true });
      continue;
    }
    const same = isAlive(rec.pid) && (!rec.exe || exeOf(rec.pid) === rec.exe) && (!rec.marker || cmdlineOf(rec.pid).includes(rec.marker));
    if (!same) {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (rec.owner !== process.pid && isAlive(rec.owner)) {
      live[rec.name] = rec;
      continue;
    }
    log(`stopping ${rec.name} (pid ${rec.pid}) left over from an earlier run`);
    try {
      process.kill(rec.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    for (let i = 0; i < 40 && isAlive(rec.pid); i++) await sleep(250);
    if (isAlive(rec.pid)) {
      try {
        process.kill(rec.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
      await sleep(300);
    }
    fs.rmSync(file, { force: true });
  }
  return live;
}

/* ------------------------------------------------------------------------------------------------ */
/* URLs                                                                                             */
/* ------------------------------------------------------------------------------------------------ */

function pgUrl({ user, password, host = HOST, port, database }) {
  const auth = password ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}` : encodeURIComponent(user);
  return `postgres://${auth}@${host}:${port}/${encodeURIComponent(database)}`;
}
function withUser(url, user, password) {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = password ? encodeURIComponent(password) : '';
  return u.toString();
}
function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}
function databaseOf(url) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}
/** for logs: never print a password */
export function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
const quoteIdent = (name) => `"${String(name).replace(/"/g, '""')}"`;
const quoteLiteral = (s) => `'${String(s).replace(/'/g, "''")}'`;

/* ------------------------------------------------------------------------------------------------ */
/* the pieces                                                                                       */
/* ------------------------------------------------------------------------------------------------ */

async function resolvePostgres(ctx) {
  const { given, purpose, log } = ctx;
  const database = ctx.database ?? DATABASES[purpose];
  const appPassword = given.DATABASE_APP_PASSWORD || undefined;
  if (given.DATABASE_URL || given.DATABASE_ADMIN_URL) {
    let app = given.DATABASE_URL;
    let admin = given.DATABASE_ADMIN_URL;
    if (!app) app = withUser(admin, APP_ROLE, appPassword);
    let bootstrap = true;
    if (!admin) {
      admin = app;
      bootstrap = false;
      log('postgres: DATABASE_URL given without DATABASE_ADMIN_URL: migrations run as that user; role/database bootstrap skipped');
    }
    return { source: 'env', app, admin, bootstrap, setRole: given.DATABASE_SET_ROLE || undefined, perService: bootstrap, password: appPassword, detail: redact(app) };
  }
  if (!ctx.forceLocal && (await tcpCheck(PORTS.postgres))) {
    return {
      source: 'loopback',
      app: pgUrl({ user: APP_ROLE, password: appPassword, port: PORTS.postgres, database }),
      admin: pgUrl({ user: 'postgres', port: PORTS.postgres, database }),
      bootstrap: true,
      perService: true,
      password: appPassword,
      detail: `${HOST}:${PORTS.postgres}`,
    };
  }
  // (c) PGlite behind pglite-socket: one PGlite data directory per dataDir (start and test are apart)
  const pgDir = path.join(ctx.dataDir, 'pglite');
  let port;
  const live = ctx.live.pglite;
  if (live && (await tcpCheck(live.port))) {
    port = live.port;
    log(`postgres: reusing PGlite on ${HOST}:${port} started by the live run pid ${live.owner}`);
  } else {
    // like the PostgreSQL test database, a test run's PGlite starts empty (no other live run uses it)
    if (ctx.purpose === 'test') fs.rmSync(pgDir, { recursive: true, force: true });
    port = await pickPort(PORTS.pglite);
    const proc = startProcess({
      name: 'pglite',
      command: process.execPath,
      args: ['-r', EXIT_WITH_PARENT, INFRA_CHILD, 'pglite', JSON.stringify({ dataDir: pgDir, host: HOST, port, maxConnections: PGLITE_MAX_CONNECTIONS })],
      dataDir: ctx.dataDir,
      marker: pgDir,
      port,
      ipc: true,
    });
    ctx.started.push(proc);
    await waitForPort(port, { timeoutMs: 90_000, child: proc.child, name: 'PGlite', logFile: proc.logFile });
  }
  return {
    source: 'started',
    engine: 'pglite',
    app: pgUrl({ user: APP_ROLE, port, database }),
    admin: pgUrl({ user: 'postgres', port, database }),
    bootstrap: true,
    perService: true,
    setRole: APP_ROLE,
    detail: `PGlite ${path.relative(ROOT, pgDir) || pgDir} on ${HOST}:${port} (maxConnections ${PGLITE_MAX_CONNECTIONS})`,
  };
}

async function bootstrapDatabase(pg, { log, password, fresh = false }) {
  const { default: pgLib } = await import('pg');
  const database = databaseOf(pg.admin);
  const connect = async (url) => {
    let lastErr;
    for (let i = 0; i < 40; i++) {
      const client = new pgLib.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      try {
        await client.connect();
        return client;
      } catch (e) {
        lastErr = e;
        await client.end().catch(() => {});
        // the server may still be starting; authentication/config errors will not go away
        if (!/ECONNREFUSED|ECONNRESET|starting up|Connection terminated|timeout/i.test(String(e?.message))) break;
        await sleep(500);
      }
    }
    throw new Error(`cannot connect to PostgreSQL at ${redact(url)}: ${lastErr?.message}`);
  };
  const ignore = (codes) => (e) => {
    if (!codes.includes(e?.code)) throw e;
  };

  let holder = null; // keeps this run's shared advisory lock on the test database until stop()
  if (pg.engine !== 'pglite') {
    // CREATE DATABASE cannot run inside the target database: use the maintenance database
    const maint = await connect(withDatabase(pg.admin, 'postgres'));
    try {
      // the test database starts empty every run: migrations regenerated during development and data left by
      // an earlier run never leak into the next one (each suite still makes its own organization).
      // Several runs can share one server (engineers on one machine, several clones): every run holds a
      // shared advisory lock for its whole life, and the database is dropped only when this run can also
      // take the exclusive lock, i.e. no other run is using it.
      if (fresh) {
        const key = `boardroom-test-run:${database}`;
        await maint.query('select pg_advisory_lock_shared(hashtext($1))', [key]);
        holder = maint;
        maint.on('error', () => {}); // a server restart must not crash the runner; the lock just ends
        const { rows } = await maint.query('select pg_try_advisory_lock(hashtext($1)) as ok', [key]);
        if (rows[0].ok) {
          await maint.query(`drop database if exists ${quoteIdent(database)} with (force)`);
          await maint.query('select pg_advisory_unlock(hashtext($1))', [key]);
          log(`postgres: dropped database ${database} (fresh test run)`);
        } else {
          log(`postgres: another test run is using ${database}: keeping it (not dropped)`);
        }
      }
      const exists = await maint.query('select 1 from pg_database where datname = $1', [database]);
      if (!exists.rowCount) {
        await maint.query(`create database ${quoteIdent(database)}`).catch(ignore(['42P04', '23505']));
        log(`postgres: created database ${database}`);
      }
    } finally {
      if (!holder) await maint.end().catch(() => {});
    }
  }
  const release = async () => {
    if (holder) await holder.end().catch(() => {});
    holder = null;
  };
  try {
    await grantAppRole(pg, { connect, ignore, log, password });
  } catch (e) {
    await release();
    throw e;
  }
  return { release };
}

async function grantAppRole(pg, { connect, ignore, log, password }) {
  const admin = await connect(pg.admin);
  try {
    const attrs = `login nosuperuser nobypassrls${password ? ` password ${quoteLiteral(password)}` : ''}`;
    const current = (await admin.query('select current_database() as db')).rows[0].db; // PGlite: always 'postgres'
    // the shared role of the int tier, and each service's own (the same password, DATABASE_APP_PASSWORD, on one machine)
    for (const name of [APP_ROLE, ...(pg.perService ? databaseServices().map(serviceRole) : [])]) {
      const role = await admin.query('select 1 from pg_roles where rolname = $1', [name]);
      if (!role.rowCount) {
        await admin.query(`create role ${quoteIdent(name)} ${attrs}`).catch(ignore(['42710', '23505']));
        log(`postgres: created role ${name} (LOGIN NOSUPERUSER NOBYPASSRLS)`);
      } else {
        // several runs (work trees, slots) share the server's roles: the same statement at the same moment
        await admin.query(`alter role ${quoteIdent(name)} ${attrs}`).catch(ignore(['XX000']));
      }
      await admin.query(`grant connect on database ${quoteIdent(current)} to ${quoteIdent(name)}`);
    }
  } finally {
    await admin.end().catch(() => {});
  }
  if (pg.engine !== 'pglite') {
    const app = await connect(pg.app);
    try {
      const who = (await app.query('select current_user as u')).rows[0].u;
      if (who !== APP_ROLE) log(`postgres: warning: DATABASE_URL connects as ${who}, not ${APP_ROLE} (RLS may not apply)`);
    } finally {
      await app.end().catch(() => {});
    }
  }
}

async function natsHasJetStream(port) {
  const banner = await tcpBanner(port);
  return /"jetstream"\s*:\s*true/.test(banner);
}

/**
 * NATS_IDENTITIES=1: the services connect as their own NATS users with the permissions the cluster gives them
 * (deploy/identities/nats-authorization.conf, generated by scripts/identities.ts; docs/operations.md "Who may talk to
 * whom"). The runner starts its own nats-server with that file; each user's password is derived from a seed made for
 * the run (natsIdentityPassword), which the server gets through its environment and scripts/services.mjs hands each
 * service its own of. Connections without credentials (seed, tests) are the local `tooling` user.
 */
export const NATS_IDENTITIES_CONF = path.join(ROOT, 'deploy/identities/nats-authorization.conf');
// a letter, then hex: nats-server parses an environment variable's value as a configuration value, so a password that
// starts with a digit is read as a number and the server refuses to start ("Expected a digit but got 'S'")
export const natsIdentityPassword = (seed, user) => `p${crypto.createHmac('sha256', seed).update(`nats:${user}`).digest('hex')}`;
const natsUsersOf = (conf) => [...fs.readFileSync(conf, 'utf8').matchAll(/^\s*user: "([a-z-]+)"$/gm)].map((m) => m[1]);

async function startNatsWithIdentities(ctx, bin) {
  const seed = crypto.randomBytes(32).toString('base64url');
  const env = { ...process.env };
  for (const user of natsUsersOf(NATS_IDENTITIES_CONF)) env[`NATS_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}`] = natsIdentityPassword(seed, user);
  const port = await pickPort(PORTS.nats + 10_000 + 5 * TEST_SLOT);
  const storeDir = path.join(ctx.dataDir, 'nats-identities');
  fs.rmSync(storeDir, { recursive: true, force: true });
  fs.mkdirSync(storeDir, { recursive: true });
  const proc = startProcess({ name: 'nats', command: bin, args: ['-c', NATS_IDENTITIES_CONF, '-js', '-sd', storeDir, '-a', HOST, '-p', String(port)], dataDir: ctx.dataDir, marker: storeDir, port, env });
  ctx.started.push(proc);
  await waitForPort(port, { child: proc.child, name: 'nats-server', logFile: proc.logFile });
  return { source: 'started', url: `nats://${HOST}:${port}`, identitySeed: seed, detail: `nats-server -js on ${HOST}:${port} with the services' NATS users (NATS_IDENTITIES=1; fresh store)` };
}

async function resolveNats(ctx) {
  const { given, log } = ctx;
  if (given.NATS_IDENTITIES === '1') {
    if (given.NATS_URL) throw new Error('NATS_IDENTITIES=1 starts its own nats-server: unset NATS_URL');
    const bin = which('nats-server');
    if (!bin) throw new Error('NATS_IDENTITIES=1 needs the nats-server binary (apt-get install nats-server)');
    return startNatsWithIdentities(ctx, bin);
  }
  if (given.NATS_URL) return { source: 'env', url: given.NATS_URL, detail: given.NATS_URL };
  // A test run gets a private nats-server with an empty JetStream store: services of a running `npm start` (or of
  // another test run) on the shared server would otherwise answer this run's RPCs in their queue groups and take
  // this run's events. The shared server is used only when there is no nats-server binary.
  const privateBin = ctx.purpose === 'test' ? which('nats-server') : null;
  if (privateBin) {
    const port = await pickPort(PORTS.nats + 10_000 + 5 * TEST_SLOT);
    const storeDir = path.join(ctx.dataDir, 'nats-private');
    fs.rmSync(storeDir, { recursive: true, force: true });
    fs.mkdirSync(storeDir, { recursive: true });
    const proc = startProcess({ name: 'nats', command: privateBin, args: ['-js', '-sd', storeDir, '-a', HOST, '-p', String(port)], dataDir: ctx.dataDir, marker: storeDir, port });
    ctx.started.push(proc);
    await waitForPort(port, { child: proc.child, name: 'nats-server', logFile: proc.logFile });
    return { source: 'started', url: `nats://${HOST}:${port}`, detail: `private nats-server -js on ${HOST}:${port} (fresh store for this run)` };
  }
  if (!ctx.forceLocal && (await tcpCheck(PORTS.nats))) {
    if (!(await natsHasJetStream(PORTS.nats))) log(`nats: warning: the server on ${HOST}:${PORTS.nats} does not announce JetStream (start it with -js)`);
    return { source: 'loopback', url: `nats://${HOST}:${PORTS.nats}`, detail: `${HOST}:${PORTS.nats}` };
  }
  let bin = which('nats-server');
  if (!bin && (await aptInstall(['nats-server'], { log, logFile: ctx.aptLog }))) {
    bin = which('nats-server');
    if (!ctx.forceLocal && (await tcpCheck(PORTS.nats))) {
      return { source: 'loopback', url: `nats://${HOST}:${PORTS.nats}`, detail: `${HOST}:${PORTS.nats} (started by the package)` };
    }
  }
  if (!bin) throw new Error('nats: no NATS_URL, nothing on 127.0.0.1:4222 and no nats-server binary (apt-get install nats-server, or set NATS_URL)');
  const port = await pickPort(PORTS.nats);
  const storeDir = path.join(ctx.dataDir, 'nats');
  fs.mkdirSync(storeDir, { recursive: true });
  const proc = startProcess({ name: 'nats', command: bin, args: ['-js', '-sd', storeDir, '-a', HOST, '-p', String(port)], dataDir: ctx.dataDir, marker: storeDir, port });
  ctx.started.push(proc);
  await waitForPort(port, { child: proc.child, name: 'nats-server', logFile: proc.logFile });
  return { source: 'started', url: `nats://${HOST}:${port}`, detail: `nats-server -js on ${HOST}:${port} (store ${path.relative(ROOT, storeDir)})` };
}

const TEST_REDIS_DB = 1 + TEST_SLOT;

/** SELECT db; FLUSHDB over a raw socket (no client library needed before npm ci finished). */
function redisFlushDb(port, db) {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, HOST);
    let buf = '';
    sock.setTimeout(5000, () => sock.destroy(new Error('redis: FLUSHDB timed out')));
    sock.on('error', reject);
    sock.on('data', (d) => {
      buf += d.toString();
      if ((buf.match(/\r\n/g) || []).length >= 2) {
        sock.end();
        if (buf.includes('-ERR')) reject(new Error(`redis: ${buf.trim()}`));
        else resolve();
      }
    });
    sock.write(`SELECT ${db}\r\nFLUSHDB\r\n`);
  });
}

/**
 * REDIS_IDENTITIES=1: the services connect as their own Valkey/Redis ACL users with the keys the cluster gives them
 * (deploy/identities/valkey-acl.json, generated by scripts/identities.ts; docs/operations.md "Who may talk to whom";
 * docs/decisions.md "The local runner's Redis users"). The runner starts its own redis-server with an ACL file made for
 * the run: the default user off (a connection without credentials is refused), each service's user, and `tooling`
 * (seed, migrations, tests) with every key. Passwords are derived from a seed made for the run and written to the
 * file as SHA-256 hashes only; the env gets the tooling URL as REDIS_URL and each service's own URL as
 * REDIS_URL_<SERVICE>, which scripts/services.mjs makes that service's REDIS_URL (and hands it no other).
 */
export const REDIS_ACLS_FILE = path.join(ROOT, 'deploy/identities/valkey-acl.json');
export const REDIS_TOOLING_USER = 'tooling';
export const redisIdentityPassword = (seed, user) => crypto.createHmac('sha256', seed).update(`redis:${user}`).digest('hex');
const sha256 = (s) => crypto.createHash('sha256').update(s).digest('hex');

/** the ACL file's lines (redis.conf `aclfile`): `default` off, the tooling user, each service's generated ACL */
export function redisAclFile(acls, password) {
  const users = [
    'user default off resetkeys resetchannels -@all',
    `user ${REDIS_TOOLING_USER} on #${sha256(password(REDIS_TOOLING_USER))} ~* &* +@all`,
    ...acls.map((a) => `user ${a.user} on #${sha256(password(a.user))} resetkeys ${a.keys.map((k) => `~${k}`).join(' ')} resetchannels ${a.commands}`),
  ];
  return `${users.join('\n')}\n`;
}

async function startRedisWithIdentities(ctx, bin) {
  const seed = crypto.randomBytes(32).toString('base64url');
  const password = (user) => redisIdentityPassword(seed, user);
  const acls = JSON.parse(fs.readFileSync(REDIS_ACLS_FILE, 'utf8'));
  const port = await pickPort(PORTS.redis + 10_000 + 5 * TEST_SLOT);
  const dir = path.join(ctx.dataDir, 'redis-identities');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const aclFile = path.join(dir, 'users.acl');
  fs.writeFileSync(aclFile, redisAclFile(acls, password), { mode: 0o600 });
  const proc = startProcess({
    name: 'redis',
    command: bin,
    args: ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', dir, '--aclfile', aclFile],
    dataDir: ctx.dataDir,
    marker: '',
    port,
  });
  ctx.started.push(proc);
  await waitForPort(port, { child: proc.child, name: 'redis-server', logFile: proc.logFile });
  const urlOf = (user) => `redis://${encodeURIComponent(user)}:${password(user)}@${HOST}:${port}`;
  return {
    source: 'started',
    url: urlOf(REDIS_TOOLING_USER),
    serviceUrls: Object.fromEntries(acls.map((a) => [a.user, urlOf(a.user)])),
    detail: `redis-server on ${HOST}:${port} with the services' ACL users, default user off (REDIS_IDENTITIES=1; no persistence)`,
  };
}

async function resolveRedis(ctx) {
  const { given, log } = ctx;
  if (given.REDIS_IDENTITIES === '1') {
    if (given.REDIS_URL) throw new Error('REDIS_IDENTITIES=1 starts its own redis-server: unset REDIS_URL');
    let bin = which('redis-server');
    if (!bin && (await aptInstall(['redis-server'], { log, logFile: ctx.aptLog }))) bin = which('redis-server');
    if (!bin) throw new Error('REDIS_IDENTITIES=1 needs the redis-server binary (apt-get install redis-server), or REDIS_IDENTITIES=0');
    return startRedisWithIdentities(ctx, bin);
  }
  if (given.REDIS_URL) return { source: 'env', url: given.REDIS_URL, detail: redact(given.REDIS_URL) };
  if (!ctx.forceLocal && (await tcpCheck(PORTS.redis))) {
    // tests use their own database index (queues, sessions, rate limits), emptied at the start of the run
    if (ctx.purpose === 'test') {
      await redisFlushDb(PORTS.redis, TEST_REDIS_DB);
      return { source: 'loopback', url: `redis://${HOST}:${PORTS.redis}/${TEST_REDIS_DB}`, detail: `${HOST}:${PORTS.redis} db ${TEST_REDIS_DB} (emptied)` };
    }
    return { source: 'loopback', url: `redis://${HOST}:${PORTS.redis}`, detail: `${HOST}:${PORTS.redis}` };
  }
  let bin = which('redis-server');
  if (!bin && (await aptInstall(['redis-server'], { log, logFile: ctx.aptLog }))) {
    bin = which('redis-server');
    // Debian's package may start its own service
    if (!ctx.forceLocal && (await tcpCheck(PORTS.redis))) {
      return { source: 'loopback', url: `redis://${HOST}:${PORTS.redis}`, detail: `${HOST}:${PORTS.redis} (started by the package)` };
    }
  }
  if (!bin) throw new Error('redis: no REDIS_URL, nothing on 127.0.0.1:6379 and no redis-server binary (apt-get install redis-server, or set REDIS_URL)');
  const port = await pickPort(PORTS.redis);
  const redisDir = path.join(ctx.dataDir, 'redis');
  fs.mkdirSync(redisDir, { recursive: true });
  const proc = startProcess({
    name: 'redis',
    command: bin,
    args: ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', redisDir],
    dataDir: ctx.dataDir,
    marker: '', // redis rewrites its process title; the executable is checked instead
    port,
  });
  ctx.started.push(proc);
  await waitForPort(port, { child: proc.child, name: 'redis-server', logFile: proc.logFile });
  return { source: 'started', url: `redis://${HOST}:${port}`, detail: `redis-server on ${HOST}:${port} (no persistence)` };
}

async function resolveS3(ctx) {
  const { given, purpose } = ctx;
  const common = {
    accessKey: given.S3_ACCESS_KEY || 'S3RVER',
    secretKey: given.S3_SECRET_KEY || 'S3RVER',
    bucket: given.S3_BUCKET || BUCKETS[purpose],
    region: given.S3_REGION || 'us-east-1',
  };
  if (given.S3_ENDPOINT) return { source: 'env', endpoint: given.S3_ENDPOINT, ...common, detail: given.S3_ENDPOINT };
  if (!ctx.forceLocal && (await tcpCheck(PORTS.s3))) return { source: 'loopback', endpoint: `http://${HOST}:${PORTS.s3}`, ...common, detail: `${HOST}:${PORTS.s3}` };
  const port = await pickPort(startPort(ctx, PORTS.s3));
  const dir = path.join(ctx.dataDir, 's3');
  // s3rver accepts any signature made with S3RVER/S3RVER; other keys would be refused
  const proc = startProcess({
    name: 's3rver',
    command: process.execPath,
    args: ['-r', EXIT_WITH_PARENT, INFRA_CHILD, 's3rver', JSON.stringify({ directory: dir, host: HOST, port, buckets: [...new Set([common.bucket, BUCKETS.start, BUCKETS.test])] })],
    dataDir: ctx.dataDir,
    marker: dir,
    port,
    ipc: true,
  });
  ctx.started.push(proc);
  await waitForPort(port, { child: proc.child, name: 's3rver', logFile: proc.logFile });
  return {
    source: 'started',
    endpoint: `http://${HOST}:${port}`,
    ...common,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucketReady: true,
    detail: `s3rver on ${HOST}:${port} (dir ${path.relative(ROOT, dir)}, CORS *)`,
  };
}

/** best effort: the platform's storage layer also creates its bucket */
async function ensureBucket(s3, log) {
  try {
    const Minio = await import('minio');
    const u = new URL(s3.endpoint);
    const client = new Minio.Client({
      endPoint: u.hostname,
      port: Number(u.port) || (u.protocol === 'https:' ? 443 : 80),
      useSSL: u.protocol === 'https:',
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      region: s3.region,
      pathStyle: true,
    });
    const exists = await Promise.race([client.bucketExists(s3.bucket), sleep(5000).then(() => { throw new Error('timeout'); })]);
    if (!exists) {
      await client.makeBucket(s3.bucket, s3.region);
      log(`s3: created bucket ${s3.bucket}`);
    }
  } catch (e) {
    log(`s3: could not check/create bucket ${s3.bucket} at ${s3.endpoint}: ${e?.message ?? e} (the storage layer will try again)`);
  }
}

async function resolveSmtp(ctx) {
  const { given } = ctx;
  if (given.SMTP_URL) return { source: 'env', url: given.SMTP_URL, ui: given.MAIL_UI_URL || '', detail: redact(given.SMTP_URL) };
  if (!ctx.forceLocal && (await tcpCheck(PORTS.smtp))) {
    const ui = (await tcpCheck(PORTS.mailWeb)) ? `http://${HOST}:${PORTS.mailWeb}` : given.MAIL_UI_URL || '';
    return { source: 'loopback', url: `smtp://${HOST}:${PORTS.smtp}`, ui, detail: `${HOST}:${PORTS.smtp}` };
  }
  const smtpPort = await pickPort(startPort(ctx, PORTS.smtp));
  let webPort = await pickPort(startPort(ctx, PORTS.mailWeb));
  if (webPort === smtpPort) webPort = await pickPort(smtpPort + 1);
  const mailDir = path.join(ctx.dataDir, 'mail');
  fs.mkdirSync(mailDir, { recursive: true });
  const maildevBin = createRequire(path.join(ROOT, 'package.json')).resolve('maildev/bin/maildev');
  const proc = startProcess({
    name: 'maildev',
    command: process.execPath,
    args: ['-r', EXIT_WITH_PARENT, maildevBin, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', HOST, '--mail-directory', mailDir],
    dataDir: ctx.dataDir,
    marker: mailDir,
    port: smtpPort,
    ipc: true,
  });
  ctx.started.push(proc);
  await waitForPort(smtpPort, { child: proc.child, name: 'maildev (smtp)', logFile: proc.logFile });
  await waitForPort(webPort, { child: proc.child, name: 'maildev (web)', logFile: proc.logFile });
  return {
    source: 'started',
    url: `smtp://${HOST}:${smtpPort}`,
    ui: `http://${HOST}:${webPort}`,
    detail: `maildev smtp ${HOST}:${smtpPort}, inbox http://${HOST}:${webPort}`,
  };
}

/* ------------------------------------------------------------------------------------------------ */
/* resolveInfra                                                                                     */
/* ------------------------------------------------------------------------------------------------ */

/**
 * @param {{ purpose: 'start'|'test', dataDir: string, log?: (msg: string) => void, env?: Record<string,string|undefined>, forceLocal?: boolean, database?: string }} opts
 *   env: where to read the (a) variables from (default process.env);
 *   database: the database's name instead of DATABASES[purpose] (npm test's int tier beside the running system);
 *   forceLocal: ignore (a) and (b) and start everything locally on free ports (self-test, or
 *   INFRA_FORCE_LOCAL=1 to try the no-server path on a machine that has the servers).
 * @returns {Promise<{ env: Record<string,string>, stop: () => Promise<void>, summary: Record<string,{source:string,detail:string}> }>}
 */
export async function resolveInfra({ purpose, dataDir, log = defaultLog, env: given = process.env, forceLocal = process.env.INFRA_FORCE_LOCAL === '1', database } = {}) {
  if (forceLocal) {
    log('INFRA_FORCE_LOCAL: ignoring URL variables and loopback servers, starting everything locally');
    given = {};
  }
  if (purpose !== 'start' && purpose !== 'test') throw new Error(`resolveInfra: purpose must be 'start' or 'test', got ${purpose}`);
  if (!dataDir) throw new Error('resolveInfra: dataDir is required');
  dataDir = path.resolve(ROOT, dataDir);
  fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  const live = await cleanupStale(dataDir, log);
  // database: another database than the purpose's (npm test gives its int tier one of its own, beside the system's)
  const ctx = { purpose, dataDir, log, given, forceLocal, live, started: [], aptLog: path.join(dataDir, 'logs', 'apt.log'), database };

  let stopped = false;
  let releaseDb = async () => {};
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await releaseDb();
    for (const proc of [...ctx.started].reverse()) {
      log(`stopping ${proc.name}`);
      await proc.stop(proc.name === 'pglite' ? 10_000 : 5000);
    }
  };

  const pieces = { postgres: resolvePostgres, nats: resolveNats, redis: resolveRedis, s3: resolveS3, smtp: resolveSmtp };
  const names = Object.keys(pieces);
  const settled = await Promise.allSettled(names.map((n) => pieces[n](ctx)));
  const failures = settled.map((r, i) => (r.status === 'rejected' ? `${names[i]}: ${r.reason?.message ?? r.reason}` : null)).filter(Boolean);
  if (failures.length) {
    await stop();
    throw new Error(`infrastructure could not be resolved:\n  ${failures.join('\n  ')}`);
  }
  const [pg, nats, redis, s3, smtp] = settled.map((r) => r.value);

  try {
    if (pg.bootstrap) {
      const { release } = await bootstrapDatabase(pg, { log, password: given.DATABASE_APP_PASSWORD || undefined, fresh: purpose === 'test' && pg.source !== 'env' });
      releaseDb = release;
    }
    if (!s3.bucketReady) await ensureBucket(s3, log);
  } catch (e) {
    await stop();
    throw new Error(`database bootstrap failed: ${e?.message ?? e}`);
  }

  const env = {
    DATABASE_URL: pg.app,
    DATABASE_ADMIN_URL: pg.admin,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    SMTP_URL: smtp.url,
    MAIL_UI_URL: smtp.ui,
  };
  if (pg.setRole) env.DATABASE_SET_ROLE = pg.setRole;
  // each service's own role (scripts/services.mjs makes it that service's DATABASE_URL; with PGlite its SET ROLE);
  // without an admin URL nobody can create the roles: every service connects as the one DATABASE_URL given
  if (pg.perService) for (const name of databaseServices()) env[serviceDatabaseVar(name)] = withUser(pg.app, serviceRole(name), pg.password);
  else log('postgres: DATABASE_URL given without DATABASE_ADMIN_URL: every service connects as that one user (no per-service roles)');
  // scripts/services.mjs turns it into each service's own NATS_USER/NATS_PASSWORD and hands no service the seed
  if (nats.identitySeed) env.NATS_IDENTITY_SEED = nats.identitySeed;
  // each service's own Redis URL (its ACL user); scripts/services.mjs makes it that service's REDIS_URL
  for (const [name, url] of Object.entries(redis.serviceUrls ?? {})) env[serviceRedisVar(name)] = url;

  const summary = {
    postgres: { source: pg.source, detail: `${pg.detail}, database ${databaseOf(pg.app)}${pg.setRole ? `, SET ROLE ${pg.setRole}` : ''}`, engine: pg.engine ?? 'postgresql' },
    nats: { source: nats.source, detail: nats.detail },
    redis: { source: redis.source, detail: redis.detail },
    s3: { source: s3.source, detail: `${s3.detail}, bucket ${s3.bucket}` },
    smtp: { source: smtp.source, detail: smtp.detail + (smtp.ui && smtp.source !== 'started' ? `, inbox ${smtp.ui}` : '') },
  };
  for (const [name, s] of Object.entries(summary)) log(`${name.padEnd(8)} ${s.source.padEnd(8)} ${s.detail}`);
  return { env, stop, summary };
}

/* ------------------------------------------------------------------------------------------------ */
/* self-test: node scripts/infra.mjs --self-test [--purpose test|start] [--force-local]              */
/* ------------------------------------------------------------------------------------------------ */

async function selfTest(argv) {
  const purpose = argv.includes('--purpose') ? argv[argv.indexOf('--purpose') + 1] : 'test';
  const forceLocal = argv.includes('--force-local');
  const dataDir = forceLocal ? path.join(ROOT, '.data/selftest') : path.join(ROOT, purpose === 'test' ? '.data/test' : '.data');
  const t0 = Date.now();
  const checks = [];
  const check = async (name, fn) => {
    try {
      const detail = await fn();
      checks.push([name, true, detail]);
    } catch (e) {
      checks.push([name, false, e?.message ?? String(e)]);
    }
  };
  const { env, stop, summary } = await resolveInfra({ purpose, dataDir, forceLocal });
  console.log(`[self-test] resolved in ${Date.now() - t0} ms`);
  try {
    const { default: pgLib } = await import('pg');
    await check('postgres as app role', async () => {
      const c = new pgLib.Client({ connectionString: env.DATABASE_URL });
      await c.connect();
      try {
        await c.query('begin');
        if (env.DATABASE_SET_ROLE) await c.query(`set local role ${quoteIdent(env.DATABASE_SET_ROLE)}`);
        const r = (await c.query('select current_user as u, current_database() as d, (select rolsuper from pg_roles where rolname = current_user) as su, (select rolbypassrls from pg_roles where rolname = current_user) as by')).rows[0];
        await c.query('commit');
        if (r.u !== APP_ROLE || r.su || r.by) throw new Error(`current_user=${r.u} super=${r.su} bypassrls=${r.by}`);
        return `current_user=${r.u} database=${r.d}`;
      } finally {
        await c.end();
      }
    });
    await check('postgres as admin', async () => {
      const c = new pgLib.Client({ connectionString: env.DATABASE_ADMIN_URL });
      await c.connect();
      try {
        return `current_user=${(await c.query('select current_user as u')).rows[0].u}`;
      } finally {
        await c.end();
      }
    });
    await check('postgres pool of 12', async () => {
      const pool = new pgLib.Pool({ connectionString: env.DATABASE_URL, max: 12 });
      try {
        const rs = await Promise.all(Array.from({ length: 24 }, (_, i) => pool.query('select $1::int as i', [i])));
        return `${rs.length} concurrent queries`;
      } finally {
        await pool.end();
      }
    });
    await check('nats jetstream', async () => {
      const u = new URL(env.NATS_URL);
      const banner = await tcpBanner(Number(u.port) || 4222, u.hostname);
      if (!/"jetstream"\s*:\s*true/.test(banner)) throw new Error(`no jetstream in INFO: ${banner.slice(0, 120)}`);
      return 'INFO announces jetstream';
    });
    await check('redis PING', async () => {
      const u = new URL(env.REDIS_URL);
      // with the runner's ACL users (REDIS_IDENTITIES=1) the default user is off: AUTH as the URL's user first
      const auth = u.username ? `AUTH ${decodeURIComponent(u.username)} ${decodeURIComponent(u.password)}\r\n` : '';
      const reply = await new Promise((resolve, reject) => {
        let buf = '';
        const s = net.connect(Number(u.port) || 6379, u.hostname, () => s.write(`${auth}PING\r\n`));
        s.on('data', (d) => {
          buf += d.toString();
          const lines = buf.split('\r\n').filter(Boolean);
          if (lines.length >= (auth ? 2 : 1)) {
            s.destroy();
            resolve(lines[lines.length - 1].trim());
          }
        });
        s.once('error', reject);
        s.setTimeout(2000, () => (s.destroy(), reject(new Error('timeout'))));
      });
      if (reply !== '+PONG') throw new Error(reply);
      return reply;
    });
    await check('s3 put/get', async () => {
      const Minio = await import('minio');
      const u = new URL(env.S3_ENDPOINT);
      const client = new Minio.Client({ endPoint: u.hostname, port: Number(u.port), useSSL: false, accessKey: env.S3_ACCESS_KEY, secretKey: env.S3_SECRET_KEY, region: env.S3_REGION, pathStyle: true });
      const key = `self-test/${Date.now()}.txt`;
      await client.putObject(env.S3_BUCKET, key, Buffer.from('hello'));
      const stream = await client.getObject(env.S3_BUCKET, key);
      let body = '';
      for await (const chunk of stream) body += chunk;
      await client.removeObject(env.S3_BUCKET, key);
      if (body !== 'hello') throw new Error(`read back ${body}`);
      return `bucket ${env.S3_BUCKET}`;
    });
    await check('smtp greeting', async () => {
      const u = new URL(env.SMTP_URL);
      const banner = await tcpBanner(Number(u.port) || 25, u.hostname);
      if (!banner.startsWith('220')) throw new Error(banner || 'no greeting');
      return banner.trim().slice(0, 60);
    });
    if (env.MAIL_UI_URL) {
      await check('mail inbox web', async () => {
        const res = await fetch(env.MAIL_UI_URL);
        if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
        return `${env.MAIL_UI_URL} 200`;
      });
    }
  } finally {
    await stop();
  }
  await check('started servers stopped', async () => {
    const open = [];
    for (const [name, s] of Object.entries(summary)) {
      if (s.source !== 'started') continue;
      const url = { postgres: env.DATABASE_URL, nats: env.NATS_URL, redis: env.REDIS_URL, s3: env.S3_ENDPOINT, smtp: env.SMTP_URL }[name];
      const port = Number(new URL(url).port);
      if (await tcpCheck(port)) open.push(`${name}:${port}`);
    }
    if (open.length) throw new Error(`still listening: ${open.join(', ')}`);
    return 'ports closed';
  });
  for (const [name, ok, detail] of checks) console.log(`[self-test] ${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(24)} ${detail}`);
  console.log(`[self-test] ${checks.every((c) => c[1]) ? 'PASSED' : 'FAILED'} in ${Date.now() - t0} ms`);
  process.exitCode = checks.every((c) => c[1]) ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--self-test')) {
    selfTest(process.argv.slice(2)).catch((e) => {
      console.error(`[self-test] ${e?.stack ?? e}`);
      process.exit(1);
    });
  } else {
    console.log('usage: node scripts/infra.mjs --self-test [--purpose test|start] [--force-local]');
  }
}
