#!/usr/bin/env node
/**
 * `npm test`: sets up what it needs on a fresh machine and runs every tier, then prints a summary and
 * exits non-zero when anything failed.
 *
 *   npm ci (when node_modules is missing)
 *   typecheck   npm run typecheck
 *   lint        npm run lint (eslint: architecture rules, import cycles, swallowed errors)
 *   links       node scripts/check-links.mjs           (Markdown links stay inside the repository and resolve)
 *   (Chromium)  /usr/bin/chromium, apt-get installed when missing and root (in the background)
 *   (infra)     scripts/infra.mjs, purpose test, data in .data/test; migrate (scripts/migrate.ts)
 *   unit        jest project unit                      (at least one test must run)
 *   web         jest -c web/jest.config.cjs            (when that file exists)
 *   int         jest project int, in band, with the infra env (beside the system: infrastructure of its own)
 *   (system)    seed (scripts/seed.ts) + every service on test ports (offset 1000: gateway 4000)
 *   api         jest project api      TEST_GATEWAY_URL=http://127.0.0.1:4000
 *   browser     jest project browser  + PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium  (with api on two cores or more: one
 *               jest run, one pool of both tiers' workers, longest first, tiers interleaved; each keeps its report and line)
 *
 * On two cores or more these overlap (docs/running.md, "Workers"): typecheck then unit beside lint, links then web;
 * api and browser in one jest run (TEST_API_BROWSER_POOL=0: two runs side by side); with TEST_OVERLAP=1 also, beside both lanes, the chain infra, migrate, then int beside [system,
 * then api beside browser]. A step that runs beside another writes its output to .data/test/logs/<step>.out and
 * prints it whole when it ends.
 *
 * Developers:  npm test -- --only unit,int     npm test -- --skip browser     npm test -- --list
 *              npm test -- --only unit -- -t 'parseOrThrow'     (after a second `--`: passed to jest)
 * Environment: TEST_INT_WORKERS, TEST_API_WORKERS, TEST_BROWSER_WORKERS (jest workers per tier; api and browser 2
 *              on two cores or more, int 1; 1 runs the tier in band; api and browser in one run: their sum), TEST_PORT_OFFSET=1000, TEST_SLOT=1..9
 *              (own test database and Redis database, for runs from several work trees at once),
 *              TEST_TIER_TIMEOUT_MIN (per jest tier; default 35: a guard against a hung tier, above the browser tier's 20 minutes beside the others on two cores), TEST_OVERLAP=1 (the chain beside the static lanes and int beside the system on infrastructure of its own; docs/running.md "Workers"), TEST_INT_APART=0 (with TEST_OVERLAP=1: int still before the system, on its infrastructure), plus the resolver's URL variables.
 *              NATS_IDENTITIES (default 1 when api or browser runs: the services as their own NATS users, and the
 *              server's permission violations fail the run; 0 opts out), REDIS_IDENTITIES (the same for Redis: default 1
 *              when api or browser runs and no REDIS_URL is given; a private redis-server with the services' ACL users,
 *              the default user off, and what its ACL LOG refused fails the run; 0 opts out), DATABASE_APP_ROLE (set here
 *              for migrate only).
 */
import { webBuildState } from './lib/web-build.mjs';
import testTierModule from './lib/test-tier.cjs';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, DATABASES, ROOT, TEST_SLOT, ensureChromium, ensureLibreOffice, ensurePoppler, installDependencies, redact, resolveInfra, tcpCheck } from './infra.mjs';
import { databaseEnv, presentServices, startServices } from './services.mjs';

const { testTier } = testTierModule;

const TIERS = ['typecheck', 'lint', 'links', 'unit', 'web', 'int', 'api', 'browser'];
const DATA_DIR = path.join(ROOT, '.data', TEST_SLOT ? `test-${TEST_SLOT}` : 'test'); // a slot's run keeps its own NATS store, logs and reports
const LOG_DIR = path.join(DATA_DIR, 'logs');
const REPORT_DIR = path.join(DATA_DIR, 'reports');
const JEST = path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const CI = !!process.env.CI && process.env.CI !== 'false';
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : s);
const log = (msg) => console.log(`${paint('2', '[test]')} ${msg}`);
const banner = (title) => console.log(`\n${paint('1;36', `━━━ ${title} ${'━'.repeat(Math.max(3, 70 - title.length))}`)}`);

process.chdir(ROOT);

/* ------------------------------------------------ arguments ------------------------------------------------ */
function parseArgs(argv) {
  const out = { only: null, skip: new Set(), list: false, jestArgs: [] };
  const dd = argv.indexOf('--');
  if (dd >= 0) {
    out.jestArgs = argv.slice(dd + 1);
    argv = argv.slice(0, dd);
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i] ?? '');
    const tiers = (v) => {
      const list = v.split(',').map((s) => s.trim()).filter(Boolean);
      const bad = list.filter((t) => !TIERS.includes(t));
      if (bad.length) usage(`unknown tier(s): ${bad.join(', ')}`);
      return list;
    };
    if (a === '--only' || a.startsWith('--only=')) out.only = new Set(tiers(value()));
    else if (a === '--skip' || a.startsWith('--skip=')) for (const t of tiers(value())) out.skip.add(t);
    else if (a === '--list') out.list = true;
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown argument ${a}`);
  }
  return out;
}
function usage(error) {
  if (error) console.error(`[test] ${error}`);
  console.log(`usage: npm test [-- [--only ${TIERS.join(',')}] [--skip tiers] [--list] [-- <jest args>]]`);
  process.exit(error ? 2 : 0);
}
const args = parseArgs(process.argv.slice(2));
const selected = (tier) => (args.only ? args.only.has(tier) : true) && !args.skip.has(tier);

/* ------------------------------------------------ test files ----------------------------------------------- */
function findFiles(dir, suffix, acc = []) {
  let entries = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return acc;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) findFiles(p, suffix, acc);
    else if (e.name.endsWith(suffix)) acc.push(p);
  }
  return acc;
}
const subdirs = (dir, sub) => {
  try {
    return fs.readdirSync(path.join(ROOT, dir)).map((n) => path.join(ROOT, dir, n, sub));
  } catch {
    return [];
  }
};
function testFiles(tier) {
  switch (tier) {
    case 'unit':
      return ['libs', 'services', 'scripts', 'load-tests'].flatMap((d) => findFiles(path.join(ROOT, d), '.spec.ts')).filter((f) => !/[.-](int|api|e2e)-spec\.ts$/.test(f));
    case 'int':
      return [...subdirs('services', 'test'), ...subdirs('libs', 'test')].flatMap((d) => findFiles(d, '.int-spec.ts'));
    case 'api':
      return findFiles(path.join(ROOT, 'test', 'api'), '.api-spec.ts');
    case 'browser':
      return findFiles(path.join(ROOT, 'test', 'browser'), '.e2e-spec.ts');
    case 'web':
      return [...findFiles(path.join(ROOT, 'web', 'src'), '.test.ts'), ...findFiles(path.join(ROOT, 'web', 'src'), '.test.tsx')];
    default:
      return [];
  }
}

if (args.list) {
  const what = (t) => (t === 'typecheck' || t === 'lint' ? `npm run ${t}` : t === 'links' ? 'node scripts/check-links.mjs' : `${testFiles(t).length} test file(s)`);
  for (const t of TIERS) console.log(`${t.padEnd(10)} ${what(t)}${selected(t) ? '' : '  (not selected)'}`);
  process.exit(0);
}

/* ------------------------------------------------ processes ------------------------------------------------ */
const running = new Set(); // the children we are waiting for (the static tiers run two at a time)
const cleanups = [];
let interrupted = false;

/**
 * run a command (own process group, so a timeout can kill jest workers too); resolves its exit code. With `capture`
 * (a file), its output goes there instead of the terminal: a step that runs beside another prints it when it ends.
 */
function run(cmd, argv, { env = process.env, timeoutMs = 0, capture = null } = {}) {
  return new Promise((resolve) => {
    const out = capture ? fs.openSync(capture, 'w') : 'inherit';
    const child = spawn(cmd, argv, { cwd: ROOT, env, stdio: ['ignore', out, out], detached: true });
    if (capture) fs.closeSync(out);
    running.add(child);
    let timer = null;
    if (timeoutMs) {
      timer = setTimeout(() => {
        console.error(`\n[test] ${path.basename(cmd)} ${argv.slice(0, 3).join(' ')}... did not finish within ${Math.round(timeoutMs / 60000)} min: killing it`);
        killGroup(child, 'SIGKILL');
      }, timeoutMs);
    }
    child.once('error', (e) => {
      console.error(`[test] ${cmd}: ${e.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      running.delete(child);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}
function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* gone */
    }
  }
}
async function cleanup() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (e) {
      log(`cleanup failed: ${e?.message ?? e}`);
    }
  }
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n[test] ${sig}: stopping`);
    for (const child of running) killGroup(child, 'SIGTERM');
    await cleanup();
    process.exit(130);
  });
}

/* ------------------------------------------------ results -------------------------------------------------- */
const results = []; // { name, status: 'passed'|'warned'|'failed'|'skipped', seconds, detail }
function record(name, status, seconds, detail = '') {
  results.push({ name, status, seconds, detail });
  const color = status === 'passed' ? '32' : status === 'failed' ? '31' : '33';
  log(`${name}: ${paint(color, status)}${detail ? ` (${detail})` : ''}${seconds ? ` in ${seconds.toFixed(1)} s` : ''}`);
}
const since = (t) => (Date.now() - t) / 1000;

function jestCounts(report) {
  try {
    const r = JSON.parse(fs.readFileSync(report, 'utf8'));
    const parts = [`${r.numTotalTestSuites} suite(s), ${r.numTotalTests} test(s)`];
    if (r.numFailedTests) parts.push(`${r.numFailedTests} failed`);
    if (r.numFailedTestSuites && !r.numFailedTests) parts.push(`${r.numFailedTestSuites} suite(s) failed to run`);
    if (r.numPendingTests + r.numTodoTests) parts.push(`${r.numPendingTests + r.numTodoTests} skipped/todo`);
    return { total: r.numTotalTests, text: parts.join(', ') };
  } catch {
    return { total: -1, text: 'no report' };
  }
}

/**
 * api and browser in one jest run (one pool of workers, below): its report split into <tier>.json per tier, with the
 * counts jestCounts reads, so each tier keeps its own report and its own line in the summary. Returns whether each
 * tier's files all passed (none did where the joint report cannot be read).
 * @param {string} joint the joint report
 * @param {string[]} tiers the tiers it holds (scripts/lib/test-tier.cjs says which file is whose)
 * @returns {Record<string, boolean>}
 */
function splitReport(joint, tiers) {
  let r;
  try {
    r = JSON.parse(fs.readFileSync(joint, 'utf8'));
  } catch {
    return Object.fromEntries(tiers.map((t) => [t, false]));
  }
  const passed = {};
  for (const tier of tiers) {
    const files = r.testResults.filter((t) => testTier(t.name) === tier);
    const tests = files.flatMap((t) => t.assertionResults);
    const count = (status) => tests.filter((a) => a.status === status).length;
    const failedSuites = files.filter((t) => t.status === 'failed').length;
    fs.writeFileSync(path.join(REPORT_DIR, `${tier}.json`), JSON.stringify({
      ...r,
      numTotalTestSuites: files.length,
      numPassedTestSuites: files.length - failedSuites,
      numFailedTestSuites: failedSuites,
      numRuntimeErrorTestSuites: files.filter((t) => t.status === 'failed' && !t.assertionResults.length).length,
      numTotalTests: tests.length,
      numPassedTests: count('passed'),
      numFailedTests: count('failed'),
      numPendingTests: count('pending') + count('skipped'),
      numTodoTests: count('todo'),
      success: failedSuites === 0,
      testResults: files,
    }));
    passed[tier] = failedSuites === 0;
  }
  return passed;
}

/**
 * Run one jest tier; prints jest's own output (its closing "Tests: ..." lines included).
 * @param {string} tier
 * @param {string[]} jestArgv selection/config arguments
 * @param {{ env?: object, requireTests?: boolean, capture?: string|null }} o capture: see run()
 */
async function jestTier(tier, jestArgv, { env = process.env, requireTests = false, capture = null, summary = true } = {}) {
  if (!capture) banner(`${tier} tests`);
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const report = path.join(REPORT_DIR, `${tier}.json`);
  fs.rmSync(report, { force: true });
  const t0 = Date.now();
  const argv = [
    JEST,
    ...jestArgv,
    ...(requireTests ? [] : ['--passWithNoTests']),
    ...(CI ? ['--ci'] : []),
    '--json',
    `--outputFile=${report}`,
    ...args.jestArgs,
  ];
  const command = `jest ${argv.slice(1).map((a) => (a.startsWith(ROOT) ? path.relative(ROOT, a) : a)).join(' ')}`;
  if (!capture) log(command);
  const timeoutMs = Number(process.env.TEST_TIER_TIMEOUT_MIN || 35) * 60_000;
  const code = await run(process.execPath, argv, { env, timeoutMs, capture });
  if (capture) replay(`${tier} tests`, capture, command);
  if (!summary) return code; // the caller records the outcome (api and browser in one run)
  const counts = jestCounts(report);
  if (code !== 0) return record(tier, 'failed', since(t0), `jest exit ${code}; ${counts.text}`);
  if (requireTests && counts.total === 0) return record(tier, 'failed', since(t0), 'no tests ran');
  return record(tier, 'passed', since(t0), counts.total === 0 ? 'no test files yet' : counts.text);
}

/** a step that ran beside another: its banner and its whole output, printed when it ended */
function replay(title, file, command = '') {
  banner(title);
  if (command) log(command);
  try {
    process.stdout.write(fs.readFileSync(file, 'utf8'));
  } catch {
    log(`(no output at ${path.relative(ROOT, file)})`);
  }
}

/** a command step (typecheck, lint, links); with `capture` its output is printed when it ends */
async function commandStep(name, cmd, argv, { capture = null, ok, bad }) {
  if (!capture) banner(name);
  const t0 = Date.now();
  const code = await run(cmd, argv, { capture });
  if (capture) replay(name, capture);
  record(name, code === 0 ? 'passed' : 'failed', since(t0), code === 0 ? ok : bad(code));
}

/**
 * Jest workers for the int, api and browser tiers: TEST_<TIER>_WORKERS, by default two for api and browser where the
 * machine has two cores or more, one for int (below). In band, a test waits on a service, which waits on PostgreSQL or Chromium, and one core stays idle
 * (the api tier left it idle 3/4 of the time); two test files at once keep both busy. Each test file makes its own
 * organization, users and meetings, so two files never see each other's rows (docs/running.md, "Workers").
 */
function tierWorkers(tier) {
  const set = process.env[`TEST_${tier.toUpperCase()}_WORKERS`];
  if (set) return Math.max(1, Number(set) || 1);
  // int runs in band: its suites start services in their own processes with their own settings (another AUTH_SECRET,
  // fake providers), all on the run's one NATS server, where the RPCs of a service's queue group go to any of its
  // instances; two suites at once would answer each other's requests (seen: a meeting int test's JoinVirtual answered
  // by another suite's meeting service, 500). api and browser talk to the one system the run started.
  if (tier === 'int') return 1;
  return Math.min(2, os.availableParallelism());
}

/* ------------------------------------------------ steps ---------------------------------------------------- */
async function main() {
  const tStart = Date.now();
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const want = Object.fromEntries(TIERS.map((t) => [t, selected(t)]));
  log(`tiers: ${TIERS.filter((t) => want[t]).join(', ') || '(none)'}${CI ? ' (CI)' : ''}`);

  // dependencies
  if (!fs.existsSync(path.join(ROOT, 'node_modules'))) {
    banner('npm ci');
    const t0 = Date.now();
    const { ok, mode } = await installDependencies({ log });
    if (!ok) {
      record('npm ci', 'failed', since(t0), mode === 'ci' ? 'npm ci failed' : 'npm ci and npm install failed');
      return finish(tStart);
    }
    record('npm ci', mode === 'ci' ? 'passed' : 'warned', since(t0), mode === 'ci' ? '' : 'npm ci refused package-lock.json; installed with npm install');
  }

  // Chromium (browser journeys, and HTML-to-PDF in services) installs in the background during the typecheck
  const needChromium = want.int || want.api || want.browser;
  const chromium = needChromium ? ensureChromium({ log: (m) => log(`chromium: ${m}`), logFile: path.join(LOG_DIR, 'apt.log') }) : null;
  // LibreOffice (the library's office-to-PDF job) likewise
  const soffice = needChromium ? ensureLibreOffice({ log: (m) => log(`libreoffice: ${m}`), logFile: path.join(LOG_DIR, 'apt.log') }) : null;
  // poppler (the presentation service's slide images) likewise
  const poppler = needChromium ? ensurePoppler({ log: (m) => log(`poppler: ${m}`), logFile: path.join(LOG_DIR, 'apt.log') }) : null;
  // The static tiers need no infrastructure and each keeps one core busy (tsc, eslint, and jest, whose default is one
  // worker on two cores): they run in two lanes at once, each step's output printed whole when it ends.
  const parallel = os.availableParallelism() > 1;
  const lanes = parallel && [want.typecheck || want.unit, want.lint || want.links || want.web].every(Boolean);
  // The infrastructure tiers (infra, migrate, int, system, api and browser: "the chain") need nothing the static tiers
  // make, and in them a test mostly waits on a service, PostgreSQL or Chromium: with two cores or more api runs beside
  // browser and, with TEST_OVERLAP=1, the chain beside the static lanes (docs/running.md, "Workers").
  // Every output of a step that runs beside another goes to .data/test/logs/<step>.out and is printed when it ends.
  const staticWanted = ['typecheck', 'lint', 'links', 'unit', 'web'].some((t) => want[t]);
  const chainWanted = want.int || want.api || want.browser;
  // opt-in (TEST_OVERLAP=1) until a full run passes twice that way: everything at once loads two cores to 6-8 runnable
  // processes, and timing-bound tests (a 5 s wait for a live update, a 120 s sweep) failed once under that load
  const overlap = process.env.TEST_OVERLAP === '1';
  const beside = overlap && parallel && staticWanted && chainWanted;
  const apiBesideBrowser = parallel && want.api && want.browser;
  const capture = (name) => (lanes || beside ? path.join(LOG_DIR, `${name}.out`) : null);
  const typecheck = () => want.typecheck && commandStep('typecheck', 'npm', ['run', 'typecheck'], { capture: capture('typecheck'), ok: 'tsc --noEmit', bad: (c) => `exit ${c}` });
  const lint = () => want.lint && commandStep('lint', 'npm', ['run', 'lint'], { capture: capture('lint'), ok: 'eslint .', bad: (c) => `exit ${c}: problems listed above` });
  const links = () => want.links && commandStep('links', process.execPath, ['scripts/check-links.mjs'], { capture: capture('links'), ok: 'Markdown links resolve', bad: () => 'broken links (above)' });
  const unit = () => want.unit && jestTier('unit', ['--selectProjects', 'unit'], { requireTests: true, capture: capture('unit') });
  const web = async () => {
    if (!want.web) return;
    if (fs.existsSync(path.join(ROOT, 'web/jest.config.cjs'))) await jestTier('web', ['--config', 'web/jest.config.cjs'], { capture: capture('web') });
    else record('web', 'skipped', 0, 'web/jest.config.cjs not found yet');
  };
  const lane = async (steps) => {
    for (const step of steps) await step();
  };
  const staticTiers = async () => {
    if (lanes) await Promise.all([lane([typecheck, unit]), lane([lint, links, web])]);
    else await lane([typecheck, lint, links, unit, web]);
  };

  let chromiumPath = null;
  let sofficePath = null;
  let pdftoppmPath = null;
  let infra = null;
  let testEnv = null;
  let dbReady = false;
  // fixed per test database: the database outlives a run, and what a run sealed with the secret (an organization's
  // approval sealing key, TOTP seeds, SSO client secrets) must open in the next one (a random secret per run left the
  // demo organization's sealing key unreadable from the second run on, and its approvals never sealed)
  const authSecret = crypto.createHash('sha256').update(`boardroom test secret: ${DATABASES.test}`).digest('base64url');

  // Chromium, LibreOffice, poppler; infrastructure + migrations (int, api and browser need them)
  const prepare = async () => {
    if (chromium) {
      const t0 = Date.now();
      chromiumPath = await chromium;
      const needed = want.browser && testFiles('browser').length > 0;
      if (chromiumPath) record('chromium', 'passed', since(t0), chromiumPath);
      else record('chromium', needed ? 'failed' : 'skipped', since(t0), `not available at ${CHROMIUM}${needed ? '' : '; no browser tests yet'}`);
    }
    sofficePath = soffice ? await soffice : null;
    pdftoppmPath = poppler ? await poppler : null;
    if (poppler && !pdftoppmPath) log('poppler: not available (apt-get install poppler-utils): slide images cannot be made');
    if (!chainWanted) return;

    if (!beside) banner('infrastructure');
    const t0 = Date.now();
    try {
      // the running system (api, browser) connects to NATS as the services' own users by default (NATS_IDENTITIES=1:
      // scripts/infra.mjs starts a nats-server with deploy/identities/nats-authorization.conf), so a permission the
      // generated configuration lacks fails here; NATS_IDENTITIES=0 (or a NATS_URL) opts out
      const natsIdentities = process.env.NATS_IDENTITIES || ((want.api || want.browser) && !process.env.NATS_URL ? '1' : '');
      // and to Redis as their own ACL users (REDIS_IDENTITIES=1: scripts/infra.mjs starts a private redis-server with
      // deploy/identities/valkey-acl.json, the default user off), so a key the generated ACLs lack fails here (redisViolations)
      const redisIdentities = process.env.REDIS_IDENTITIES || ((want.api || want.browser) && !process.env.REDIS_URL ? '1' : '');
      infra = await resolveInfra({ purpose: 'test', dataDir: DATA_DIR, log: (m) => log(`infra: ${m}`), env: { ...process.env, NATS_IDENTITIES: natsIdentities, REDIS_IDENTITIES: redisIdentities } });
      cleanups.push(infra.stop);
      record('infra', 'passed', since(t0), Object.entries(infra.summary).map(([k, s]) => `${k} ${s.source}${s.engine ? ` (${s.engine})` : ''}`).join(', '));
    } catch (e) {
      console.error(e?.message ?? e);
      record('infra', 'failed', since(t0), 'see above');
      return;
    }
    testEnv = {
      ...process.env,
      ...infra.env,
      NODE_ENV: 'test',
      AUTH_SECRET: authSecret,
      // which engine ran (race tests refuse PGlite) and where this run's services log (log scans read only these)
      TEST_DATABASE_ENGINE: infra.summary.postgres.engine ?? 'postgresql',
      TEST_LOG_DIR: LOG_DIR,
      TEST_RUN_STARTED: String(Date.now()),
      LOG_LEVEL: process.env.LOG_LEVEL || 'info',
      PUPPETEER_SKIP_DOWNLOAD: 'true',
      ...(chromiumPath ? { PUPPETEER_EXECUTABLE_PATH: chromiumPath } : {}),
      ...(sofficePath ? { SOFFICE_PATH: sofficePath } : {}),
      ...(pdftoppmPath ? { PDFTOPPM_PATH: pdftoppmPath } : {}),
    };
    const t1 = Date.now();
    if (fs.existsSync(path.join(ROOT, 'scripts/migrate.ts'))) {
      if (!beside) banner(`migrate (${DATABASES.test})`);
      // each service's role gets its own schema; the int tier's in-process tests of several services share boardroom_app,
      // granted every schema here only (the system of the api and browser tiers runs each service as its own role)
      const code = await run(process.execPath, ['-r', '@swc-node/register', 'scripts/migrate.ts'], { env: { ...testEnv, DATABASE_APP_ROLE: 'boardroom_app' }, capture: beside ? path.join(LOG_DIR, 'migrate.out') : null });
      dbReady = code === 0;
      if (beside && !dbReady) replay(`migrate (${DATABASES.test})`, path.join(LOG_DIR, 'migrate.out'));
      record('migrate', dbReady ? 'passed' : 'failed', since(t1), dbReady ? redact(infra.env.DATABASE_ADMIN_URL) : `exit ${code}`);
    } else {
      dbReady = true;
      record('migrate', 'skipped', 0, 'scripts/migrate.ts not found yet');
    }
  };

  // int needs the infrastructure but not the running system. Its suites start services of their own: on the system's
  // NATS server, Redis and database it must end before the system starts; on infrastructure of its own (separateInt)
  // it runs beside the system (docs/running.md, "Workers")
  let testEnvInt = null; // int's own infrastructure beside the system (separateInt below), else testEnv
  const intTier = async () => {
    if (!want.int) return;
    if (!dbReady) return record('int', 'failed', 0, infra ? 'migrations failed' : 'no infrastructure');
    const workers = tierWorkers('int');
    const out = beside || testEnvInt ? path.join(LOG_DIR, 'int.out') : null;
    if (out) log(`int started${testEnvInt ? ' beside the system, on infrastructure of its own' : ''} (output: ${path.relative(ROOT, out)}, printed when it ends)`);
    await jestTier('int', ['--selectProjects', 'int', ...(workers > 1 ? [`--maxWorkers=${workers}`] : ['--runInBand']), '--forceExit', '--testTimeout=30000'], { env: testEnvInt ?? testEnv, capture: out });
  };

  // the whole system on test ports for api and browser
  const systemTiers = async () => {
    if (!(want.api || want.browser)) return;
    const apiFiles = want.api ? testFiles('api').length : 0;
    const browserFiles = want.browser ? testFiles('browser').length : 0;
    const services = presentServices();
    let gatewayUrl = null;
    let systemEnv = null;
    if (!dbReady) {
      record('system', 'failed', 0, infra ? 'migrations failed' : 'no infrastructure');
    } else if (!services.length) {
      record('system', 'skipped', 0, 'no services/<name>/src/main.ts yet');
    } else {
      if (!beside) banner('system (seed + services on test ports)');
      const t0 = Date.now();
      try {
        const offset = await pickOffset(services);
        const gatewayPort = 3000 + offset;
        // TRUSTED_PROXIES: the API tests play an ingress from 127.0.0.2; everything else connects from 127.0.0.1, an
        // untrusted client whose X-Forwarded-For is ignored (test/api/organization/sign-in-limits.api-spec.ts)
        systemEnv = { ...testEnv, PUBLIC_BASE_DOMAIN: `localhost:${gatewayPort}`, TRUSTED_PROXIES: '127.0.0.2' };
        if (fs.existsSync(path.join(ROOT, 'scripts/seed.ts'))) {
          log('seed: node -r @swc-node/register scripts/seed.ts');
          // through the organization service's use cases, as its role
          const code = await run(process.execPath, ['-r', '@swc-node/register', 'scripts/seed.ts'], { env: databaseEnv('organization', systemEnv) });
          if (code !== 0) throw new Error(`seed failed (exit ${code})`);
        } else log('warning: scripts/seed.ts not found yet, no seed');
        if (browserFiles && webBuildState(ROOT) === 'stale') {
          // the browser journeys test the UI the gateway serves: build it when missing or older than its sources
          log('web build: npm run build -w web');
          const code = await run('npm', ['run', 'build', '-w', 'web'], { env: { ...process.env, NODE_ENV: 'production' } });
          if (code !== 0) throw new Error(`web build failed (exit ${code})`);
        }
        const sv = await startServices({ env: systemEnv, portOffset: offset, logDir: LOG_DIR, log: (m) => log(m) });
        cleanups.push(sv.stop);
        if (sv.services.some((s) => s.name === 'gateway')) gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
        record('system', 'passed', since(t0), `${sv.services.map((s) => `${s.name}:${s.port}`).join(' ')}; logs in ${path.relative(ROOT, LOG_DIR)}`);
      } catch (e) {
        console.error(e?.message ?? e);
        record('system', 'failed', since(t0), 'see above');
      }
    }
    const sysEnv = { ...(systemEnv ?? testEnv ?? process.env), TEST_GATEWAY_URL: gatewayUrl ?? '' };
    const tier = async (name, files, project) => {
      if (!want[name]) return;
      if (!files) return record(name, 'skipped', 0, 'no test files yet');
      if (!gatewayUrl) return record(name, 'failed', 0, 'the system (gateway) is not running');
      if (name === 'browser' && !chromiumPath) return record(name, 'failed', 0, `no Chromium at ${CHROMIUM} (apt-get install chromium)`);
      const workers = tierWorkers(name);
      // beside another step: its output is printed when it ends
      const out = beside || testEnvInt || (apiBesideBrowser && apiFiles && browserFiles) ? path.join(LOG_DIR, `${name}.out`) : null;
      if (out) log(`${name} started (output: ${path.relative(ROOT, out)}, printed when it ends)`);
      await jestTier(name, ['--selectProjects', project, ...(workers > 1 ? [`--maxWorkers=${workers}`] : ['--runInBand']), '--forceExit', `--testTimeout=${name === 'browser' ? 120000 : 30000}`], { env: { ...sysEnv }, capture: out });
    };
    // api beside browser: both only talk to the one running system, and each test file makes its own organization
    // (docs/running.md, "Workers": what makes two files at once safe holds for four). One jest run with one pool of
    // their workers together (two plus two), each tier longest first, the two interleaved (scripts/lib/jest-sequencer.cjs):
    // as two runs the tier with less work ended minutes before the other, whose two workers then had the machine
    // (docs/running.md, "One pool for api and browser"). TEST_API_BROWSER_POOL=0: two jest runs side by side, as before.
    const joint = async () => {
      if (!gatewayUrl) return ['api', 'browser'].forEach((t) => record(t, 'failed', 0, 'the system (gateway) is not running'));
      if (!chromiumPath) {
        record('browser', 'failed', 0, `no Chromium at ${CHROMIUM} (apt-get install chromium)`);
        return tier('api', apiFiles, 'api');
      }
      const workers = tierWorkers('api') + tierWorkers('browser');
      const out = path.join(LOG_DIR, 'api-browser.out');
      log(`api and browser started in one jest run, ${workers} workers (output: ${path.relative(ROOT, out)}, printed when it ends)`);
      const t0 = Date.now();
      for (const t of ['api', 'browser']) fs.rmSync(path.join(REPORT_DIR, `${t}.json`), { force: true });
      // 30 s per api test; the browser project's setup file gives its tests 120 s (test/browser/timeout.ts)
      const code = await jestTier('api+browser', ['--selectProjects', 'api', 'browser', `--maxWorkers=${workers}`, '--forceExit', '--testTimeout=30000'], { env: { ...sysEnv }, capture: out, summary: false });
      const passed = splitReport(path.join(REPORT_DIR, 'api+browser.json'), ['api', 'browser']);
      const seconds = since(t0);
      // jest failed with no failed file (a timeout, a crash): neither tier passed
      const blameBoth = code !== 0 && passed.api && passed.browser;
      for (const t of ['api', 'browser']) {
        const detail = `${jestCounts(path.join(REPORT_DIR, `${t}.json`)).text}; one jest run with ${t === 'api' ? 'browser' : 'api'}`;
        if (code !== 0 && (blameBoth || !passed[t])) record(t, 'failed', seconds, `jest exit ${code}; ${detail}`);
        else record(t, 'passed', seconds, detail);
      }
      return code;
    };
    const pool = apiBesideBrowser && apiFiles && browserFiles && process.env.TEST_API_BROWSER_POOL !== '0';
    if (pool) await joint();
    else if (apiBesideBrowser) await Promise.all([tier('browser', browserFiles, 'browser'), tier('api', apiFiles, 'api')]);
    else {
      await tier('api', apiFiles, 'api');
      await tier('browser', browserFiles, 'browser');
    }
  };

  // int beside the running system (api, browser): its suites start services of their own, which must not meet the
  // system's, so int gets infrastructure of its own (docs/running.md, "Workers"): a private NATS server, another Redis
  // server or database and its own PostgreSQL database <test database>_int, migrated; S3 and SMTP are shared (each
  // test reads back only what it made). Only where the system's NATS and Redis are private servers of this run and
  // the int tier's NATS server is too (else int runs first, as before).
  const separateInt = async () => {
    if (!(overlap && parallel && want.int && (want.api || want.browser) && dbReady) || process.env.TEST_INT_APART === '0') return false;
    if (infra.summary.nats.source !== 'started' || infra.summary.redis.source !== 'started' || testEnv.TEST_DATABASE_ENGINE !== 'postgresql') return false;
    const t0 = Date.now();
    const shared = Object.fromEntries(['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION', 'SMTP_URL', 'MAIL_UI_URL'].map((k) => [k, infra.env[k]]));
    const given = { ...process.env, ...shared, NATS_URL: '', REDIS_URL: '', DATABASE_URL: '', DATABASE_ADMIN_URL: '', NATS_IDENTITIES: '', REDIS_IDENTITIES: '' };
    let own;
    try {
      own = await resolveInfra({ purpose: 'test', dataDir: path.join(DATA_DIR, 'int'), database: `${DATABASES.test}_int`, log: (m) => log(`infra (int): ${m}`), env: given });
      cleanups.push(own.stop);
    } catch (e) {
      log(`infra (int): ${e?.message ?? e}; int runs before the system instead`);
      return false;
    }
    if (own.summary.nats.source !== 'started' || own.summary.postgres.engine !== 'postgresql') {
      log('infra (int): no private NATS server or no PostgreSQL for int: it runs before the system instead');
      await own.stop();
      return false;
    }
    record('infra int', 'passed', since(t0), Object.entries(own.summary).map(([k, s]) => `${k} ${s.source}`).join(', '));
    const intEnv = { ...testEnv, ...Object.fromEntries(Object.keys(testEnv).filter((k) => /^(DATABASE_|REDIS_URL|NATS_)/.test(k)).map((k) => [k, undefined])), ...own.env };
    for (const k of Object.keys(intEnv)) if (intEnv[k] === undefined) delete intEnv[k];
    const t1 = Date.now();
    const out = path.join(LOG_DIR, 'migrate-int.out');
    const code = await run(process.execPath, ['-r', '@swc-node/register', 'scripts/migrate.ts'], { env: { ...intEnv, DATABASE_APP_ROLE: 'boardroom_app' }, capture: out });
    if (code !== 0) {
      replay('migrate (int)', out);
      record('migrate int', 'failed', since(t1), `exit ${code}`);
      return false;
    }
    record('migrate int', 'passed', since(t1), redact(own.env.DATABASE_ADMIN_URL));
    return intEnv;
  };

  const chain = async () => {
    await prepare();
    const intEnv = await separateInt();
    if (intEnv) {
      testEnvInt = intEnv;
      await Promise.all([intTier(), systemTiers()]);
    } else {
      await intTier();
      await systemTiers();
    }
  };
  if (beside) {
    const names = (list) => list.filter((t) => want[t]).join(', ');
    log(`${lanes ? 'typecheck and unit run beside lint, links and web' : `${names(['typecheck', 'lint', 'links', 'unit', 'web'])} run`}, and beside them infrastructure, migrate, ${names(['int', 'api', 'browser'])}; each prints its output when it ends`);
    await Promise.all([staticTiers(), chain()]);
  } else {
    if (lanes) log('typecheck and unit run beside lint, links and web; each prints its output when it ends');
    await staticTiers();
    await chain();
  }
  if (infra?.env.NATS_IDENTITY_SEED && (want.api || want.browser)) natsViolations();
  if (infra && Object.keys(infra.env).some((k) => k.startsWith('REDIS_URL_')) && (want.api || want.browser)) await redisViolations(infra.env.REDIS_URL);

  await cleanup();
  return finish(tStart);
}

/**
 * With the services' NATS users (NATS_IDENTITIES=1), what the server refused during this run: every "Publish
 * Violation" / "Subscription Violation" it logged (a permission scripts/identities.ts did not generate, or a service
 * doing what it should not) fails the run, named. The server's log is appended per run after a `===` line.
 */
function natsViolations() {
  const t0 = Date.now();
  const file = path.join(LOG_DIR, 'infra-nats.log');
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return record('nats users', 'failed', since(t0), `no server log at ${path.relative(ROOT, file)}`);
  }
  const run = text.slice(text.lastIndexOf('\n=== ') + 1);
  const refused = run.split('\n').filter((l) => /(Publish|Subscription|Permissions) Violation/i.test(l));
  if (refused.length) {
    for (const l of refused.slice(0, 20)) console.error(`  ${l}`);
    return record('nats users', 'failed', since(t0), `${refused.length} permission violation(s) in ${path.relative(ROOT, file)} (above)`);
  }
  return record('nats users', 'passed', since(t0), 'each service as its own NATS user; the server refused nothing');
}

/**
 * With the services' Redis ACL users (REDIS_IDENTITIES=1), what the server refused during this run: its ACL LOG (read
 * as the tooling user before the server stops) lists each command, key or channel a user was denied and each failed
 * AUTH. Any entry by a service's user fails the run, named. Denials a test provokes on purpose touch a key holding
 * `acl-probe` (test/api/platform/redis-identities.api-spec.ts) and are not counted.
 */
async function redisViolations(toolingUrl) {
  const t0 = Date.now();
  const { default: Redis } = await import('ioredis');
  const r = new Redis(toolingUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  let entries;
  try {
    await r.connect();
    entries = await r.call('ACL', 'LOG', '1000');
  } catch (e) {
    return record('redis users', 'failed', since(t0), `ACL LOG could not be read: ${e?.message ?? e}`);
  } finally {
    r.disconnect();
  }
  const asObject = (flat) => Object.fromEntries(Array.from({ length: flat.length / 2 }, (_, i) => [String(flat[2 * i]), flat[2 * i + 1]]));
  const refused = entries.map(asObject).filter((e) => !String(e.object).includes('acl-probe'));
  if (refused.length) {
    for (const e of refused.slice(0, 20)) console.error(`  ${e.username}: ${e.reason} ${e.object} (${e.context}, ${e.count}x)`);
    return record('redis users', 'failed', since(t0), `${refused.length} ACL denial(s) in the run's redis-server (above)`);
  }
  return record('redis users', 'passed', since(t0), 'each service as its own Redis ACL user; the server refused nothing');
}

/**
 * The first port offset (1000, 2000, ...) this run can hold: reserved by a lock file in the system's temporary
 * directory (created exclusively, holding this process's id; a lock whose process is gone is taken over) and then
 * checked free, so two runs started at the same moment (several work trees, TEST_SLOT) never pick the same ports.
 * A slot starts at its own candidate. The lock goes when this process exits.
 */
async function pickOffset(services) {
  const all = process.env.TEST_PORT_OFFSET ? [Number(process.env.TEST_PORT_OFFSET)] : [1000, 2000, 4000, 5000, 7000]; // not 3000: the gateway would get 6000, a port fetch refuses
  const start = TEST_SLOT ? Number(TEST_SLOT) % all.length : 0;
  const candidates = [...all.slice(start), ...all.slice(0, start)];
  for (const offset of candidates) {
    if (!reservePorts(offset)) {
      log(`ports at offset ${offset} are reserved by another npm test, trying the next`);
      continue;
    }
    let free = true;
    for (const s of services) if (await tcpCheck(s.port + offset)) free = false;
    if (free) return offset;
    releasePorts(offset);
    log(`ports at offset ${offset} are busy (another npm test or npm start?), trying the next`);
  }
  throw new Error(`no free port range for the services (tried offsets ${candidates.join(', ')})`);
}

const portLock = (offset) => path.join(os.tmpdir(), `boardroom-test-ports-${offset}.lock`);
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}
function reservePorts(offset) {
  const file = portLock(offset);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      process.once('exit', () => releasePorts(offset));
      return true;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (holder && alive(holder)) return false;
      fs.rmSync(file, { force: true }); // its run ended without removing it
    }
  }
  return false;
}
function releasePorts(offset) {
  try {
    if (Number(fs.readFileSync(portLock(offset), 'utf8')) === process.pid) fs.rmSync(portLock(offset), { force: true });
  } catch {
    // already gone
  }
}

function finish(tStart) {
  const failed = results.filter((r) => r.status === 'failed');
  const mins = Math.floor(since(tStart) / 60);
  const secs = Math.round(since(tStart) % 60);
  console.log(`\n${paint('1', '━━━ npm test summary ' + '━'.repeat(52))}`);
  for (const r of results) {
    const color = r.status === 'passed' ? '32' : r.status === 'failed' ? '31' : '33';
    console.log(`  ${r.name.padEnd(10)} ${paint(color, r.status.padEnd(8))} ${(r.seconds ? `${r.seconds.toFixed(1)} s` : '').padStart(8)}  ${r.detail}`);
  }
  const verdict = failed.length ? paint('1;31', `FAILED (${failed.map((r) => r.name).join(', ')})`) : paint('1;32', 'PASSED');
  console.log(`  ${verdict} in ${mins}m ${secs}s`);
  if (failed.length) console.log(`  logs: ${path.relative(ROOT, LOG_DIR)}/  jest reports: ${path.relative(ROOT, REPORT_DIR)}/`);
  process.exit(failed.length ? 1 : 0);
}

main().catch(async (e) => {
  console.error(`[test] ${e?.stack ?? e}`);
  record('runner', 'failed', 0, e?.message ?? String(e));
  await cleanup();
  finish(Date.now());
});
