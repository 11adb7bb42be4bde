/**
 * Journey: shared annotations and "what changed" in two browsers at once (issue 29, docs/annotations.md). Member
 * One uploads a three-page PDF and shares it with Member Two; both open it in the viewer with the annotations panel
 * open. Member One shares a highlight with the committee: Member Two's open viewer lists it within 2 s (the live
 * channel). Member One adds a private note: it is never in Member Two's panel, nor in Member Two's answer of
 * GET /api/library/{id}/annotations, nor on Member Two's live channel (which did hear the shared highlight). axe in
 * English and Arabic with the panel open. Then Member One uploads a new version that changes page 3 only: Member
 * Two, who read version 1, sees page 3 as changed and pages 1–2 not listed as changed.
 */
import type { Page } from 'puppeteer-core';
import { randomBytes } from 'node:crypto';
import { api, login, openLiveChannel, pdfWithPages, waitFor, type ApiClient, type LiveChannel } from '@app/testing';
import { a11y, DEMO, GATEWAY, openBrowser, orgUrl, signIn, switchLanguage, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;

jest.setTimeout(240_000);

const M1 = 'member1@demo.test';
const M2 = 'member2@demo.test';
const tag = randomBytes(4).toString('hex');
const NAME = `Board pack ${tag}.pdf`;
const P1 = ['Board pack', 'Annual report of the board for the year.'];
const P2 = ['Budget', 'The committee reviewed the budget in detail.'];
const P3 = ['Reserve', 'The reserve is ten percent of the budget.'];
const P3b = ['Reserve', 'The reserve is twelve percent of the budget.'];
const PRIVATE_TEXT = `Only for me ${tag}`;

async function waitViewer(page: Page, want: Partial<{ page: number; pages: number; rendered: number }>) {
  await page.waitForFunction((w: Record<string, number>) => {
    const n = document.querySelector('[data-testid=pdf-viewer]');
    return !!n && Object.entries(w).every(([k, v]) => Number(n.dataset[k]) === v);
  }, {}, want);
}

/** open the file in the viewer with the annotations panel open */
async function openWithPanel(page: Page, id: number): Promise<void> {
  await page.goto(orgUrl(DEMO.slug, `/document-view/${id}`));
  await page.waitForSelector('[data-testid=pdf-canvas]', { visible: true });
  await waitViewer(page, { pages: 3, page: 1, rendered: 1 });
  await page.click('[data-testid=pdf-ann-toggle]');
  await page.waitForSelector('[data-testid=ann-panel]', { visible: true });
}

const itemIds = (page: Page): Promise<number[]> => page.$$eval('[data-testid=ann-item]', (n: any[]) => n.map((x) => Number(x.dataset.id)));

describe('journey: a shared highlight reaches the other member within 2 s; a private note never does', () => {
  let one: Session;
  let two: Session;
  let m1: ApiClient;
  let m2: ApiClient;
  let m2Token: string;
  let id: number;
  let live: LiveChannel | undefined;
  let highlightId: number;

  beforeAll(async () => {
    const t1 = await login(GATEWAY, DEMO.slug, M1, DEMO.password);
    m2Token = await login(GATEWAY, DEMO.slug, M2, DEMO.password);
    m1 = api(GATEWAY, { org: DEMO.slug, token: t1 });
    m2 = api(GATEWAY, { org: DEMO.slug, token: m2Token });
    const m2Id = (await m2.get('/profile')).body.data.id as number;
    const up = await m1.upload('/library', {}, { file: { name: NAME, type: 'application/pdf', data: await pdfWithPages([P1, P2, P3]) } });
    expect(up.status).toBe(200);
    id = up.body.data.id;
    expect((await m1.post('/share', { id, users: [{ user_id: m2Id, can_edit: false }] })).status).toBe(200);
    await waitFor("version 1's text", async () => (await m1.get(`/library/fetch/${id}`)).body.data.text_index.status === 'done', 60_000, 500);
    one = await openBrowser('annotations-member1');
    two = await openBrowser('annotations-member2');
    await one.step('sign-in', () => signIn(one.page, DEMO.slug, M1, DEMO.password));
    await two.step('sign-in', () => signIn(two.page, DEMO.slug, M2, DEMO.password));
  });
  afterAll(async () => {
    live?.close();
    await one?.close();
    await two?.close();
  });

  it('both open the file with the panel; member1 shares a highlight and member2 sees it within 2 s', async () => {
    await one.step('open', () => openWithPanel(one.page, id));
    await two.step('open', () => openWithPanel(two.page, id));
    live = await openLiveChannel(GATEWAY, { org: DEMO.slug, token: m2Token, path: `/api/library/${id}/live` });
    expect(live.status).toBe(200);
    const before = await itemIds(two.page);

    highlightId = await one.step('highlight', async () => {
      const { page } = one;
      await page.click('[data-testid=ann-visibility-committee]');
      await page.click('[data-testid=pdf-ann-highlight]');
      const box = (await (await page.$('[data-testid=pdf-overlay]'))!.boundingBox())!;
      const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/library/${id}/annotations`));
      await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.1);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.12, { steps: 5 });
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.14, { steps: 5 });
      await page.mouse.up();
      const r = await created;
      expect(r.status()).toBe(200);
      const body = await r.json();
      expect(body.data).toMatchObject({ kind: 'highlight', visibility: 'committee', page: 1 });
      return body.data.id as number;
    });
    const sentAt = Date.now();
    await two.step('sees-highlight', async () => {
      await two.page.waitForSelector(`[data-testid=ann-item][data-id="${highlightId}"][data-visibility=committee][data-kind=highlight]`, { visible: true, timeout: 2_000 });
    });
    expect(Date.now() - sentAt).toBeLessThanOrEqual(2_000);
    expect(before).not.toContain(highlightId);
    await two.shot('shared-highlight');
    // the live channel told member2 of it (ids only)
    await waitFor('the highlight on the live channel', async () => live!.frames.some((f) => f.data.type === 'annotation' && f.data.annotationId === highlightId), 5_000, 50);
  });

  it("member1's private note never reaches member2: not in the panel, not in the API, not on the live channel", async () => {
    const seenLists: string[] = [];
    two.page.on('response', (r) => {
      if (r.request().method() === 'GET' && r.url().includes(`/api/library/${id}/annotations`)) void r.text().then((t) => seenLists.push(t), () => undefined);
    });
    const noteId = await one.step('private-note', async () => {
      const { page } = one;
      await page.click('[data-testid=ann-visibility-private]');
      await page.click('[data-testid=pdf-ann-note]');
      const box = (await (await page.$('[data-testid=pdf-overlay]'))!.boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
      await page.waitForSelector('[data-testid=pdf-note-text]', { visible: true });
      await page.type('[data-testid=pdf-note-text]', PRIVATE_TEXT);
      const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/library/${id}/annotations`));
      await page.click('[data-testid=pdf-note-add]');
      const body = await (await created).json();
      expect(body.data).toMatchObject({ kind: 'note', visibility: 'private', text: PRIVATE_TEXT });
      await page.waitForSelector(`[data-testid=ann-item][data-id="${body.data.id}"][data-visibility=private]`, { visible: true });
      return body.data.id as number;
    });
    await one.shot('private-note');
    // a later shared change is the marker: once member2 has it, the private note (made before) would have arrived too
    const marker = await m1.post(`/library/${id}/annotations`, { page: 2, kind: 'note', geometry: { x: 0.2, y: 0.2 }, text: `Marker ${tag}`, visibility: 'committee' });
    expect(marker.status).toBe(200);
    await two.page.waitForSelector(`[data-testid=ann-item][data-id="${marker.body.data.id}"]`, { visible: true, timeout: 5_000 });
    await waitFor('the marker on the live channel', async () => live!.frames.some((f) => f.data.type === 'annotation' && f.data.annotationId === marker.body.data.id), 5_000, 50);

    expect(await itemIds(two.page)).not.toContain(noteId);
    expect(await two.page.$eval('[data-testid=ann-panel]', (n: any) => n.textContent)).not.toContain(PRIVATE_TEXT);
    const listed = await m2.get(`/library/${id}/annotations`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.annotations.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([highlightId, marker.body.data.id]));
    expect(listed.body.data.annotations.map((a: { id: number }) => a.id)).not.toContain(noteId);
    expect(JSON.stringify(listed.body)).not.toContain(PRIVATE_TEXT);
    expect(live!.frames.filter((f) => f.data.type === 'annotation').map((f) => f.data.annotationId)).not.toContain(noteId);
    expect(seenLists.length).toBeGreaterThan(0);
    for (const t of seenLists) expect(t).not.toContain(PRIVATE_TEXT);
    await two.shot('no-private-note');
  });

  it('member1 shares their note with member2 by name in the people picker; member2 sees it live', async () => {
    const users = await m1.get('/users/all');
    expect(users.status).toBe(200);
    const member2 = (users.body.data as { id: number; name: string; email: string }[]).find((u) => u.email === M2)!;
    const mine = await m1.get(`/library/${id}/annotations`);
    const noteId = (mine.body.data.annotations as { id: number; text: string }[]).find((a) => a.text === PRIVATE_TEXT)!.id;
    await one.step('people-picker', async () => {
      const { page } = one;
      await page.click(`[data-testid=ann-share-people-${noteId}]`);
      // the picker is disabled while the organization's members load (a fresh-clone run under load clicked it then)
      await page.waitForSelector(`[data-testid=ann-people-${noteId}]:not(.p-disabled)`, { visible: true });
      await page.click(`[data-testid=ann-people-${noteId}]`);
      // the list is searched by name: the filter box narrows it to member2
      const filter = await page.waitForSelector('.p-multiselect-panel .p-multiselect-filter', { visible: true });
      await filter!.type(member2.name);
      await page.waitForSelector(`[data-testid=ann-people-${noteId}-option-${member2.id}]`, { visible: true });
      // the open list passes axe too (RefMultiSelect: a named filter box, no control nested in an option)
      await a11y(page, 'people-picker-open', one);
      await page.click(`[data-testid=ann-people-${noteId}-option-${member2.id}]`);
      await page.keyboard.press('Escape');
      const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/api/library/${id}/annotations/${noteId}`));
      await page.click(`[data-testid=ann-people-save-${noteId}]`);
      const body = await (await saved).json();
      expect(body.data).toMatchObject({ visibility: 'people', people: [member2.id] });
      await page.waitForSelector(`[data-testid=ann-item][data-id="${noteId}"][data-visibility=people]`, { visible: true });
    });
    await two.page.waitForSelector(`[data-testid=ann-item][data-id="${noteId}"][data-visibility=people]`, { visible: true, timeout: 5_000 });
    await two.shot('shared-with-member2');
  });

  it('the viewer with the panel open passes axe in English and Arabic', async () => {
    const { page } = two;
    await a11y(page, 'viewer-annotations', two);
    await switchLanguage(page, 'ar');
    await page.waitForSelector('[data-testid=ann-panel]', { visible: true });
    await a11y(page, 'viewer-annotations', two);
    await switchLanguage(page, 'en');
  });

  it('a new version changed on page 3: member2 sees page 3 as changed, pages 1 and 2 not', async () => {
    const r = await m1.upload(`/library/update/${id}`, {}, { file: { name: NAME, type: 'application/pdf', data: await pdfWithPages([P1, P2, P3b]) } });
    expect(r.status).toBe(200);
    // the answer of GET /changes?since=1 is ready once version 2's text is stored
    await waitFor("version 2's text", async () => {
      const c = (await m1.get(`/library/${id}/changes`, { since: 1 })).body.data;
      return c.version === 2 && c.ready && c.pages.length === 3;
    }, 60_000, 500);
    await two.step('changes', async () => {
      const { page } = two;
      await page.goto(orgUrl(DEMO.slug, `/document-view/${id}`));
      await page.waitForSelector('[data-testid=pdf-changes]', { visible: true });
      await page.waitForSelector('[data-testid=pdf-changes-page-3]', { visible: true });
      expect(await page.$('[data-testid=pdf-changes-page-1]')).toBeNull();
      expect(await page.$('[data-testid=pdf-changes-page-2]')).toBeNull();
      await waitViewer(page, { pages: 3, page: 1, rendered: 1 });
      await two.shot('changed-page-3');
      await page.click('[data-testid=pdf-changes-page-3]');
      await waitViewer(page, { page: 3 });
      await page.waitForFunction(() => /twelve/.test(document.querySelector('[data-testid=pdf-changes-here]')?.textContent ?? ''));
      await page.click('[data-testid=pdf-ann-toggle]');
      await page.waitForSelector('[data-testid=ann-panel]', { visible: true });
      await a11y(page, 'viewer-changes', two);
    });
  });
});
