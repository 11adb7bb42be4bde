import { inflateRawSync } from 'node:zlib';

/**
 * ZIP containers (xlsx, docx, pptx, odt, ods, odp) judged before anything inflates them: the central directory at the
 * end of the file says how many entries there are and how large each one becomes; a file over the bounds is refused
 * from that alone (a decompression bomb is never inflated). A file that passes is then inflated entry by entry with
 * zlib's `maxOutputLength` set to what its directory declared, so a directory that lies about the sizes is caught
 * with at most the declared (bounded) bytes in memory. Pure functions: table-tested in archive.spec.ts.
 */
export interface ZipLimits {
  /** the most entries (files) in the archive */
  maxEntries: number;
  /** the sum of the entries' uncompressed sizes */
  maxUncompressedBytes: number;
  /** the largest uncompressed / compressed ratio of an entry larger than 1 MiB uncompressed */
  maxRatio: number;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export type ZipVerdict = { ok: true; entries: ZipEntry[] } | { ok: false; reason: 'not-a-zip' | 'too-large'; detail: string };

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const RATIO_FLOOR = 1024 * 1024;

class NotAZip extends Error {}
/** by name: Node's own (zlib, Buffer reads) may come from another realm than this module's RangeError */
const isRangeError = (e: unknown): e is Error => typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'RangeError';

const u64 = (buf: Buffer, at: number): number => {
  const v = buf.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) return Number.MAX_SAFE_INTEGER;
  return Number(v);
};

function need(buf: Buffer, at: number, len: number): void {
  if (at < 0 || at + len > buf.length) throw new NotAZip(`a record runs past the end of the file (${at}+${len})`);
}

/** the central directory's entries; throws NotAZip when the file has none or it is damaged */
function centralDirectory(buf: Buffer, maxEntries: number): ZipEntry[] | { tooMany: number } {
  // the end-of-central-directory record: 22 bytes plus a comment of at most 65535
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new NotAZip('no end of central directory');
  let count = buf.readUInt16LE(eocd + 10);
  let cdOffset = buf.readUInt32LE(eocd + 16);
  if ((count === 0xffff || cdOffset === 0xffffffff) && eocd >= 20 && buf.readUInt32LE(eocd - 20) === ZIP64_LOCATOR) {
    const at = u64(buf, eocd - 20 + 8);
    need(buf, at, 56);
    if (buf.readUInt32LE(at) !== ZIP64_EOCD) throw new NotAZip('damaged zip64 end of central directory');
    count = u64(buf, at + 32);
    cdOffset = u64(buf, at + 48);
  }
  if (count > maxEntries) return { tooMany: count };
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    need(buf, p, 46);
    if (buf.readUInt32LE(p) !== CENTRAL) throw new NotAZip('damaged central directory');
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    need(buf, p + 46, nameLen + extraLen);
    const e: ZipEntry = {
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      localHeaderOffset: buf.readUInt32LE(p + 42),
    };
    // zip64 sizes live in the extra field 0x0001, in this order, only for the fields set to 0xffffffff
    let x = p + 46 + nameLen;
    const end = x + extraLen;
    while (x + 4 <= end) {
      const id = buf.readUInt16LE(x);
      const size = buf.readUInt16LE(x + 2);
      if (id === 0x0001) {
        let q = x + 4;
        const fits = () => q + 8 <= x + 4 + size;
        if (e.uncompressedSize === 0xffffffff && fits()) {
          e.uncompressedSize = u64(buf, q);
          q += 8;
        }
        if (e.compressedSize === 0xffffffff && fits()) {
          e.compressedSize = u64(buf, q);
          q += 8;
        }
        if (e.localHeaderOffset === 0xffffffff && fits()) e.localHeaderOffset = u64(buf, q);
      }
      x += 4 + size;
    }
    entries.push(e);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** The verdict of the central directory alone: nothing is inflated. */
export function inspectZip(buf: Buffer, limits: ZipLimits): ZipVerdict {
  let dir: ZipEntry[] | { tooMany: number };
  try {
    dir = centralDirectory(buf, limits.maxEntries);
  } catch (e) {
    if (e instanceof NotAZip || isRangeError(e)) return { ok: false, reason: 'not-a-zip', detail: e.message };
    throw e;
  }
  if (!Array.isArray(dir)) return { ok: false, reason: 'too-large', detail: `${dir.tooMany} entries (at most ${limits.maxEntries})` };
  let total = 0;
  for (const e of dir) {
    total += e.uncompressedSize;
    if (total > limits.maxUncompressedBytes) return { ok: false, reason: 'too-large', detail: `more than ${limits.maxUncompressedBytes} bytes uncompressed` };
    if (e.uncompressedSize > RATIO_FLOOR && e.uncompressedSize > limits.maxRatio * Math.max(1, e.compressedSize)) {
      return { ok: false, reason: 'too-large', detail: `${e.name} inflates ${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))} times (at most ${limits.maxRatio})` };
    }
  }
  return { ok: true, entries: dir };
}

/** an entry's bytes, inflated to at most its declared size (RangeError past it) */
export function entryBytes(buf: Buffer, e: ZipEntry): Buffer {
  need(buf, e.localHeaderOffset, 30);
  if (buf.readUInt32LE(e.localHeaderOffset) !== LOCAL) throw new NotAZip(`damaged local header of ${e.name}`);
  const start = e.localHeaderOffset + 30 + buf.readUInt16LE(e.localHeaderOffset + 26) + buf.readUInt16LE(e.localHeaderOffset + 28);
  need(buf, start, e.compressedSize);
  const data = buf.subarray(start, start + e.compressedSize);
  if (e.method === 0) {
    if (data.length !== e.uncompressedSize) throw new RangeError(`${e.name} is not the size its directory says`);
    return data;
  }
  if (e.method !== 8) throw new NotAZip(`${e.name}: compression method ${e.method}`);
  // zlib stops at the declared size (RangeError ERR_BUFFER_TOO_LARGE past it): a lying directory costs no more
  const out = inflateRawSync(data, { maxOutputLength: Math.max(1, e.uncompressedSize) });
  if (out.length !== e.uncompressedSize) throw new RangeError(`${e.name} is not the size its directory says`);
  return out;
}

/**
 * The directory's verdict, then each entry inflated within its declared size: a directory that understates a size
 * is `too-large` (the output passed the bound), a damaged entry `not-a-zip`. At most one entry's declared bytes are
 * held at a time.
 */
export function checkZip(buf: Buffer, limits: ZipLimits): ZipVerdict {
  const v = inspectZip(buf, limits);
  if (!v.ok) return v;
  for (const e of v.entries) {
    if (e.name.endsWith('/')) continue;
    try {
      entryBytes(buf, e);
    } catch (err) {
      if (isRangeError(err)) return { ok: false, reason: 'too-large', detail: `${e.name}: ${err.message}` };
      return { ok: false, reason: 'not-a-zip', detail: `${e.name}: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
  return v;
}

/** a ZIP's local file header magic at the start */
export const isZip = (buf: Buffer): boolean => buf.length >= 4 && buf.readUInt32LE(0) === LOCAL;
