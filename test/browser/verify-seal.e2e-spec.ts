/**
 * Journey: verifying a sealed PDF without signing in (docs/product/approvals.md#verifying-a-sealed-pdf). An approval
 * is sent, signed and sealed through the API and its sealed PDF downloaded; a visitor with no session follows the
 * link on the sign-in page, uploads the PDF and reads "Valid seal" with the organization and the signers in order;
 * a copy with an incremental update appended shows "Changed after sealing", on a phone-sized screen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, login, pdfFile, waitFor, type ApiClient } from '@app/testing';
import { DEMO, GATEWAY, openBrowser, orgUrl, waitForPath, waitForText, type Session } from './support';

declare const document: any;

const M1 = 'member1@demo.test';
const M2 = 'member2@demo.test';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const PART_MS = 300_000;

/** an incremental update after the seal: a new object, an xref section, a trailer and %%EOF */
function withUpdate(pdf: Buffer): Buffer {
  const body = `\n99 0 obj\n<< /Type /Annot /Subtype /Text /Contents (changed later) >>\nendobj\n`;
  const tail = `xref\n99 1\n${String(pdf.length + 1).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 100 >>\nstartxref\n${pdf.length + body.length}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(body + tail, 'latin1')]);
}

describe('journey: verify a sealed PDF (no sign-in)', () => {
  let s: Session;
  let dir: string;
  let title: string;
  const names: string[] = [];

  beforeAll(async () => {
    const admin: ApiClient = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, DEMO.admin, DEMO.password) });
    const users = (await admin.get('/users/all')).body.data as { id: number; email: string; name: string }[];
    const signer = async (email: string) => {
      const u = users.find((x) => x.email === email)!;
      names.push(u.name);
      return { id: u.id, client: api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, email, DEMO.password) }) };
    };
    const one = await signer(M1);
    const two = await signer(M2);
    title = `Verified minutes ${Date.now()}`;
    const up = await admin.upload('/library', {}, { file: { name: 'minutes.pdf', type: 'application/pdf', data: await pdfFile(1, title) } });
    expect(up.status).toBe(200);
    const created = await admin.post('/approvals', { title, documents: [up.body.data.id], assignees: [{ user_id: one.id, order: 1 }, { user_id: two.id, order: 2 }] });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    for (const x of [one, two]) expect((await x.client.post(`/approvals/${id}/approve`, { file: `data:image/png;base64,${PNG}` })).status).toBe(200);
    await waitFor(`approval ${id} sealed`, async () => {
      const d = (await admin.get(`/approvals/${id}`)).body.data;
      if (d.processing?.status === 'failed') throw new Error(`the PDF work failed: ${JSON.stringify(d.processing)}`);
      return d.processing === null ? true : undefined;
    }, 180_000, 500);
    const res = await fetch(`${GATEWAY}/api/approvals/${id}/signed/${up.body.data.id}`, { headers: { 'x-org': DEMO.slug, token: await login(GATEWAY, DEMO.slug, DEMO.admin, DEMO.password) } });
    expect(res.status).toBe(200);
    const sealed = Buffer.from(await res.arrayBuffer());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-journey-'));
    fs.writeFileSync(path.join(dir, 'sealed.pdf'), sealed);
    fs.writeFileSync(path.join(dir, 'tampered.pdf'), withUpdate(sealed));
    s = await openBrowser('verify-seal');
    s.page.setDefaultTimeout(45_000);
    s.page.setDefaultNavigationTimeout(90_000);
  }, PART_MS);
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('from the sign-in page, a sealed PDF verifies valid with its organization and signers in order', async () => {
    const { page } = s;
    await s.step('open', async () => {
      await page.goto(orgUrl(DEMO.slug, '/auth/login'));
      await page.waitForSelector('[data-testid=verify-seal-link]', { visible: true });
      await page.click('[data-testid=verify-seal-link]');
      await waitForPath(page, '/auth/verify-seal');
      await waitForText(page, '[data-testid=verify-file-name]', 'No PDF chosen yet.');
      expect(await page.$eval('[data-testid=verify-submit]', (b: any) => b.disabled)).toBe(true);
      await s.shot('empty');
    });
    await s.step('valid', async () => {
      const input = await page.waitForSelector('[data-testid=verify-file]');
      await (input as any).uploadFile(path.join(dir, 'sealed.pdf'));
      await waitForText(page, '[data-testid=verify-file-name]', 'sealed.pdf');
      await page.click('[data-testid=verify-submit]');
      await page.waitForSelector('[data-testid=verify-verdict][data-verdict=valid]', { visible: true, timeout: 60_000 });
      await waitForText(page, '[data-testid=verify-verdict-tag]', 'Valid seal');
      const org = (await page.$eval('[data-testid=verify-organization]', (n: any) => n.textContent)) as string;
      expect(org.length).toBeGreaterThan(0);
      const signers = (await page.$$eval('[data-testid=verify-signer] .verify-verdict__name', (ns: any[]) => ns.map((n) => n.textContent))) as string[];
      expect(signers).toEqual(names);
      // no session was needed
      expect(await page.evaluate(() => document.defaultView.localStorage.getItem('auth_token'))).toBeNull();
      await s.shot('valid');
    });
  }, PART_MS);

  it('on a phone, a copy with bytes appended after the seal shows "Changed after sealing"', async () => {
    const { page } = s;
    await s.step('tampered', async () => {
      await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
      await page.click('[data-testid=verify-again]');
      await waitForText(page, '[data-testid=verify-file-name]', 'No PDF chosen yet.');
      const input = await page.waitForSelector('[data-testid=verify-file]');
      await (input as any).uploadFile(path.join(dir, 'tampered.pdf'));
      await page.click('[data-testid=verify-submit]');
      await page.waitForSelector('[data-testid=verify-verdict][data-verdict=changed_after_sealing]', { visible: true, timeout: 60_000 });
      await waitForText(page, '[data-testid=verify-verdict-tag]', 'Changed after sealing');
      // nothing wider than the phone's screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await s.shot('changed-after-sealing-phone');
    });
  }, PART_MS);
});
