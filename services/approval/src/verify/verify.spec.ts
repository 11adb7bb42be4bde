import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import forge from 'node-forge';
import { makeP12, p12Opens, sealPdf } from '../common/signing-keys';
import { appendedAfter, inspectPdf, type SignatureInspection } from './inspect';
import { certificateFingerprint } from './seal-certificates';
import { sealFieldName } from '../pdf/seal-name';
import { asciiJson, embedSealRecord, findSealRecords, sealRecordOf, signersInOrder } from '../pdf/seal-record';
import { verdictOf } from './verdict';

jest.setTimeout(60_000);

const ORG = '7a0d1c9e-2f4b-4c5d-8e6f-0a1b2c3d4e5f';
const ours = makeP12('Acme Board');
const foreign = makeP12('Someone Else');
const ourFingerprint = certificateFingerprint(ours);
const oursOf = (s: SignatureInspection) => (s.certificate?.fingerprint === ourFingerprint ? { organization: 'Acme Board' } : null);

async function plainPdf(text = 'Board resolution 7'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const at = new Date('2026-11-27T10:00:00Z');
const steps = [
  { name: 'Bob Second', step: 2, guest: true, at: new Date('2026-11-27T09:30:00Z') },
  { name: 'Ann First', step: 1, guest: false, at: new Date('2026-11-27T09:00:00Z') },
  { name: 'Чарли Третий', step: 3, guest: false, at: new Date('2026-11-27T09:45:00Z') },
];
async function sealed(p12 = ours, base?: Buffer): Promise<Buffer> {
  const record = sealRecordOf({ orgId: ORG, orgName: 'Acme Board', approvalId: 12, title: 'Resolution 7', document: 'resolution.pdf', sealedAt: at, steps });
  const withRecord = await embedSealRecord(base ?? (await plainPdf()), record);
  return sealPdf(withRecord, p12, { name: 'Acme Board', reason: 'Approval completed', location: 'Acme Board', at, fieldName: sealFieldName('Acme Board', record.signers.map((s) => s.name)) });
}

/** an incremental update appended after the seal: a new object, an xref section, a trailer and %%EOF */
function withUpdate(pdf: Buffer): Buffer {
  const start = pdf.length + 1;
  const body = `\n99 0 obj\n<< /Type /Annot /Subtype /Text /Contents (added later) >>\nendobj\n`;
  const xrefAt = start + body.length - 1;
  const tail = `xref\n99 1\n${String(start).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 100 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(body + tail, 'latin1')]);
}

function flip(pdf: Buffer, offset: number): Buffer {
  const b = Buffer.from(pdf);
  b[offset] ^= 0x01;
  return b;
}

let good: Buffer;
beforeAll(async () => {
  good = await sealed();
});

describe('verification of a sealed PDF (inspectPdf + verdictOf)', () => {
  type Row = [string, () => Promise<Buffer>, { verdict: string; reason: string | null; signatures: number; signers?: string[]; appended?: boolean }];
  const rows: Row[] = [
    ['a sealed PDF as made', async () => good, { verdict: 'valid', reason: null, signatures: 1, signers: ['Ann First', 'Bob Second', 'Чарли Третий'], appended: false }],
    ['white space after the seal', async () => Buffer.concat([good, Buffer.from('\r\n\n')]), { verdict: 'valid', reason: null, signatures: 1, appended: false }],
    ['an incremental update appended after the seal', async () => withUpdate(good), { verdict: 'changed_after_sealing', reason: null, signatures: 1, signers: ['Ann First', 'Bob Second', 'Чарли Третий'], appended: true }],
    ['a byte flipped inside the signed range (the page text)', async () => flip(good, good.indexOf('Board resolution') >= 0 ? good.indexOf('Board resolution') : 300), { verdict: 'not_valid', reason: 'digest_mismatch', signatures: 1 }],
    ['a byte flipped in the seal record', async () => flip(good, good.indexOf('Ann First') + 1), { verdict: 'not_valid', reason: 'digest_mismatch', signatures: 1 }],
    ['a byte flipped in the first bytes', async () => flip(good, 10), { verdict: 'not_valid', reason: 'digest_mismatch', signatures: 1 }],
    ['no signature', async () => plainPdf(), { verdict: 'not_valid', reason: 'no_signature', signatures: 0 }],
    ['a truncated file', async () => good.subarray(0, good.length - 200), { verdict: 'not_valid', reason: 'truncated', signatures: 1 }],
    ['sealed with a key that is not ours', async () => sealed(foreign), { verdict: 'not_valid', reason: 'not_our_seal', signatures: 1 }],
    ['two signatures: a foreign one the document carried, then our seal', async () => sealed(ours, await sealed(foreign)), { verdict: 'valid', reason: null, signatures: 2, signers: ['Ann First', 'Bob Second', 'Чарли Третий'] }],
    ['two signatures: our seal, then the file re-saved and signed by someone else', async () => sealed(foreign, good), { verdict: 'not_valid', reason: 'not_our_seal', signatures: 2 }],
    ['two signatures: our seal, then a second signature appended as an incremental update', async () => withUpdate(Buffer.concat([good, Buffer.from('\n% /ByteRange [0 10 20 30]\n')])), { verdict: 'changed_after_sealing', reason: null, signatures: 2, appended: true }],
  ];
  it.each(rows)('%s', async (_name, make, want) => {
    const pdf = await make();
    const inspection = inspectPdf(pdf);
    expect(inspection.isPdf).toBe(true);
    const v = verdictOf(inspection, oursOf);
    expect({ verdict: v.verdict, reason: v.reason, signatures: v.signatures }).toEqual({ verdict: want.verdict, reason: want.reason, signatures: want.signatures });
    if (want.signers) expect(v.signers.map((s) => s.name)).toEqual(want.signers);
    if (want.appended !== undefined) expect(v.appended !== null).toBe(want.appended);
    if (v.verdict !== 'not_valid') {
      expect(v.organization).toEqual({ name: 'Acme Board' });
      expect(v.sealed_at).toBe(at.toISOString());
      expect(v.ours).toBe(true);
    } else {
      expect(v.organization).toBeNull();
      expect(v.signers).toEqual([]);
    }
  });

  it('the seal record: signers in signing order with their times, the approval, read only from the signed bytes', () => {
    const v = verdictOf(inspectPdf(good), oursOf);
    expect(v.approval).toEqual({ title: 'Resolution 7', document: 'resolution.pdf' });
    expect(v.signers).toEqual([
      { order: 1, step: 1, name: 'Ann First', guest: false, signed_at: '2026-11-27T09:00:00.000Z' },
      { order: 2, step: 2, name: 'Bob Second', guest: true, signed_at: '2026-11-27T09:30:00.000Z' },
      { order: 3, step: 3, name: 'Чарли Третий', guest: false, signed_at: '2026-11-27T09:45:00.000Z' },
    ]);
    // a record appended after the seal (claiming other signers) is never read
    const forged = asciiJson({ ...sealRecordOf({ orgId: ORG, orgName: 'Acme Board', approvalId: 12, title: 'Forged', document: 'x.pdf', sealedAt: at, steps: [] }) });
    const appended = withUpdate(Buffer.concat([good, Buffer.from(`\n98 0 obj\n<< /Length ${forged.length} >>\nstream\n${forged}\nendstream\nendobj\n`)]));
    const w = verdictOf(inspectPdf(appended), oursOf);
    expect(w.verdict).toBe('changed_after_sealing');
    expect(w.approval?.title).toBe('Resolution 7');
    expect(findSealRecords(appended).map((r) => r.approval.title)).toEqual(['Resolution 7', 'Forged']);
  });

  it('the certificate of the signature is the one of the PKCS#12 (its fingerprint)', () => {
    const [s] = inspectPdf(good).signatures;
    expect(s.certificate?.fingerprint).toBe(ourFingerprint);
    expect(s.certificate?.subject).toContain('Acme Board');
    expect(s.signingTime?.toISOString()).toBe(at.toISOString());
  });

  it('not a PDF: no signatures, isPdf false', () => {
    expect(inspectPdf(Buffer.from('GIF89a not a pdf /ByteRange [0 1 2 3]'))).toEqual({ isPdf: false, signatures: [] });
  });

  it.each([
    ['nothing after', '', null],
    ['end of line only', '\r\n', null],
    ['an update', '\n1 0 obj\n<<>>\nendobj\nxref\n0 1\ntrailer\n<<>>\nstartxref\n9\n%%EOF\n', { eofMarkers: 1, xrefSections: 1 }],
    ['two updates', '\nstartxref\n9\n%%EOF\nstartxref\n19\n%%EOF', { eofMarkers: 2, xrefSections: 2 }],
    ['garbage without a revision', '\nhello', { eofMarkers: 0, xrefSections: 0 }],
  ])('appendedAfter: %s', (_n, tail, want) => {
    const pdf = Buffer.from(`%PDF-1.7\n%%EOF${tail}`, 'latin1');
    const a = appendedAfter(pdf, 14);
    expect(a === null ? null : { eofMarkers: a.eofMarkers, xrefSections: a.xrefSections }).toEqual(want);
  });
});

describe('the seal names the signers', () => {
  it.each([
    ['three signers', 'Acme Board', ['Ann', 'Bob', 'Carl'], 'Sealed by Acme Board; signed by Ann, Bob, Carl'],
    ['no signer', 'Acme Board', [], 'Sealed by Acme Board'],
    ['a period in a name', 'Acme Inc.', ['J. Smith'], 'Sealed by Acme Inc\u2024; signed by J\u2024 Smith'],
    ['too many for the limit', 'Org', ['Aaaaaaaaaa', 'Bbbbbbbbbb', 'Cccccccccc'], 'Sealed by Org; signed by Aaaaaaaaaa and 2 more'],
  ])('%s', (_n, org, names, want) => {
    expect(sealFieldName(org, names, want.includes('more') ? 50 : 1000)).toBe(want);
  });

  it.each([
    ['Arabic', 'مجلس الإدارة'],
    ['Russian', 'Совет директоров'],
    ['Latin', 'Acme Board'],
  ])('the signature dictionary holds a %s organization name as a text string, readable back (and the seal still verifies)', async (_n, org) => {
    const p12 = makeP12(org);
    const pdf = await sealPdf(await plainPdf(), p12, { name: org, reason: 'Approval completed', location: org, at, fieldName: sealFieldName(org, []) });
    const doc = await PDFDocument.load(pdf);
    const fields = doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict).lookup(PDFName.of('Fields'), PDFArray);
    const sig = fields.lookup(fields.size() - 1, PDFDict).lookup(PDFName.of('V'), PDFDict);
    expect(Buffer.from(pdf).includes('SEAL-TEXT')).toBe(false);
    const text = (k: string) => sig.lookup(PDFName.of(k), PDFHexString).decodeText();
    expect([text('Name'), text('Location'), text('Reason')]).toEqual([org, org, 'Approval completed']);
    const fingerprint = certificateFingerprint(p12);
    const v = verdictOf(inspectPdf(pdf), (x) => (x.certificate?.fingerprint === fingerprint ? { organization: org } : null));
    expect([v.verdict, v.organization]).toEqual(['valid', { name: org }]);
  });

  /** a PKCS#12 made as before names were UTF8String: the name as forge's default PrintableString */
  function oldP12(name: string): Buffer {
    const keys = forge.pki.rsa.generateKeyPair(1024);
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = '01';
    cert.setSubject([{ name: 'organizationName', value: name }]);
    cert.setIssuer([{ name: 'organizationName', value: name }]);
    cert.sign(keys.privateKey, forge.md.sha256.create());
    return Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], '', { algorithm: '3des' })).getBytes(), 'binary');
  }
  it.each([
    ['a key made now for an Arabic name', () => makeP12('مجلس الإدارة'), true],
    ['a key made now for a Latin name', () => makeP12('Acme Board'), true],
    ['a key made before the fix for a Latin name', () => oldP12('Acme Board'), true],
    ['a key made before the fix for an Arabic name (replaced at next use)', () => oldP12('مجلس الإدارة'), false],
    ['not a PKCS#12', () => Buffer.from('not a key'), false],
  ])('p12Opens: %s', (_n, make, want) => {
    expect(p12Opens(make())).toBe(want);
  });

  it('signersInOrder: by step, then by time', () => {
    expect(signersInOrder(steps).map((s) => s.name)).toEqual(['Ann First', 'Bob Second', 'Чарли Третий']);
  });
});
