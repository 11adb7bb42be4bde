/**
 * Journey: the library's viewers other than the PDF viewer. The administrator uploads a spreadsheet, a Word
 * document, an e-mail and a recording (generated here, as the library's int tests do) in one go, and opens each
 * from the library: the spreadsheet in the sheet viewer (/sheets/{id}: name, size, grids, the second sheet), the
 * Word document in /viewer/0/{id} as the PDF LibreOffice made of it, the e-mail as sanitized HTML with its
 * attachment listed (no script runs, no remote image), the recording in the audio player. Then, in a meeting of
 * its own, the chair opens a talking point that carries such files: each is a chip with the icon of its kind that
 * opens its viewer within the meeting.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { docxFile, emlFile, TEST_PASSWORD, wavFile, xlsxFile } from '@app/testing';
import { closeRedis, meeting, talkingPoint, world, type World } from '../api/meeting/helpers';
import { clickReady, DEMO, dismissToasts, settled, openBrowser, orgUrl, signIn, successToast, textOf, waitForPath, waitForText, type Session } from './support';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;
declare const window: any;

const tag = randomBytes(4).toString('hex');
const FILES = {
  sheet: `Budget ${tag}.xlsx`,
  word: `Minutes ${tag}.docx`,
  email: `Agenda ${tag}.eml`,
  audio: `Recording ${tag}.wav`,
} as const;

/** open a file from the library's list and wait for its viewer's address */
async function openFromLibrary(page: Page, name: string, pathPrefix: string): Promise<void> {
  await page.goto(orgUrl(DEMO.slug, '/app/activity/library'));
  const row = await page.waitForSelector(`[data-testid=library-row][data-name="${name}"]`, { visible: true });
  await (await row!.$('[data-testid=library-open-file]'))!.click();
  await page.waitForFunction((p: string) => window.location.pathname.startsWith(p), {}, pathPrefix);
}

describe('journey: sheet, office, e-mail and audio viewers', () => {
  let s: Session;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'viewers-journey-'));
  const dialogs: string[] = [];

  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, FILES.sheet), await xlsxFile());
    fs.writeFileSync(path.join(dir, FILES.word), await docxFile(`Minutes of the board ${tag}`));
    fs.writeFileSync(path.join(dir, FILES.email), emlFile());
    fs.writeFileSync(path.join(dir, FILES.audio), wavFile());
    s = await openBrowser('viewers');
    // the e-mail carries <script>alert(1)</script> and a javascript: link: no dialog may ever open
    s.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await s.step('sign-in', () => signIn(s.page, DEMO.slug, DEMO.admin, DEMO.password));
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads the four files at once; each gets the icon of its kind', async () => {
    const { page } = s;
    await s.step('upload', async () => {
      await page.goto(orgUrl(DEMO.slug, '/app/activity/library'));
      await page.waitForSelector('[data-testid=library-table]', { visible: true });
      await clickReady(page, '[data-testid=library-upload-toggle]');
      const input = await page.waitForSelector('[data-testid=library-upload-input]');
      await (input as any).uploadFile(...Object.values(FILES).map((f) => path.join(dir, f)));
      // the whole batch is listed at once, the later files waiting their turn (issue 25: uploads queued invisibly)
      await page.waitForSelector('[data-testid=upload-item]');
      expect(await page.$$eval('[data-testid=upload-item]', (n: any[]) => n.length)).toBe(4);
      for (const name of Object.values(FILES)) {
        await page.waitForSelector(`[data-testid=upload-item][data-status=success][data-name="${name}"]`, { visible: true, timeout: 60_000 });
      }
      // one toast for the batch, not one per file
      await successToast(page, '4 files uploaded');
      expect(await page.$$eval('.p-toast-message-success', (n: any[]) => n.length)).toBe(1);
      await dismissToasts(page);
      const kinds: Record<string, string> = {};
      for (const name of Object.values(FILES)) {
        const row = await page.waitForSelector(`[data-testid=library-row][data-name="${name}"]`, { visible: true });
        kinds[name] = await row!.$eval('.file-icon', (n: any) => n.dataset.kind);
      }
      expect(kinds).toEqual({ [FILES.sheet]: 'excel', [FILES.word]: 'word', [FILES.email]: 'email', [FILES.audio]: 'audio' });
      await s.shot('uploaded');
    });
  });

  it('the spreadsheet opens in the sheet viewer with its name, size and sheets', async () => {
    const { page } = s;
    await s.step('sheet', async () => {
      await openFromLibrary(page, FILES.sheet, '/sheets/');
      await page.waitForSelector('[data-testid=sheet-grid]', { visible: true });
      expect(await textOf(page, '[data-testid=sheet-name]')).toBe(FILES.sheet);
      expect(await textOf(page, '[data-testid=sheet-size]')).toMatch(/\d+(\.\d)? KB$/);
      const cells: string[] = await page.$$eval('[data-testid=sheet-grid] td', (tds: any[]) => tds.map((td) => (td.textContent ?? '').trim()));
      // the values, and the formula by its result
      expect(cells).toEqual(expect.arrayContaining(['Item', 'Amount', 'Venue', '1200', 'Catering', '800', '2000', 'Row 100']));
      // 100 rows by default, though the sheet has 150
      expect(await page.$eval('[data-testid=sheet-grid]', (n: any) => Number(n.dataset.rows))).toBe(100);
      await s.shot('sheet');
      await page.click('[data-testid=sheet-tab-1]');
      await waitForText(page, '[data-testid=sheet-grid] td', 'Second sheet');
      await s.shot('sheet-second');
    });
  });

  it('the Word document is converted to PDF by LibreOffice and opens in the viewer', async () => {
    const { page } = s;
    await s.step('office', async () => {
      await openFromLibrary(page, FILES.word, '/viewer/0/');
      expect(await textOf(page, '[data-testid=viewer-name]')).toBe(FILES.word);
      // while the job runs the page says so with a progress bar; then the PDF it made is drawn
      const converting = await page.$('[data-testid=viewer-converting]');
      if (converting) await s.shot('office-converting');
      await page.waitForSelector('[data-testid=pdf-canvas]', { visible: true, timeout: 180_000 });
      await page.waitForFunction(() => Number(document.querySelector('[data-testid=pdf-viewer]')?.dataset.rendered) === 1, { timeout: 60_000 });
      expect(await page.$eval('[data-testid=pdf-viewer]', (n: any) => Number(n.dataset.pages))).toBe(1);
      // the page is not blank: the converted text left dark pixels on the canvas
      const inked = await page.$eval('[data-testid=pdf-canvas]', (c: any) => {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let dark = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] < 128 && d[i + 3] > 0) dark += 1;
        return dark;
      });
      expect(inked).toBeGreaterThan(50);
      await s.shot('office');
    });
  });

  it('the e-mail shows as sanitized HTML with its headers and attachment', async () => {
    const { page } = s;
    await s.step('email', async () => {
      await openFromLibrary(page, FILES.email, '/viewer/0/');
      await page.waitForSelector('[data-testid=email-view]', { visible: true });
      expect(await textOf(page, '[data-testid=email-subject]')).toBe('Agenda for Thursday');
      const head = await textOf(page, '.email-view__head');
      expect(head).toContain('chair@example.test');
      expect(head).toContain('board@example.test');
      expect(head).toContain('sec@example.test');
      expect(await textOf(page, '[data-testid=email-attachments]')).toContain('notes.txt');
      const frame = await (await page.waitForSelector('[data-testid=email-body]'))!.contentFrame();
      await frame!.waitForFunction(() => (document.body?.textContent ?? '').includes('Please read the agenda.'));
      const body = await frame!.evaluate(() => ({
        html: document.body.innerHTML as string,
        scripts: document.querySelectorAll('script').length as number,
        remoteImages: [...document.querySelectorAll('img')].filter((i: any) => /^https?:/.test(i.getAttribute('src') ?? '')).length as number,
        jsLinks: [...document.querySelectorAll('a')].filter((a: any) => /^javascript:/i.test(a.getAttribute('href') ?? '')).length as number,
      }));
      expect(body).toEqual(expect.objectContaining({ scripts: 0, remoteImages: 0, jsLinks: 0 }));
      expect(body.html).toContain('<b>agenda</b>');
      // the blocked tracker picture is said, not drawn as a broken image (issue 25); the date is not the ISO text
      expect(body.html).not.toContain('<img');
      expect(await textOf(page, '[data-testid=email-remote-blocked]')).toBe('1 picture from the internet was blocked to protect your privacy.');
      expect(await textOf(page, '[data-testid=email-date]')).toMatch(/^23 Nov 2026 \d{2}:\d{2} (AM|PM)$/);
      expect(await page.$eval('[data-testid=email-body]', (n: any) => n.getAttribute('sandbox'))).toBe('');
      await s.shot('email');
    });
    expect(dialogs).toEqual([]);
  });

  it('the recording plays in the audio player', async () => {
    const { page } = s;
    await s.step('audio', async () => {
      await openFromLibrary(page, FILES.audio, '/viewer/0/');
      await page.waitForSelector('[data-testid=audio-player] audio', { visible: true });
      expect(await textOf(page, '[data-testid=viewer-name]')).toBe(FILES.audio);
      // the browser read the file's header from its presigned URL: one second of sound
      await page.waitForFunction(() => (document.querySelector('[data-testid=audio-player] audio')?.readyState ?? 0) >= 1, { timeout: 30_000 });
      const duration = await page.$eval('[data-testid=audio-player] audio', (a: any) => a.duration as number);
      expect(Math.round(duration)).toBe(1);
      expect(await page.$eval('[data-testid=audio-player] .file-icon', (n: any) => n.dataset.kind)).toBe('audio');
      await s.shot('audio');
    });
  });
});

describe('journey: files attached to a talking point open in their viewers from the meeting', () => {
  let s: Session;
  let w: World;
  let meetingId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    w = await world();
    const made: [string, Buffer, string][] = [
      ['Figures.xlsx', await xlsxFile(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['Invitation.eml', emlFile(), 'message/rfc822'],
      ['Recording.wav', wavFile(), 'audio/wav'],
    ];
    for (const [name, data, type] of made) {
      const up = await w.chair.c.upload('/library', {}, { file: { name, type, data } });
      expect(up.status).toBe(200);
      ids[name] = up.body.data.id;
    }
    meetingId = (await meeting(w)).id;
    await talkingPoint(w, meetingId, { title: `Papers ${tag}`, attachments: Object.values(ids) });
    s = await openBrowser('viewers-meeting');
    await signIn(s.page, w.org.slug, w.chair.email, TEST_PASSWORD);
  });
  afterAll(async () => {
    await s?.close();
    closeRedis();
  });

  it('the talking point lists its files with their icons; each opens its viewer within the meeting', async () => {
    const { page } = s;
    const openItem = async () => {
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await (await page.waitForSelector('[data-testid^="open-talking_point:"]', { visible: true }))!.click();
      await page.waitForSelector('[data-testid=tp-view] [data-testid=attachment-link]', { visible: true });
      // the dialog grows in: a click on a link before it stands still lands beside it
      await settled(page);
    };
    await s.step('talking-point', async () => {
      await openItem();
      const links = await page.$$eval('[data-testid=tp-view] [data-testid=attachment-link]', (as: any[]) =>
        as.map((a) => ({ name: a.querySelector('.file-chip__name').textContent, kind: a.querySelector('.file-icon').dataset.kind, href: a.getAttribute('href') })),
      );
      expect(links).toEqual([
        { name: 'Figures.xlsx', kind: 'excel', href: `/sheets/${ids['Figures.xlsx']}/${meetingId}` },
        { name: 'Invitation.eml', kind: 'email', href: `/viewer/${meetingId}/${ids['Invitation.eml']}` },
        { name: 'Recording.wav', kind: 'audio', href: `/viewer/${meetingId}/${ids['Recording.wav']}` },
      ]);
      await s.shot('talking-point-files');
    });
    await s.step('open-sheet', async () => {
      await page.click(`[data-testid=tp-view] a[href="/sheets/${ids['Figures.xlsx']}/${meetingId}"]`);
      await waitForPath(page, `/sheets/${ids['Figures.xlsx']}/${meetingId}`);
      await waitForText(page, '[data-testid=sheet-grid] td', 'Venue');
      expect(await textOf(page, '[data-testid=sheet-name]')).toBe('Figures.xlsx');
      await s.shot('meeting-sheet');
    });
    await s.step('open-email', async () => {
      await openItem();
      await page.click(`[data-testid=tp-view] a[href="/viewer/${meetingId}/${ids['Invitation.eml']}"]`);
      await waitForPath(page, `/viewer/${meetingId}/${ids['Invitation.eml']}`);
      await page.waitForSelector('[data-testid=email-view]', { visible: true });
      expect(await textOf(page, '[data-testid=email-subject]')).toBe('Agenda for Thursday');
      await s.shot('meeting-email');
    });
  });
});
