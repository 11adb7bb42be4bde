/**
 * The stamped PDF read back by independent tools (poppler): a box placed on a page with /Rotate lands where the
 * signer put it on the page as shown (pdftoppm draws the page and the box's pixels are the signature's colour);
 * the lines beside a signature write an Arabic name in Noto Naskh Arabic (pdffonts, pdftotext), a Latin one in
 * Helvetica only.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { degrees, PDFDocument } from 'pdf-lib';
import type { Placement } from '@app/contracts';
import { pdfWords } from '@app/testing';
import { pageSizes } from '../src/documents/images';
import { stampPdf } from '../src/pdf/stamp';

const run = promisify(execFile);
jest.setTimeout(60_000);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'approval-stamp-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
/** a solid red png of w x h pixels (RGB, 8 bits) */
function redPng(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, Buffer.from([255, 0, 0]))]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** pdftoppm at 72 dpi (one pixel a point): the first page as shown, as RGB pixels */
async function render(pdf: Uint8Array, name: string): Promise<{ width: number; height: number; at(x: number, y: number): [number, number, number] }> {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  await run('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, name)]);
  const ppm = fs.readFileSync(path.join(dir, `${name}.ppm`));
  // P6 <width> <height> <max>\n<pixels>
  const head = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 50).toString('latin1'))!;
  const [width, height] = [Number(head[1]), Number(head[2])];
  const data = ppm.subarray(head[0].length);
  return { width, height, at: (x, y) => [data[(y * width + x) * 3], data[(y * width + x) * 3 + 1], data[(y * width + x) * 3 + 2]] };
}

const none = { displayOnBottom: false, showName: false, showTitle: false, showDate: false, showReason: false, applyToAll: false };
const red = ([r, g, b]: [number, number, number]) => r > 200 && g < 60 && b < 60;
const white = ([r, g, b]: [number, number, number]) => r > 230 && g > 230 && b > 230;

describe('a box on a page with /Rotate lands where it was placed on the page as shown', () => {
  it.each([0, 90, 180, 270])('rotation %i', async (rotation) => {
    const doc = await PDFDocument.create();
    doc.addPage([400, 600]).setRotation(degrees(rotation));
    const pdf = await doc.save();
    // the size the signing page is given (and draws the page at)
    const [shown] = await pageSizes(pdf);
    expect(shown).toEqual(rotation % 180 ? { width: 600, height: 400 } : { width: 400, height: 600 });
    // 100 x 50 points, 40 from the left and 60 from the top of the page as shown (the image fills it: 2 x 1)
    const box: Placement = { pageNum: 1, px: 40, py: 60, width: 100, height: 50, pageWidth: shown.width, pageHeight: shown.height, type: 'signature', options: none };
    const stamped = await stampPdf(pdf, { bytes: redPng(20, 10), kind: 'png' }, [box], { name: 'Signer One', title: null, date: '2026-03-01', reason: null });
    const img = await render(stamped, `rotated-${rotation}`);
    expect({ width: img.width, height: img.height }).toEqual(shown);
    // inside the box (its corners, a little in, and its middle): red
    for (const [x, y] of [[43, 63], [137, 63], [43, 107], [137, 107], [90, 85]]) expect({ x, y, red: red(img.at(x, y)) }).toEqual({ x, y, red: true });
    // just outside each side: the page
    for (const [x, y] of [[36, 85], [144, 85], [90, 56], [90, 114]]) expect({ x, y, white: white(img.at(x, y)) }).toEqual({ x, y, white: true });
  });
});

describe('the lines beside a signature', () => {
  const withName = { ...none, showName: true, showDate: true };
  const text = async (pdf: Uint8Array, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    fs.writeFileSync(file, pdf);
    const fonts = (await run('pdffonts', [file])).stdout;
    // pdftotext may answer the joined (presentation) forms: NFKC gives the letters back; bidi marks are dropped
    const words = (await run('pdftotext', [file, '-'])).stdout.normalize('NFKC').replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');
    return { fonts, words };
  };
  const box: Placement = { pageNum: 1, px: 40, py: 60, width: 100, height: 50, pageWidth: 595, pageHeight: 842, type: 'signature', options: withName };

  it('an Arabic name is written in Noto Naskh Arabic and reads back as written', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    const stamped = await stampPdf(await doc.save(), { bytes: redPng(20, 10), kind: 'png' }, [box], { name: 'سارة أحمد', title: null, date: '2026-03-01', reason: null });
    const got = await text(stamped, 'arabic-name');
    expect(got.fonts).toMatch(/NotoNaskhArabic/);
    expect(got.words).toContain('سارة أحمد');
    expect(got.words).not.toContain('????');
    expect(got.words).toContain('2026-03-01');
  });

  it('a Latin name stays in Helvetica (no Arabic font embedded)', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    const stamped = await stampPdf(await doc.save(), { bytes: redPng(20, 10), kind: 'png' }, [box], { name: 'Zoë Müller', title: null, date: '2026-03-01', reason: null });
    const got = await text(stamped, 'latin-name');
    expect(got.fonts).toMatch(/Helvetica/);
    expect(got.fonts).not.toMatch(/NotoNaskhArabic/);
    expect(got.words).toContain('Zoë Müller');
  });
});

describe('a box with its lines inside (the sender\'s box, signed from the details page)', () => {
  it('the name and the date lie inside the box, the image above them, nothing outside', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    // 180 x 60 points, 100 from the left and 500 from the top
    const box: Placement = { pageNum: 1, px: 100, py: 500, width: 180, height: 60, pageWidth: 595, pageHeight: 842, type: 'signature', options: { ...none, showName: true, showDate: true, inside: true } };
    const stamped = await stampPdf(await doc.save(), { bytes: redPng(20, 10), kind: 'png' }, [box], { name: 'Signer One', title: null, date: '2026-03-01', reason: null });
    const words = await pdfWords(stamped, 1);
    expect(words.map((w) => w.text)).toEqual(['Signer', 'One', '2026-03-01']);
    for (const w of words) {
      expect({ w: w.text, inside: w.xMin >= 100 && w.xMax <= 280 && w.yMin >= 500 && w.yMax <= 560 }).toEqual({ w: w.text, inside: true });
    }
    // the image takes the box above the lines: red at the box's upper middle, the page white just outside
    const img = await render(stamped, 'inside');
    expect(red(img.at(190, 515))).toBe(true);
    expect(white(img.at(190, 495))).toBe(true);
    expect(white(img.at(285, 530))).toBe(true);
  });
});
