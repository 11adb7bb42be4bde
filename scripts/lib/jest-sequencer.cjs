/**
 * Jest test sequencer (jest.config.js `testSequencer`): longest suites first, from the committed table of measured
 * durations in test/suite-durations.json.
 *
 * Why: a jest tier with two workers hands the next file to whichever worker is free, in the order the sequencer
 * gives. Jest's own sequencer orders by the durations it cached on earlier runs and, without a cache (every CI run:
 * a fresh clone), by file size; the api tier's longest suites (fuzz, bad-input, no-500, concurrency) are among its
 * smallest files, so they started last and one worker ran them alone at the end while the other was idle
 * (docs/running.md, "Suite order"). Longest first, the short suites fill in at the end.
 *
 * Order: the table's seconds for a file it knows; a file it does not know (a new suite) gets an estimate from its
 * size, at the seconds per byte of the known files of the same run (so a large new file is not left to the end).
 * Ties by path, so the order is the same on every machine. Two tiers in one run (api and browser in one pool): each
 * longest first, interleaved by the share of its expected time handed out (docs/running.md, "One pool for api and browser"). Jest's cache of earlier runs is not used for the order:
 * CI never has it, and a developer's run then orders as CI does.
 *
 * Refresh the table after a run of the tiers (reads .data/test*\/reports/<tier>.json):
 *   node scripts/suite-durations.mjs [--slot N]
 */
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const { testTier } = require('./test-tier.cjs');

const ROOT = path.resolve(__dirname, '..', '..');
const TABLE_FILE = path.join(ROOT, 'test', 'suite-durations.json');

function loadTable() {
  try {
    return JSON.parse(fs.readFileSync(TABLE_FILE, 'utf8')).seconds ?? {};
  } catch {
    return {}; // no table (or an unreadable one): every file is ordered by its size, as jest does
  }
}

/**
 * The order, as a pure function: `files` as repository paths with their sizes in bytes, `table` the measured seconds
 * by path. Resolves each file's expected seconds (the table's, else its size at the known files' seconds per byte)
 * and the paths longest first, ties by path.
 * @param {Array<{ file: string, bytes: number }>} files
 * @param {Record<string, number>} table
 */
function longestFirst(files, table) {
  const known = files.filter((f) => typeof table[f.file] === 'number');
  const knownSeconds = known.reduce((sum, f) => sum + table[f.file], 0);
  const knownBytes = known.reduce((sum, f) => sum + f.bytes, 0);
  const perByte = knownBytes > 0 ? knownSeconds / knownBytes : 1 / 1000;
  const expected = new Map(files.map((f) => [f.file, typeof table[f.file] === 'number' ? table[f.file] : f.bytes * perByte]));
  const sorted = [...files].sort((a, b) => expected.get(b.file) - expected.get(a.file) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)).map((f) => f.file);
  // several tiers in one run (api and browser in one pool): each tier longest first, the tiers interleaved so that each
  // has handed out the same share of its expected time; else the journeys, a little shorter than api's longest files
  // but many, filled all four workers at once in the middle of the run (four Chromiums at once for a quarter of it)
  const tiers = new Map();
  for (const f of sorted) {
    const tier = testTier(f) ?? '';
    if (!tiers.has(tier)) tiers.set(tier, []);
    tiers.get(tier).push(f);
  }
  if (tiers.size < 2) return { order: sorted, expected };
  const queues = [...tiers.entries()].map(([tier, list]) => ({ tier, list, total: list.reduce((sum, f) => sum + expected.get(f), 0) || 1, given: 0 }));
  const order = [];
  while (order.length < sorted.length) {
    const q = queues.filter((x) => x.list.length).sort((a, b) => a.given / a.total - b.given / b.total || expected.get(b.list[0]) - expected.get(a.list[0]) || (a.tier < b.tier ? -1 : 1))[0];
    const f = q.list.shift();
    q.given += expected.get(f);
    order.push(f);
  }
  return { order, expected };
}

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const table = loadTable();
    const rel = (t) => path.relative(ROOT, t.path).split(path.sep).join('/');
    const byFile = new Map(tests.map((t) => [rel(t), t]));
    const { order } = longestFirst(tests.map((t) => ({ file: rel(t), bytes: t.context.hasteFS.getSize(t.path) ?? 0 })), table);
    for (const t of tests) {
      // jest reads test.duration to decide whether a few short files run in band (and for its estimate): the table's
      // figure, else what jest cached on an earlier run here, as its own sequencer does
      const s = table[rel(t)];
      t.duration = typeof s === 'number' ? s * 1000 : this.time(t);
    }
    return order.map((f) => byFile.get(f));
  }
}

module.exports = LongestFirstSequencer;
module.exports.longestFirst = longestFirst;
