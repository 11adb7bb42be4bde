/**
 * Journey: the public seal verification page (/auth/verify-seal, docs/approval.md#verifying-a-sealed-pdf), with no
 * sign-in. A fresh organization completes a real approval through the API (uploaded, sent, signed by two members in
 * turn, sealed by the signing job), the same calls the approval journeys and test/api/approval/verify.api-spec.ts
 * make. Its sealed PDF, chosen on the page, shows "Valid seal" with the organization and both signers in order; a
 * copy with one byte of the signed content changed shows "Not valid" (the document was changed); a file that is not
 * a PDF shows the error catalogue's message (415 "Only a PDF can be verified."); on a 390x844 phone the page fits
 * the width and a copy with an incremental update appended after the seal shows "Changed after sealing".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, createTestOrg, createTestUser, login, pdfFile, waitFor, type ApiClient, type TestOrg } from '@app/testing';
import type { Page } from 'puppeteer-core';
import { env, GATEWAY, openBrowser, orgUrl, textOf, waitForText, type Session } from './support';

declare const document: any;

jest.setTimeout(300_000);

const ORG_NAME = 'Seal Journey Board';
/** a 1x1 PNG: the drawn signature the API takes */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const SIGNATURE = `data:image/png;base64,${PNG.toString('base64')}`;
/** the verdict comes from the server after the upload (the sealed PDF is read and its CMS checked): allow a loaded machine */
const VERDICT_MS = 60_000;

let org: TestOrg;
let dir: string;
let sealed: Buffer;

async function member(name: string, role: 'admin' | 'member' = 'member'): Promise<{ id: number; token: string; client: ApiClient }> {
  const u = await createTestUser(env.NATS_URL, org.orgId, { name, role });
  const token = await login(GATEWAY, org.slug, u.email, u.password);
  return { id: u.userId, token, client: api(GATEWAY, { org: org.slug, token }) };
}

/** a completed approval: uploaded, sent, signed by each signer in turn, sealed by the job; answers the sealed PDF */
async function sealedApproval(): Promise<Buffer> {
  const sender = await member('Sender Sara', 'admin');
  const signers = [await member('Ann First'), await member('Bob Second')];
  const up = await sender.client.upload('/library', {}, { file: { name: 'minutes.pdf', type: 'application/pdf', data: await pdfFile(1, 'Minutes to seal') } });
  if (up.status !== 200) throw new Error(`library upload ${up.status}: ${JSON.stringify(up.body)}`);
  const pdf = up.body.data.id as number;
  const created = await sender.client.post('/approvals', { title: 'Minutes of May', documents: [pdf], assignees: signers.map((s, i) => ({ user_id: s.id, order: i + 1 })) });
  if (created.status !== 200) throw new Error(`POST /approvals ${created.status}: ${JSON.stringify(created.body)}`);
  const id = created.body.data.id as number;
  for (const s of signers) {
    const r = await s.client.post(`/approvals/${id}/approve`, { file: SIGNATURE });
    if (r.status !== 200) throw new Error(`approve ${r.status}: ${JSON.stringify(r.body)}`);
  }
  await waitFor(`approval ${id} sealed`, async () => {
    const d = (await sender.client.get(`/approvals/${id}`)).body.data;
    if (d.processing?.status === 'failed') throw new Error(`the PDF work failed: ${JSON.stringify(d.processing)}`);
    return d.processing === null ? d : null;
  }, 180_000, 500);
  const res = await fetch(`${GATEWAY}/api/approvals/${id}/signed/${pdf}`, { headers: { 'x-org': org.slug, token: sender.token } });
  if (res.status !== 200) throw new Error(`signed PDF ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** an incremental update after the sealed bytes: a new object, an xref section, a trailer and %%EOF */
function withUpdate(pdf: Buffer): Buffer {
  const body = `\n99 0 obj\n<< /Type /Annot /Subtype /Text /Contents (changed later) >>\nendobj\n`;
  const tail = `xref\n99 1\n${String(pdf.length + 1).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 100 >>\nstartxref\n${pdf.length + body.length}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(body + tail, 'latin1')]);
}

/** write `data` as `name` and verify it on the page: choose it, press Verify, and wait until the answer shows */
async function check(page: Page, name: string, data: Buffer): Promise<void> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  await page.goto(orgUrl(org.slug, '/auth/verify-seal'));
  await page.waitForSelector('[data-testid=verify-seal]', { visible: true });
  const input = await page.waitForSelector('[data-testid=verify-file]');
  await (input as any).uploadFile(file);
  await waitForText(page, '[data-testid=verify-file-name]', name);
  await page.click('[data-testid=verify-submit]');
  await page.waitForSelector('[data-testid=verify-verdict], [data-testid=verify-error]', { visible: true, timeout: VERDICT_MS });
}

const verdictOf = (page: Page) => page.$eval('[data-testid=verify-verdict]', (n: any) => n.getAttribute('data-verdict'));

describe('journey: verifying a sealed PDF on the public page', () => {
  let s: Session;
  beforeAll(async () => {
    org = await createTestOrg(env.NATS_URL, { name: ORG_NAME });
    sealed = await sealedApproval();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-seal-'));
    s = await openBrowser('verify-seal');
  });
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the sealed PDF of a completed approval shows a valid seal, the organization and the signers in order', async () => {
    const { page } = s;
    await s.step('valid', async () => {
      await check(page, 'minutes-sealed.pdf', sealed);
      await s.shot('valid');
    });
    expect(await verdictOf(page)).toBe('valid');
    expect(await textOf(page, '[data-testid=verify-verdict-tag]')).toBe('Valid seal');
    expect(await textOf(page, '[data-testid=verify-detail]')).toBe('The seal is intact and nothing was added after it.');
    expect(await textOf(page, '[data-testid=verify-organization]')).toBe(ORG_NAME);
    const signers = await page.$$eval('[data-testid=verify-signer] .verify-verdict__name', (ns: any[]) => ns.map((n) => n.textContent.trim()));
    expect(signers).toEqual(['Ann First', 'Bob Second']);
    expect(await page.$('[data-testid=verify-error]')).toBeNull();
  });

  it('a copy with one byte of its content changed shows not valid: the document was changed', async () => {
    const { page } = s;
    const tampered = Buffer.from(sealed);
    // a byte of the seal record inside the signed range: the name of the first signer
    const at = tampered.indexOf('Ann First');
    expect(at).toBeGreaterThan(0);
    tampered[at] ^= 0x01;
    expect(tampered.equals(sealed)).toBe(false);
    await s.step('tampered', async () => {
      await check(page, 'minutes-tampered.pdf', tampered);
      await s.shot('tampered');
    });
    expect(await verdictOf(page)).toBe('not_valid');
    expect(await textOf(page, '[data-testid=verify-verdict-tag]')).toBe('Not valid');
    expect(await textOf(page, '[data-testid=verify-detail]')).toBe('The document was changed after it was sealed.');
    // nothing of the broken seal is shown as fact
    expect(await page.$('[data-testid=verify-organization]')).toBeNull();
    expect(await page.$('[data-testid=verify-signer]')).toBeNull();
  });

  it('a file that is not a PDF shows the catalogue error and no verdict', async () => {
    const { page } = s;
    await s.step('not-a-pdf', async () => {
      await check(page, 'notes.pdf', Buffer.from('Just some text, not a PDF\n'));
      await s.shot('not-a-pdf');
    });
    expect(await textOf(page, '[data-testid=verify-error]')).toBe('Only a PDF can be verified.');
    expect(await page.$('[data-testid=verify-verdict]')).toBeNull();
  });

  it('on a phone (390x844) the page fits the width, and a copy with bytes appended after the seal shows "Changed after sealing"', async () => {
    const { page } = s;
    await page.setViewport({ width: 390, height: 844 });
    try {
      await s.step('phone-changed', async () => {
        await check(page, 'minutes-updated.pdf', withUpdate(sealed));
        await s.shot('phone-changed');
      });
      expect(await verdictOf(page)).toBe('changed_after_sealing');
      expect(await textOf(page, '[data-testid=verify-verdict-tag]')).toBe('Changed after sealing');
      expect(await textOf(page, '[data-testid=verify-organization]')).toBe(ORG_NAME);
      // no sideways scrolling on a phone: the page, the verdict and the submit button lie within 390 px
      const widths = await page.evaluate(() => {
        const right = (sel: string) => document.querySelector(sel)?.getBoundingClientRect().right ?? 0;
        return { scroll: document.documentElement.scrollWidth, verdict: right('[data-testid=verify-verdict]'), submit: right('[data-testid=verify-submit]') };
      });
      expect(widths.scroll).toBeLessThanOrEqual(390);
      expect(widths.verdict).toBeLessThanOrEqual(390);
      expect(widths.submit).toBeLessThanOrEqual(390);
    } finally {
      await page.setViewport({ width: 1280, height: 860 });
    }
  });
});
