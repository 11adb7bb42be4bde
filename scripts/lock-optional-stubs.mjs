#!/usr/bin/env node
/**
 * The npm registry reachable here does not carry other platforms' optional binaries (e.g. @swc/core-darwin-arm64),
 * so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync.
 * This adds the missing optional entries with their os/cpu constraints (read from the package name), which
 * `npm ci` skips on a platform that does not match instead of fetching. Run after `npm install`:
 *   node scripts/lock-optional-stubs.mjs
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const file = path.join(ROOT, 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 'ppc', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function constraints(name) {
  const tokens = name.split('/').pop().split(/[-_]/);
  const os = tokens.find((t) => OS.includes(t));
  let cpu = tokens.find((t) => CPU.includes(t));
  if (!cpu && tokens.includes('gnueabihf')) cpu = 'arm';
  if (!cpu && tokens.includes('musleabihf')) cpu = 'arm';
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

let added = 0;
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = key ? `${key}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[base] || lock.packages[`node_modules/${dep}`]) continue;
    const c = constraints(dep);
    if (!c.os && !c.cpu) continue; // not a platform binary: leave it to npm
    lock.packages[`node_modules/${dep}`] = { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...c };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`lock-optional-stubs: ${added} optional platform entries recorded`);
