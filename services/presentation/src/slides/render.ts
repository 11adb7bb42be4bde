import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RenderOptions {
  pdftoppm: string;
  dpi: number;
  thumbWidth: number;
  timeoutMs: number;
}

/** pdfinfo beside pdftoppm (both from poppler-utils) */
const pdfinfoOf = (pdftoppm: string) => path.join(path.dirname(pdftoppm), 'pdfinfo');

/** The page count of a PDF file (pdfinfo's "Pages:"); throws when the file is not a readable PDF. */
export async function pageCount(file: string, o: Pick<RenderOptions, 'pdftoppm' | 'timeoutMs'>): Promise<number> {
  const { stdout } = await run(pdfinfoOf(o.pdftoppm), [file], { timeout: o.timeoutMs });
  const m = /^Pages:\s+(\d+)/m.exec(stdout);
  if (!m) throw new Error('pdfinfo: no page count');
  return Number(m[1]);
}

/** Page `n` (from 1) as a PNG slide and a PNG thumbnail: `<out>-slide.png`, `<out>-thumb.png`. */
export async function renderPage(file: string, n: number, out: string, o: RenderOptions): Promise<{ slide: string; thumb: string }> {
  const page = ['-f', String(n), '-l', String(n), '-singlefile', '-png'];
  await run(o.pdftoppm, [...page, '-r', String(o.dpi), file, `${out}-slide`], { timeout: o.timeoutMs });
  await run(o.pdftoppm, [...page, '-scale-to-x', String(o.thumbWidth), '-scale-to-y', '-1', file, `${out}-thumb`], { timeout: o.timeoutMs });
  return { slide: `${out}-slide.png`, thumb: `${out}-thumb.png` };
}

/** S3 keys of a slide set: under the organization's prefix, one folder per document version. */
export const slideKeys = (prefix: string, n: number) => ({ slide: `${prefix}/slide-${n}.png`, thumb: `${prefix}/thumb-${n}.png` });
export const slidePrefix = (orgId: string, documentId: number, version: string) => `${orgId}/presentation/${documentId}/${version}`;
