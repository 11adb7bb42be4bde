/**
 * Journey: approvals in the organization's 'old' mode (the demo's; set through PUT /api/status and restored after).
 * The administrator sends a two-page PDF to member1 (step 1) and a guest (step 2) with a box for each: page 1 for
 * member1, page 2 for the guest (what the create page saves). member1 previews the document with their box before
 * signing, finds Reject enabled at once on the signing page (only the sender's box is there), and signs from the
 * details page (the signature modal); the guest opens the e-mailed link, previews, and signs the same way. The sealed
 * PDF has each signature and each signer's name inside that signer's box, on the right page (pdftotext -bbox).
 * Then the sender opens the file from the library: the original (version 1, the bytes uploaded, no signature, no
 * name stamped on it), while the approval's Download gives the sealed copy (issue 25, item 4: signing once replaced
 * the library file with the stamped one).
 */
import { createHash } from 'node:crypto';
import { api, login, mailsTo, pdfFile, pdfSignature, pdfWords, waitFor, type ApiClient } from '@app/testing';
import type { Page } from 'puppeteer-core';
import { DEMO, DEMO_SETTINGS_WAIT_MS, GATEWAY, holdDemoSettings, openBrowser, orgUrl, signIn, successToast, dismissToasts, textOf, waitForPath, type Session, drawSignature } from './support';

declare const document: any;

const M1 = 'member1@demo.test';
const LOADED_WAIT_MS = 45_000;
const PART_MS = 360_000;
const GUEST = 'Olive Guest';
/** the boxes in points of the page (595 x 842, top-left origin) */
const BOX1 = { px: 60, py: 90, width: 180, height: 60 };
const BOX2 = { px: 320, py: 560, width: 180, height: 60 };

let admin: ApiClient;
let modeBefore: 'new' | 'old' = 'old';
let id = 0;
let pdf = 0;
let guestEmail = '';
let guestToken = '';
/** the file's name in the library (one per run: the demo library keeps the earlier runs' files) and its bytes */
const FILE = `resolution-${Date.now()}.pdf`;
let uploaded: Buffer;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function setMode(mode: 'new' | 'old'): Promise<void> {
  const r = await admin.put('/status', { approval_mode: mode });
  expect({ status: r.status, body: r.body }).toMatchObject({ status: 200 });
  await waitFor(`approval_mode ${mode}`, async () => {
    const res = await fetch(`${GATEWAY}/api/`, { headers: { 'x-org': DEMO.slug } });
    const body = (await res.json()) as { data?: { modules?: { approval_mode?: string } } };
    return body.data?.modules?.approval_mode === mode ? true : undefined;
  }, 30_000, 300);
}

/** the signing page shows the document with the caller's one box (data-box: px,py,width,height in points) on `pageNo` */
async function previewShowsBox(page: Page, pageNo: number, box: typeof BOX1) {
  await page.waitForSelector('[data-testid=placement-page][data-rendered="1"]', { visible: true });
  for (let p = 1; p < pageNo; p++) {
    await page.click('[data-testid=signing-next]');
  }
  await page.waitForFunction((n: number) => (document.querySelector('[data-testid=signing-page-of]')?.textContent ?? '').includes(`Page ${n} of 2`), {}, pageNo);
  await page.waitForSelector('[data-testid=placement-box-signature]', { visible: true });
  const boxes = await page.$$eval('[data-testid=placement-box-signature]', (n: any[]) => n.map((b) => b.getAttribute('data-box')));
  expect(boxes).toEqual([[box.px, box.py, box.width, box.height].map((v) => v.toFixed(1)).join(',')]);
}

describe('journey: approvals in old mode', () => {
  let s: Session;

  // approval_mode is the demo organization's: the other journey that changes it waits (holdDemoSettings)
  let releaseDemo: (() => void) | undefined;
  beforeAll(async () => {
    releaseDemo = await holdDemoSettings();
  }, DEMO_SETTINGS_WAIT_MS + 10_000);
  beforeAll(async () => {
    admin = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, DEMO.admin, DEMO.password) });
    const users = (await admin.get('/users/all')).body.data as { id: number; email: string }[];
    const m1 = users.find((u) => u.email === M1)!.id;
    modeBefore = (await admin.get('/status')).body.data?.approval_mode ?? 'old';
    await setMode('old');
    const title = `Boxed board resolution ${Date.now()}`;
    uploaded = await pdfFile(2, title);
    const up = await admin.upload('/library', {}, { file: { name: FILE, type: 'application/pdf', data: uploaded } });
    expect(up.status).toBe(200);
    pdf = up.body.data.id;
    guestEmail = `olive-${Date.now()}@guests.test`;
    const created = await admin.post('/approvals', { title, documents: [pdf], assignees: [{ user_id: m1, order: 1 }, { email: guestEmail, guest_name: GUEST, order: 2 }] });
    expect(created.status).toBe(200);
    id = created.body.data.id;
    const one = created.body.data.assignees.find((a: { user_id: number | null }) => a.user_id === m1).id;
    const guest = created.body.data.assignees.find((a: { guest: boolean }) => a.guest).id;
    // what the create page saves once the approval exists: the sender's boxes, page 1 for member1, page 2 for the guest
    const saved = await admin.post(`/documents/${id}`, { id, action: 'save', sign_data: [{ assignee_id: one, library_id: pdf, pageNum: 1, ...BOX1 }, { assignee_id: guest, library_id: pdf, pageNum: 2, ...BOX2 }] });
    expect(saved.status).toBe(200);
    s = await openBrowser('approval-old-mode');
    s.page.setDefaultTimeout(LOADED_WAIT_MS);
    s.page.setDefaultNavigationTimeout(90_000);
    await s.page.goto(orgUrl(DEMO.slug, '/auth/login'), { timeout: 90_000 });
  }, PART_MS);
  afterAll(async () => {
    await s?.close();
    if (admin) await setMode(modeBefore);
  }, PART_MS);
  // after the mode is restored (jest runs afterAll hooks in the order they are declared)
  afterAll(() => releaseDemo?.());

  it('member1 previews the document with their box, finds Reject enabled at once, and signs from the details page', async () => {
    const { page } = s;
    await s.step('member1-preview', async () => {
      await signIn(page, DEMO.slug, M1, DEMO.password);
      await page.goto(orgUrl(DEMO.slug, `/app/activity/approval/${id}`));
      await page.waitForSelector('[data-testid=approval-preview]', { visible: true });
      // the guest's turn has not come: "Waiting", not "Needs to sign"
      await page.waitForSelector('[data-testid=approval-order] [data-status=waiting]', { visible: true });
      await s.shot('member1-details');
      await page.click('[data-testid=approval-preview]');
      await waitForPath(page, `/app/activity/approval/${id}/sign`);
      await previewShowsBox(page, 1, BOX1);
      // only the sender's box is there: Reject is clickable from the start
      await page.waitForSelector('[data-testid=signing-reject]:not([disabled])', { visible: true });
      await s.shot('member1-preview');
      await page.click('[data-testid=signing-reject]');
      await page.waitForSelector('[data-testid=reject-reason]', { visible: true });
      await s.shot('member1-reject-open');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid=reject-reason]'));
      await page.click('[data-testid=signing-back]');
      await page.waitForSelector('[data-testid=approval-details]', { visible: true });
    });
    await s.step('member1-signs', async () => {
      // old mode: Sign opens the signature modal on the details page; the signing page stays reachable
      await page.waitForSelector('[data-testid=approval-sign-on-page]', { visible: true });
      await page.waitForSelector('[data-testid=approval-sign]:not([disabled])', { visible: true });
      await page.click('[data-testid=approval-sign]');
      await page.waitForSelector('[data-testid=signature-canvas]', { visible: true });
      await drawSignature(page);
      await page.waitForSelector('[data-testid=signature-submit]:not([disabled])');
      await page.click('[data-testid=signature-submit]');
      await successToast(page, 'Document signed successfully');
      await page.waitForSelector('[data-testid=approval-details][data-status="partly signed"]');
      // the guest's step is now current: nobody waits any more
      await page.waitForFunction(() => !document.querySelector('[data-testid=approval-order] [data-status=waiting]'));
      await s.shot('member1-signed');
    });
    await dismissToasts(page);
    await page.evaluate(() => document.defaultView.localStorage.clear());
  }, PART_MS);

  it('the guest opens the e-mailed link, previews the document with their box on page 2, and signs', async () => {
    const { page } = s;
    const mail = await waitFor('the guest e-mail', async () => (await mailsTo(guestEmail)).find((m) => m.subject.includes('Boxed board resolution')), 60_000, 500);
    guestToken = decodeURIComponent(new RegExp(`/approval/${id}\\?token=([A-Za-z0-9_.%-]+)`).exec(mail.text ?? mail.html ?? '')![1]);
    await s.step('guest-preview', async () => {
      await page.goto(orgUrl(DEMO.slug, `/approval/${id}?token=${encodeURIComponent(guestToken)}`));
      await page.waitForSelector('[data-testid=approval-preview]', { visible: true });
      await page.click('[data-testid=approval-preview]');
      await previewShowsBox(page, 2, BOX2);
      await page.waitForSelector('[data-testid=signing-reject]:not([disabled])', { visible: true });
      await s.shot('guest-preview');
      await page.click('[data-testid=signing-back]');
      await page.waitForSelector('[data-testid=approval-details]', { visible: true });
    });
    await s.step('guest-signs', async () => {
      await page.waitForSelector('[data-testid=approval-sign]:not([disabled])', { visible: true });
      await page.click('[data-testid=approval-sign]');
      await page.waitForSelector('[data-testid=signature-canvas]', { visible: true });
      await drawSignature(page);
      await page.waitForSelector('[data-testid=signature-submit]:not([disabled])');
      await page.click('[data-testid=signature-submit]');
      await successToast(page, 'Document signed successfully');
      await s.shot('guest-signed');
      // the guest signed last: their link's details end with the approval (docs/security.md, guest links), so the
      // sealing is awaited through the sender's session. The sender may download at any step, so the download's
      // 200 does not mean sealed: the details list a 'sealed' version once the signing job is done
      const adminToken = await login(GATEWAY, DEMO.slug, DEMO.admin, DEMO.password);
      const deadline = Date.now() + 90_000;
      for (;;) {
        const r = await fetch(`${GATEWAY}/api/approvals/${id}`, { headers: { 'x-org': DEMO.slug, token: adminToken } });
        const details = r.status === 200 ? ((await r.json()) as { data: { processing: unknown; versions: { library_id: number; action: string }[] } }).data : null;
        if (details && !details.processing && details.versions.some((v) => v.library_id === pdf && v.action === 'sealed')) break;
        if (Date.now() > deadline) throw new Error(`the PDF was not sealed within 90 s (last status ${r.status}, processing ${JSON.stringify(details?.processing)})`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    });
  }, PART_MS);

  it('the sealed PDF: each signature and each name inside its signer\'s box, on the right page; the library file untouched', async () => {
    const res = await fetch(`${GATEWAY}/api/approvals/${id}/signed/${pdf}`, { headers: { 'x-org': DEMO.slug, token: await login(GATEWAY, DEMO.slug, DEMO.admin, DEMO.password) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(FILE.replace(/\.pdf$/, '-signed.pdf'));
    const bytes = Buffer.from(await res.arrayBuffer());
    expect((await pdfSignature(bytes)).out).toMatch(/Signature Validation: Signature is Valid\./);
    const inside = (w: { xMin: number; yMin: number; xMax: number; yMax: number }, b: typeof BOX1) => w.xMin >= b.px && w.xMax <= b.px + b.width && w.yMin >= b.py && w.yMax <= b.py + b.height;
    const checks: [number, string[], typeof BOX1][] = [[1, ['Member', 'One'], BOX1], [2, ['Olive', 'Guest'], BOX2]];
    for (const [pageNo, parts, box] of checks) {
      const words = await pdfWords(bytes, pageNo);
      for (const part of parts) {
        const w = words.find((x) => x.text === part);
        expect({ pageNo, part, inside: !!w && inside(w, box) }).toEqual({ pageNo, part, inside: true });
      }
    }
    expect((await pdfWords(bytes, 1)).some((w) => w.text === 'Olive')).toBe(false);
    expect((await pdfWords(bytes, 2)).some((w) => w.text === 'Member')).toBe(false);
    expect((await admin.get(`/library/${pdf}`)).body.data.version).toBe(1);
  }, PART_MS);

  it('the sender opens the file from the library: the original, version 1; the approval offers the sealed copy', async () => {
    const { page } = s;
    await s.step('sender-library', async () => {
      await signIn(page, DEMO.slug, DEMO.admin, DEMO.password);
      await page.goto(orgUrl(DEMO.slug, '/app/activity/library'));
      const row = `[data-testid=library-row][data-name="${FILE}"]`;
      await page.waitForSelector(row, { visible: true });
      await page.click(`${row} [data-testid=library-details]`);
      await page.waitForSelector('[data-testid=details-version]', { visible: true });
      // signing made no version of the library file
      expect(await textOf(page, '[data-testid=details-version]')).toMatch(/^1 /);
      await s.shot('sender-library-details');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=details-version]', { hidden: true });
      const asked = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/library/fetch/${pdf}` && r.request().method() === 'GET');
      await page.click(`${row} [data-testid=library-open-file]`);
      await waitForPath(page, '/doc-view');
      const answer = await asked;
      expect(answer.status()).toBe(200);
      const fileUrl = ((await answer.json()) as { data: { file_url: string } }).data.file_url;
      await page.waitForFunction(() => {
        const n = document.querySelector('[data-testid=pdf-viewer]');
        return !!n && n.dataset.pages === '2' && n.dataset.rendered === '1';
      });
      await s.shot('sender-viewer-original');
      // the bytes the viewer shows, read from the page: those uploaded, unsigned, with no signer's name on either page
      const b64 = await page.evaluate(async (u: string) => {
        const bytes = new Uint8Array(await (await fetch(u)).arrayBuffer());
        let bin = '';
        for (const x of bytes) bin += String.fromCharCode(x);
        return document.defaultView.btoa(bin);
      }, fileUrl);
      const shown = Buffer.from(b64, 'base64');
      expect(sha(shown)).toBe(sha(uploaded));
      expect(shown.includes('/ByteRange')).toBe(false);
      for (const pageNo of [1, 2]) {
        const words = (await pdfWords(shown, pageNo)).map((w) => w.text);
        expect({ pageNo, names: words.filter((w) => ['Member', 'Olive', 'Guest'].includes(w)) }).toEqual({ pageNo, names: [] });
      }
    });
    await s.step('sender-approval-sealed', async () => {
      await page.goto(orgUrl(DEMO.slug, `/app/activity/approval/${id}`));
      await page.waitForSelector('[data-testid=approval-details][data-status="fully signed"]', { visible: true });
      await page.waitForSelector('[data-testid=approval-download]', { visible: true });
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/approvals/${id}/signed/${pdf}`);
      await page.click('[data-testid=approval-download]');
      const res = await answer;
      expect(res.status()).toBe(200);
      expect(res.headers()['content-disposition']).toContain(FILE.replace(/\.pdf$/, '-signed.pdf'));
      const got = await page.evaluate(async (p: string) => {
        const r = await fetch(p, { headers: { token: document.defaultView.localStorage.getItem('auth_token') } });
        const text = new TextDecoder('latin1').decode(new Uint8Array(await r.arrayBuffer()));
        return { status: r.status, sealed: text.includes('/ByteRange') };
      }, new URL(res.url()).pathname);
      expect(got).toEqual({ status: 200, sealed: true });
      await s.shot('sender-approval-sealed');
    });
  }, PART_MS);
});
