#!/usr/bin/env node
/**
 * `npm run fuzz -- --minutes 10`: the generative fuzz suite (test/api/platform/fuzz.api-spec.ts, docs/how-to-fuzz.md)
 * for as long as asked, against a system started the way `npm test` starts it (infrastructure, migrations, seed,
 * every service). Prints each round's request count and status histogram, then the totals; exits non-zero on any
 * 5xx, answer outside the catalogue, accepted invalid write or changed row.
 *
 *   npm run fuzz -- --minutes 10          (default 10)
 *   npm run fuzz -- --minutes 2 --seed 1234
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name) => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
};
const minutes = Number(arg('minutes') ?? '10');
if (!Number.isFinite(minutes) || minutes <= 0) {
  console.error('usage: npm run fuzz -- --minutes N [--seed S]');
  process.exit(2);
}
const seed = arg('seed');
const env = {
  ...process.env,
  FUZZ_MINUTES: String(minutes),
  ...(seed ? { FUZZ_SEED: seed } : {}),
  TEST_TIER_TIMEOUT_MIN: String(Math.ceil(minutes) + 10),
};
const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'test.mjs'), '--only', 'api', '--', 'test/api/platform/fuzz.api-spec.ts'], { cwd: ROOT, env, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
