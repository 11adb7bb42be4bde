import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { z } from 'zod';

/**
 * The seal record: the audit page's data as JSON, embedded in the final PDF as an attachment
 * (`boardroom-seal.json`) before the seal is computed, so the seal covers it and a verifier reads who signed, in
 * which order and when from signed bytes only. The stream is written uncompressed and ASCII-only (other
 * characters as \u escapes), so it is found by its first bytes without parsing the PDF
 * (docs/approval.md#verifying-a-sealed-pdf).
 */
export const SEAL_RECORD_NAME = 'boardroom-seal.json';
const MARKER = '{"boardroomSeal":1,';
const MAX_RECORD_BYTES = 256 * 1024;

const zIso = z.iso.datetime();
export const zSealRecord = z.strictObject({
  boardroomSeal: z.literal(1),
  organization: z.strictObject({ id: z.uuid(), name: z.string().max(300) }),
  approval: z.strictObject({ id: z.number().int().positive(), title: z.string().max(1000), document: z.string().max(1000) }),
  sealedAt: zIso,
  signers: z.array(z.strictObject({
    order: z.number().int().positive(), step: z.number().int().positive(), name: z.string().max(300), guest: z.boolean(), signedAt: zIso,
  })).max(1000),
});
export type SealRecord = z.output<typeof zSealRecord>;

export interface SealSigner {
  name: string;
  step: number;
  guest: boolean;
  at: Date;
}

/** The signers in the order they signed: by step, then by time (several people may share a step). */
export function signersInOrder<S extends SealSigner>(steps: S[]): S[] {
  return [...steps].sort((a, b) => a.step - b.step || a.at.getTime() - b.at.getTime() || a.name.localeCompare(b.name));
}

export function sealRecordOf(a: { orgId: string; orgName: string; approvalId: number; title: string; document: string; sealedAt: Date; steps: SealSigner[] }): SealRecord {
  return {
    boardroomSeal: 1,
    organization: { id: a.orgId, name: a.orgName.slice(0, 300) },
    approval: { id: a.approvalId, title: a.title.slice(0, 1000), document: a.document.slice(0, 1000) },
    sealedAt: a.sealedAt.toISOString(),
    signers: signersInOrder(a.steps).map((s, i) => ({ order: i + 1, step: s.step, name: s.name.slice(0, 300), guest: s.guest, signedAt: s.at.toISOString() })),
  };
}

/** JSON with every character outside printable ASCII escaped, so the stream's bytes are the text */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The PDF with the record attached (an embedded file in the catalog's EmbeddedFiles name tree). */
export async function embedSealRecord(pdf: Uint8Array, record: SealRecord): Promise<Uint8Array> {
  const text = asciiJson(record);
  if (!text.startsWith(MARKER)) throw new Error('the seal record must start with its marker');
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const bytes = Buffer.from(text, 'latin1');
  const file = doc.context.register(doc.context.stream(bytes, { Type: 'EmbeddedFile', Subtype: 'application/json', Params: { Size: bytes.length } }));
  const spec = doc.context.register(doc.context.obj({
    Type: 'Filespec', F: PDFString.of(SEAL_RECORD_NAME), UF: PDFHexString.fromText(SEAL_RECORD_NAME), EF: { F: file },
    Desc: PDFString.of('Who signed, in which order and when (read by the verification page)'), AFRelationship: PDFName.of('Data'),
  }));
  let names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  if (!names) {
    names = doc.context.obj({});
    doc.catalog.set(PDFName.of('Names'), names);
  }
  const tree = names.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = tree?.lookupMaybe(PDFName.of('Names'), PDFArray);
  if (list) {
    list.push(PDFHexString.fromText(SEAL_RECORD_NAME));
    list.push(spec);
  }
  else names.set(PDFName.of('EmbeddedFiles'), doc.context.obj({ Names: [PDFHexString.fromText(SEAL_RECORD_NAME), spec] }));
  return doc.save({ useObjectStreams: false });
}

/**
 * Every seal record in `bytes` (the signed bytes of a seal), in file order; one that does not parse is left out.
 * Pure and bounded: a record is at most 256 KiB.
 */
export function findSealRecords(bytes: Buffer): SealRecord[] {
  const out: SealRecord[] = [];
  for (let at = bytes.indexOf(MARKER, 0, 'latin1'); at >= 0; at = bytes.indexOf(MARKER, at + 1, 'latin1')) {
    const end = bytes.indexOf('endstream', at, 'latin1');
    if (end < 0 || end - at > MAX_RECORD_BYTES) continue;
    try {
      const r = zSealRecord.safeParse(JSON.parse(bytes.subarray(at, end).toString('latin1').trim()));
      if (r.success) out.push(r.data);
    } catch {
      // not JSON: not a record
    }
    if (out.length >= 50) break;
  }
  return out;
}
