import { PDFDocument } from 'pdf-lib';
import { FILES_TOTAL_MAX_BYTES, IMAGE_MAX_BYTES, LIBRARY_MAX_BYTES, type RouteUpload } from '@app/contracts';
import { crc32, largestFiles, pdfOfSize, pngOfSize, routeOf, UPLOAD_CASES } from './files';

/** the chunks of a PNG, each with whether its CRC is right */
function pngChunks(png: Buffer): { type: string; length: number; crcOk: boolean }[] {
  const out: { type: string; length: number; crcOk: boolean }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const crc = png.readUInt32BE(at + 8 + length);
    out.push({ type, length, crcOk: crc === crc32(png.subarray(at + 4, at + 8 + length)) });
    at += 12 + length;
  }
  return out;
}

describe('the largest files of the valid-extremes phase', () => {
  it('crc32 is the PNG one', () => {
    expect(crc32(Buffer.from('IEND', 'latin1'))).toBe(0xae426082);
    expect(crc32(Buffer.from('123456789', 'latin1'))).toBe(0xcbf43926);
  });

  it.each([100, 4096, IMAGE_MAX_BYTES])('a PNG of exactly %i bytes, every chunk sound, the padding before IEND', (bytes) => {
    const png = pngOfSize(bytes);
    expect(png.length).toBe(bytes);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const chunks = pngChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'fuZz', 'IEND']);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
  });

  it('a PDF of exactly the asked size that a reader opens, one page', async () => {
    for (const bytes of [20_000, 1_000_003]) {
      const pdf = await pdfOfSize(bytes);
      expect(pdf.length).toBe(bytes);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    }
  });

  it.each<[string, RouteUpload, { bytes: number; count: number }]>([
    ['an image', { kind: 'single', field: 'image' }, { bytes: IMAGE_MAX_BYTES, count: 1 }],
    ['a file with its own limit', { kind: 'single', field: 'file', maxBytes: 1234 }, { bytes: 1234, count: 1 }],
    ['20 photos: as many as the total takes', { kind: 'fields', fields: [{ name: 'media', maxCount: 20 }] }, { bytes: IMAGE_MAX_BYTES, count: FILES_TOTAL_MAX_BYTES / IMAGE_MAX_BYTES }],
    ['2 photos: both', { kind: 'fields', fields: [{ name: 'media', maxCount: 2 }] }, { bytes: IMAGE_MAX_BYTES, count: 2 }],
  ])('largestFiles: %s', (_name, upload, expected) => {
    expect(largestFiles(upload)).toEqual(expected);
  });

  it('every case is an upload route of the table; the library cases send its limit', () => {
    for (const c of UPLOAD_CASES) {
      const route = routeOf(c);
      expect([c.path, ['single', 'fields'].includes(route.upload?.kind ?? 'none')]).toEqual([c.path, true]);
      if (c.path.startsWith('/api/library')) expect(largestFiles(route.upload!).bytes).toBe(LIBRARY_MAX_BYTES);
    }
  });
});
