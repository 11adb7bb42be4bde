/**
 * Journey: the annotation tools beyond the PDF viewer (issue 29, docs/annotations.md). A meeting whose talking point
 * carries a three-page PDF, and its board book. Member One draws on a page of the board book (the book viewer's own
 * drawing tool, shared with the committee): Member Two's open book viewer lists the drawing and paints it. The chair
 * presents the PDF, draws on slide 2 and saves the drawing for the committee: Member Two's library viewer of the PDF
 * (through the meeting) lists it on page 2. Member Two's "Download with annotations" downloads a PDF (the file
 * saved, its first bytes %PDF, the drawing in it as an /Ink annotation). axe in English and Arabic on the book viewer
 * with its tools, the PDF viewer with the export button and the presenter's screen, at phone and tablet widths.
 * The chair reloads the room and saves slide 2 again: the saved drawing is replaced, not saved a second time.
 * Member Two's book viewer then lists the presenter's drawing (made on slides.pdf, the book's source) at its page in
 * the book, from its source, read-only, painted there; axe with it listed in both languages. A note the chair adds to
 * slides.pdf while that book is open shows in it at once (the book's live channel); the chair's private one never.
 * A book made before its files were recorded says their marks cannot be shown in it (axe in English and Arabic).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import type { Page } from 'puppeteer-core';
import { pdfWithPages, TEST_PASSWORD, waitFor } from '@app/testing';
import { Client } from 'pg';
import { closeRedis, env, expectOk, libraryFile, meeting, talkingPoint, world, type World } from '../api/meeting/helpers';
import { a11y, openBrowser, orgUrl, signIn, switchLanguage, type Session } from './support';

declare const document: any;

jest.setTimeout(480_000);

const PAGES = [
  ['Quarterly review', 'Revenue grew in every region this quarter.'],
  ['Costs', 'Operating costs stayed within the budget.'],
  ['Outlook', 'The board expects steady growth next year.'],
];
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1280, height: 860 };

/** drag the mouse across an element (fractions of its box) */
async function drag(page: Page, selector: string, from: [number, number], to: [number, number]) {
  const el = await page.waitForSelector(selector, { visible: true });
  const box = (await el!.boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(...at([from[0] + ((to[0] - from[0]) * i) / 8, from[1] + ((to[1] - from[1]) * i) / 8]));
  await page.mouse.up();
}

/** the viewer (`book` or `pdf`) shows page n, drawn */
async function onPage(page: Page, prefix: 'book' | 'pdf', n: number) {
  await page.waitForFunction((sel: string, want: number) => {
    const v = document.querySelector(sel);
    return !!v && Number(v.dataset.page) === want && Number(v.dataset.rendered) === want;
  }, { timeout: 60_000 }, `[data-testid=${prefix}-viewer]`, n);
}

/** how many pixels of the overlay canvas hold ink (the marks painted over the page) */
const overlayInk = (page: Page, prefix: 'book' | 'pdf'): Promise<number> =>
  page.evaluate((sel: string) => {
    const c = document.querySelector(sel);
    if (!c || !c.width) return 0;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 100) n++;
    return n;
  }, `[data-testid=${prefix}-overlay]`);

/** the annotations of each page of a PDF: [page, subtype] (read back with pdf-lib) */
async function annotationsOf(bytes: Buffer): Promise<[number, string][]> {
  const doc = await PDFDocument.load(bytes);
  const out: [number, string][] = [];
  doc.getPages().forEach((p, i) => {
    const arr = p.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (const ref of arr?.asArray() ?? []) out.push([i + 1, doc.context.lookup(ref, PDFDict).lookup(PDFName.of('Subtype'), PDFName).decodeText()]);
  });
  return out;
}

/** axe in English and Arabic at the widths given (the page reloaded at each, as a phone opens it) */
async function a11yAt(s: Session, name: string, ready: string, widths: { width: number; height: number }[]) {
  const { page } = s;
  for (const vp of widths) {
    await page.setViewport(vp);
    await page.reload();
    await page.waitForSelector(ready, { visible: true, timeout: 60_000 });
    await a11y(page, `${name}-${vp.width}`, s);
    // the toolbar that holds the new buttons fits the screen (it wraps)
    const fit = await page.evaluate((sel: string) => {
      const bar = document.querySelector(sel).closest('[role=toolbar]').getBoundingClientRect();
      return { left: bar.left, right: bar.right, width: document.documentElement.clientWidth };
    }, ready);
    expect(fit.left).toBeGreaterThanOrEqual(-1);
    expect(fit.right).toBeLessThanOrEqual(fit.width + 1);
    await switchLanguage(page, 'ar');
    await page.waitForSelector(ready, { visible: true });
    await a11y(page, `${name}-${vp.width}`, s);
    await switchLanguage(page, 'en');
  }
  await page.setViewport(DESKTOP);
}

describe('journey: drawing in the board book, the presenter drawing saved for the committee, the annotated download', () => {
  let w: World;
  let meetingId: number;
  let docId: number;
  let bookId: number;
  let bookHref: string;
  /** the book page where slides.pdf's first page sits (its outline entry) */
  let slidesStart: number;
  let one: Session;
  let two: Session;
  let chair: Session;
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'annotated-'));

  beforeAll(async () => {
    w = await world();
    docId = await libraryFile(w.chair.c, 'slides.pdf', await pdfWithPages(PAGES));
    meetingId = (await meeting(w, { title: 'Annotation tools' })).id;
    await talkingPoint(w, meetingId, { title: 'Review', attachment_ids: [docId], viewers: [w.m1.userId, w.m2.userId] });
    const book = await waitFor('the board book', async () => {
      const b = expectOk(await w.m1.c.get(`/meetings/actions/merge_files/${meetingId}`));
      if (b.status === 'failed') throw new Error('the book failed');
      return b.status === 'done' && b.library_id ? b : null;
    }, 240_000, 1000);
    bookId = book.library_id;
    slidesStart = book.outlines_data.entries.find((e: { name: string }) => e.name === 'slides.pdf').start;
    bookHref = `/doc-view?${new URLSearchParams({ doc: book.agenda_merged_file ?? '', id: String(bookId), e: '0', meeting_id: String(meetingId) })}`;
    [one, two] = await Promise.all([openBrowser('annotation-tools-member1'), openBrowser('annotation-tools-member2')]);
    for (const s of [one, two]) s.page.setDefaultTimeout(30_000);
    const cdp = await two.browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await one.step('sign-in', () => signIn(one.page, w.org.slug, w.m1.email, TEST_PASSWORD));
    await two.step('sign-in', () => signIn(two.page, w.org.slug, w.m2.email, TEST_PASSWORD));
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await chair?.close();
    fs.rmSync(downloads, { recursive: true, force: true });
    closeRedis();
  });

  it("member1 draws on a board book page with the book viewer's tool; member2's open book viewer shows it", async () => {
    for (const s of [one, two]) {
      await s.step('open-book', async () => {
        await s.page.goto(orgUrl(w.org.slug, bookHref));
        await onPage(s.page, 'book', 1);
        await s.page.click('[data-testid=book-ann-toggle]');
        await s.page.waitForSelector('[data-testid=ann-panel]', { visible: true });
      });
    }
    const before = await two.page.$$eval('[data-testid=ann-item]', (n: any[]) => n.length);
    expect(before).toBe(0);
    expect(await overlayInk(two.page, 'book')).toBe(0);
    const drawingId = await one.step('draw', async () => {
      const { page } = one;
      await page.click('[data-testid=ann-visibility-committee]');
      await page.click('[data-testid=book-ann-draw]');
      const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/library/${bookId}/annotations`));
      await drag(page, '[data-testid=book-overlay]', [0.2, 0.3], [0.7, 0.5]);
      const r = await created;
      expect(r.status()).toBe(200);
      const body = await r.json();
      expect(body.data).toMatchObject({ kind: 'drawing', visibility: 'committee', page: 1 });
      await one.shot('book-drawn');
      return body.data.id as number;
    });
    await two.step('sees-drawing', async () => {
      await two.page.waitForSelector(`[data-testid=ann-item][data-id="${drawingId}"][data-kind=drawing][data-visibility=committee]`, { visible: true, timeout: 5_000 });
      // and the stroke is painted over member2's page
      await waitFor('the drawing on member2\'s page', async () => (await overlayInk(two.page, 'book')) > 50, 10_000, 200);
      await two.shot('book-drawing-seen');
    });
  });

  it('the book viewer with its tools passes axe in English and Arabic at phone and tablet widths', async () => {
    await one.step('a11y-book', async () => {
      await one.page.click('[data-testid=book-ann-draw]');
      await a11yAt(one, 'book-viewer-tools', '[data-testid=book-ann-draw]', [PHONE, TABLET]);
    });
  });

  it('the chair presents the PDF, draws on slide 2 and saves it for the committee; member2 sees it in the library viewer', async () => {
    await one.close();
    chair = await openBrowser('annotation-tools-chair');
    chair.page.setDefaultTimeout(30_000);
    await chair.step('sign-in', () => signIn(chair.page, w.org.slug, w.chair.email, TEST_PASSWORD));
    const { page } = chair;
    await chair.step('present', async () => {
      await page.goto(orgUrl(w.org.slug, `/presentation/${meetingId}/${docId}`));
      await page.waitForSelector('[data-testid=presentation-live][data-you-present=yes] [data-testid=presenter-tools]', { visible: true, timeout: 60_000 });
      // the PDF is open (the page count known, Next enabled) before the presenter turns to slide 2
      await page.waitForSelector('[data-testid=slide-stage][data-slide="0"] [data-testid=slide-canvas]', { visible: true, timeout: 60_000 });
      await page.waitForSelector('[data-testid=slide-next]:not([disabled])', { timeout: 30_000 });
      await page.click('[data-testid=slide-next]');
      await page.waitForSelector('[data-testid=slide-stage][data-slide="1"]', { timeout: 15_000 });
      await page.waitForSelector('[data-testid=slide-ink]', { visible: true, timeout: 30_000 });
      await page.click('[data-testid=tool-pen]');
      await page.click('[data-testid=presenter-tools] [role=radio][aria-label="#1e88e5"]');
      await drag(page, '[data-testid=slide-ink]', [0.2, 0.3], [0.7, 0.5]);
      await page.waitForFunction(() => document.querySelector('[data-testid=slide-ink]')?.dataset.strokes === '1');
    });
    const saved = await chair.step('save', async () => {
      const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/api/library/${docId}/annotations`));
      await page.click('[data-testid=tool-save-annotation]');
      const r = await created;
      expect(r.status()).toBe(200);
      expect(r.url()).toContain(`meeting_id=${meetingId}`);
      const body = await r.json();
      expect(body.data).toMatchObject({ kind: 'drawing', visibility: 'committee', page: 2, color: '#1e88e5', presented_in: meetingId });
      await chair.shot('presenter-saved');
      return body.data.id as number;
    });
    await two.step('sees-presenter-drawing', async () => {
      await two.page.goto(orgUrl(w.org.slug, `/document-view/${docId}?meeting_id=${meetingId}`));
      await onPage(two.page, 'pdf', 1);
      await two.page.click('[data-testid=pdf-ann-toggle]');
      await two.page.waitForSelector(`[data-testid=ann-item][data-id="${saved}"][data-kind=drawing][data-visibility=committee]`, { visible: true });
      await two.page.click('[data-testid=pdf-next]');
      await onPage(two.page, 'pdf', 2);
      await waitFor('the presenter drawing on page 2', async () => (await overlayInk(two.page, 'pdf')) > 50, 10_000, 200);
      await two.shot('presenter-drawing-in-library');
    });
  });

  it('the chair reloads the room and saves slide 2 again: the drawing replaces the saved one, it is not saved twice', async () => {
    const { page } = chair;
    const mine = async () => {
      const list = expectOk(await w.chair.c.get(`/library/${docId}/annotations?meeting_id=${meetingId}`)).annotations as { id: number; kind: string; page: number; mine: boolean }[];
      return list.filter((a) => a.mine && a.kind === 'drawing' && a.page === 2).map((a) => a.id);
    };
    const before = await mine();
    expect(before).toHaveLength(1);
    await chair.step('reload-and-save-again', async () => {
      await page.reload();
      await page.waitForSelector('[data-testid=presentation-live][data-you-present=yes] [data-testid=slide-stage][data-slide="1"]', { visible: true, timeout: 60_000 });
      // the room keeps the slide's stroke: the presenter sees it again after the reload
      await page.waitForFunction(() => document.querySelector('[data-testid=slide-ink]')?.dataset.strokes === '1', { timeout: 30_000 });
      await page.waitForSelector('[data-testid=tool-save-annotation]:not([disabled])', { visible: true });
      const settled = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes(`/api/library/${docId}/annotations/`), { timeout: 30_000 }).catch(() => null);
      await page.click('[data-testid=tool-save-annotation]');
      await settled;
      await page.waitForSelector('[data-testid=tool-save-annotation]:not([disabled])', { visible: true });
    });
    const after = await mine();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    // member2's open viewer of the PDF hears of it: one drawing listed, the new one
    await two.step('one-presenter-drawing', async () => {
      await two.page.waitForSelector(`[data-testid=ann-item][data-id="${after[0]}"][data-kind=drawing]`, { visible: true, timeout: 15_000 });
      expect(await two.page.$$eval('[data-testid=ann-item][data-kind=drawing]', (n: any[]) => n.length)).toBe(1);
    });
  });

  it("member2's Download with annotations saves a PDF holding the drawing as a PDF annotation", async () => {
    const { page } = two;
    const name = 'slides (annotated).pdf';
    await two.step('export', async () => {
      // the export is a job: started, followed until done (stage and percent beside the button), then fetched from S3
      const started = page.waitForResponse((r) => r.url().includes(`/api/library/${docId}/annotations/export_jobs`) && r.request().method() === 'POST');
      const finished = page.waitForResponse(async (r) => r.url().includes('/api/library/annotated_exports/') && (await r.text().catch(() => '')).includes('"status":"done"'), { timeout: 30_000 });
      await page.click('[data-testid=pdf-ann-export]');
      expect((await started).status()).toBe(200);
      const done = (await (await finished).json()) as { data: { annotations: number; url: string } };
      expect(done.data.annotations).toBeGreaterThanOrEqual(1);
      const file = path.join(downloads, name);
      await waitFor('the annotated download', async () => fs.existsSync(file) && fs.statSync(file).size > 0 && !fs.existsSync(`${file}.crdownload`), 30_000, 200);
      const bytes = fs.readFileSync(file);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // the presenter's drawing (committee) is there as a real /Ink annotation on page 2
      expect(await annotationsOf(bytes)).toContainEqual([2, 'Ink']);
      expect(await page.$('[data-testid=pdf-ann-export-error]')).toBeNull();
    });
  });

  it('the PDF viewer with the export button and the presenter screen pass axe in English and Arabic at phone and tablet widths', async () => {
    await two.step('a11y-pdf', () => a11yAt(two, 'pdf-viewer-export', '[data-testid=pdf-ann-export]', [PHONE, TABLET]));
    await chair.step('a11y-presenter', () => a11yAt(chair, 'presenter-save', '[data-testid=tool-save-annotation]', [PHONE, TABLET]));
  });

  it("member2's book viewer shows the presenter's drawing on slides.pdf at its page in the book, from the source, read-only; axe in English and Arabic with it listed", async () => {
    const { page } = two;
    const item = `[data-testid=ann-source-item][data-source="${docId}"][data-page="${slidesStart + 1}"]`;
    const open = async () => {
      await page.click('[data-testid=book-ann-toggle]');
      await page.waitForSelector(item, { visible: true, timeout: 15_000 });
    };
    await two.step('book-sources', async () => {
      await page.goto(orgUrl(w.org.slug, bookHref));
      await onPage(page, 'book', 1);
      await open();
      const shown = await page.$eval(item, (n: any) => ({ text: n.textContent, href: n.querySelector('a').getAttribute('href'), buttons: n.querySelectorAll('button').length, inputs: n.querySelectorAll('textarea, input').length }));
      expect(shown.text).toContain('From slides.pdf, page 2');
      expect(shown.href).toBe(`/doc-view?id=${docId}&doc=slides.pdf&meeting_id=${meetingId}&page=2`);
      // read-only: only the page button, no reply box
      expect([shown.buttons, shown.inputs]).toEqual([1, 0]);
      // painted on its page of the book, not on the page before (slides.pdf's first page)
      await page.click(`${item} .ann-item__page`);
      await onPage(page, 'book', slidesStart + 1);
      await waitFor("the presenter's drawing on its book page", async () => (await overlayInk(page, 'book')) > 50, 10_000, 200);
      await page.click('[data-testid=book-prev]');
      await onPage(page, 'book', slidesStart);
      expect(await overlayInk(page, 'book')).toBe(0);
      await two.shot('book-source-drawing');
    });
    await two.step('a11y-book-sources', async () => {
      for (const vp of [PHONE, TABLET]) {
        await page.setViewport(vp);
        await page.reload();
        await onPage(page, 'book', 1);
        await open();
        await a11y(page, `book-sources-${vp.width}`, two);
        await page.click('[data-testid=ann-close]');
        await switchLanguage(page, 'ar');
        await open();
        await a11y(page, `book-sources-${vp.width}`, two);
        await page.click('[data-testid=ann-close]');
        await switchLanguage(page, 'en');
      }
      await page.setViewport(DESKTOP);
    });
  });

  it("a mark added to slides.pdf while member2's book is open shows in the book at once; the chair's private one never does", async () => {
    const { page } = two;
    const on = `/library/${docId}/annotations?meeting_id=${meetingId}`;
    await two.step('book-open', async () => {
      await page.goto(orgUrl(w.org.slug, bookHref));
      await onPage(page, 'book', 1);
      await page.click('[data-testid=book-ann-toggle]');
      await page.waitForSelector('[data-testid=ann-source-item]', { visible: true, timeout: 15_000 });
    });
    const secret = expectOk(await w.chair.c.post(on, { page: 3, kind: 'note', geometry: { x: 0.4, y: 0.4 }, text: 'Chair only' }));
    const shared = expectOk(await w.chair.c.post(on, { page: 3, kind: 'note', geometry: { x: 0.5, y: 0.5 }, text: 'Outlook looks right', visibility: 'committee' }));
    await two.step('live-source-mark', async () => {
      // no reload, the panel stays open: the book's channel of its source files brings it
      const item = await page.waitForSelector(`[data-testid=ann-source-item][data-id="${shared.id}"][data-page="${slidesStart + 2}"]`, { visible: true, timeout: 15_000 });
      expect(await item!.evaluate((n: any) => n.textContent)).toContain('From slides.pdf, page 3');
      expect(await page.$(`[data-testid=ann-source-item][data-id="${secret.id}"]`)).toBeNull();
      expect(await page.$eval('[data-testid=ann-sources]', (n: any) => n.textContent)).not.toContain('Chair only');
      await two.shot('book-source-live');
    });
    // and when it goes, it goes from the open book too
    expectOk(await w.chair.c.delete(`/library/${docId}/annotations/${shared.id}?meeting_id=${meetingId}`));
    await two.step('live-source-removed', async () => {
      await page.waitForSelector(`[data-testid=ann-source-item][data-id="${shared.id}"]`, { hidden: true, timeout: 15_000 });
    });
  });

  it("a book made before its files were recorded says its source files' marks cannot be shown; axe in English and Arabic", async () => {
    const { page } = two;
    // as a book made before 021e154: no record of its files (items null)
    const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    try {
      await db.query(`UPDATE minutes.books SET items = NULL WHERE org_id = $1 AND library_id = $2`, [w.org.orgId, bookId]);
    } finally {
      await db.end();
    }
    await two.step('book-sources-unknown', async () => {
      await page.goto(orgUrl(w.org.slug, bookHref));
      await onPage(page, 'book', 1);
      await page.click('[data-testid=book-ann-toggle]');
      const note = await page.waitForSelector('[data-testid=ann-sources-unknown]', { visible: true, timeout: 15_000 });
      expect(await note!.evaluate((n: any) => n.textContent)).toContain('This book was made before the pages of its attached files were recorded');
      expect(await page.$('[data-testid=ann-source-item]')).toBeNull();
      await a11y(page, 'book-sources-unknown', two);
      await page.click('[data-testid=ann-close]');
      await switchLanguage(page, 'ar');
      await page.click('[data-testid=book-ann-toggle]');
      await page.waitForSelector('[data-testid=ann-sources-unknown]', { visible: true, timeout: 15_000 });
      await a11y(page, 'book-sources-unknown', two);
      await two.shot('book-sources-unknown-ar');
      await switchLanguage(page, 'en');
    });
  });
});
