/**
 * A minimal DER reader: enough of ASN.1 to walk a CMS SignedData and an X.509 certificate while keeping each
 * element's exact bytes (a signature covers the bytes as they were written, so nothing is re-encoded). Every
 * read is bounded by the buffer; a malformed length throws DerError.
 */
export class DerError extends Error {}

export interface Tlv {
  tag: number;
  /** where the element starts (its tag byte) */
  start: number;
  /** where its contents start */
  body: number;
  /** one past its last byte */
  end: number;
}

export function readTlv(buf: Uint8Array, at: number, limit = buf.length): Tlv {
  if (at + 2 > limit) throw new DerError('truncated element');
  const tag = buf[at];
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not used here');
  let len = buf[at + 1];
  let body = at + 2;
  if (len === 0x80) throw new DerError('indefinite length');
  if (len > 0x80) {
    const n = len & 0x7f;
    if (n > 4 || body + n > limit) throw new DerError('bad length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[body + i];
    body += n;
  }
  const end = body + len;
  if (end > limit) throw new DerError('element runs past its container');
  return { tag, start: at, body, end };
}

/** the elements inside a constructed element */
export function children(buf: Uint8Array, t: Tlv): Tlv[] {
  if ((t.tag & 0x20) === 0) throw new DerError('not a constructed element');
  const out: Tlv[] = [];
  for (let at = t.body; at < t.end; ) {
    const c = readTlv(buf, at, t.end);
    out.push(c);
    at = c.end;
    if (out.length > 10_000) throw new DerError('too many elements');
  }
  return out;
}

export const bytesOf = (buf: Uint8Array, t: Tlv): Uint8Array => buf.subarray(t.start, t.end);
export const contentOf = (buf: Uint8Array, t: Tlv): Uint8Array => buf.subarray(t.body, t.end);

/** an OBJECT IDENTIFIER in dotted form */
export function oidOf(buf: Uint8Array, t: Tlv): string {
  if (t.tag !== 0x06) throw new DerError('not an OID');
  const b = contentOf(buf, t);
  if (!b.length) throw new DerError('empty OID');
  const parts = [Math.floor(b[0] / 40), b[0] % 40];
  let v = 0;
  for (let i = 1; i < b.length; i++) {
    v = v * 128 + (b[i] & 0x7f);
    if (!(b[i] & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

/** a UTCTime or GeneralizedTime */
export function timeOf(buf: Uint8Array, t: Tlv): Date {
  const s = Buffer.from(contentOf(buf, t)).toString('latin1');
  const m = t.tag === 0x17 ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(s) : t.tag === 0x18 ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\.\d+)?Z$/.exec(s) : null;
  if (!m) throw new DerError('bad time');
  let year = Number(m[1]);
  if (t.tag === 0x17) year += year < 50 ? 2000 : 1900;
  return new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)));
}
