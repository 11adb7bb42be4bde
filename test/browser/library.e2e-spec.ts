/**
 * Journey: the library and the PDF viewer. The administrator uploads a PDF (the progress bar shows while it
 * goes up), opens it in the viewer, moves through the pages, rotates, jumps to a page, annotates it and saves a
 * new version, then shares it with member1, who finds it under "Shared with me". The administrator makes the file
 * view only (the details drawer's download policy): member1's viewer offers no download and says why, in English
 * and in Arabic, with axe checking both.
 * (Attaching it to a talking point through the picker is driven by the meeting screens' journey.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'puppeteer-core';
import { a11y, chooseIn, clickReady, DEMO, dismissToasts, openBrowser, orgUrl, signIn, successToast, switchLanguage, textOf, tickIn, typeInto, waitForPath, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;

const tag = randomBytes(4).toString('hex');
const FILE = `Board pack ${tag}.pdf`;
const PAGES = 4;
const MEMBER = { email: 'member1@demo.test', name: 'Member One' } as const;

/** a PDF of PAGES numbered pages, with about 1 MB of attached bytes so the upload takes long enough to be seen */
async function makePdf(file: string): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= PAGES; i += 1) {
    const p = doc.addPage([595, 842]);
    p.drawText(`Board pack ${tag} - page ${i}`, { x: 50, y: 780, size: 24, font });
  }
  await doc.attach(randomBytes(1024 * 1024), 'appendix.bin', { mimeType: 'application/octet-stream' });
  fs.writeFileSync(file, await doc.save({ useObjectStreams: false }));
}

const viewerState = (page: Page) =>
  page.$eval('[data-testid=pdf-viewer]', (n: any) => ({ page: Number(n.dataset.page), pages: Number(n.dataset.pages), rotation: Number(n.dataset.rotation) }));

async function waitViewer(page: Page, want: Partial<{ page: number; rotation: number; pages: number; rendered: number }>) {
  await page.waitForFunction(
    (w: Record<string, number>) => {
      const n = document.querySelector('[data-testid=pdf-viewer]');
      if (!n) return false;
      return Object.entries(w).every(([k, v]) => Number(n.dataset[k]) === v);
    },
    {},
    want,
  );
}

/** the library row of a file, once listed */
async function row(page: Page, name: string) {
  return page.waitForSelector(`[data-testid=library-row][data-name="${name}"]`, { visible: true });
}

describe('journey: library upload, PDF viewer and sharing', () => {
  let s: Session;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-journey-'));
  const file = path.join(dir, FILE);

  beforeAll(async () => {
    await makePdf(file);
    s = await openBrowser('library');
    await s.step('sign-in', () => signIn(s.page, DEMO.slug, DEMO.admin, DEMO.password));
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a PDF with a progress bar', async () => {
    const { page } = s;
    await s.step('library', async () => {
      await page.goto(orgUrl(DEMO.slug, '/app/activity/library'));
      await page.waitForSelector('[data-testid=library-page]', { visible: true });
      await page.waitForSelector('[data-testid=library-table]', { visible: true });
      await s.shot('library');
    });
    await s.step('upload', async () => {
      await clickReady(page, '[data-testid=library-upload-toggle]');
      const input = await page.waitForSelector('[data-testid=library-upload-input]');
      // a slow uplink, so the progress bar is on screen long enough to be seen
      const cdp = await page.createCDPSession();
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
      await (input as any).uploadFile(file);
      await page.waitForSelector('[data-testid=upload-progress]', { visible: true });
      await s.shot('upload-progress');
      await page.waitForSelector(`[data-testid=upload-item][data-status=success][data-name="${FILE}"]`, { visible: true, timeout: 60_000 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await row(page, FILE);
      await s.shot('uploaded');
      await dismissToasts(page);
    });
  });

  it('opens it in the viewer: pages, rotation that resets, the page jump', async () => {
    const { page } = s;
    await s.step('open', async () => {
      const r = await row(page, FILE);
      await (await r!.$('[data-testid=library-open-file]'))!.click();
      await waitForPath(page, '/doc-view');
      await page.waitForSelector('[data-testid=pdf-canvas]', { visible: true });
      await waitViewer(page, { pages: PAGES, page: 1, rendered: 1 });
      await s.shot('viewer');
    });
    await s.step('navigate', async () => {
      await page.click('[data-testid=pdf-next]');
      await waitViewer(page, { page: 2 });
      await page.click('[data-testid=pdf-rotate]');
      await waitViewer(page, { page: 2, rotation: 90, rendered: 2 });
      await s.shot('rotated');
      // the arrow key moves one page and the rotation goes back to 0
      await page.keyboard.press('ArrowRight');
      await waitViewer(page, { page: 3, rotation: 0, rendered: 3 });
      await s.shot('page-3');
    });
    await s.step('jump', async () => {
      await typeInto(page, '[data-testid=pdf-jump]', String(PAGES + 1));
      await page.keyboard.press('Enter');
      await waitViewer(page, { page: 3 });
      expect(await page.$eval('[data-testid=pdf-jump]', (n: any) => n.value)).toBe('3');
      await typeInto(page, '[data-testid=pdf-jump]', '0');
      await page.keyboard.press('Enter');
      await waitViewer(page, { page: 3 });
      await typeInto(page, '[data-testid=pdf-jump]', String(PAGES));
      await page.keyboard.press('Enter');
      await waitViewer(page, { page: PAGES, rendered: PAGES });
      await s.shot('jumped');
    });
    expect(await viewerState(page)).toEqual({ page: PAGES, pages: PAGES, rotation: 0 });
  });

  it('annotates with the pen and a text note, and saves a new version', async () => {
    const { page } = s;
    await s.step('annotate', async () => {
      await page.waitForSelector('[data-testid=pdf-tool-pen]', { visible: true });
      await page.click('[data-testid=pdf-tool-pen]');
      const box = (await (await page.$('[data-testid=pdf-overlay]'))!.boundingBox())!;
      await page.mouse.move(box.x + 80, box.y + 120);
      await page.mouse.down();
      await page.mouse.move(box.x + 260, box.y + 200, { steps: 12 });
      await page.mouse.up();
      await page.click('[data-testid=pdf-tool-note]');
      await page.mouse.click(box.x + 100, box.y + 260);
      await page.waitForSelector('[data-testid=pdf-note-text]', { visible: true });
      await page.type('[data-testid=pdf-note-text]', 'Check the totals');
      await page.click('[data-testid=pdf-note-add]');
      await page.waitForSelector('[data-testid=pdf-note-text]', { hidden: true });
      await s.shot('annotated');
    });
    await s.step('save', async () => {
      await page.click('[data-testid=pdf-save]');
      await successToast(page);
      // the new version opens in place, on the same page, with the drawing in it
      await page.waitForSelector('[data-testid=pdf-canvas]', { visible: true });
      await waitViewer(page, { pages: PAGES, page: PAGES, rendered: PAGES });
      await s.shot('saved');
      await dismissToasts(page);
    });
  });

  it('shares it with member1, who finds it under "Shared with me"', async () => {
    const { page } = s;
    await s.step('share', async () => {
      await page.goto(orgUrl(DEMO.slug, '/app/activity/library'));
      // saving made version 2; the first one is kept
      let r = await row(page, FILE);
      await (await r!.$('[data-testid=library-details]'))!.click();
      await page.waitForSelector('[data-testid=details-version]', { visible: true });
      expect(await textOf(page, '[data-testid=details-version]')).toMatch(/^2 /);
      await s.shot('details');
      // documents that stay in the room: this file is view only
      await page.waitForSelector('[data-testid^=download-policy-file-] [data-testid=download-policy-effective]', { visible: true });
      await chooseIn(page, 'download-policy-select', 'View only');
      await successToast(page);
      await page.waitForFunction(() => /View only/.test(document.querySelector('[data-testid=download-policy-effective]')?.textContent ?? ''));
      await s.shot('details-view-only');
      await dismissToasts(page);
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=details-version]', { hidden: true });
      r = await row(page, FILE);
      await (await r!.$('[data-testid=library-share]'))!.click();
      await page.waitForSelector('[data-testid=share-dialog]', { visible: true });
      // the people come after the dialog opens: tickIn waits for the field, then for the option, and closes the panel
      await tickIn(page, 'share-users', [MEMBER.name], '.p-multiselect-panel .p-multiselect-close');
      await page.waitForSelector('[data-testid=share-users] .p-multiselect-token', { visible: true });
      await s.shot('share-dialog');
      await clickReady(page, '[data-testid=share-submit]');
      await successToast(page);
      await page.waitForSelector('[data-testid=share-dialog]', { hidden: true });
      await dismissToasts(page);
    });
    await s.step('member-shared-tab', async () => {
      await clickReady(page, '[data-testid=profile-menu-button]');
      await clickReady(page, '[data-testid=sign-out]');
      await waitForPath(page, '/auth/login');
      await signIn(page, DEMO.slug, MEMBER.email, DEMO.password);
      await page.goto(orgUrl(DEMO.slug, '/app/activity/library'));
      await page.waitForSelector('[data-testid=library-page]', { visible: true });
      await clickReady(page, '[data-testid=library-tab-shared]');
      await row(page, FILE);
      await s.shot('member-shared-with-me');
    });
    await s.step('member-view-only', async () => {
      const r = await row(page, FILE);
      await (await r!.$('[data-testid=library-open-file]'))!.click();
      await waitForPath(page, '/doc-view');
      await page.waitForSelector('[data-testid=pdf-canvas]', { visible: true });
      await waitViewer(page, { pages: PAGES, page: 1, rendered: 1 });
      // view only: a notice, no download button
      expect(await textOf(page, '[data-testid=viewer-view-only]')).toContain('View only');
      expect(await page.$('[data-testid=pdf-download]')).toBeNull();
      await a11y(page, 'viewer-view-only', s);
      await switchLanguage(page, 'ar');
      await page.waitForSelector('[data-testid=viewer-view-only]', { visible: true });
      await waitViewer(page, { pages: PAGES, page: 1, rendered: 1 });
      expect(await page.$('[data-testid=pdf-download]')).toBeNull();
      await a11y(page, 'viewer-view-only', s);
      await switchLanguage(page, 'en');
    });
  });
});
