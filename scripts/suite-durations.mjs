#!/usr/bin/env node
/**
 * The suites' measured durations, from the jest reports `npm test` writes (.data/test[-N]/reports/<tier>.json):
 * prints each tier's timeline (when each file started and ended, on which worker, and how long the last worker ran
 * alone at the end) and, with --write, refreshes test/suite-durations.json, the table the test sequencer orders by
 * (scripts/lib/jest-sequencer.cjs: longest first; docs/running.md "Suite order").
 *
 *   node scripts/suite-durations.mjs                 # timelines of .data/test/reports/{int,api,browser,api+browser}.json
 *   node scripts/suite-durations.mjs --slot 1        # .data/test-1/reports (TEST_SLOT=1)
 *   node scripts/suite-durations.mjs --slot 1 --write
 *   node scripts/suite-durations.mjs --reports DIR   # any directory of jest --json reports
 *
 * --write keeps the entries of tiers (and files) the reports do not have, and drops files that no longer exist.
 * Refresh it from a run of api beside browser (`npm test -- --only api,browser`), as CI runs them: what the order
 * needs is which suites are long relative to the others, measured under the load they meet in CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import testTierModule from './lib/test-tier.cjs';

const { testTier } = testTierModule;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TABLE_FILE = path.join(ROOT, 'test', 'suite-durations.json');
const TIERS = ['int', 'api', 'browser'];
// npm test runs api and browser in one jest run (docs/running.md, "One pool for api and browser"): its whole report,
// printed as one timeline; the table takes the figures from the per-tier reports split from it
const JOINT = 'api+browser';

const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const slot = opt('--slot');
const reportDir = opt('--reports') ?? path.join(ROOT, '.data', slot ? `test-${slot}` : 'test', 'reports');
const write = argv.includes('--write');

const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/');
const s = (ms) => (ms / 1000).toFixed(1);

/** the files of one report as lanes: a file goes to the worker whose last file ended latest before it started */
function timeline(report) {
  const files = report.testResults.map((r) => ({ file: rel(r.name), start: r.startTime, end: r.endTime, status: r.status })).sort((a, b) => a.start - b.start);
  const lanes = [];
  for (const f of files) {
    const free = lanes.filter((l) => l.end <= f.start + 50).sort((a, b) => b.end - a.end)[0];
    const lane = free ?? { n: lanes.length + 1, end: 0 };
    if (!free) lanes.push(lane);
    f.lane = lane.n;
    lane.end = f.end;
  }
  return { files, lanes };
}

const seconds = {};
const measuredTiers = [];
for (const tier of [...TIERS, JOINT]) {
  const file = path.join(reportDir, `${tier}.json`);
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!report.testResults?.length) continue;
  if (tier !== JOINT) measuredTiers.push(tier);
  const { files, lanes } = timeline(report);
  const t0 = Math.min(...files.map((f) => f.start), report.startTime);
  const end = Math.max(...files.map((f) => f.end));
  const ends = lanes.map((l) => l.end).sort((a, b) => b - a);
  console.log(`\n${tier}: ${files.length} files, ${lanes.length} worker(s), ${s(end - t0)} s from jest's start to the last file's end`);
  if (lanes.length > 1) console.log(`  the last worker's last file ended ${s(ends[0] - ends[1])} s after the other workers' last ones (of this report's files)`);
  console.log('  start s   end s   dur s  worker  file');
  for (const f of files) {
    console.log(`  ${s(f.start - t0).padStart(7)} ${s(f.end - t0).padStart(7)} ${s(f.end - f.start).padStart(7)}  ${String(f.lane).padStart(6)}  ${f.file}${f.status === 'passed' ? '' : ` (${f.status})`}`);
    seconds[f.file] = Math.max(1, Math.round((f.end - f.start) / 1000));
  }
  const top = [...files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 8);
  console.log(`  longest: ${top.map((f) => `${path.basename(f.file).replace(/\.(api|e2e|int)-spec\.ts$/, '')} ${s(f.end - f.start)}`).join(', ')}`);
}

if (!measuredTiers.length) {
  console.error(`no jest reports in ${path.relative(ROOT, reportDir) || '.'} (run npm test first, or give --slot N / --reports DIR)`);
  process.exit(1);
}

if (write) {
  const old = fs.existsSync(TABLE_FILE) ? JSON.parse(fs.readFileSync(TABLE_FILE, 'utf8')) : {};
  const kept = Object.entries(old.seconds ?? {}).filter(([f]) => !measuredTiers.includes(testTier(f)) && fs.existsSync(path.join(ROOT, f)));
  const merged = Object.fromEntries([...kept, ...Object.entries(seconds)].sort(([a], [b]) => (a < b ? -1 : 1)));
  const measured = { ...(old.measured ?? {}) };
  for (const t of measuredTiers) measured[t] = new Date().toISOString().slice(0, 10);
  const table = {
    about: 'Seconds each test file took in a measured run; scripts/lib/jest-sequencer.cjs starts the longest first. Refresh: node scripts/suite-durations.mjs --slot N --write (docs/running.md, "Suite order").',
    measured,
    seconds: merged,
  };
  fs.writeFileSync(TABLE_FILE, `${JSON.stringify(table, null, 2)}\n`);
  console.log(`\nwrote ${rel(TABLE_FILE)}: ${Object.keys(merged).length} files (${measuredTiers.join(', ')} from ${rel(reportDir)})`);
}
