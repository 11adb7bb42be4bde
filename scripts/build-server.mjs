#!/usr/bin/env node
/**
 * Compiles the server side to plain CommonJS JavaScript for production images (deploy/Dockerfile):
 *
 *   node scripts/build-server.mjs [--out dist]
 *
 * Writes <out>/libs/<lib>/src/**.js, <out>/services/<name>/src/**.js and <out>/scripts/{migrate,seed}.js with swc
 * (the same settings as .swcrc: decorators and their metadata), copies every other file of those src folders
 * (SQL migrations and their journal, templates), and each workspace's package.json with `main` pointing at the
 * compiled entry, so `@app/platform` (a workspace symlink in node_modules) resolves to JavaScript. Tests
 * (*.spec.ts, test/) and libs/testing are left out; nothing is type-checked here (`npm run typecheck` does that).
 * <out> is laid out like the repository: the image copies it to /app beside a production-only node_modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.indexOf('--out');
const OUT = path.resolve(ROOT, outArg >= 0 ? process.argv[outArg + 1] : 'dist');
/** workspaces that only tests use */
const SKIP_LIBS = new Set(['testing']);
const ENTRY_SCRIPTS = ['scripts/migrate.ts', 'scripts/seed.ts'];

const swcrc = JSON.parse(fs.readFileSync(path.join(ROOT, '.swcrc'), 'utf8'));
delete swcrc.$schema;
const swcOptions = { ...swcrc, swcrc: false, sourceMaps: true };

const isTest = (f) => /\.(spec|int-spec|api-spec|e2e-spec)\.ts$/.test(f);

function walk(dir, acc = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, acc);
    else acc.push(p);
  }
  return acc;
}

async function compile(file) {
  const rel = path.relative(ROOT, file);
  const target = path.join(OUT, rel.replace(/\.ts$/, '.js'));
  const { code, map } = await transformFile(file, { ...swcOptions, filename: file, sourceFileName: path.relative(path.dirname(target), file) });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
  if (map) fs.writeFileSync(`${target}.map`, map);
}

function copy(file) {
  const target = path.join(OUT, path.relative(ROOT, file));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(file, target);
}

/** the workspace's package.json with `main` (and no `types`) pointing at the compiled file */
function writePackageJson(dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
  if (pkg.main) pkg.main = pkg.main.replace(/\.ts$/, '.js');
  delete pkg.types;
  fs.mkdirSync(path.join(OUT, dir), { recursive: true });
  fs.writeFileSync(path.join(OUT, dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
}

async function main() {
  fs.rmSync(OUT, { recursive: true, force: true });
  const dirs = [
    ...fs.readdirSync(path.join(ROOT, 'libs')).filter((n) => !SKIP_LIBS.has(n)).map((n) => `libs/${n}`),
    ...fs.readdirSync(path.join(ROOT, 'services')).filter((n) => fs.existsSync(path.join(ROOT, 'services', n, 'src', 'main.ts'))).map((n) => `services/${n}`),
  ];
  let compiled = 0;
  let copied = 0;
  for (const dir of dirs) {
    writePackageJson(dir);
    for (const file of walk(path.join(ROOT, dir, 'src'))) {
      if (file.endsWith('.ts') && !file.endsWith('.d.ts')) {
        if (isTest(file)) continue;
        await compile(file);
        compiled++;
      } else {
        copy(file);
        copied++;
      }
    }
  }
  for (const s of ENTRY_SCRIPTS) {
    if (!fs.existsSync(path.join(ROOT, s))) continue;
    await compile(path.join(ROOT, s));
    compiled++;
  }
  console.log(`[build-server] ${compiled} files compiled, ${copied} copied to ${path.relative(ROOT, OUT) || '.'} (${dirs.join(', ')})`);
}

main().catch((e) => {
  console.error('[build-server] failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
