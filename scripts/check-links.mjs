#!/usr/bin/env node
/**
 * Checks every Markdown link of the repository, without the network.
 *
 *   node scripts/check-links.mjs [--root <dir>]
 *
 * Files: the *.md files git knows in <dir> (tracked, plus untracked ones that are not ignored, so a new page is
 * checked before its first commit); outside a git checkout, every *.md under <dir> except node_modules, dist and
 * dot-folders. Links: inline `[text](target)` and `![alt](target)`, and reference definitions `[label]: target`,
 * outside fenced code blocks and inline code.
 *
 * A link fails when it
 *   - leaves the repository: a path that climbs above <dir> with `../`, an absolute path (`/x`, `C:\x`), `file:`;
 *   - points at a file or folder that is not in the repository (as git lists it);
 *   - names a heading (`#anchor`) that the target Markdown file (or the file itself) does not have. Anchors are
 *     GitHub's: the heading text in lower case, punctuation removed, spaces turned into `-`, `-1`, `-2`... for
 *     repeated headings; `<a id="x">` / `<a name="x">` anchors count too.
 * Web links (`http:`, `https:`) and `mailto:` are allowed and not fetched; any other scheme fails.
 *
 * Prints one line per broken link (`file:line: target: reason`) and a count; exits 1 when any link is broken.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/* ------------------------------------------------ headings ------------------------------------------------- */

/** GitHub's anchor for a heading's text (the rendered text: markup, links and tags already taken out). */
export function slug(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The text a heading renders: inline code keeps its content, links their text, emphasis and tags disappear. */
function headingText(raw) {
  return raw
    .replace(/\s+#+\s*$/, '') // closing hashes
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|\W)[*_](.+?)[*_](?=\W|$)/g, '$1$2');
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text) {
  const out = [];
  let fence = null;
  text.split(/\r?\n/).forEach((line, i) => {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (m) {
      if (!fence) fence = m[1];
      else if (m[1][0] === fence[0] && m[1].length >= fence.length && !line.trim().slice(m[1].length).trim()) fence = null;
      return;
    }
    if (!fence) out.push({ line, n: i + 1 });
  });
  return out;
}

/** Every anchor a Markdown text defines. */
export function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  const lines = proseLines(text);
  for (let i = 0; i < lines.length; i++) {
    const { line } = lines[i];
    let heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(line)?.[1];
    // setext: a text line underlined with === or ---
    const next = lines[i + 1];
    if (heading === undefined && next && next.n === lines[i].n + 1 && line.trim() && !/^\s*[-*+>|]/.test(line) && /^ {0,3}(=+|-+)\s*$/.test(next.line)) heading = line;
    if (heading !== undefined) {
      const base = slug(headingText(heading));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count ? `${base}-${count}` : base);
    }
    for (const m of line.matchAll(/<a\s+(?:[^>]*\s)?(?:id|name)\s*=\s*["']([^"']+)["']/gi)) anchors.add(m[1]);
  }
  return anchors;
}

/* ------------------------------------------------ links ---------------------------------------------------- */

/** Inline code spans blanked out (same length), so links inside them are not read. */
const withoutCode = (line) => line.replace(/(`+)(.+?)\1/g, (m) => ' '.repeat(m.length));

/** The links of a Markdown text: [{ target, line }]. */
export function linksOf(text) {
  const links = [];
  for (const { line: raw, n } of proseLines(text)) {
    const line = withoutCode(raw);
    const def = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (def) {
      links.push({ target: def[1].replace(/^<|>$/g, ''), line: n });
      continue;
    }
    // [text](target "title") and ![alt](target); the text may hold one level of brackets
    for (const m of line.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
      links.push({ target: m[1].replace(/^<|>$/g, ''), line: n });
    }
  }
  return links;
}

/* ------------------------------------------------ checking ------------------------------------------------- */

/**
 * Checks one link of `from` (a path relative to the root, with `/`). `repo` knows the repository:
 *   files: Set of file paths relative to the root; dirs: Set of folder paths; anchors(file) -> Set of anchors.
 * Returns null when the link is good, else the reason.
 */
export function checkLink(from, target, repo) {
  if (!target) return 'empty link';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1]?.toLowerCase();
  if (scheme && !/^[a-z]$/i.test(scheme)) {
    if (scheme === 'http' || scheme === 'https' || scheme === 'mailto') return null;
    if (scheme === 'file') return 'leaves the repository (file: URL)';
    return `scheme ${scheme}: is not allowed`;
  }
  if (target.startsWith('//')) return null; // protocol-relative web link
  const hashAt = target.indexOf('#');
  const pathPart = (hashAt >= 0 ? target.slice(0, hashAt) : target).replace(/\?.*$/, '');
  const anchor = hashAt >= 0 ? target.slice(hashAt + 1) : null;
  let decoded;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return 'malformed link';
  }
  if (decoded.startsWith('/') || decoded.startsWith('\\') || /^[a-z]:[\\/]/i.test(decoded)) return 'leaves the repository (absolute path)';
  const fromDir = path.posix.dirname(from);
  const joined = decoded ? path.posix.normalize(path.posix.join(fromDir, decoded)) : from;
  if (joined === '..' || joined.startsWith('../')) return 'leaves the repository (../ beyond the root)';
  const file = joined.replace(/\/$/, '') || '.';
  const isFile = repo.files.has(file);
  if (!isFile && !repo.dirs.has(file)) return `missing file ${file}`;
  if (anchor === null || anchor === '' || !isFile || !/\.md$/i.test(file)) return null;
  let wanted = anchor;
  try {
    wanted = decodeURIComponent(anchor);
  } catch {
    /* keep it as written */
  }
  const anchors = repo.anchors(file);
  if (anchors.has(wanted) || anchors.has(wanted.toLowerCase())) return null;
  return `missing heading #${anchor} in ${file}`;
}

/** Files of the repository: what git lists (tracked and not ignored), else a walk of the folder. */
export function repositoryFiles(root) {
  try {
    const out = execFileSync('git', ['-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const files = out.split('\0').filter(Boolean);
    // a file deleted from the work tree but still in the index is gone for the reader
    return files.filter((f) => fs.existsSync(path.join(root, f)));
  } catch {
    const acc = [];
    const walk = (dir) => {
      for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
        const rel = dir ? `${dir}/${e.name}` : e.name;
        if (e.isDirectory()) walk(rel);
        else acc.push(rel);
      }
    };
    walk('');
    return acc;
  }
}

/** Checks every Markdown file under root: { files, links, broken: [{ file, line, target, reason }] }. */
export function checkRepository(root) {
  const files = repositoryFiles(root);
  const fileSet = new Set(files);
  const dirs = new Set(['.']);
  for (const f of files) for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) dirs.add(d);
  const cache = new Map();
  const read = (f) => fs.readFileSync(path.join(root, f), 'utf8');
  const repo = {
    files: fileSet,
    dirs,
    anchors: (f) => {
      if (!cache.has(f)) cache.set(f, anchorsOf(read(f)));
      return cache.get(f);
    },
  };
  const markdown = files.filter((f) => /\.md$/i.test(f)).sort();
  const broken = [];
  let links = 0;
  for (const file of markdown) {
    for (const { target, line } of linksOf(read(file))) {
      links++;
      const reason = checkLink(file, target, repo);
      if (reason) broken.push({ file, line, target, reason });
    }
  }
  return { files: markdown.length, links, broken };
}

function main(argv) {
  const rootArg = argv.indexOf('--root');
  const root = path.resolve(rootArg >= 0 ? argv[rootArg + 1] ?? '.' : path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const { files, links, broken } = checkRepository(root);
  for (const b of broken) console.log(`${b.file}:${b.line}: ${b.target}: ${b.reason}`);
  console.log(`links: ${links} in ${files} Markdown file(s), ${broken.length} broken`);
  return broken.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main(process.argv.slice(2)));
