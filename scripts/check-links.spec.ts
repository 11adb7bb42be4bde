/**
 * scripts/check-links.mjs, run as `npm test` runs it (a separate node process), over small repositories written to
 * a temporary folder: one table case per kind of link, each alone in its repository.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHECKER = path.join(__dirname, 'check-links.mjs');

interface Run {
  code: number | null;
  broken: string[];
  summary: string;
}

function writeRepo(files: Record<string, string>, { git = false } = {}): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-links-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  if (git) execFileSync('git', ['init', '-q', root]);
  return root;
}

function check(root: string): Run {
  const r = spawnSync(process.execPath, [CHECKER, '--root', root], { encoding: 'utf8' });
  const lines = r.stdout.trim().split('\n');
  return { code: r.status, broken: lines.slice(0, -1), summary: lines[lines.length - 1] ?? '' };
}

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

const target = [
  '# Target page',
  '',
  '## Statuses and the status machine',
  '## Who may vote? (tallies, `voting_open`)',
  '## Repeated',
  '## Repeated',
  'Setext heading',
  '--------------',
  '<a id="custom-anchor"></a>',
  '```md',
  '## Not a heading inside a fence',
  '```',
].join('\n');

/** [case, the link written in docs/page.md, null when good, else a fragment of the reason] */
const cases: Array<[string, string, string | null]> = [
  ['a file beside the page', '[t](target.md)', null],
  ['a heading of another page', '[t](target.md#statuses-and-the-status-machine)', null],
  ['a heading with punctuation and code', '[t](target.md#who-may-vote-tallies-voting_open)', null],
  ['the second of two equal headings', '[t](target.md#repeated-1)', null],
  ['a setext heading', '[t](target.md#setext-heading)', null],
  ['an <a id> anchor', '[t](target.md#custom-anchor)', null],
  ['a heading of the page itself', '[t](#the-page)', null],
  ['a file up one folder, inside the repository', '[t](../README.md)', null],
  ['a folder of the repository', '[t](../src/)', null],
  ['a source file with a line anchor', '[t](../src/main.ts#L3)', null],
  ['an image', '![logo](img/logo.png)', null],
  ['a reference definition', '[ref]: target.md#repeated', null],
  ['a web link (not fetched)', '[t](https://example.invalid/page#x)', null],
  ['a mail link', '[t](mailto:someone@example.invalid)', null],
  ['a link inside inline code is not read', '`[t](missing.md)`', null],
  ['a missing file', '[t](missing.md)', 'missing file docs/missing.md'],
  ['a missing image', '![x](img/none.png)', 'missing file docs/img/none.png'],
  ['a missing heading', '[t](target.md#no-such-heading)', 'missing heading #no-such-heading in docs/target.md'],
  ['a heading only inside a code fence', '[t](target.md#not-a-heading-inside-a-fence)', 'missing heading'],
  ['a missing heading of the page itself', '[t](#nowhere)', 'missing heading #nowhere in docs/page.md'],
  ['a reference definition to a missing file', '[ref]: gone.md', 'missing file docs/gone.md'],
  ['a link leaving the repository with ../', '[t](../../shared/ARCHITECTURE.md)', 'leaves the repository'],
  ['an absolute filesystem path', '[t](/work/shared/ARCHITECTURE.md)', 'leaves the repository (absolute path)'],
  ['a file: URL', '[t](file:///etc/hosts)', 'leaves the repository'],
  ['another scheme', '[t](ftp://example.invalid/x)', 'not allowed'],
];

describe('check-links: one link per repository', () => {
  it.each(cases)('%s: %s', (_name, link, reason) => {
    const root = writeRepo({
      'README.md': '# Readme\n',
      'src/main.ts': 'export {};\n',
      'docs/img/logo.png': 'png',
      'docs/target.md': target,
      'docs/page.md': `# The page\n\n${link}\n\nSome text.\n`,
    });
    roots.push(root);
    const r = check(root);
    if (reason === null) {
      expect(r.broken).toEqual([]);
      expect(r.code).toBe(0);
    } else {
      expect(r.broken).toHaveLength(1);
      expect(r.broken[0]).toContain('docs/page.md:3:');
      expect(r.broken[0]).toContain(reason);
      expect(r.code).toBe(1);
    }
    // the link was read (a link inside inline code is not)
    const read = link.startsWith('`') ? 0 : 1;
    expect(r.summary).toBe(`links: ${read} in 3 Markdown file(s), ${reason === null ? 0 : 1} broken`);
  });
});

describe('check-links: which files count', () => {
  it('in a git checkout, an ignored file is not part of the repository and its Markdown is not checked', () => {
    const root = writeRepo(
      {
        '.gitignore': 'build/\n',
        'README.md': '[generated](build/out.md)\n',
        'build/out.md': '[x](nowhere.md)\n',
        'docs/new.md': '[readme](../README.md)\n',
      },
      { git: true },
    );
    roots.push(root);
    const r = check(root);
    expect(r.broken).toEqual(['README.md:1: build/out.md: missing file build/out.md']);
    // README.md and the untracked (not yet committed) docs/new.md are both checked
    expect(r.summary).toBe('links: 2 in 2 Markdown file(s), 1 broken');
  });

  it('links in fenced code blocks are not read', () => {
    const root = writeRepo({ 'README.md': '~~~\n[x](missing.md)\n~~~\n```\n[y](gone.md)\n```\n' });
    roots.push(root);
    expect(check(root)).toEqual({ code: 0, broken: [], summary: 'links: 0 in 1 Markdown file(s), 0 broken' });
  });
});
