/**
 * Journey: approvals. The organization signs in the 'new' mode (placement on the document): the chair uploads a
 * PDF, picks it in the create flow and drags a box for each of two signers onto its page; member1 opens the signing
 * page, draws a signature, drags its box to where it belongs and signs; member2 rejects with a reason. Then, in the
 * 'old' mode, a second approval (created through the API) is signed by both from the details page and its sealed
 * PDF downloads.
 */
import { api, login, pdfFile, waitFor, type ApiClient } from '@app/testing';
import type { Page } from 'puppeteer-core';
import { DEMO, GATEWAY, openBrowser, orgUrl, settled, signIn, successToast, dismissToasts, waitForText, type Session } from './support';

declare const document: any;

const CHAIR = 'chair@demo.test';
const M1 = 'member1@demo.test';
const M2 = 'member2@demo.test';

let chair: ApiClient;
let admin: ApiClient;
let ids: Record<string, number> = {};
let modeBefore: 'new' | 'old' = 'old';

async function uploadPdf(title: string): Promise<number> {
  const up = await chair.upload('/library', {}, { file: { name: `${title}.pdf`, type: 'application/pdf', data: await pdfFile(1, title) } });
  expect({ status: up.status, body: up.body }).toMatchObject({ status: 200 }); // the body tells why when it is not
  return up.body.data.id as number;
}

async function createApproval(title: string): Promise<number> {
  const r = await chair.post('/approvals', { title, documents: [await uploadPdf(title)], assignees: [{ user_id: ids[M1], order: 1 }, { user_id: ids[M2], order: 2 }] });
  expect({ status: r.status, body: r.body }).toMatchObject({ status: 200 });
  return r.body.data.id as number;
}

/** the organization's approval_mode, and wait until the host's organization answers it (the gateway caches it) */
async function setMode(mode: 'new' | 'old'): Promise<void> {
  const r = await admin.put('/status', { approval_mode: mode });
  expect({ status: r.status, body: r.body }).toMatchObject({ status: 200 });
  await waitFor(`approval_mode ${mode}`, async () => {
    const res = await fetch(`${GATEWAY}/api/`, { headers: { 'x-org': DEMO.slug } });
    const body = (await res.json()) as { data?: { modules?: { approval_mode?: string } } };
    return body.data?.modules?.approval_mode === mode ? true : undefined;
  }, 30_000, 300);
}

/** draw a stroke on the signature canvas with the mouse */
async function draw(page: Page) {
  // the signature dialog grows in: measure the canvas once it stands still, or the stroke lands beside it
  await settled(page);
  const canvas = await page.waitForSelector('[data-testid=signature-canvas]', { visible: true });
  const box = (await canvas!.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 2 });
  await page.mouse.up();
}

/** drag with the mouse from the middle of `from` to (dx, dy) from the top-left corner of `to` */
async function dragTo(page: Page, from: string, to: string, dx: number, dy: number) {
  await settled(page);
  const a = (await (await page.waitForSelector(from, { visible: true }))!.boundingBox())!;
  const b = (await (await page.waitForSelector(to, { visible: true }))!.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + dx, b.y + dy, { steps: 15 });
  await page.mouse.up();
}

/** click the option of an open PrimeReact Dropdown by its label */
async function pickOption(page: Page, label: string): Promise<void> {
  const li = await page.waitForFunction(
    (l: string) => [...document.querySelectorAll('.p-dropdown-panel li')].find((n: any) => (n.textContent ?? '').trim() === l) ?? null,
    {},
    label,
  );
  await settled(page);
  await (li.asElement() as any).evaluate((n: any) => n.click());
  await page.waitForFunction(() => !document.querySelector('.p-dropdown-panel'));
}

async function signOut(page: Page) {
  await page.evaluate(() => document.defaultView.localStorage.clear());
}

describe('journey: approvals', () => {
  let s: Session;
  let first: number;
  let second: number;

  beforeAll(async () => {
    chair = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, CHAIR, DEMO.password) });
    admin = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, DEMO.admin, DEMO.password) });
    const users = (await chair.get('/users/all')).body.data as { id: number; email: string }[];
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    modeBefore = (await admin.get('/status')).body.data?.approval_mode ?? 'old';
    second = await createApproval(`Journey lease ${Date.now()}`);
    await setMode('new');
    s = await openBrowser('approval');
    // a cold Chromium on a loaded machine can take longer than a step's wait for its first page: load it once here
    await s.page.goto(orgUrl(DEMO.slug, '/auth/login'), { timeout: 90_000 });
  });
  afterAll(async () => {
    await s?.close();
    await setMode(modeBefore);
  });

  it('the chair uploads a PDF and drags a box for each of two signers onto its page', async () => {
    const { page } = s;
    const title = `Journey contract ${Date.now()}`;
    const pdf = await uploadPdf(title);
    await s.step('chair-create', async () => {
      await signIn(page, DEMO.slug, CHAIR, DEMO.password);
      await page.goto(orgUrl(DEMO.slug, '/app/activity/approvals-uploadfile'));
      await page.waitForSelector('[data-testid=approval-title]', { visible: true });
      await page.type('[data-testid=approval-title]', title);
      await page.click('[data-testid=approval-choose-documents]');
      await page.waitForSelector('[data-testid=picker-search]', { visible: true });
      await page.type('[data-testid=picker-search] input, input[data-testid=picker-search]', title);
      await page.waitForSelector(`[data-testid=pick-${pdf}]`, { visible: true });
      await page.click(`[data-testid=pick-${pdf}]`);
      await page.click('[data-testid=picker-done]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=library-picker]'));
      for (const name of ['Member One', 'Member Two']) {
        await page.click('[data-testid=approval-add-member]');
        const fields = await page.$$('[data-testid=approval-step-member]');
        await fields[fields.length - 1].click();
        await pickOption(page, name);
      }
      await s.shot('chair-signers');
    });
    await s.step('chair-places', async () => {
      await page.waitForSelector('[data-testid=placement-step] [data-testid=placement-page][data-rendered="1"]', { visible: true });
      // the chip in the middle of the window: at the top it sits under the fixed app header
      await page.$eval('[data-testid=placement-chip-signature]', (n: any) => n.scrollIntoView({ block: 'center' }));
      // Member One's box near the top of the page, Member Two's lower down
      await dragTo(page, '[data-testid=placement-chip-signature]', '[data-testid=placement-step] [data-testid=placement-page]', 200, 120);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=placement-step] [data-testid=placement-box-signature]').length === 1);
      await page.click('[data-testid=placement-signer]');
      await pickOption(page, 'Member Two');
      await dragTo(page, '[data-testid=placement-chip-signature]', '[data-testid=placement-step] [data-testid=placement-page]', 360, 300);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=placement-step] [data-testid=placement-box-signature]').length === 2);
      await s.shot('chair-placed');
      await page.click('[data-testid=approval-send]');
      await successToast(page, 'approvals added');
      await page.waitForSelector('[data-testid=approval-details]', { visible: true });
    });
    first = Number(/\/approval\/(\d+)/.exec(page.url())![1]);
    // each signer has their box, saved in the page's points
    const placed = (await chair.get(`/documents/${first}`)).body.payload;
    expect(placed.placements).toHaveLength(2);
    expect(new Set(placed.placements.map((p: { assignee_id: number }) => p.assignee_id)).size).toBe(2);
    await dismissToasts(page);
    await signOut(page);
  });

  it('member1 draws a signature, drags its box into place on the signing page and signs the first step', async () => {
    const { page } = s;
    await s.step('member1-list', async () => {
      await signIn(page, DEMO.slug, M1, DEMO.password);
      await page.goto(orgUrl(DEMO.slug, '/app/activity/approvals'));
      await page.waitForSelector('[data-testid=approval-row]', { visible: true });
      await s.shot('member1-list');
    });
    await s.step('member1-details', async () => {
      await page.goto(orgUrl(DEMO.slug, `/app/activity/approval/${first}`));
      await page.waitForSelector('[data-testid=approval-sign]', { visible: true });
      await s.shot('member1-details');
    });
    await s.step('member1-signing-page', async () => {
      await page.click('[data-testid=approval-sign]');
      await page.waitForSelector('[data-testid=placement-page][data-rendered="1"]', { visible: true });
      // the box the chair placed for member1 is there
      await page.waitForSelector('[data-testid=placement-box-signature]', { visible: true });
      await waitForText(page, '[data-testid=signing-page-of]', 'Page 1 of 1');
      await s.shot('member1-signing-page');
    });
    await s.step('member1-draws', async () => {
      await page.click('[data-testid=signing-sign]');
      await page.waitForSelector('[data-testid="pen-#2293FB"]', { visible: true });
      await page.click('[data-testid="pen-#2293FB"]');
      await draw(page);
      await page.waitForSelector('[data-testid=signature-submit]:not([disabled])');
      await s.shot('member1-drawn');
      await page.click('[data-testid=signature-submit]');
      await page.waitForSelector('[data-testid=placement-box-signature] img', { visible: true });
      await page.waitForFunction(() => !document.querySelector('[data-testid=signature-dialog]'));
    });
    await s.step('member1-places', async () => {
      const before = await page.$eval('[data-testid=placement-box-signature]', (n: any) => n.getAttribute('data-box'));
      // the box in the middle of the window (clear of the sticky header), then dragged lower on the page
      await page.$eval('[data-testid=placement-box-signature]', (n: any) => n.scrollIntoView({ block: 'center' }));
      const top = await page.$eval('[data-testid=placement-box-signature]', (n: any) => n.getBoundingClientRect().top);
      const pageTop = await page.$eval('[data-testid=placement-page]', (n: any) => n.getBoundingClientRect().top);
      await dragTo(page, '[data-testid=placement-box-signature]', '[data-testid=placement-page]', 140, Math.min(top - pageTop + 220, 760));
      await page.waitForFunction((b: string) => document.querySelector('[data-testid=placement-box-signature]')?.getAttribute('data-box') !== b, {}, before);
      await s.shot('member1-placed');
      await page.waitForSelector('[data-testid=signing-save]:not([disabled])');
      await page.click('[data-testid=signing-save]');
      await successToast(page, 'Document signed successfully');
      // returnUrl: back to the approval
      await page.waitForSelector('[data-testid=approval-details][data-status="partly signed"]');
      await s.shot('member1-signed');
    });
    await dismissToasts(page);
    await signOut(page);
  });

  it('member2 rejects with a reason; submit waits for the reason', async () => {
    const { page } = s;
    await s.step('member2-reject', async () => {
      await signIn(page, DEMO.slug, M2, DEMO.password);
      await page.goto(orgUrl(DEMO.slug, `/app/activity/approval/${first}`));
      await page.waitForSelector('[data-testid=approval-reject]', { visible: true });
      await page.click('[data-testid=approval-reject]');
      await page.waitForSelector('[data-testid=reject-submit][disabled]');
      await page.type('[data-testid=reject-reason]', 'The figures on page 1 are wrong');
      await page.waitForSelector('[data-testid=reject-submit]:not([disabled])');
      await s.shot('member2-reason');
      await page.click('[data-testid=reject-submit]');
      await successToast(page, 'Approval rejected');
      await page.waitForSelector('[data-testid=approval-details][data-status="rejected"]');
      await waitForText(page, '[data-testid=approval-details]', 'The figures on page 1 are wrong');
      await s.shot('member2-rejected');
    });
    await dismissToasts(page);
  });

  it('a second approval completes and its sealed PDF downloads', async () => {
    const { page } = s;
    // the 'old' mode: a saved or drawn signature is given on the details page, no placement
    await setMode('old');
    // member1 signs the second approval through the API (the drawing is shown above)
    const m1 = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, M1, DEMO.password) });
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    expect((await m1.post(`/approvals/${second}/approve`, { file: `data:image/png;base64,${png}` })).status).toBe(200);
    await s.step('member2-signs-last', async () => {
      await page.goto(orgUrl(DEMO.slug, `/app/activity/approval/${second}`));
      await page.waitForSelector('[data-testid=approval-sign]', { visible: true });
      await page.click('[data-testid=approval-sign]');
      await page.waitForSelector('[data-testid="pen-#4636E3"]', { visible: true });
      await page.click('[data-testid="pen-#4636E3"]');
      await draw(page);
      await page.waitForSelector('[data-testid=signature-submit]:not([disabled])');
      await page.click('[data-testid=signature-submit]');
      await successToast(page, 'Document signed successfully');
      await page.waitForSelector('[data-testid=approval-details][data-status="fully signed"]');
      await page.waitForSelector('[data-testid=approval-download]', { visible: true });
      await s.shot('completed');
    });
    await s.step('download', async () => {
      // the page fetches the bytes with the session header; watch that answer
      const answer = page.waitForResponse((r) => r.url().includes(`/api/approvals/${second}/signed/`));
      await page.click('[data-testid=approval-download]');
      const res = await answer;
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
      // the same call from the page, to read the bytes (the devtools protocol does not keep a downloaded body)
      const path = new URL(res.url()).pathname;
      const got = await page.evaluate(async (p: string) => {
        const r = await fetch(p, { headers: { token: document.defaultView.localStorage.getItem('auth_token') } });
        const text = new TextDecoder('latin1').decode(new Uint8Array(await r.arrayBuffer()));
        return { status: r.status, head: text.slice(0, 5), sealed: text.includes('/ByteRange') && text.includes('ETSI.CAdES.detached') };
      }, path);
      expect(got).toEqual(expect.objectContaining({ status: 200, head: '%PDF-', sealed: true }));
      await s.shot('downloaded');
    });
  });
});
