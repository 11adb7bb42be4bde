/**
 * A PDF the system made, read by poppler's command-line tools (independent of the code that wrote it): its text,
 * its words with their boxes, its page count, fonts and signature. Each call writes the bytes to a temporary file
 * of its own and removes it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** the tool's standard output, run with `args` around the path of the PDF's temporary copy */
async function poppler(tool: string, bytes: Uint8Array, args: (file: string) => string[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `${tool}-`));
  try {
    const file = path.join(dir, 'file.pdf');
    await fs.writeFile(file, bytes);
    return (await run(tool, args(file), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The text as pdftotext reads it (UTF-8): of one page (1-based) or the whole file, in reading order or with
 * `layout` as laid out. NFKC gives the letters back where a font draws Arabic with joined (presentation) forms,
 * and bidi marks are dropped: what is left is the text as written.
 */
export async function pdfText(bytes: Uint8Array, opts: { page?: number; layout?: boolean } = {}): Promise<string> {
  const pages = opts.page === undefined ? [] : ['-f', String(opts.page), '-l', String(opts.page)];
  const text = await poppler('pdftotext', bytes, (file) => ['-enc', 'UTF-8', ...pages, ...(opts.layout ? ['-layout'] : []), file, '-']);
  return text.normalize('NFKC').replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');
}

/** the words of a page (1-based) with where each starts (top-left origin, points), as `pdftotext -bbox` reads them */
export async function pdfWords(bytes: Uint8Array, page: number): Promise<{ text: string; xMin: number; yMin: number; xMax: number; yMax: number }[]> {
  const html = await poppler('pdftotext', bytes, (file) => ['-bbox', '-f', String(page), '-l', String(page), file, '-']);
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    text: m[5], xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]),
  }));
}

/** how many pages pdfinfo counts */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const info = await poppler('pdfinfo', bytes, (file) => [file]);
  const pages = /Pages:\s+(\d+)/.exec(info);
  if (!pages) throw new Error(`pdfinfo printed no page count:\n${info}`);
  return Number(pages[1]);
}

/** the fonts pdffonts lists (its table, as printed) */
export function pdfFonts(bytes: Uint8Array): Promise<string> {
  return poppler('pdffonts', bytes, (file) => [file]);
}

/** pdfsig's verdict: what it printed (it exits non-zero on a broken or missing signature) and whether it called the signature valid */
export async function pdfSignature(bytes: Uint8Array): Promise<{ out: string; valid: boolean }> {
  const out = await poppler('pdfsig', bytes, (file) => [file]).catch((e: { code?: unknown; stdout?: string; stderr?: string }) => {
    // an exit code is a number; a tool that did not run at all (ENOENT) is an error of the test system
    if (typeof e.code !== 'number') throw e;
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  });
  return { out, valid: /Signature Validation: Signature is Valid\./.test(out) };
}

/** the images `pdfimages -list` finds (one line per image or soft mask, after its two header lines): type and pixel size */
export async function pdfImages(bytes: Uint8Array): Promise<{ type: string; width: number; height: number }[]> {
  const out = await poppler('pdfimages', bytes, (file) => ['-list', file]);
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const [, , type, width, height] = l.trim().split(/\s+/);
      return { type, width: Number(width), height: Number(height) };
    });
}
