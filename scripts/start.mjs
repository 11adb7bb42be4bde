#!/usr/bin/env node
/**
 * `npm start`: the whole system on one machine.
 *
 *   npm ci (when node_modules is missing) -> infrastructure (scripts/infra.mjs, data in .data/) ->
 *   AUTH_SECRET (.data/secret) -> migrate (scripts/migrate.ts) -> seed (scripts/seed.ts) ->
 *   web build (when stale) -> services (scripts/services.mjs) -> URLs and demo sign-ins.
 *
 * Ctrl-C (SIGINT) or SIGTERM stops the services, then the infrastructure this run started.
 * Only Node built-ins and our own scripts are imported statically (they must load before npm ci).
 */
import { webBuildState } from './lib/web-build.mjs';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ensureChromium, ensureLibreOffice, ensurePoppler, installDependencies, resolveInfra } from './infra.mjs';
import { ALL_SERVICES, databaseEnv, presentServices, startServices } from './services.mjs';

const DATA_DIR = path.join(ROOT, '.data');
const PUBLIC_BASE_DOMAIN = 'localhost:3000';
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (s) => (useColor ? `\x1b[1m${s}\x1b[0m` : s);
const log = (msg) => console.log(`${useColor ? '\x1b[2m[start]\x1b[0m' : '[start]'} ${msg}`);

process.chdir(ROOT);

/* ---------------------------------- shutdown on Ctrl-C / SIGTERM --------------------------------- */
const cleanups = []; // run in reverse order
let shuttingDown = false;
let current = null; // a child process we are waiting for (npm ci, migrate, seed, web build)
async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (current && current.exitCode === null) current.kill('SIGTERM');
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (e) {
      log(`cleanup failed: ${e?.message ?? e}`);
    }
  }
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (shuttingDown) {
      log('forced exit');
      process.exit(130);
    }
    console.log('');
    log(`${sig}: stopping everything (press Ctrl-C again to force)`);
    shutdown(0);
  });
}

/** run a command with inherited output; resolves its exit code */
function run(cmd, args, { env = process.env, stdio = 'inherit' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio });
    current = child;
    child.once('error', (e) => {
      log(`${cmd}: ${e.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

async function fail(msg) {
  console.error(`\n[start] ${msg}\n`);
  await shutdown(1);
}


async function main() {
  const t0 = Date.now();
  fs.mkdirSync(DATA_DIR, { recursive: true });

  // 1. dependencies
  if (!fs.existsSync(path.join(ROOT, 'node_modules'))) {
    const { ok } = await installDependencies({ log });
    if (!ok) return fail('npm ci / npm install failed');
  }

  // Chromium (HTML-to-PDF in services) installs in the background meanwhile
  const chromium = ensureChromium({ log: (m) => log(`chromium: ${m}`), logFile: path.join(DATA_DIR, 'logs', 'apt.log') });
  const soffice = ensureLibreOffice({ log: (m) => log(`libreoffice: ${m}`), logFile: path.join(DATA_DIR, 'logs', 'apt.log') });
  const poppler = ensurePoppler({ log: (m) => log(`poppler: ${m}`), logFile: path.join(DATA_DIR, 'logs', 'apt.log') });

  // 2. infrastructure
  let infra;
  try {
    infra = await resolveInfra({ purpose: 'start', dataDir: DATA_DIR, log: (m) => log(`infra: ${m}`) });
  } catch (e) {
    return fail(e?.message ?? String(e));
  }
  cleanups.push(infra.stop);
  if (shuttingDown) return;

  // 3. secret: kept in .data/secret so sessions survive a restart (AUTH_SECRET in the environment wins)
  let authSecret = process.env.AUTH_SECRET;
  if (!authSecret) {
    const file = path.join(DATA_DIR, 'secret');
    try {
      authSecret = fs.readFileSync(file, 'utf8').trim();
    } catch {
      /* first run */
    }
    if (!authSecret) {
      authSecret = crypto.randomBytes(48).toString('base64url');
      fs.writeFileSync(file, `${authSecret}\n`, { mode: 0o600 });
      log('generated AUTH_SECRET in .data/secret');
    }
  }
  const env = {
    ...process.env,
    ...infra.env,
    AUTH_SECRET: authSecret,
    PUBLIC_BASE_DOMAIN: process.env.PUBLIC_BASE_DOMAIN || PUBLIC_BASE_DOMAIN,
    NODE_ENV: process.env.NODE_ENV || 'development',
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  };

  // 4. migrate and seed (scripts owned by the data-layer engineer)
  for (const step of ['migrate', 'seed']) {
    const file = path.join('scripts', `${step}.ts`);
    if (!fs.existsSync(path.join(ROOT, file))) {
      log(`warning: ${file} not found yet, skipping ${step}`);
      continue;
    }
    log(`${step}: node -r @swc-node/register ${file}`);
    // migrations as the owner; the seed writes through the organization service's use cases, as its role
    const code = await run(process.execPath, ['-r', '@swc-node/register', file], { env: step === 'seed' ? databaseEnv('organization', env) : env });
    if (shuttingDown) return;
    if (code !== 0) return fail(`${step} failed (exit ${code})`);
  }

  // 5. web build when stale
  const webState = webBuildState(ROOT);
  if (webState !== 'absent') {
    if (webState === 'stale') {
      log('building the web app: npm run build -w web');
      const code = await run('npm', ['run', 'build', '-w', 'web'], { env: { ...process.env, NODE_ENV: 'production' } });
      if (shuttingDown) return;
      // the API still works without the UI: report loudly and go on
      if (code !== 0) log('warning: web build failed (npm run build -w web); the app URL will not serve the UI until it builds');
    } else log('web app is up to date (web/dist)');
  } else log('web/index.html not found yet, no web build');

  // 6. services
  const chromiumPath = await chromium;
  if (chromiumPath) env.PUPPETEER_EXECUTABLE_PATH = chromiumPath;
  else log('warning: no Chromium (apt-get install chromium): PDF generation will fail');
  env.PUPPETEER_SKIP_DOWNLOAD = 'true';
  const sofficePath = await soffice;
  if (sofficePath) env.SOFFICE_PATH = sofficePath;
  else log('warning: no LibreOffice (apt-get install libreoffice-writer-nogui): office files will not convert for viewing');
  const pdftoppmPath = await poppler;
  if (pdftoppmPath) env.PDFTOPPM_PATH = pdftoppmPath;
  else log('warning: no poppler (apt-get install poppler-utils): presentations show no slide images');
  // the queue dashboard is for operators, behind its own credential: a fresh one per run unless one is given
  const dashboardGenerated = !env.QUEUE_DASHBOARD_USER && !env.QUEUE_DASHBOARD_PASSWORD;
  if (dashboardGenerated) {
    env.QUEUE_DASHBOARD_USER = 'operator';
    env.QUEUE_DASHBOARD_PASSWORD = crypto.randomBytes(18).toString('base64url');
  }
  const present = presentServices();
  const missing = ALL_SERVICES.filter((s) => !present.some((p) => p.name === s.name)).map((s) => s.name);
  let started = [];
  if (!present.length) {
    log(`warning: no services yet (no services/<name>/src/main.ts); infrastructure only`);
  } else {
    if (missing.length) log(`not in this checkout yet: ${missing.join(', ')}`);
    try {
      const sv = await startServices({
        env,
        portOffset: 0,
        log: (m) => log(m),
        onExit: (name, code, signal) => log(`warning: ${name} exited (${signal ?? `code ${code}`}); the rest keeps running, restart npm start to bring it back`),
      });
      cleanups.push(sv.stop);
      started = sv.services;
    } catch (e) {
      return fail(e?.message ?? String(e));
    }
  }
  if (shuttingDown) return;

  // 7. what to open
  const gateway = started.some((s) => s.name === 'gateway');
  const line = (k, v) => `  ${k.padEnd(16)} ${v}`;
  const out = [
    '',
    bold(`Boardroom is running (${((Date.now() - t0) / 1000).toFixed(0)} s)`),
    line('app', `http://demo.localhost:3000${gateway ? '' : '   (gateway not started: services/gateway missing)'}`),
    line('API docs', 'http://demo.localhost:3000/api/docs'),
    line('mail inbox', infra.env.MAIL_UI_URL || '(external SMTP, no inbox UI)'),
    line('queue dashboard', `http://localhost:3000/admin/queues   (operators: ${env.QUEUE_DASHBOARD_USER} / ${dashboardGenerated ? env.QUEUE_DASHBOARD_PASSWORD : 'QUEUE_DASHBOARD_PASSWORD'})`),
    line('services', started.length ? started.map((s) => `${s.name}:${s.port}`).join(' ') : 'none yet'),
    '',
    '  Demo sign-ins (password Demo@12345):',
    '    http://demo.localhost:3000   admin@demo.test, chair@demo.test, member1@demo.test, member2@demo.test',
    '    http://acme.localhost:3000   admin@acme.test',
    '',
    '  Infrastructure:',
    ...Object.entries(infra.summary).map(([k, s]) => `    ${k.padEnd(9)}${s.source.padEnd(9)}${s.detail}`),
    '',
    '  Press Ctrl-C to stop everything.',
    '',
  ];
  console.log(out.join('\n'));
  // keep running until a signal arrives
  setInterval(() => {}, 1 << 30);
}

main().catch((e) => fail(e?.stack ?? String(e)));
