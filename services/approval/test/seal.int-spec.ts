/**
 * The final PDF checked by independent tools (poppler, installed by the test set-up when missing): the seal made
 * with the organization's key is valid for pdfsig; one changed byte makes it invalid; pdftotext reads every
 * signer off the audit page.
 */
import { pdfFile, pdfFonts, pdfPageCount, pdfSignature, pdfText } from '@app/testing';
import { appendAuditPage } from '../src/signing/audit';
import { sha256 } from '../src/common/document-store';
import { makeP12, sealPdf } from '../src/common/signing-keys';
import { stampPdf } from '../src/pdf/stamp';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
jest.setTimeout(120_000);

it('sign twice, audit page, seal: valid; one byte changed: invalid; the audit page lists every signer', async () => {
  const original = await pdfFile(2, 'Board resolution');
  const image = { bytes: PNG, kind: 'png' as const };
  const first = await stampPdf(original, image, [], { name: 'Signer One', title: 'Treasurer', date: '2026-03-01 10:00:00', reason: null });
  const second = await stampPdf(first, image, [], { name: 'Grace Guest', title: null, date: '2026-03-01 11:00:00', reason: 'Agreed' });
  const steps = [
    { name: 'Signer One', email: 'one@demo.test', guest: false, step: 1, at: new Date('2026-03-01T10:00:00Z'), ip: '10.0.0.1', userAgent: 'Mozilla/5.0 Test', shaBefore: sha256(original), shaAfter: sha256(first) },
    { name: 'Grace Guest', email: 'grace@guests.test', guest: true, step: 2, at: new Date('2026-03-01T11:00:00Z'), ip: '10.0.0.2', userAgent: 'curl/8', shaBefore: sha256(first), shaAfter: sha256(second) },
  ];
  const audited = await appendAuditPage(second, { title: 'Resolution 7', document: 'resolution.pdf', orgName: 'Demo Board', timeZone: 'Asia/Dubai', steps, sealedAt: new Date('2026-03-01T11:00:01Z') });
  const sealed = await sealPdf(audited, makeP12('Demo Board'), { name: 'Demo Board', reason: 'Approval completed', location: 'Demo Board', at: new Date() });

  const ok = await pdfSignature(sealed);
  expect(ok.out).toMatch(/Signature #1/);
  expect(ok.valid).toBe(true);
  expect(ok.out).toMatch(/Demo Board/);

  // one changed byte inside the signed range (not in the signature's own hex)
  const tampered = Buffer.from(sealed);
  const at = tampered.indexOf('Board resolution') >= 0 ? tampered.indexOf('Board resolution') : 200;
  tampered[at] = tampered[at] ^ 0x01;
  const bad = await pdfSignature(tampered);
  expect(bad.valid).toBe(false);
  expect(bad.out).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);

  // the audit page (the last) lists every signer, their role, address and hashes
  const text = await pdfText(sealed, { page: await pdfPageCount(sealed), layout: true });
  expect(text).toContain('Audit certificate');
  for (const s of steps) {
    expect(text).toContain(`${s.name} (${s.guest ? 'guest' : 'member'})`);
    expect(text).toContain(s.ip);
    expect(text).toContain(s.shaBefore);
    expect(text).toContain(s.shaAfter);
  }
  expect(text).toContain('2026-03-01 15:00:00 (Asia/Dubai)');
});

it('an Arabic audit page: shaped right to left in a font with Arabic glyphs; pdftotext reads the heading and every signer; the seal holds', async () => {
  const original = await pdfFile(1, 'Board resolution');
  const image = { bytes: PNG, kind: 'png' as const };
  const first = await stampPdf(original, image, [], { name: 'Sara', title: null, date: '2026-03-01 10:00:00', reason: null });
  const steps = [
    { name: 'سارة أحمد', email: 'sara@demo.test', guest: false, step: 1, at: new Date('2026-03-01T10:00:00Z'), ip: '10.0.0.1', userAgent: 'Mozilla/5.0 Test', shaBefore: sha256(original), shaAfter: sha256(first) },
    { name: 'Grace Guest', email: 'grace@guests.test', guest: true, step: 2, at: new Date('2026-03-01T11:00:00Z'), ip: '10.0.0.2', userAgent: 'curl/8', shaBefore: sha256(first), shaAfter: sha256(first) },
  ];
  const audited = await appendAuditPage(first, { title: 'قرار مجلس الإدارة', document: 'resolution.pdf', orgName: 'مجلس العرض', timeZone: 'Asia/Dubai', steps, sealedAt: new Date('2026-03-01T11:00:01Z'), lang: 'ar' });
  // an organization named in Arabic: its certificate, and the signature's name and place, hold the Arabic name
  const sealed = await sealPdf(audited, makeP12('مجلس العرض'), { name: 'مجلس العرض', reason: 'Approval completed', location: 'مجلس العرض', at: new Date() });
  const sig = await pdfSignature(sealed);
  expect(sig.valid).toBe(true);
  expect(sig.out).toContain('Signer Certificate Common Name: مجلس العرض approvals');
  expect(sig.out).toContain('Signer full Distinguished Name: O=مجلس العرض,CN=مجلس العرض approvals');

  expect(await pdfFonts(sealed)).toMatch(/NotoNaskhArabic/);
  // the text as written (pdfText: Arabic's joined forms back to letters, bidi marks dropped)
  const text = await pdfText(sealed, { page: await pdfPageCount(sealed) });
  expect(text).toContain('شهادة التدقيق');
  expect(text).toContain('قرار مجلس الإدارة');
  expect(text).toContain('سارة أحمد');
  expect(text).toContain('Grace Guest');
  expect(text).toContain('grace@guests.test');
  expect(text).toContain(steps[0].shaBefore);
  // on a right-to-left page pdftotext mirrors the brackets of a left-to-right line: the time and the zone are checked apart
  expect(text).toContain('2026-03-01 15:00:00');
  expect(text).toContain('Asia/Dubai');
  expect(text).not.toContain('Audit certificate');
});
