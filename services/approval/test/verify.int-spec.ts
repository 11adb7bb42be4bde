/**
 * The seal as independent tools see it (poppler): pdfsig prints the signers in the seal's field name and agrees with
 * the verification (docs/approval.md#verifying-a-sealed-pdf): a valid seal covers the whole file; after an
 * incremental update it still verifies but no longer covers the whole document; one flipped byte breaks it.
 */
import { pdfFile, pdfSignature } from '@app/testing';
import { makeP12, sealPdf } from '../src/common/signing-keys';
import { inspectPdf } from '../src/verify/inspect';
import { certificateFingerprint } from '../src/verify/seal-certificates';
import { sealFieldName } from '../src/pdf/seal-name';
import { embedSealRecord, sealRecordOf } from '../src/pdf/seal-record';
import { verdictOf } from '../src/verify/verdict';

jest.setTimeout(120_000);

it('pdfsig names the organization and the signers in order; it and the verification agree on an appended update and a flipped byte', async () => {
  const p12 = makeP12('Acme Board');
  const at = new Date();
  const steps = [
    { name: 'Bob Second', step: 2, guest: true, at: new Date(at.getTime() - 1000) },
    { name: 'Ann First', step: 1, guest: false, at: new Date(at.getTime() - 5000) },
  ];
  const record = sealRecordOf({ orgId: '7a0d1c9e-2f4b-4c5d-8e6f-0a1b2c3d4e5f', orgName: 'Acme Board', approvalId: 3, title: 'Budget', document: 'budget.pdf', sealedAt: at, steps });
  const pdf = await embedSealRecord(await pdfFile(1, 'Budget 2027'), record);
  const sealed = await sealPdf(pdf, p12, { name: 'Acme Board', reason: 'Approval completed', location: 'Acme Board', at, fieldName: sealFieldName('Acme Board', record.signers.map((s) => s.name)) });
  const fp = certificateFingerprint(p12);
  const oursOf = (s: { certificate: { fingerprint: string } | null }) => (s.certificate?.fingerprint === fp ? { organization: 'Acme Board' } : null);

  const ok = await pdfSignature(sealed);
  expect(ok.valid).toBe(true);
  expect(ok.out).toContain('Signature Field Name: Sealed by Acme Board; signed by Ann First, Bob Second');
  expect(ok.out).toContain('Total document signed');
  expect(verdictOf(inspectPdf(sealed), oursOf).verdict).toBe('valid');

  const updated = Buffer.concat([sealed, Buffer.from('\n99 0 obj\n<< >>\nendobj\nxref\n99 1\n0000000000 00000 n \ntrailer\n<< /Size 100 >>\nstartxref\n0\n%%EOF\n')]);
  const later = await pdfSignature(updated);
  expect(later.out).toContain('Signature is Valid');
  expect(later.out).not.toContain('Total document signed');
  expect(verdictOf(inspectPdf(updated), oursOf).verdict).toBe('changed_after_sealing');

  const flipped = Buffer.from(sealed);
  flipped[flipped.indexOf('Ann First')] ^= 0x01;
  expect((await pdfSignature(flipped)).valid).toBe(false);
  expect(verdictOf(inspectPdf(flipped), oursOf)).toMatchObject({ verdict: 'not_valid', reason: 'digest_mismatch' });
});
