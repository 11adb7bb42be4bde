/**
 * The source files' annotations in a board book (GET /api/meetings/{id}/book/annotations?book=,
 * docs/annotations.md#the-board-book): member1's highlight shared with the committee on page 2 of file B shows in
 * member2's answer at B's page in the book (its outline entry's start - 1, + 2), marked with B and read-only; member1's
 * private note never shows for member2 (it does for member1); a file the reader may no longer see (taken off the
 * agenda, the older book still holds it) contributes nothing; refusals.
 */
import { pdfWithPages, waitFor } from '@app/testing';
import { closeRedis, expectOk, libraryFile, meeting, talkingPoint, world, type World } from '../meeting/helpers';

jest.setTimeout(400_000);

let w: World;
let m: any;
const ids: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };

const PAGE = (t: string) => [`${t} first line.`, 'Some more words on the page.'];

async function book(not?: number): Promise<any> {
  return waitFor('board book', async () => {
    const b = expectOk(await w.m1.c.get(`/meetings/actions/merge_files/${m.id}`));
    if (b.status === 'failed') throw new Error(`book failed: ${b.error}`);
    return b.status === 'done' && b.library_id !== not ? b : null;
  }, 240_000, 1000);
}

beforeAll(async () => {
  w = await world();
  m = await meeting(w, { title: 'Book annotations meeting' });
  ids.A = await libraryFile(w.chair.c, 'a.pdf', await pdfWithPages([PAGE('Alpha')]));
  ids.B = await libraryFile(w.chair.c, 'b.pdf', await pdfWithPages([PAGE('Bravo one'), PAGE('Bravo two'), PAGE('Bravo three')]));
  ids.C = await libraryFile(w.chair.c, 'c.pdf', await pdfWithPages([PAGE('Charlie')]));
  await talkingPoint(w, m.id, { title: 'First', attachment_ids: [ids.A] });
  await talkingPoint(w, m.id, { title: 'Second', attachment_ids: [ids.B, ids.C] });
});
afterAll(() => closeRedis());

describe("a board book shows its source files' annotations at their pages", () => {
  it("member1's committee highlight on B's page 2 at B's offset + 2 for member2; member1's private note only for member1; a file no longer seen adds nothing", async () => {
    const first = await book();
    const entries = first.outlines_data.entries as { name: string; start: number; end: number }[];
    const b = entries.find((e) => e.name === 'b.pdf')!;
    const c = entries.find((e) => e.name === 'c.pdf')!;
    expect(b.end - b.start + 1).toBe(3);
    const offsetB = b.start - 1;

    const rect = { rects: [{ x: 0.1, y: 0.1, w: 0.4, h: 0.03 }] };
    const on = (id: number) => `/library/${id}/annotations?meeting_id=${m.id}`;
    const shared = expectOk(await w.m1.c.post(on(ids.B), { page: 2, kind: 'highlight', geometry: rect, quote: 'Bravo two', visibility: 'committee', text: 'For all' }));
    const note = expectOk(await w.m1.c.post(on(ids.B), { page: 3, kind: 'note', geometry: { x: 0.5, y: 0.5 }, text: 'Mine only' }));
    const onC = expectOk(await w.m1.c.post(on(ids.C), { page: 1, kind: 'note', geometry: { x: 0.5, y: 0.5 }, text: 'On C', visibility: 'committee' }));
    expectOk(await w.m2.c.post(`/library/${ids.B}/annotations/${shared.id}/replies?meeting_id=${m.id}`, { text: 'Seen' }));

    const at = (p: any, q = `?book=${first.library_id}`) => p.c.get(`/meetings/${m.id}/book/annotations${q}`);
    const m2 = expectOk(await at(w.m2));
    expect(m2).toMatchObject({ meeting_id: m.id, book_library_id: first.library_id });
    const sharedInBook = m2.annotations.find((a: any) => a.id === shared.id);
    expect(sharedInBook).toMatchObject({
      page: offsetB + 2, kind: 'highlight', text: 'For all', mine: false, can_edit: false, can_delete: false,
      source: { library_id: ids.B, version: 1, name: 'b.pdf', page: 2 },
    });
    expect(sharedInBook.replies).toEqual([expect.objectContaining({ text: 'Seen', page: offsetB + 2, can_edit: false, can_delete: false })]);
    expect(m2.annotations.map((a: any) => a.id)).not.toContain(note.id);
    expect(m2.annotations.find((a: any) => a.id === onC.id)).toMatchObject({ page: c.start, source: { library_id: ids.C, name: 'c.pdf', page: 1 } });

    const m1 = expectOk(await at(w.m1));
    expect(m1.annotations.find((a: any) => a.id === note.id)).toMatchObject({ page: offsetB + 3, mine: true, can_edit: false, can_delete: false, source: { library_id: ids.B, page: 3 } });

    // C taken off the agenda: the newer book has no C; in the older book (still holding C) it adds nothing
    const agenda = expectOk(await w.chair.c.get(`/meetings/${m.id}`)).agendas.flatMap((g: any) => g.data);
    const second = agenda.find((i: any) => i.title === 'Second');
    expectOk(await w.chair.c.put(`/meetings/${m.id}/talkingpoints/${second.id}`, { title: 'Second', viewers: [w.m1.userId], presenters: [w.chair.userId], duration: 30, attachment_ids: [ids.B] }));
    expect((await w.m2.c.get(`/library/${ids.C}/annotations?meeting_id=${m.id}`)).status).toBe(404);
    const after = expectOk(await at(w.m2));
    expect(after.annotations.map((a: any) => a.id)).not.toContain(onC.id);
    expect(after.annotations.map((a: any) => a.id)).toContain(shared.id);
    const newer = await book(first.library_id);
    const inNewer = expectOk(await at(w.m2, `?book=${newer.library_id}`));
    expect(inNewer.annotations.map((a: any) => [a.id, a.source.library_id])).toEqual([[shared.id, ids.B]]);
  });

  it('refusals: outsider 404, no session 401, not a book 404, a bad id 409', async () => {
    const b = await book();
    expect((await w.outsider.c.get(`/meetings/${m.id}/book/annotations?book=${b.library_id}`)).status).toBe(404);
    expect((await w.anon.get(`/meetings/${m.id}/book/annotations?book=${b.library_id}`)).status).toBe(401);
    expect((await w.m1.c.get(`/meetings/${m.id}/book/annotations?book=${ids.A}`)).status).toBe(404);
    expect((await w.m1.c.get(`/meetings/${m.id}/book/annotations?book=abc`)).status).toBe(409);
    expect((await w.m1.c.get(`/meetings/${m.id}/book/annotations`)).status).toBe(409);
  });
});
