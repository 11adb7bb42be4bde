/**
 * Journey: approvals, in the organization's 'new' mode (boxes placed on the document; set through PUT /api/status
 * for this journey and restored after). The chair uploads a PDF in the create flow, adds member1 then member2 as
 * the signing order and drags a box for each onto the PDF's page, and sends it; member1 opens the signing page,
 * draws a signature, drags it onto the page and signs; member2 rejects with a reason. A second approval (sent
 * through the API, member1 signing through the API) is signed last by member2 on the signing page, ends fully
 * signed, and its sealed PDF downloads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, login, pdfFile, waitFor, type ApiClient } from '@app/testing';
import type { Page } from 'puppeteer-core';
import { chooseIn, clickReady, DEMO, DEMO_SETTINGS_WAIT_MS, GATEWAY, holdDemoSettings, openBrowser, orgUrl, settled, signIn, successToast, dismissToasts, waitForPath, waitForText, type Session, drawSignature } from './support';

declare const document: any;
declare const window: any;

const CHAIR = 'chair@demo.test';
const M1 = 'member1@demo.test';
const M2 = 'member2@demo.test';
const REASON = 'The figures on page 1 are wrong';
/** waits of this journey, and the time each part may take, on a loaded machine */
const LOADED_WAIT_MS = 45_000;
const PART_MS = 360_000;

let chair: ApiClient;
let admin: ApiClient;
let ids: Record<string, number> = {};
let modeBefore: 'new' | 'old' = 'old';
let dir: string;

async function createApproval(title: string): Promise<number> {
  const up = await chair.upload('/library', {}, { file: { name: `${title}.pdf`, type: 'application/pdf', data: await pdfFile(1, title) } });
  if (up.status !== 200) throw new Error(`library upload ${up.status}: ${JSON.stringify(up.body)}`);
  const r = await chair.post('/approvals', { title, documents: [up.body.data.id], assignees: [{ user_id: ids[M1], order: 1 }, { user_id: ids[M2], order: 2 }] });
  if (r.status !== 200) throw new Error(`POST /approvals ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.data.id as number;
}

/** the organization's approval_mode, once the host's organization (GET /api/, what the web reads) answers it */
async function setMode(mode: 'new' | 'old'): Promise<void> {
  const r = await admin.put('/status', { approval_mode: mode });
  expect({ status: r.status, body: r.body }).toMatchObject({ status: 200 });
  await waitFor(`approval_mode ${mode}`, async () => {
    const res = await fetch(`${GATEWAY}/api/`, { headers: { 'x-org': DEMO.slug } });
    const body = (await res.json()) as { data?: { modules?: { approval_mode?: string } } };
    return body.data?.modules?.approval_mode === mode ? true : undefined;
  }, 30_000, 300);
}

/**
 * The chair sends approvals: the seed gives the demo chair a role holding approvals_create. Should a database
 * made before that lack it, the administrator gives the chair a role with the chair's permissions and that one.
 */
async function chairMaySend(): Promise<void> {
  const slugsOf = async (c: ApiClient) => ((await c.get('/profile')).body.data.permissions as { slug: string }[]).map((p) => p.slug);
  chair = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, CHAIR, DEMO.password) });
  const held = await slugsOf(chair);
  if (held.includes('approvals_create')) return;
  const role = await admin.post('/roles', { name: `Approval senders ${Date.now()}`, users: [ids[CHAIR]], permissions: [...held, 'approvals_create'] });
  expect({ status: role.status, body: role.body }).toMatchObject({ status: 200 });
  // the rights travel with the session: sign in again until the new role shows
  await waitFor('the chair holds approvals_create', async () => {
    chair = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, CHAIR, DEMO.password) });
    return (await slugsOf(chair)).includes('approvals_create') ? true : undefined;
  }, 60_000, 1000);
}

/** the element the pointer would hit at (x, y) is `selector` or inside it (nothing sticky or floating covers it) */
async function hits(page: Page, selector: string, x: number, y: number): Promise<boolean> {
  return page.evaluate(
    (sel: string, px: number, py: number) => {
      const target = document.querySelector(sel);
      const at = document.elementFromPoint(px, py);
      return !!target && !!at && (target === at || target.contains(at));
    },
    selector,
    x,
    y,
  );
}

/**
 * Drag with the mouse from the middle of `from` to (dx, dy) from the top-left corner of `to`. The window scrolls
 * first so that `from` sits 260 px below the top (clear of the sticky app header and toolbars) and the drop point
 * is inside the window; both points are checked with elementFromPoint before the button goes down, so a drag never
 * starts on a header lying over the chip.
 */
async function dragTo(page: Page, from: string, to: string, dx: number, dy: number): Promise<void> {
  await settled(page);
  await page.waitForSelector(from, { visible: true });
  await page.waitForSelector(to, { visible: true });
  await page.evaluate((sel: string) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    window.scrollBy(0, r.top - 260);
  }, from);
  // two frames: the scroll has been laid out and painted
  await page.evaluate(() => new Promise((done) => window.requestAnimationFrame(() => window.requestAnimationFrame(done))));
  const a = (await (await page.$(from))!.boundingBox())!;
  const b = (await (await page.$(to))!.boundingBox())!;
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: b.x + dx, y: b.y + dy };
  if (end.y > 860 - 10) throw new Error(`the drop point (${end.x}, ${end.y}) is below the window`);
  if (!(await hits(page, from, start.x, start.y))) throw new Error(`${from} is covered at (${start.x}, ${start.y})`);
  if (!(await hits(page, to, end.x, end.y))) throw new Error(`${to} is covered at (${end.x}, ${end.y})`);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 15 });
  await page.mouse.up();
}

/** the signature boxes on the page of the placement step or the signing page */
const countBoxes = (page: Page, scope: string) => page.$$eval(`${scope} [data-testid=placement-box-signature]`, (n: any[]) => n.length);

async function signOut(page: Page) {
  await page.evaluate(() => document.defaultView.localStorage.clear());
}

describe('journey: approvals', () => {
  let s: Session;
  let first: number;
  let second: number;

  // approval_mode is the demo organization's: the other journey that changes it waits (holdDemoSettings)
  let releaseDemo: (() => void) | undefined;
  beforeAll(async () => {
    releaseDemo = await holdDemoSettings();
  }, DEMO_SETTINGS_WAIT_MS + 10_000);
  beforeAll(async () => {
    admin = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, DEMO.admin, DEMO.password) });
    const users = (await admin.get('/users/all')).body.data as { id: number; email: string }[];
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    await chairMaySend();
    modeBefore = (await admin.get('/status')).body.data?.approval_mode ?? 'old';
    await setMode('new');
    second = await createApproval(`Journey lease ${Date.now()}`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'approval-journey-'));
    s = await openBrowser('approval');
    // the machine that runs the journeys may be shared and loaded (several test systems at once): this journey's
    // waits are longer than the default ones (a step still fails when its element never comes)
    s.page.setDefaultTimeout(LOADED_WAIT_MS);
    s.page.setDefaultNavigationTimeout(90_000);
    // a cold Chromium on a loaded machine can take longer than a step's wait for its first page: load it once here
    await s.page.goto(orgUrl(DEMO.slug, '/auth/login'), { timeout: 90_000 });
  }, PART_MS);
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (admin) await setMode(modeBefore);
  }, PART_MS);
  // after the mode is restored (jest runs afterAll hooks in the order they are declared)
  afterAll(() => releaseDemo?.());

  it('the chair uploads a PDF in the create flow, orders two signers, drags a box for each onto its page and sends it', async () => {
    const { page } = s;
    const title = `Journey contract ${Date.now()}`;
    const file = path.join(dir, `${title}.pdf`);
    fs.writeFileSync(file, await pdfFile(1, title));
    await s.step('chair-create', async () => {
      await signIn(page, DEMO.slug, CHAIR, DEMO.password);
      await page.goto(orgUrl(DEMO.slug, '/app/activity/approvals'));
      // the chair holds approvals_create: the list offers the create flow
      await page.waitForSelector('[data-testid=approvals-new]', { visible: true });
      await page.click('[data-testid=approvals-new]');
      await waitForPath(page, '/app/activity/approvals-uploadfile');
      await page.waitForSelector('[data-testid=approval-title]', { visible: true });
      await page.type('[data-testid=approval-title]', title);
      await s.shot('chair-create');
    });
    await s.step('chair-uploads', async () => {
      await page.click('[data-testid=approval-choose-documents]');
      await page.waitForSelector('[data-testid=picker-tab-upload]', { visible: true });
      await settled(page);
      await page.click('[data-testid=picker-tab-upload]');
      const input = await page.waitForSelector('[data-testid=picker-upload-input]');
      await (input as any).uploadFile(file);
      await page.waitForSelector(`[data-testid=upload-item][data-status=success][data-name="${title}.pdf"]`, { visible: true, timeout: 90_000 });
      // a file uploaded in the picker is ticked at once
      await waitForText(page, '[data-testid=picker-count]', '1 file chosen');
      await s.shot('chair-uploaded');
      await page.click('[data-testid=picker-done]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=library-picker]'));
      await waitForText(page, '[data-testid=approval-create-documents]', title);
      await dismissToasts(page);
    });
    await s.step('chair-signers', async () => {
      // the signing order: member1 first, member2 second
      for (const [i, name] of ['Member One', 'Member Two'].entries()) {
        await clickReady(page, '[data-testid=approval-add-member]');
        // the new step's field comes after the click (the one before it is not it), its people perhaps still loading
        await chooseIn(page, 'approval-step-member', name, { nth: i });
      }
      const orders = await page.$$eval('[data-testid=approval-step] .p-inputnumber input', (n: any[]) => n.map((i) => i.value));
      expect(orders).toEqual(['1', '2']);
      await s.shot('chair-signers');
    });
    await s.step('chair-places', async () => {
      const stage = '[data-testid=placement-step] [data-testid=placement-page]';
      await page.waitForSelector(`${stage}[data-rendered="1"]`, { visible: true });
      // Send with no box placed is refused on the page, naming who has none (every signer signs every document)
      await page.click('[data-testid=approval-send]');
      await waitForText(page, '[data-testid=placement-error]', 'Place a signature box for Member One, Member Two.');
      await waitForPath(page, '/app/activity/approvals-uploadfile');
      // Member One (the signer chosen first) near the top of the page, Member Two lower down
      await dragTo(page, '[data-testid=placement-chip-signature]', stage, 200, 120);
      await page.waitForFunction((sc: string) => document.querySelectorAll(`${sc} [data-testid=placement-box-signature]`).length === 1, {}, stage);
      // the error goes once a box is placed (no stale error)
      expect(await page.$('[data-testid=placement-error]')).toBeNull();
      await chooseIn(page, 'placement-signer', 'Member Two');
      await dragTo(page, '[data-testid=placement-chip-signature]', stage, 360, 330);
      await page.waitForFunction((sc: string) => document.querySelectorAll(`${sc} [data-testid=placement-box-signature]`).length === 2, {}, stage);
      const labels = await page.$$eval(`${stage} [data-testid=placement-box-signature]`, (n: any[]) => n.map((b) => b.getAttribute('aria-label')));
      expect(labels).toEqual(['Member One', 'Member Two']);
      await s.shot('chair-placed');
    });
    await s.step('chair-sends', async () => {
      await page.click('[data-testid=approval-send]');
      await successToast(page, 'approvals added');
      await page.waitForSelector('[data-testid=approval-details]', { visible: true });
      await s.shot('chair-sent');
    });
    first = Number(/\/approval\/(\d+)/.exec(page.url())![1]);
    // the approval as sent: the uploaded PDF, member1 then member2, each with their own box in the page's points
    const details = (await chair.get(`/approvals/${first}`)).body.data;
    expect(details.title).toBe(title);
    expect(details.assignees.map((a: { user_id: number; order: number }) => [a.user_id, a.order])).toEqual([[ids[M1], 1], [ids[M2], 2]]);
    const placed = (await chair.get(`/documents/${first}`)).body.payload;
    expect(placed.documents.map((d: { name: string }) => d.name)).toEqual([expect.stringContaining(title)]);
    expect(placed.placements).toHaveLength(2);
    expect(new Set(placed.placements.map((p: { assignee_id: number }) => p.assignee_id)).size).toBe(2);
    await dismissToasts(page);
    await signOut(page);
  }, PART_MS);

  it('member1 draws a signature on the signing page, drags it onto the page and signs the first step', async () => {
    const { page } = s;
    const stage = '[data-testid=placement-page]';
    await s.step('member1-list', async () => {
      await signIn(page, DEMO.slug, M1, DEMO.password);
      await page.goto(orgUrl(DEMO.slug, '/app/activity/approvals'));
      await page.waitForSelector('[data-testid=approval-row]', { visible: true });
      await s.shot('member1-list');
    });
    await s.step('member1-details', async () => {
      await page.goto(orgUrl(DEMO.slug, `/app/activity/approval/${first}`));
      await page.waitForSelector('[data-testid=approval-sign]:not([disabled])', { visible: true });
      await s.shot('member1-details');
    });
    await s.step('member1-signing-page', async () => {
      // mode 'new': Sign opens the signing page, with the way back to the approval
      await page.click('[data-testid=approval-sign]');
      await waitForPath(page, `/app/activity/approval/${first}/sign`);
      await page.waitForSelector(`${stage}[data-rendered="1"]`, { visible: true });
      // the box the chair placed for member1 is there (and only that one)
      await page.waitForSelector('[data-testid=placement-box-signature]', { visible: true });
      expect(await countBoxes(page, stage)).toBe(1);
      await waitForText(page, '[data-testid=signing-page-of]', 'Page 1 of 1');
      // only the sender's box is on the page: Reject is clickable from the start (issue 25, item 10)
      await page.waitForSelector('[data-testid=signing-reject]:not([disabled])', { visible: true });
      await s.shot('member1-signing-page');
    });
    await s.step('member1-draws', async () => {
      await page.click('[data-testid=signing-sign]');
      await page.waitForSelector('[data-testid="pen-#2293FB"]', { visible: true });
      await page.click('[data-testid="pen-#2293FB"]');
      await drawSignature(page);
      await page.waitForSelector('[data-testid=signature-submit]:not([disabled])');
      await s.shot('member1-drawn');
      await page.click('[data-testid=signature-submit]');
      await page.waitForFunction(() => !document.querySelector('[data-testid=signature-dialog]'));
      // the drawn signature shows in the chair's box
      await page.waitForSelector('[data-testid=placement-box-signature] img', { visible: true });
    });
    await s.step('member1-places', async () => {
      // the signature dragged from the palette onto the page: a second box there, with the drawing in it
      await dragTo(page, '[data-testid=placement-chip-signature]', stage, 300, 420);
      await page.waitForFunction((sc: string) => document.querySelectorAll(`${sc} [data-testid=placement-box-signature]`).length === 2, {}, stage);
      const dropped = `${stage} [data-testid=placement-box-signature][data-key^=b]`;
      await page.waitForSelector(`${dropped} img`, { visible: true });
      // and moved by dragging it: it follows the mouse
      const before = await page.$eval(dropped, (n: any) => n.getAttribute('data-box'));
      const at = (await (await page.$(dropped))!.boundingBox())!;
      const pageBox = (await (await page.$(stage))!.boundingBox())!;
      await dragTo(page, dropped, stage, at.x - pageBox.x + at.width / 2 - 120, at.y - pageBox.y + at.height / 2 + 60);
      await page.waitForFunction((sel: string, b: string) => document.querySelector(sel)?.getAttribute('data-box') !== b, {}, dropped, before);
      const after = (await page.$eval(dropped, (n: any) => n.getAttribute('data-box'))).split(',').map(Number);
      const was = before.split(',').map(Number);
      expect(after[0]).toBeLessThan(was[0]);
      expect(after[1]).toBeGreaterThan(was[1]);
      await s.shot('member1-placed');
      await page.waitForSelector('[data-testid=signing-page][data-ready=true]');
      await page.click('[data-testid=signing-save]');
      await successToast(page, 'Document signed successfully');
      // returnUrl: back to the approval
      await page.waitForSelector('[data-testid=approval-details][data-status="partly signed"]');
      await s.shot('member1-signed');
    });
    await dismissToasts(page);
    await signOut(page);
  }, PART_MS);

  it('member2 rejects with a reason; submit waits for the reason', async () => {
    const { page } = s;
    await s.step('member2-reject', async () => {
      await signIn(page, DEMO.slug, M2, DEMO.password);
      await page.goto(orgUrl(DEMO.slug, `/app/activity/approval/${first}`));
      await page.waitForSelector('[data-testid=approval-reject]', { visible: true });
      await page.click('[data-testid=approval-reject]');
      await page.waitForSelector('[data-testid=reject-submit][disabled]');
      await page.type('[data-testid=reject-reason]', REASON);
      await page.waitForSelector('[data-testid=reject-submit]:not([disabled])');
      await s.shot('member2-reason');
      await page.click('[data-testid=reject-submit]');
      await successToast(page, 'Approval rejected');
      await page.waitForSelector('[data-testid=approval-details][data-status="rejected"]');
      await waitForText(page, '[data-testid=approval-details]', REASON);
      await s.shot('member2-rejected');
    });
    await dismissToasts(page);
  }, PART_MS);

  it('a second approval completes and its sealed PDF downloads', async () => {
    const { page } = s;
    // member1 signs the second approval through the API (the drawing is shown above)
    const m1 = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, M1, DEMO.password) });
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    expect((await m1.post(`/approvals/${second}/approve`, { file: `data:image/png;base64,${png}` })).status).toBe(200);
    await s.step('member2-signs-last', async () => {
      await page.goto(orgUrl(DEMO.slug, `/app/activity/approval/${second}`));
      await page.waitForSelector('[data-testid=approval-sign]:not([disabled])', { visible: true });
      await page.click('[data-testid=approval-sign]');
      await waitForPath(page, `/app/activity/approval/${second}/sign`);
      await page.waitForSelector('[data-testid=placement-page][data-rendered="1"]', { visible: true });
      await page.click('[data-testid=signing-sign]');
      await page.waitForSelector('[data-testid="pen-#4636E3"]', { visible: true });
      await page.click('[data-testid="pen-#4636E3"]');
      await drawSignature(page);
      await page.waitForSelector('[data-testid=signature-submit]:not([disabled])');
      await page.click('[data-testid=signature-submit]');
      // no box was placed for member2: Sign puts the signature at the default place
      await page.waitForSelector('[data-testid=placement-box-signature] img', { visible: true });
      await page.waitForSelector('[data-testid=signing-page][data-ready=true]');
      // the dialog fades out over the toolbar: a click before it is gone lands on the dialog, not on Save
      await page.waitForFunction(() => !document.querySelector('[data-testid=signature-dialog]'));
      await page.click('[data-testid=signing-save]');
      await successToast(page, 'Document signed successfully');
      await page.waitForSelector('[data-testid=approval-details][data-status="fully signed"]');
      // the stamps, the audit page and the seal are a job: the details ask again until the signed version exists
      // (until then the download answers 409)
      await page.waitForFunction(() => !document.querySelector('[data-testid=approval-processing]'), { timeout: 90_000 });
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
      const where = new URL(res.url()).pathname;
      const got = await page.evaluate(async (p: string) => {
        const r = await fetch(p, { headers: { token: document.defaultView.localStorage.getItem('auth_token') } });
        const text = new TextDecoder('latin1').decode(new Uint8Array(await r.arrayBuffer()));
        return { status: r.status, head: text.slice(0, 5), sealed: text.includes('/ByteRange') && text.includes('ETSI.CAdES.detached') };
      }, where);
      expect(got).toEqual(expect.objectContaining({ status: 200, head: '%PDF-', sealed: true }));
      await s.shot('downloaded');
    });
  }, PART_MS);
});
