import { PDFArray, PDFDict, PDFHexString, PDFName, type PDFDocument } from 'pdf-lib';

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

/** Renames the last signature field of the document's form (the one the seal's placeholder just added). */
export function nameLastSignatureField(doc: PDFDocument, name: string): void {
  const form = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  const fields = form?.lookupMaybe(PDFName.of('Fields'), PDFArray);
  if (!fields || !fields.size()) throw new Error('the seal has no signature field');
  const field = fields.lookup(fields.size() - 1, PDFDict);
  field.set(PDFName.of('T'), PDFHexString.fromText(name));
}
