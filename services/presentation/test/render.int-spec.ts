import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { Sandbox } from '@app/platform';
import { inspectPdf, renderPage } from '../src/slides/render';

/**
 * Slides from a PDF with the real poppler tools in the real sandbox (bubblewrap): a page whose MediaBox is 200
 * inches square (22,000 x 22,000 pixels at the slides' 110 dpi: 1.4 GB of RGB) comes out within the pixel cap.
 */
const sandbox = new Sandbox({ SANDBOX: 'bwrap', BWRAP_PATH: '/usr/bin/bwrap' });
const o = { pdftoppm: '/usr/bin/pdftoppm', dpi: 110, thumbWidth: 240, timeoutMs: 30_000, maxSide: 2048 };
/** a PNG's width and height from its IHDR chunk */
const pngSize = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'render-spec-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('slides within the pixel cap (pdfinfo and pdftoppm in the sandbox)', () => {
  it('a 14,400 pt square page and a normal A4 page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([14_400, 14_400]);
    doc.addPage([595, 842]);
    const file = path.join(dir, 'source.pdf');
    await writeFile(file, await doc.save());
    const info = await inspectPdf(sandbox, file, 500, o);
    expect(info.pages).toBe(2);
    expect(info.boxes[0]).toEqual({ width: 14_400, height: 14_400 });

    const huge = await renderPage(sandbox, file, 1, info.boxes[0], path.join(dir, 'p1'), o);
    expect(pngSize(await readFile(huge.slide))).toEqual({ width: 2048, height: 2048 });
    expect(pngSize(await readFile(huge.thumb))).toEqual({ width: 240, height: 240 });

    const a4 = await renderPage(sandbox, file, 2, info.boxes[1], path.join(dir, 'p2'), o);
    expect(pngSize(await readFile(a4.slide))).toEqual({ width: 909, height: 1286 });
  });

  it('a file that is not a PDF is refused by pdfinfo', async () => {
    const file = path.join(dir, 'bad.pdf');
    await writeFile(file, 'not a pdf');
    await expect(inspectPdf(sandbox, file, 500, o)).rejects.toThrow();
  });
});
