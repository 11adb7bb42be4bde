import { deflateRawSync } from 'node:zlib';
import { checkZip, inspectZip, isZip, type ZipLimits } from './archive';

/** A ZIP written by hand, so the directory can say what the test wants (honest, lying, zip64-free). */
interface Spec {
  name: string;
  data: Buffer;
  /** stored (0) or deflated (8, default) */
  method?: 0 | 8;
  /** what the directory claims instead of the real uncompressed size */
  claim?: number;
  /** raw compressed bytes instead of deflating `data` */
  raw?: Buffer;
}
function zip(specs: Spec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const s of specs) {
    const method = s.method ?? 8;
    const body = s.raw ?? (method === 8 ? deflateRawSync(s.data) : s.data);
    const name = Buffer.from(s.name);
    const size = s.claim ?? s.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(method, 10);
    c.writeUInt32LE(body.length, 20);
    c.writeUInt32LE(size, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    centrals.push(c, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(specs.length, 8);
  end.writeUInt16LE(specs.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const MiB = 1024 * 1024;
const limits: ZipLimits = { maxEntries: 50, maxUncompressedBytes: 10 * MiB, maxRatio: 100 };
const text = (n: number) => Buffer.from('<row>cell</row>'.repeat(Math.ceil(n / 15)).slice(0, n));
/** random bytes compress at ~1:1 */
const noise = (n: number) => Buffer.from(Array.from({ length: n }, (_v, i) => (i * 2654435761) >>> 24));

describe('inspectZip / checkZip: an archive judged before it is inflated', () => {
  const cases: [string, Buffer, { ok: boolean; reason?: string; detail?: RegExp }][] = [
    ['a small honest workbook', zip([{ name: '[Content_Types].xml', data: text(500) }, { name: 'xl/workbook.xml', data: text(2000) }]), { ok: true }],
    ['a stored (uncompressed) entry', zip([{ name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.text'), method: 0 }]), { ok: true }],
    ['an entry of 2 MiB of noise (ratio ~1)', zip([{ name: 'xl/media/a.bin', data: noise(2 * MiB) }]), { ok: true }],
    ['more entries than allowed', zip(Array.from({ length: 51 }, (_v, i) => ({ name: `f${i}.xml`, data: text(10) }))), { ok: false, reason: 'too-large', detail: /51 entries/ }],
    // the directory alone says so: the body is garbage that would not even inflate, so nothing was inflated
    ['a directory declaring more than the total', zip([{ name: 'xl/worksheets/sheet1.xml', data: text(10), claim: 11 * MiB, raw: Buffer.from('not deflate data') }]), { ok: false, reason: 'too-large', detail: /more than 10485760 bytes/ }],
    ['a 5 MiB entry of zeros (ratio ~1000)', zip([{ name: 'xl/sharedStrings.xml', data: Buffer.alloc(5 * MiB) }]), { ok: false, reason: 'too-large', detail: /inflates \d+ times/ }],
    ['the sum of entries over the total', zip([{ name: 'a.bin', data: noise(6 * MiB) }, { name: 'b.bin', data: noise(6 * MiB) }]), { ok: false, reason: 'too-large', detail: /more than/ }],
    ['a file that is not a zip', Buffer.from('%PDF-1.7 hello'), { ok: false, reason: 'not-a-zip' }],
    ['a truncated zip (no end record)', zip([{ name: 'a.xml', data: text(100) }]).subarray(0, 60), { ok: false, reason: 'not-a-zip' }],
  ];
  it.each(cases)('%s', (_name, buf, expected) => {
    const v = checkZip(buf, limits);
    expect(v.ok).toBe(expected.ok);
    if (!v.ok) {
      expect(v.reason).toBe(expected.reason);
      if (expected.detail) expect(v.detail).toMatch(expected.detail);
    }
  });

  it('catches a directory that understates an entry: inflation stops at the declared size', () => {
    const liar = zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * MiB), claim: 1000 }]);
    expect(inspectZip(liar, limits).ok).toBe(true);
    expect(checkZip(liar, limits)).toMatchObject({ ok: false, reason: 'too-large' });
  });

  it('calls a damaged entry not a zip', () => {
    const bad = zip([{ name: 'a.xml', data: text(100), raw: Buffer.from([0xff, 0xff, 0xff, 0xff]) }]);
    expect(checkZip(bad, limits)).toMatchObject({ ok: false, reason: 'not-a-zip' });
  });

  it('tells a zip by its first bytes', () => {
    expect(isZip(zip([{ name: 'a', data: text(1) }]))).toBe(true);
    expect(isZip(Buffer.from('%PDF'))).toBe(false);
  });
});
