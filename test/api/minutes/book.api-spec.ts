/**
 * The merged board book (GET /api/meetings/actions/merge_files/{id}): a cover, the agenda with page numbers and
 * every attachment in agenda order in one PDF with bookmarks, made by a job and stored in the library;
 * GET /api/downolad/{docId} answers it and /api/library/fetch/{docId} its outline, whose entries match the
 * attachments' page counts. The book's own pages are in the minutes' language: minutes made in Arabic make a new
 * book whose cover and agenda pdftotext reads in Arabic, with no English heading.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef } from 'pdf-lib';
import { pdfFile, pdfText, pdfWords, waitFor } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, libraryFile, meeting, scheduled, setStatus, talkingPoint, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let m: any;
let files: { id: number; pages: number; name: string }[];

beforeAll(async () => {
  w = await world();
  m = await meeting(w, { title: 'Board book meeting' });
  files = [];
  for (const [name, pages] of [['budget.pdf', 3], ['capex.pdf', 2], ['venue.pdf', 1]] as const) {
    files.push({ id: await libraryFile(w.chair.c, name, await pdfFile(pages, name)), pages, name });
  }
  await talkingPoint(w, m.id, { title: 'Budget', attachment_ids: [files[0].id, files[1].id] });
  await talkingPoint(w, m.id, { title: 'Venue', attachment_ids: [files[2].id] });
});
afterAll(() => closeRedis());

const merge = (p: Person, id = m.id) => p.c.get(`/meetings/actions/merge_files/${id}`);
async function merged(p: Person, id = m.id): Promise<any> {
  return waitFor(
    'board book',
    async () => {
      const s = expectOk(await merge(p, id));
      if (s.status === 'failed') throw new Error(`merge failed: ${s.error}`);
      return s.status === 'done' ? s : null;
    },
    150_000,
    500,
  );
}
async function bytesOf(p: Person, path: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(`${GATEWAY}${path}`, { headers: { 'x-org': w.org.slug, token: p.token } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
/** the top-level bookmarks of a PDF with their children's titles */
function outlineOf(doc: PDFDocument): { title: string; children: string[] }[] {
  const walk = (first: unknown): { title: string; first: unknown }[] => {
    const out: { title: string; first: unknown }[] = [];
    let ref = first instanceof PDFRef ? first : undefined;
    while (ref) {
      const d = doc.context.lookup(ref, PDFDict);
      expect(d.lookup(PDFName.of('Dest'), PDFArray).size()).toBe(2);
      out.push({ title: (d.lookup(PDFName.of('Title')) as PDFHexString).decodeText(), first: d.get(PDFName.of('First')) });
      const next = d.get(PDFName.of('Next'));
      ref = next instanceof PDFRef ? next : undefined;
    }
    return out;
  };
  const root = doc.catalog.lookup(PDFName.of('Outlines'), PDFDict);
  return walk(root.get(PDFName.of('First'))).map((n) => ({ title: n.title, children: walk(n.first).map((c) => c.title) }));
}

describe('GET /api/meetings/actions/merge_files/{id}', () => {
  it('a member asks for the book: a job makes it with progress, then its library id, URL, outline and number of files', async () => {
    const first = expectOk(await merge(w.m1));
    expect(first).toMatchObject({ meeting_id: m.id, status: expect.stringMatching(/queued|merging|done/) });
    const s = await merged(w.m1);
    expect(s).toMatchObject({ progress: 100, number_of_files_merged: 3, agenda_merged_file: expect.stringContaining('http'), library_id: expect.any(Number) });
    // cover (1), agenda (1), then each attachment in agenda order with its own page count
    const entries = s.outlines_data.entries;
    expect(entries.slice(0, 2)).toEqual([{ name: 'Board book meeting', start: 1, end: 1 }, { name: 'Agenda', start: 2, end: 2 }]);
    const attached = entries.slice(2);
    expect(attached.map((e: any) => e.name)).toEqual(files.map((f) => f.name));
    expect(attached.map((e: any) => e.end - e.start + 1)).toEqual(files.map((f) => f.pages));
    for (let i = 1; i < attached.length; i++) expect(attached[i].start).toBe(attached[i - 1].end + 1);
    // the meeting details name the book
    expect(expectOk(await w.m2.c.get(`/meetings/${m.id}`))).toMatchObject({ agenda_merged_file: expect.stringContaining('http'), number_of_files_merged: 3 });
    // asking again with the same agenda makes nothing new
    expect(expectOk(await merge(w.chair)).library_id).toBe(s.library_id);
  });

  it('GET /api/downolad/{docId}: the merged PDF with its pages and bookmarks per section; the library fetch answers the outline', async () => {
    const s = await merged(w.m1);
    const d = await bytesOf(w.m2, `/api/downolad/${s.library_id}`);
    expect(d.status).toBe(200);
    expect(d.headers.get('content-type')).toBe('application/pdf');
    const doc = await PDFDocument.load(d.bytes);
    expect(doc.getPageCount()).toBe(2 + files.reduce((n, f) => n + f.pages, 0));
    expect(outlineOf(doc)).toEqual([
      { title: 'Board book meeting', children: [] },
      { title: 'Agenda', children: [] },
      { title: '1. Budget', children: ['budget.pdf', 'capex.pdf'] },
      { title: '2. Venue', children: ['venue.pdf'] },
    ]);
    const fetched = await w.m1.c.get(`/library/fetch/${s.library_id}`, { meeting_id: m.id });
    expect(fetched.status).toBe(200);
    expect(fetched.body.data.outlines_data).toEqual({ libraryName: 'Board book meeting - board book.pdf', entries: s.outlines_data.entries });
    expect(fetched.body.data.file_url).toContain('http');
  });

  it('a new attachment makes a new book; who may not see the meeting gets 404; no attachments 409', async () => {
    const before = await merged(w.chair);
    const extra = await libraryFile(w.chair.c, 'annex.pdf', await pdfFile(2, 'annex'));
    await talkingPoint(w, m.id, { title: 'Annex', attachment_ids: [extra] });
    const after = await merged(w.chair);
    expect(after.library_id).not.toBe(before.library_id);
    expect(after.number_of_files_merged).toBe(4);
    expect((await merge(w.outsider)).status).toBe(404);
    expect((await bytesOf(w.outsider, `/api/downolad/${after.library_id}`)).status).toBe(404);
    expect((await w.anon.get(`/meetings/actions/merge_files/${m.id}`)).status).toBe(401);
    expect((await bytesOf(w.m1, '/api/downolad/abc')).status).toBe(409);
    expect((await bytesOf(w.m1, `/api/downolad/${files[0].id}`)).status).toBe(404);
    const bare = await meeting(w, { title: 'Nothing attached' });
    await talkingPoint(w, bare.id);
    expect((await merge(w.chair, bare.id)).body).toMatchObject({ code: 'MINUTES_BOOK_EMPTY' });
  });
});

describe('the board book in the language of the minutes', () => {
  it('minutes made in Arabic: a new book without asking, whose cover, agenda and programme are Arabic, right to left, with no English heading', async () => {
    const ar = await scheduled(w, { title: 'Language book' });
    const annex = await libraryFile(w.chair.c, 'annex.pdf', await pdfFile(1, 'annex'));
    await talkingPoint(w, ar.id, { title: 'Annex', attachment_ids: [annex] });
    const english = await merged(w.chair, ar.id);
    expect(english.outlines_data.entries[1]).toEqual({ name: 'Agenda', start: 2, end: 2 });
    const front = async (libraryId: number) => {
      const d = await bytesOf(w.chair, `/api/downolad/${libraryId}`);
      expect(d.status).toBe(200);
      return [await pdfText(d.bytes, { page: 1 }), await pdfText(d.bytes, { page: 2 })].join(' ').replace(/\s+/g, ' ');
    };
    const before = await front(english.library_id);
    for (const word of ['Board book', 'Committee', 'Agenda', 'Programme', 'Presenters', 'Documents']) expect({ word, found: before.includes(word) }).toEqual({ word, found: true });

    // the owner makes the minutes in Arabic (Done with mom_lang), from an English interface
    await setStatus(w, ar.id, 3);
    expectOk(await w.chair.c.post(`/meetings/${ar.id}/mom`, { mom_settings: 1 }));
    expectOk(await w.chair.c.upload(`/meetings/${ar.id}/mom_conclusion`, { id: String(ar.id), isConclusion: 'true', done: '1', mom_lang: 'ar' }, {}));
    await waitFor(
      'Arabic minutes',
      async () => {
        const s = expectOk(await w.chair.c.get(`/meetings/${ar.id}/minutes`));
        if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
        return s.mom_versions.some((v: any) => v.lang === 'ar') ? s : null;
      },
      150_000,
      500,
    );

    // the language is part of the book's state: the new version makes a new book, in Arabic, without anyone asking
    // (the meeting details name the newest finished book: its S3 key names the book)
    const keyOf = (url: string) => new URL(url).pathname;
    await waitFor('the Arabic book in the meeting details', async () => {
      const d = expectOk(await w.m2.c.get(`/meetings/${ar.id}`));
      return d.agenda_merged_file && keyOf(d.agenda_merged_file) !== keyOf(english.agenda_merged_file) ? d : null;
    }, 150_000, 500);
    const arabic = expectOk(await merge(w.m1, ar.id));
    expect(arabic).toMatchObject({ status: 'done', progress: 100 });
    expect(arabic.library_id).not.toBe(english.library_id);
    expect(arabic.outlines_data.entries[1]).toEqual({ name: 'جدول الأعمال', start: 2, end: 2 });
    // the committee's own name ("Committee c-…", a test committee) is the meeting's text, not a heading
    const committee: string = expectOk(await w.chair.c.get(`/meetings/${ar.id}`)).committee.name;
    const text = (await front(arabic.library_id)).replace(committee, ' ');
    expect(text.length).toBeLessThan((await front(arabic.library_id)).length);
    // words without a lam-alef: pdftotext reads that ligature back as two letters swapped (جدول الأعمال: the outline above)
    for (const word of ['ملف', 'اللجنة', 'التاريخ', 'المكان', 'جدول', 'البرنامج', 'البدء', 'البند', 'الدقائق', 'المستندات']) expect({ word, found: text.includes(word) }).toEqual({ word, found: true });
    for (const word of ['Board book', 'Committee', 'Date', 'Location', 'Agenda', 'Programme', 'Start', 'Item', 'Presenters', 'Minutes', 'Documents']) expect({ word, found: text.includes(word) }).toEqual({ word, found: false });
    // right to left: the agenda's heading and the programme's first column (start) at the right of the page (A4, 595 pt
    // wide), its last (minutes) at the left; -bbox gives each Arabic word's letters in visual order
    const words = (await pdfWords((await bytesOf(w.chair, `/api/downolad/${arabic.library_id}`)).bytes, 2)).map((x) => ({ ...x, text: [...x.text.normalize('NFKC')].reverse().join('') }));
    const side = (word: string) => words.filter((x) => x.text === word).map((x) => (x.xMin > 595 / 2 ? 'right' : 'left'));
    expect({ agenda: side('جدول'), start: side('البدء'), minutes: side('الدقائق') }).toEqual({ agenda: ['right'], start: ['right'], minutes: ['left'] });
    // the same state asked again: the same Arabic book
    expect(expectOk(await merge(w.m1, ar.id)).library_id).toBe(arabic.library_id);
  });
});
