/**
 * Docs that cannot go stale (docs/features.json).
 *
 * The feature list names what the product serves today: each feature's /api routes (names in the contracts' route
 * table), web pages (keys of web/src/routes.ts) and files. This check fails when
 *   - a listed route, page or file does not exist (the list claims more than is built), or
 *   - a line of README.md or docs/ calls a listed feature "planned" or "not yet" built (the docs claim less), or
 *   - the README's feature table is not the one the list makes.
 *
 *   node -r @swc-node/register scripts/check-docs.ts           check (exit 1 with the problems)
 *   node -r @swc-node/register scripts/check-docs.ts --write   rewrite the README's table from the list
 * The unit tier runs the same check (scripts/check-docs.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Feature {
  area: string;
  name: string;
  aliases: string[];
  routes?: string[];
  pages?: string[];
  files?: string[];
}

export interface DocFile {
  file: string;
  text: string;
}

export interface StaleLine {
  file: string;
  line: number;
  feature: string;
  text: string;
}

/** words that say something is not built yet */
export const FUTURE = /\b(planned|not yet)\b/i;
export const TABLE_BEGIN = '<!-- features:begin (generated from docs/features.json by npm run docs:features) -->';
export const TABLE_END = '<!-- features:end -->';

export function loadFeatures(root: string): Feature[] {
  const raw = JSON.parse(fs.readFileSync(path.join(root, 'docs/features.json'), 'utf8')) as { features: Feature[] };
  return raw.features;
}

/** what the list names that does not exist */
export function missingEvidence(
  features: readonly Feature[],
  have: { routes: ReadonlySet<string>; pages: ReadonlySet<string>; exists: (file: string) => boolean },
): string[] {
  const out: string[] = [];
  for (const f of features) {
    if (!f.aliases.length) out.push(`${f.name}: no alias to look for in the docs`);
    if (!(f.routes?.length || f.pages?.length || f.files?.length)) out.push(`${f.name}: names no route, page or file`);
    for (const r of f.routes ?? []) if (!have.routes.has(r)) out.push(`${f.name}: route '${r}' is not in the route table`);
    for (const p of f.pages ?? []) if (!have.pages.has(p)) out.push(`${f.name}: page '${p}' is not in web/src/routes.ts`);
    for (const file of f.files ?? []) if (!have.exists(file)) out.push(`${f.name}: file '${file}' does not exist`);
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** lines that call a listed (built) feature planned or not yet built */
export function staleLines(features: readonly Feature[], docs: readonly DocFile[]): StaleLine[] {
  const matchers = features.map((f) => ({ name: f.name, re: new RegExp(`(^|[^\\w-])(${f.aliases.map(escape).join('|')})`, 'i') }));
  const out: StaleLine[] = [];
  for (const doc of docs) {
    const lines = doc.text.split('\n');
    lines.forEach((text, i) => {
      if (!FUTURE.test(text)) return;
      for (const m of matchers) {
        if (m.re.test(text)) out.push({ file: doc.file, line: i + 1, feature: m.name, text: text.trim() });
      }
    });
  }
  return out;
}

/** the README's table, made from the list: one row an area */
export function featuresTable(features: readonly Feature[]): string {
  const areas = new Map<string, Feature[]>();
  for (const f of features) areas.set(f.area, [...(areas.get(f.area) ?? []), f]);
  const rows = [...areas].map(([area, fs]) => `| ${area} | ${fs.map((f) => f.name).join('; ')} |`);
  return [TABLE_BEGIN, '| area | built and served today |', '|---|---|', ...rows, TABLE_END].join('\n');
}

/** the README with its table replaced; null when the markers are missing */
export function withTable(readme: string, table: string): string | null {
  const a = readme.indexOf(TABLE_BEGIN);
  const b = readme.indexOf(TABLE_END);
  if (a < 0 || b < a) return null;
  return readme.slice(0, a) + table + readme.slice(b + TABLE_END.length);
}

export function markdownFiles(root: string): DocFile[] {
  const out: DocFile[] = [{ file: 'README.md', text: fs.readFileSync(path.join(root, 'README.md'), 'utf8') }];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.md')) out.push({ file: rel, text: fs.readFileSync(path.join(root, rel), 'utf8') });
    }
  };
  walk('docs');
  return out;
}

/** every problem of the repository at root, given what the route table and the web's router hold */
export function checkDocs(root: string, have: { routes: ReadonlySet<string>; pages: ReadonlySet<string> }): string[] {
  const features = loadFeatures(root);
  const problems = missingEvidence(features, { ...have, exists: (f) => fs.existsSync(path.join(root, f)) });
  for (const s of staleLines(features, markdownFiles(root))) {
    problems.push(`${s.file}:${s.line} calls '${s.feature}' planned or not yet built, but it is served: ${s.text}`);
  }
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const wanted = withTable(readme, featuresTable(features));
  if (wanted === null) problems.push(`README.md has no feature table markers (${TABLE_BEGIN} ... ${TABLE_END})`);
  else if (wanted !== readme) problems.push('README.md: the feature table is not the one docs/features.json makes (run npm run docs:features)');
  return problems;
}

/** the route names and page keys of this repository */
export async function served(): Promise<{ routes: Set<string>; pages: Set<string> }> {
  const { ROUTE_TABLE } = await import('../libs/contracts/src/routes');
  const { ROUTES } = await import('../web/src/routes');
  return { routes: new Set(ROUTE_TABLE.map((r) => r.name)), pages: new Set(Object.keys(ROUTES)) };
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  void (async () => {
    if (process.argv.includes('--write')) {
      const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
      const next = withTable(readme, featuresTable(loadFeatures(root)));
      if (next === null) throw new Error(`README.md has no feature table markers: add ${TABLE_BEGIN} and ${TABLE_END}`);
      fs.writeFileSync(path.join(root, 'README.md'), next);
    }
    const problems = checkDocs(root, await served());
    for (const p of problems) console.error(p);
    console.log(problems.length ? `docs check: ${problems.length} problem(s)` : 'docs check: the docs say what exists today');
    process.exit(problems.length ? 1 : 0);
  })();
}
