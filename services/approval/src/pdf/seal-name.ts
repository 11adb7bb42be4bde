import { PDFArray, PDFDict, PDFHexString, PDFInvalidObject, PDFName, PDFRef, type PDFDocument } from 'pdf-lib';

/**
 * What the seal's signature field is called, so that `pdfsig` (which prints a signature's field name and its
 * certificate, not /Reason) names the people who signed: "Sealed by <org>; signed by A, B, C" in signing order.
 * A field name may not hold a period (it separates the parts of a field's full name): each becomes U+2024.
 */
export function sealFieldName(orgName: string, signers: string[], max = 1000): string {
  const clean = (s: string) => s.replace(/[\p{Cc}]/gu, ' ').replace(/\./g, '\u2024').trim();
  const head = `Sealed by ${clean(orgName) || 'the organization'}`;
  if (!signers.length) return head.slice(0, max);
  let names = '';
  for (const [i, n] of signers.entries()) {
    const next = `${names}${i ? ', ' : ''}${clean(n)}`;
    const rest = signers.length - i - 1;
    if (`${head}; signed by ${next}`.length + (rest ? ` and ${rest} more`.length : 0) > max) {
      names = `${names} and ${signers.length - i} more`;
      break;
    }
    names = next;
  }
  return `${head}; signed by ${names}`;
}

function lastSignatureField(doc: PDFDocument): PDFDict {
  const form = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  const fields = form?.lookupMaybe(PDFName.of('Fields'), PDFArray);
  if (!fields || !fields.size()) throw new Error('the seal has no signature field');
  return fields.lookup(fields.size() - 1, PDFDict);
}

/** Renames the last signature field of the document's form (the one the seal's placeholder just added). */
export function nameLastSignatureField(doc: PDFDocument, name: string): void {
  lastSignatureField(doc).set(PDFName.of('T'), PDFHexString.fromText(name));
}

/** What the seal's placeholder is given for its literal strings, replaced by {@link textOfLastSignature}. */
export const SIGNATURE_TEXT_SLOTS = { name: 'SEAL-TEXT-NAME', location: 'SEAL-TEXT-LOCATION', reason: 'SEAL-TEXT-REASON' } as const;

/**
 * Writes the last signature's /Name, /Location and /Reason as PDF text strings (UTF-16BE with its byte-order mark,
 * hex-encoded). The placeholder writes literal strings as given, which hold PDFDocEncoding only (an Arabic or
 * Cyrillic organization name came out garbled in every reader's signature panel, and a parenthesis would end the
 * string). It is given {@link SIGNATURE_TEXT_SLOTS}, and its signature dictionary is kept as raw bytes (so that
 * pdf-lib never moves it into an object stream): each slot is replaced in those bytes.
 */
export function textOfLastSignature(doc: PDFDocument, t: { name: string; location: string; reason: string }): void {
  const ref = lastSignatureField(doc).get(PDFName.of('V'));
  const raw = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined;
  if (!(ref instanceof PDFRef) || !(raw instanceof PDFInvalidObject)) throw new Error('the seal has no signature dictionary');
  const bytes = new Uint8Array(raw.sizeInBytes());
  raw.copyBytesInto(bytes, 0);
  let text = Buffer.from(bytes).toString('latin1');
  for (const k of ['name', 'location', 'reason'] as const) {
    const slot = `(${SIGNATURE_TEXT_SLOTS[k]})`;
    if (text.split(slot).length !== 2) throw new Error(`the seal's signature dictionary has no single ${k} slot`);
    text = text.replace(slot, PDFHexString.fromText(t[k]).toString());
  }
  doc.context.assign(ref, PDFInvalidObject.of(Buffer.from(text, 'latin1')));
}
