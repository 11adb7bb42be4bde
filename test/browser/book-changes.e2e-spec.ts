/**
 * Journey: what changed in the board book (docs/minutes.md#what-changed-in-the-book). A meeting of three talking
 * points, each with a PDF; its first book is made. A member opens that book in the book viewer (recorded as opened,
 * no marks: nothing to compare with). The owner uploads a new version of the second item's file; the book is made
 * again. The member's meeting page then marks exactly that item "Changed since you last opened" (the board book
 * card and the agenda list's card of the item), and so does the book viewer's outline; the others carry no mark. The meeting page and the book viewer pass
 * axe in English and Arabic at 390 px and 820 px.
 */
import { pdfWithPages, TEST_PASSWORD, waitFor } from '@app/testing';
import { closeRedis, expectOk, libraryFile, meeting, talkingPoint, world, type Person, type World } from '../api/meeting/helpers';
import { a11y, openBrowser, orgUrl, signIn, switchLanguage, type Session } from './support';

jest.setTimeout(420_000);

const SIZES = [
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('journey: the board book marks what changed since the member last opened it', () => {
  let w: World;
  let meetingId: number;
  const items: { id: number; title: string; file: number }[] = [];
  let first: any;
  let second: any;
  let s: Session;

  /** the meeting's finished book, another than `not` */
  const book = (p: Person, not?: number) =>
    waitFor('board book', async () => {
      const b = expectOk(await p.c.get(`/meetings/actions/merge_files/${meetingId}`));
      if (b.status === 'failed') throw new Error(`book failed: ${b.error}`);
      return b.status === 'done' && b.library_id !== not ? b : null;
    }, 240_000, 1000);

  /** the marks a selector finds: their test ids and marks, in page order */
  const marks = (selector: string) => s.page.$$eval(selector, (ns: any[]) => ns.map((n) => `${n.getAttribute('data-testid')}=${n.getAttribute('data-mark')}`));

  beforeAll(async () => {
    w = await world();
    meetingId = (await meeting(w, { title: 'Changes journey' })).id;
    for (const [title, line] of [['Budget', 'The annual budget.'], ['Audit', 'The external audit report.'], ['People', 'The training plan.']] as const) {
      const file = await libraryFile(w.chair.c, `${title.toLowerCase()}.pdf`, await pdfWithPages([[line]]));
      const tp = await talkingPoint(w, meetingId, { title, attachment_ids: [file] });
      items.push({ id: tp.id, title, file });
    }
    first = await book(w.chair);
    s = await openBrowser('book-changes');
    s.page.setDefaultTimeout(30_000);
    await s.step('sign-in', () => signIn(s.page, w.org.slug, w.m1.email, TEST_PASSWORD));
  });
  afterAll(async () => {
    await s?.close();
    closeRedis();
  });

  it('the member opens the first book: recorded, no marks', async () => {
    const { page } = s;
    await s.step('first book', async () => {
      const opened = page.waitForResponse((r) => r.url().includes(`/api/meetings/${meetingId}/book/opened`) && r.request().method() === 'POST', { timeout: 60_000 });
      await page.goto(orgUrl(w.org.slug, `/doc-view?id=${first.library_id}&e=0&meeting_id=${meetingId}`));
      await page.waitForSelector('[data-testid=book-viewer][data-page="1"]', { visible: true, timeout: 60_000 });
      expect((await opened).status()).toBe(200);
      await page.waitForSelector('[data-testid=book-section-0]', { visible: true });
      await s.shot('first-book');
    });
    expect(await marks('[data-testid^=book-section-mark-]')).toEqual([]);
  });

  it('the owner uploads a new version of the Audit file: the book is made again and only Audit is marked changed since the member last opened it', async () => {
    const { page } = s;
    const audit = items[1];
    expectOk(await w.chair.c.upload(`/library/update/${audit.file}`, {}, { file: { name: 'audit.pdf', type: 'application/pdf', data: await pdfWithPages([['The revised audit report.'], ['Its findings.']]) } }));
    second = await book(w.m1, first.library_id);
    // the member's answer counts from the book they opened
    expect(expectOk(await w.m1.c.get(`/meetings/${meetingId}/book/changes`))).toMatchObject({ book_library_id: second.library_id, since_library_id: first.library_id, since: 'opened' });

    const meetingPage = async (width: number, height: number) => {
      await page.setViewport({ width, height });
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await page.waitForSelector('[data-testid=book-changes]', { visible: true });
    };
    for (const size of SIZES) {
      for (const lang of ['en', 'ar'] as const) {
        await s.step(`meeting-${size.name}-${lang}`, async () => {
          // the language is chosen at the desktop size (the header's switcher), then the page loads at the size
          await meetingPage(1280, 860);
          if ((await page.evaluate('document.documentElement.lang')) !== lang) await switchLanguage(page, lang);
          await meetingPage(size.width, size.height);
          await s.shot(`meeting-${size.name}-${lang}`);
        });
        expect(await marks('[data-testid=book-changes] [data-testid^=book-change-mark-]')).toEqual([`book-change-mark-tp:${audit.id}=changed-opened`]);
        // the agenda list marks the same item, on its card, from the same answer
        expect(await marks('[data-testid=agenda-card] [data-testid^=agenda-mark-]')).toEqual([`agenda-mark-tp:${audit.id}=changed-opened`]);
        expect(await page.$(`[data-testid="open-talking_point:${audit.id}"] [data-testid="agenda-mark-tp:${audit.id}"]`)).not.toBeNull();
        expect(await page.$eval(`[data-testid="book-change-tp:${audit.id}"]`, (n: any) => n.textContent)).toContain(lang === 'en' ? 'Changed since you last opened' : 'تغيّر منذ آخر فتح لك');
        const wide = await page.evaluate('({ scroll: document.documentElement.scrollWidth, width: window.innerWidth })') as { scroll: number; width: number };
        expect(wide.scroll).toBeLessThanOrEqual(wide.width);
        await a11y(page, `meeting page with the book's changes (${size.name})`, s);
      }
    }

    // the book viewer (read last: opening it counts from the new book next time); the language and size change in place
    await page.setViewport({ width: 1280, height: 860 });
    await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
    await page.waitForSelector('[data-testid=book-card]', { visible: true });
    if ((await page.evaluate('document.documentElement.lang')) !== 'en') await switchLanguage(page, 'en');
    await s.step('book viewer', async () => {
      const opened = page.waitForResponse((r) => r.url().includes(`/api/meetings/${meetingId}/book/opened`) && r.request().method() === 'POST', { timeout: 60_000 });
      await page.setViewport({ width: SIZES[0].width, height: SIZES[0].height });
      await page.goto(orgUrl(w.org.slug, `/doc-view?id=${second.library_id}&e=0&meeting_id=${meetingId}`));
      await page.waitForSelector('[data-testid=book-viewer][data-page="1"]', { visible: true, timeout: 60_000 });
      await page.waitForSelector('[data-testid^=book-section-mark-]', { visible: true });
      expect((await opened).status()).toBe(200);
      await s.shot('book-viewer-marks');
    });
    const sections: string[] = await page.$$eval('[data-testid^=book-section-open-]', (ns: any[]) => ns.map((n) => n.textContent.trim()));
    const auditAt = sections.findIndex((t) => t.includes('Audit'));
    expect(auditAt).toBeGreaterThanOrEqual(0);
    expect(await marks('[data-testid^=book-section-mark-]')).toEqual([`book-section-mark-${auditAt}=changed-opened`]);
    await a11y(page, 'book viewer with the marks (tablet)', s);
    await switchLanguage(page, 'ar');
    await a11y(page, 'book viewer with the marks (tablet)', s);
    await page.setViewport({ width: SIZES[1].width, height: SIZES[1].height });
    await a11y(page, 'book viewer with the marks (phone)', s);
    await page.setViewport({ width: 1280, height: 860 });
    await switchLanguage(page, 'en');
    await page.setViewport({ width: SIZES[1].width, height: SIZES[1].height });
    await a11y(page, 'book viewer with the marks (phone)', s);
    // the marks stayed through the changes of size and language
    expect(await marks('[data-testid^=book-section-mark-]')).toEqual([`book-section-mark-${auditAt}=changed-opened`]);
    // opened: next time nothing is marked
    const after = expectOk(await w.m1.c.get(`/meetings/${meetingId}/book/changes`));
    expect(after).toMatchObject({ since_library_id: second.library_id, since: 'opened' });
    expect(after.items.every((i: any) => i.status === 'unchanged')).toBe(true);
  });
});
