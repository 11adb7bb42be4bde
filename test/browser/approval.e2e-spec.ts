/**
 * Journey: approvals. The chair sends a PDF to two signers; member1 draws a signature on the details page and
 * signs; member2 rejects with a reason. A second approval, signed by both, ends fully signed, and its sealed PDF
 * downloads. (The approvals are created through the API: the create page's own test covers its form.)
 */
import { api, login, pdfFile, waitFor, type ApiClient } from '@app/testing';
import type { Page } from 'puppeteer-core';
import { DEMO, GATEWAY, openBrowser, orgUrl, settled, signIn, successToast, dismissToasts, waitForText, type Session } from './support';

declare const document: any;

const CHAIR = 'chair@demo.test';
const M1 = 'member1@demo.test';
const M2 = 'member2@demo.test';

let chair: ApiClient;
let ids: Record<string, number> = {};

async function createApproval(title: string): Promise<number> {
  const up = await chair.upload('/library', {}, { file: { name: `${title}.pdf`, type: 'application/pdf', data: await pdfFile(1, title) } });
  expect({ status: up.status, body: up.body }).toMatchObject({ status: 200 }); // the body tells why when it is not
  const r = await chair.post('/approvals', { title, documents: [up.body.data.id], assignees: [{ user_id: ids[M1], order: 1 }, { user_id: ids[M2], order: 2 }] });
  expect({ status: r.status, body: r.body }).toMatchObject({ status: 200 });
  return r.body.data.id as number;
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

async function signOut(page: Page) {
  await page.evaluate(() => document.defaultView.localStorage.clear());
}

describe('journey: approvals', () => {
  let s: Session;
  let first: number;
  let second: number;

  beforeAll(async () => {
    // sending approvals needs approvals_create: the administrator gives the chair a role that holds it, and the chair
    // signs in after (the rights travel with the session)
    const admin = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, 'admin@demo.test', DEMO.password) });
    const users = (await admin.get('/users/all')).body.data as { id: number; email: string }[];
    ids = Object.fromEntries(users.map((u) => [u.email, u.id]));
    const role = await admin.post('/roles', { name: `Approval senders ${Date.now()}`, users: [ids[CHAIR]], permissions: ['approvals_create'] });
    expect({ status: role.status, body: role.body }).toMatchObject({ status: 200 });
    // (a refusal writes nothing, so asking again until the new role applies is safe)
    first = await waitFor('the chair may send approvals', async () => {
      chair = api(GATEWAY, { org: DEMO.slug, token: await login(GATEWAY, DEMO.slug, CHAIR, DEMO.password) });
      return createApproval(`Journey contract ${Date.now()}`).catch(() => null);
    }, 60_000, 1000);
    second = await createApproval(`Journey lease ${Date.now()}`);
    s = await openBrowser('approval');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('member1 draws a signature and signs the first step', async () => {
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
    await s.step('member1-draws', async () => {
      await page.click('[data-testid=approval-sign]');
      await page.waitForSelector('[data-testid="pen-#2293FB"]', { visible: true });
      await page.click('[data-testid="pen-#2293FB"]');
      await draw(page);
      await page.waitForSelector('[data-testid=signature-submit]:not([disabled])');
      await s.shot('member1-drawn');
      await page.click('[data-testid=signature-submit]');
      await successToast(page, 'Document signed successfully');
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
