/**
 * What grew between two heap snapshots, by kind of object (for BENCH_HEAP_SNAPSHOTS of P3, docs/performance.md):
 *   node scripts/bench/heap-diff.cjs before.heapsnapshot after.heapsnapshot [per=2000] [rows=40]
 * Prints, per node type and constructor name, the growth in count and in self size, divided by `per` (the number
 * of viewers that joined between the two): what one viewer costs, object by object.
 */
'use strict';
const fs = require('node:fs');

function load(file) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  const meta = snap.snapshot.meta;
  const f = meta.node_fields;
  const stride = f.length;
  const iType = f.indexOf('type');
  const iName = f.indexOf('name');
  const iSize = f.indexOf('self_size');
  const types = meta.node_types[iType];
  const strings = snap.strings;
  const nodes = snap.nodes;
  const groups = new Map();
  for (let i = 0; i < nodes.length; i += stride) {
    const type = types[nodes[i + iType]];
    let name = strings[nodes[i + iName]];
    // strings and numbers are grouped by type only (their names are their values)
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string' || type === 'number') name = '';
    else if (name.length > 60) name = `${name.slice(0, 57)}...`;
    const key = `${type}\t${name}`;
    const g = groups.get(key) ?? { count: 0, size: 0 };
    g.count++;
    g.size += nodes[i + iSize];
    groups.set(key, g);
  }
  return groups;
}

const [a, b, perArg, rowsArg] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: node scripts/bench/heap-diff.cjs before.heapsnapshot after.heapsnapshot [per] [rows]');
  process.exit(2);
}
const per = Number(perArg ?? 2000);
const rows = Number(rowsArg ?? 40);
const before = load(a);
const after = load(b);
const diff = [];
for (const [key, g] of after) {
  const o = before.get(key) ?? { count: 0, size: 0 };
  diff.push({ key, count: g.count - o.count, size: g.size - o.size });
}
for (const [key, o] of before) if (!after.has(key)) diff.push({ key, count: -o.count, size: -o.size });
diff.sort((x, y) => y.size - x.size);
const total = diff.reduce((s, d) => s + d.size, 0);
console.log(`self size growth ${(total / 1024).toFixed(0)} KiB, ${(total / per).toFixed(0)} bytes per viewer (${per})`);
console.log('bytes/viewer  objects/viewer  type  constructor');
for (const d of diff.slice(0, rows)) {
  const [type, name] = d.key.split('\t');
  console.log(`${(d.size / per).toFixed(1).padStart(12)}  ${(d.count / per).toFixed(2).padStart(14)}  ${type}  ${name}`);
}
