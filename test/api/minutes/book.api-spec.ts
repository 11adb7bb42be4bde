/**
 * The merged board book (GET /api/meetings/actions/merge_files/{id}): a cover, the agenda with page numbers and
 * every attachment in agenda order in one PDF with bookmarks, made by a job and stored in the library;
 * GET /api/downolad/{docId} answers it and /api/library/fetch/{docId} its outline, whose entries match the
 * attachments' page counts.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef } from 'pdf-lib';
import { pdfFile, waitFor } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, libraryFile, meeting, talkingPoint, world, type Person, type World } from '../meeting/helpers';

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
