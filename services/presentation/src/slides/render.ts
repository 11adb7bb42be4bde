import path from 'node:path';
import type { Sandbox, SandboxRun } from '@app/platform';

export interface RenderOptions {
  pdftoppm: string;
  dpi: number;
  thumbWidth: number;
  timeoutMs: number;
  /** the longest side of any image made, in pixels: the pixel cap (a huge MediaBox never allocates more) */
  maxSide: number;
}

/** a page's size in points as shown (its /Rotate applied) */
export interface PageBox {
  width: number;
  height: number;
}

/** pdfinfo beside pdftoppm (both from poppler-utils) */
const pdfinfoOf = (pdftoppm: string) => path.join(path.dirname(pdftoppm), 'pdfinfo');

/** what poppler reads besides /usr/bin and /usr/lib: fonts and its CMaps */
const POPPLER_READS = ['/usr/share/poppler', '/usr/share/fonts', '/usr/share/fontconfig', '/etc/fonts'] as const;

/** a poppler tool in the sandbox (libs/platform/src/process/sandbox.ts), its work directory the PDF's own */
function sandboxed(file: string, o: Pick<RenderOptions, 'timeoutMs' | 'maxSide'>): SandboxRun {
  return {
    workDir: path.dirname(file),
    timeoutMs: o.timeoutMs,
    // a page of maxSide² pixels is 4 bytes a pixel in memory; PNG output is never larger than that
    limits: { cpuSeconds: Math.ceil(o.timeoutMs / 1000), memoryBytes: 512 * 1024 * 1024 + o.maxSide * o.maxSide * 8, fileBytes: 16 * 1024 * 1024 + o.maxSide * o.maxSide * 4 },
    readOnly: POPPLER_READS,
    maxOutputBytes: 4 * 1024 * 1024,
  };
}

/** pdfinfo's answer: the page count and each page's box (first `maxPages` pages) */
export function parsePdfInfo(out: string): { pages: number; boxes: PageBox[] } {
  const m = /^Pages:\s+(\d+)/m.exec(out);
  if (!m) throw new Error('pdfinfo: no page count');
  const boxes: PageBox[] = [];
  for (const s of out.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/gm)) boxes[Number(s[1]) - 1] = { width: Number(s[2]), height: Number(s[3]) };
  for (const r of out.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)) {
    const b = boxes[Number(r[1]) - 1];
    if (b && Number(r[2]) % 180 === 90) boxes[Number(r[1]) - 1] = { width: b.height, height: b.width };
  }
  return { pages: Number(m[1]), boxes };
}

/** The page count of a PDF file and the boxes of its first `maxPages` pages; throws when it is not a readable PDF. */
export async function inspectPdf(sandbox: Sandbox, file: string, maxPages: number, o: Pick<RenderOptions, 'pdftoppm' | 'timeoutMs' | 'maxSide'>): Promise<{ pages: number; boxes: PageBox[] }> {
  const { stdout } = await sandbox.run(pdfinfoOf(o.pdftoppm), ['-f', '1', '-l', String(maxPages), file], sandboxed(file, o));
  return parsePdfInfo(stdout.toString('utf8'));
}

/**
 * The pixel size of an image of `box` whose width is `width` pixels (or, at `dpi`, its natural size), scaled down
 * so neither side passes `maxSide`; at least 1 x 1. Pure: slides.spec.ts.
 */
export function pixelsOf(box: PageBox, want: { dpi: number } | { width: number }, maxSide: number): { x: number; y: number } {
  const w = Math.max(box.width, 0.01);
  const h = Math.max(box.height, 0.01);
  let x = 'dpi' in want ? (w / 72) * want.dpi : want.width;
  let y = 'dpi' in want ? (h / 72) * want.dpi : (want.width * h) / w;
  const over = Math.max(x, y) / maxSide;
  if (over > 1) {
    x /= over;
    y /= over;
  }
  return { x: Math.max(1, Math.round(x)), y: Math.max(1, Math.round(y)) };
}

/** Page `n` (from 1) as a PNG slide and a PNG thumbnail: `<out>-slide.png`, `<out>-thumb.png`, each within the pixel cap. */
export async function renderPage(sandbox: Sandbox, file: string, n: number, box: PageBox, out: string, o: RenderOptions): Promise<{ slide: string; thumb: string }> {
  const page = ['-f', String(n), '-l', String(n), '-singlefile', '-png'];
  const slide = pixelsOf(box, { dpi: o.dpi }, o.maxSide);
  const thumb = pixelsOf(box, { width: o.thumbWidth }, o.maxSide);
  const run = sandboxed(file, o);
  await sandbox.run(o.pdftoppm, [...page, '-scale-to-x', String(slide.x), '-scale-to-y', String(slide.y), file, `${out}-slide`], run);
  await sandbox.run(o.pdftoppm, [...page, '-scale-to-x', String(thumb.x), '-scale-to-y', String(thumb.y), file, `${out}-thumb`], run);
  return { slide: `${out}-slide.png`, thumb: `${out}-thumb.png` };
}

/** S3 keys of a slide set: under the organization's prefix, one folder per document version. */
export const slideKeys = (prefix: string, n: number) => ({ slide: `${prefix}/slide-${n}.png`, thumb: `${prefix}/thumb-${n}.png` });
export const slidePrefix = (orgId: string, documentId: number, version: string) => `${orgId}/presentation/${documentId}/${version}`;
