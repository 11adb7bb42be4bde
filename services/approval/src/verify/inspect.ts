import { createHash } from 'node:crypto';
import { readCms } from './cms';
import { DerError, readTlv } from './der';
import { findSealRecords, type SealRecord } from '../pdf/seal-record';

/**
 * What a PDF's signatures say, read from its bytes alone (pure; docs/approval.md#verifying-a-sealed-pdf). Each
 * signature dictionary's /ByteRange [0 a b c] names the signed bytes: [0, a) and [b, b + c), the gap being the
 * hex string /Contents that holds the CMS signature. For each signature: is the range well formed and does it end
 * a revision (`%%EOF`), does the CMS signature over its signed attributes verify, does the digest it signed match
 * the bytes, and what came after the range (an incremental update: more bytes, a later `%%EOF`, a later xref).
 * The seal record (who signed, in order) is read only from the signed bytes of a signature that verifies.
 */
export type SignatureProblem =
  /** the /ByteRange is not [0 a b c] with the /Contents hex string as its gap */
  | 'malformed'
  /** the range runs past the end of the file */
  | 'truncated'
  /** the range does not end where a revision ends (%%EOF): part of its revision is not signed */
  | 'incomplete_coverage'
  /** the CMS signature does not verify with its certificate */
  | 'bad_signature'
  /** the signed bytes are not the bytes the signature was made over: the document was changed */
  | 'digest_mismatch';

export interface SignatureInspection {
  /** where the /ByteRange was found */
  offset: number;
  byteRange: [number, number, number, number];
  problem: SignatureProblem | null;
  /** the signer's certificate: SHA-256 of its DER (hex) and subject; null when the signature could not be read */
  certificate: { fingerprint: string; subject: string } | null;
  signingTime: Date | null;
  /** one past the last signed byte */
  coveredEnd: number;
  /** what follows the signed range (null: nothing but white space) */
  appended: { bytes: number; eofMarkers: number; xrefSections: number } | null;
  /** the seal record in the signed bytes, bound to this signature by its time; null when none (or the signature fails) */
  record: SealRecord | null;
}

export interface PdfInspection {
  isPdf: boolean;
  signatures: SignatureInspection[];
}

const MAX_SIGNATURES = 20;
const BR = /^\/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]/;
const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

function count(buf: Buffer, needle: string): number {
  let n = 0;
  for (let at = buf.indexOf(needle, 0, 'latin1'); at >= 0 && n < 1_000_000; at = buf.indexOf(needle, at + needle.length, 'latin1')) n++;
  return n;
}

/** bytes after the signed range: none (only white space), or how much and how many revisions and xref sections */
export function appendedAfter(pdf: Buffer, end: number): SignatureInspection['appended'] {
  const rest = pdf.subarray(Math.min(end, pdf.length));
  if (rest.every((b) => WHITE.has(b))) return null;
  return { bytes: rest.length, eofMarkers: count(rest, '%%EOF'), xrefSections: count(rest, 'startxref') };
}

/** the range ends a revision: `%%EOF` then at most an end of line */
function endsRevision(pdf: Buffer, end: number): boolean {
  let i = end;
  while (i > 0 && WHITE.has(pdf[i - 1]) && end - i < 4) i--;
  return pdf.subarray(Math.max(0, i - 5), i).toString('latin1') === '%%EOF';
}

const sameTime = (a: Date | null, iso: string) => !!a && Math.abs(a.getTime() - new Date(iso).getTime()) < 2000;

function inspectOne(pdf: Buffer, offset: number, r: [number, number, number, number]): SignatureInspection {
  const [a0, a1, b0, b1] = r;
  const base = { offset, byteRange: r, certificate: null, signingTime: null, coveredEnd: b0 + b1, appended: null, record: null };
  if (a0 !== 0 || a1 < 1 || b0 <= a1 + 1) return { ...base, problem: 'malformed' };
  if (b0 + b1 > pdf.length || b0 > pdf.length) return { ...base, problem: 'truncated' };
  const appended = appendedAfter(pdf, b0 + b1);
  if (pdf[a1] !== 0x3c || pdf[b0 - 1] !== 0x3e) return { ...base, appended, problem: 'malformed' };
  const hex = pdf.subarray(a1 + 1, b0 - 1).toString('latin1');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2) return { ...base, appended, problem: 'malformed' };
  const raw = Buffer.from(hex, 'hex');
  let cms;
  try {
    const der = raw.subarray(0, readTlv(raw, 0).end);
    cms = readCms(der);
  } catch (e) {
    if (e instanceof DerError) return { ...base, appended, problem: 'malformed' };
    throw e;
  }
  const certificate = { fingerprint: cms.fingerprint, subject: cms.subject };
  const signed = { ...base, appended, certificate, signingTime: cms.signingTime };
  if (!endsRevision(pdf, b0 + b1)) return { ...signed, problem: 'incomplete_coverage' };
  if (!cms.signatureVerifies) return { ...signed, problem: 'bad_signature' };
  const digest = createHash(cms.digestAlgorithm).update(pdf.subarray(0, a1)).update(pdf.subarray(b0, b0 + b1)).digest();
  if (!digest.equals(Buffer.from(cms.messageDigest))) return { ...signed, problem: 'digest_mismatch' };
  // the signed bytes only: the record of an incremental update after the seal is never read
  const records = [...findSealRecords(pdf.subarray(0, a1)), ...findSealRecords(pdf.subarray(b0, b0 + b1))].filter((x) => sameTime(cms.signingTime, x.sealedAt));
  return { ...signed, problem: null, record: records[records.length - 1] ?? null };
}

/** Every signature of a PDF (at most 20), in file order. Pure; reads nothing outside `pdf`. */
export function inspectPdf(bytes: Uint8Array): PdfInspection {
  const pdf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isPdf = pdf.subarray(0, 1024).indexOf('%PDF-', 0, 'latin1') >= 0;
  const signatures: SignatureInspection[] = [];
  if (!isPdf) return { isPdf, signatures };
  for (let at = pdf.indexOf('/ByteRange', 0, 'latin1'); at >= 0 && signatures.length < MAX_SIGNATURES; at = pdf.indexOf('/ByteRange', at + 10, 'latin1')) {
    const m = BR.exec(pdf.subarray(at, at + 120).toString('latin1'));
    // a /ByteRange that is not four numbers (a placeholder never signed) is no signature
    if (!m) continue;
    signatures.push(inspectOne(pdf, at, [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]));
  }
  return { isPdf, signatures };
}
