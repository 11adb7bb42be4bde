import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkDocs, featuresTable, missingEvidence, served, staleLines, TABLE_BEGIN, TABLE_END, withTable, type Feature } from './check-docs';

const ROOT = path.resolve(__dirname, '..');
const report: Feature = { area: 'minutes', name: 'the resolution report', aliases: ['resolution report'], routes: ['startReport'] };
const picker: Feature = { area: 'library', name: 'the library picker', aliases: ['library picker'], files: ['web/x.tsx'] };

describe('staleLines: a line that calls a listed feature planned or not yet built', () => {
  it.each<[string, string, string[]]>([
    ['planned, by alias', '- **Planned**: the resolution report.', ['the resolution report']],
    ['not yet, case folded', '| the Library Picker | not yet |', ['the library picker']],
    ['two features on one line', 'Planned: the resolution report and the library picker', ['the resolution report', 'the library picker']],
    ['built, no future word', '- **Built**: the resolution report.', []],
    ['planned, but another feature', '- **Planned**: the home page entries.', []],
    ['a word that only contains the alias', 'planned: the preresolution reports', []],
  ])('%s', (_name, line, features) => {
    const found = staleLines([report, picker], [{ file: 'docs/x.md', text: `# Title\n\n${line}\n` }]);
    expect(found.map((s) => s.feature)).toEqual(features);
    for (const s of found) expect(s).toMatchObject({ file: 'docs/x.md', line: 3 });
  });
});

describe('missingEvidence: the list claims only what exists', () => {
  const have = { routes: new Set(['startReport']), pages: new Set(['library']), exists: (f: string) => f === 'web/x.tsx' };
  it.each<[string, Feature, string[]]>([
    ['all present', report, []],
    ['a route not in the table', { ...report, routes: ['startReport', 'noSuchRoute'] }, ["the resolution report: route 'noSuchRoute' is not in the route table"]],
    ['a page not in the router', { ...picker, pages: ['nowhere'] }, ["the library picker: page 'nowhere' is not in web/src/routes.ts"]],
    ['a file that does not exist', { ...picker, files: ['web/gone.tsx'] }, ["the library picker: file 'web/gone.tsx' does not exist"]],
    ['no evidence at all', { area: 'a', name: 'ghost', aliases: ['ghost'] }, ['ghost: names no route, page or file']],
    ['no alias', { ...report, aliases: [] }, ['the resolution report: no alias to look for in the docs']],
  ])('%s', (_name, feature, problems) => {
    expect(missingEvidence([feature], have)).toEqual(problems);
  });
});

describe('the README table', () => {
  it('is replaced between its markers, and missing markers are reported', () => {
    const table = featuresTable([report, picker]);
    expect(table).toContain('| minutes | the resolution report |');
    expect(table).toContain('| library | the library picker |');
    const readme = `intro\n${TABLE_BEGIN}\nold\n${TABLE_END}\nafter\n`;
    expect(withTable(readme, table)).toBe(`intro\n${table}\nafter\n`);
    expect(withTable('no markers', table)).toBeNull();
  });
});

describe('this repository', () => {
  let have: Awaited<ReturnType<typeof served>>;
  beforeAll(async () => {
    have = await served();
  });

  it('says what exists today: every listed route, page and file exists, no page calls a built feature planned, the README table is current', () => {
    expect(have.routes.size).toBeGreaterThan(100);
    expect(have.pages.has('meeting')).toBe(true);
    expect(checkDocs(ROOT, have)).toEqual([]);
  });

  it('fails on a planted stale line and on a hand-edited README table', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-check-'));
    try {
      fs.cpSync(path.join(ROOT, 'docs'), path.join(tmp, 'docs'), { recursive: true });
      fs.copyFileSync(path.join(ROOT, 'README.md'), path.join(tmp, 'README.md'));
      fs.cpSync(path.join(ROOT, 'web/src'), path.join(tmp, 'web/src'), { recursive: true });
      fs.cpSync(path.join(ROOT, 'web/sw'), path.join(tmp, 'web/sw'), { recursive: true });
      fs.cpSync(path.join(ROOT, 'services'), path.join(tmp, 'services'), { recursive: true, filter: (s) => !s.includes('node_modules') });
      fs.cpSync(path.join(ROOT, 'libs'), path.join(tmp, 'libs'), { recursive: true, filter: (s) => !s.includes('node_modules') });
      expect(checkDocs(tmp, have)).toEqual([]);

      fs.appendFileSync(path.join(tmp, 'docs/product/minutes.md'), '\n- **Planned**: the resolution report.\n');
      const readme = fs.readFileSync(path.join(tmp, 'README.md'), 'utf8');
      fs.writeFileSync(path.join(tmp, 'README.md'), readme.replace('| presentation |', '| presentation (soon) |'));
      const problems = checkDocs(tmp, have);
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^docs\/product\/minutes\.md:\d+ calls 'the resolution report' planned/);
      expect(problems[1]).toMatch(/^README\.md: the feature table is not the one/);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
