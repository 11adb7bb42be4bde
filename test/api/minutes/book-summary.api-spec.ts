/**
 * The board book's summary with citations (GET /api/meetings/{id}/book/summary, docs/book-summary.md): made by the
 * `minutes-book:summarize-book` job once the book is, from the text the library extracted from each file's pages.
 * The check: the summary of a three-document book cites only pages that contain the cited text, read with
 * pdftotext from the stored book (at the cited book page) and from the file as uploaded (at the cited file page).
 * Then the states and who may ask.
 */
import { pdfText, pdfWithPages, waitFor } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, libraryFile, meeting, talkingPoint, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(300_000);

let w: World;
let m: any;
const docs: { id: number; name: string; bytes: Buffer }[] = [];

// short lines (the page is 595 points wide); a sentence may run over two lines, pdftotext reads them as one
const BUDGET = [
  ['Annual budget 2027.', 'The committee reviewed the annual budget', 'for the new headquarters building.', 'The finance team proposed a reserve', 'of ten percent for unexpected costs.'],
  ['Capital spending.', 'The headquarters building budget includes', 'new meeting rooms and a library.', 'The reserve will be reviewed every quarter', 'by the finance committee.'],
];
const AUDIT = [
  ['External audit report.', 'The auditors found no material weakness', 'in the pension fund accounts.', 'Two auditors recommended better controls', 'for supplier payments.'],
];
const ARABIC = [
  ['تقرير الموارد البشرية.', 'وافق المجلس على تعيين مدققين اثنين', 'لمراجعة حسابات صندوق التقاعد.', 'ناقشت اللجنة خطة التدريب السنوية', 'للموظفين الجدد في المبنى الجديد.'],
];

/** what the library keeps of a page (services/library rules/text cleanPageText): NFKC, no bidi marks, single spaces */
const clean = (t: string) => t.normalize('NFKC').replace(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, '').replace(/\s+(?=[\u064B-\u065F\u0670])/g, '').replace(/\s+/g, ' ').trim();

const summary = (p: Person, id = m.id) => p.c.get(`/meetings/${id}/book/summary`);
async function made(p: Person, id = m.id): Promise<any> {
  return waitFor(
    'book summary',
    async () => {
      const s = expectOk(await summary(p, id));
      if (s.status === 'failed') throw new Error(`summary failed: ${s.error}`);
      return s.status === 'done' ? s : null;
    },
    240_000,
    1000,
  );
}

beforeAll(async () => {
  w = await world();
  m = await meeting(w, { title: 'Summary meeting' });
  for (const [name, pages] of [['budget.pdf', BUDGET], ['audit.pdf', AUDIT], ['hr-ar.pdf', ARABIC]] as const) {
    const bytes = await pdfWithPages(pages);
    docs.push({ id: await libraryFile(w.chair.c, name, bytes), name, bytes });
  }
  await talkingPoint(w, m.id, { title: 'Budget', attachment_ids: [docs[0].id] });
  await talkingPoint(w, m.id, { title: 'Audit and people', attachment_ids: [docs[1].id, docs[2].id] });
});
afterAll(() => closeRedis());

describe('GET /api/meetings/{id}/book/summary', () => {
  it('404 before the meeting has a book; then a state while the book and its summary are made', async () => {
    const before = await summary(w.m1);
    expect(before.status).toBe(404);
    expect(expectOk(await w.m1.c.get(`/meetings/actions/merge_files/${m.id}`)).status).toMatch(/queued|merging|done/);
    const s = expectOk(await summary(w.m1));
    expect(s).toMatchObject({ meeting_id: m.id, status: expect.stringMatching(/queued|running|done/), machine_made: true });
    expect(s.progress).toBeGreaterThanOrEqual(0);
  });

  it('the summary of a three-document book cites only pages that contain the cited text (pdftotext of the stored book and of each file)', async () => {
    const s = await made(w.m1);
    expect(s).toMatchObject({ status: 'done', progress: 100, method: 'extractive', machine_made: true, lang: 'en', book_library_id: expect.any(Number) });
    expect(s.items.map((i: any) => i.title)).toEqual(['1. Budget', '2. Audit and people']);
    const all = [...s.book, ...s.items.flatMap((i: any) => i.sentences)];
    expect(s.book.length).toBeGreaterThan(1);
    for (const i of s.items) expect(i.sentences.length).toBeGreaterThan(0);
    // only the book's documents are cited, more than one of them
    const cited = new Set(all.map((x: any) => x.cite.library_id));
    for (const id of cited) expect(docs.map((d) => d.id)).toContain(id);
    expect(cited.size).toBeGreaterThan(1);

    const book = await fetch(`${GATEWAY}/api/downolad/${s.book_library_id}`, { headers: { 'x-org': w.org.slug, token: w.m1.token } });
    expect(book.status).toBe(200);
    const bookBytes = new Uint8Array(await book.arrayBuffer());
    const bookPages = new Map<number, string>();
    for (const x of all) {
      const doc = docs.find((d) => d.id === x.cite.library_id)!;
      expect(x.cite).toMatchObject({ name: doc.name, file_kind: 'pdf' });
      const filePage = clean(await pdfText(doc.bytes, { page: x.cite.page }));
      expect(filePage).toContain(x.text);
      if (!bookPages.has(x.cite.book_page)) bookPages.set(x.cite.book_page, clean(await pdfText(bookBytes, { page: x.cite.book_page })));
      expect(bookPages.get(x.cite.book_page)).toContain(x.text);
    }
    // an item's sentences cite only that item's files
    expect(new Set(s.items[0].sentences.map((x: any) => x.cite.library_id))).toEqual(new Set([docs[0].id]));
    for (const x of s.items[1].sentences) expect([docs[1].id, docs[2].id]).toContain(x.cite.library_id);
    // the budget's second page is cited with its own page number, in the file and in the book (cover, agenda, then budget)
    const second = all.find((x: any) => x.cite.library_id === docs[0].id && x.cite.page === 2);
    if (second) expect(second.cite.book_page).toBe(4);
  });

  it('who may not see the meeting gets 404, no session 401, a bad id 409; every member sees the same summary', async () => {
    const s = await made(w.m1);
    expect((await summary(w.outsider)).status).toBe(404);
    expect((await w.anon.get(`/meetings/${m.id}/book/summary`)).status).toBe(401);
    expect((await w.m1.c.get('/meetings/abc/book/summary')).status).toBe(409);
    expect((await summary(w.m1, 999_999_999)).status).toBe(404);
    expect(await made(w.m2)).toEqual(s);
  });

  it('an Arabic book is summarized in Arabic, each sentence on its page', async () => {
    const ar = await meeting(w, { title: 'اجتماع عربي' });
    await talkingPoint(w, ar.id, { title: 'الموارد البشرية', attachment_ids: [docs[2].id] });
    expect(expectOk(await w.chair.c.get(`/meetings/actions/merge_files/${ar.id}`)).status).toMatch(/queued|merging|done/);
    const s = await made(w.chair, ar.id);
    expect(s).toMatchObject({ lang: 'ar', method: 'extractive' });
    const page = clean(await pdfText(docs[2].bytes, { page: 1 }));
    for (const x of [...s.book, ...s.items.flatMap((i: any) => i.sentences)]) {
      expect(x.cite).toMatchObject({ library_id: docs[2].id, page: 1, book_page: 3 });
      expect(page).toContain(x.text);
    }
  });
});
