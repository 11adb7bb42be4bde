/**
 * The source files' annotations in a board book (GET /api/meetings/{id}/book/annotations?book=,
 * docs/annotations.md#the-board-book): member1's highlight shared with the committee on page 2 of file B shows in
 * member2's answer at B's page in the book (its outline entry's start - 1, + 2), marked with B and read-only; member1's
 * private note never shows for member2 (it does for member1); a file the reader may no longer see (taken off the
 * agenda, the older book still holds it) contributes nothing; refusals.
 */
import { Client } from 'pg';
import { openLiveChannel, pdfWithPages, waitFor, type LiveChannel } from '@app/testing';
import { GATEWAY, closeRedis, env, expectOk, libraryFile, meeting, talkingPoint, world, type World } from '../meeting/helpers';

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
const channels: LiveChannel[] = [];
afterAll(() => {
  for (const c of channels) c.close();
  closeRedis();
});

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

describe("the book's live channel and books made before the pages were recorded", () => {
  let mm: any;
  let d: number;
  let made: any;
  const rect = { rects: [{ x: 0.1, y: 0.1, w: 0.4, h: 0.03 }] };
  beforeAll(async () => {
    mm = await meeting(w, { title: 'Book live meeting' });
    d = await libraryFile(w.chair.c, 'd.pdf', await pdfWithPages([PAGE('Delta one'), PAGE('Delta two')]));
    await talkingPoint(w, mm.id, { title: 'Only', attachment_ids: [d] });
    made = await waitFor('board book', async () => {
      const b = expectOk(await w.m1.c.get(`/meetings/actions/merge_files/${mm.id}`));
      if (b.status === 'failed') throw new Error(`book failed: ${b.error}`);
      return b.status === 'done' && b.library_id ? b : null;
    }, 240_000, 1000);
  });
  const live = async (token: string | undefined) => {
    const c = await openLiveChannel(GATEWAY, { org: w.org.slug, token, path: `/api/meetings/${mm.id}/book/live?book=${made.library_id}` });
    channels.push(c);
    return c;
  };

  it("a source file's marks reach the open book viewers they are shared with: the committee's all, named people's those named, a private one nobody else", async () => {
    expect((await live(w.outsider.token)).status).toBe(404);
    expect((await live(undefined)).status).toBe(401);
    const m2 = await live(w.m2.token);
    const chair = await live(w.chair.token);
    for (const c of [m2, chair]) {
      expect(c.status).toBe(200);
      await waitFor('ready', () => c.frames.find((f) => f.data.type === 'ready' && f.data.itemId === made.library_id), 5_000);
    }
    const on = `/library/${d}/annotations?meeting_id=${mm.id}`;
    const secret = expectOk(await w.m1.c.post(on, { page: 1, kind: 'note', geometry: { x: 0.5, y: 0.5 }, text: 'Mine only' }));
    const forChair = expectOk(await w.m1.c.post(on, { page: 1, kind: 'note', geometry: { x: 0.5, y: 0.5 }, text: 'For the chair', visibility: 'people', people: [w.chair.userId] }));
    const shared = expectOk(await w.m1.c.post(on, { page: 2, kind: 'highlight', geometry: rect, visibility: 'committee', text: 'For all' }));
    const hit = await waitFor('shared on m2', () => m2.frames.find((f) => f.data.type === 'annotation' && f.data.annotationId === shared.id), 15_000, 20);
    expect(hit.data).toMatchObject({ itemId: d, change: 'created', byUserId: w.m1.userId });
    await waitFor('named on the chair', () => chair.frames.find((f) => f.data.type === 'annotation' && f.data.annotationId === forChair.id), 15_000, 20);
    await waitFor('shared on the chair', () => chair.frames.find((f) => f.data.type === 'annotation' && f.data.annotationId === shared.id), 15_000, 20);
    // in order: the later shared one came, so the earlier ones would have
    const heard = (c: LiveChannel) => c.frames.filter((f) => f.data.type === 'annotation').map((f) => f.data.annotationId);
    expect([...heard(m2), ...heard(chair)]).not.toContain(secret.id);
    expect(heard(m2)).not.toContain(forChair.id);
    // the refetch the message asks for places it
    const answer = expectOk(await w.m2.c.get(`/meetings/${mm.id}/book/annotations?book=${made.library_id}`));
    const entry = made.outlines_data.entries.find((e: { name: string }) => e.name === 'd.pdf');
    expect(answer.files).toEqual([{ library_id: d, version: 1, name: 'd.pdf', start: entry.start, end: entry.end }]);
    expect(answer.annotations.find((a: any) => a.id === shared.id)).toMatchObject({ page: entry.start + 1, source: { library_id: d, page: 2 } });
    expect(answer.pages_known).toBe(true);
  });

  it('a book made before the pages were recorded takes them from its outline; one made before its files were recorded says so', async () => {
    const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    const get = async () => expectOk(await w.m2.c.get(`/meetings/${mm.id}/book/annotations?book=${made.library_id}`));
    try {
      const now = await get();
      expect(now.annotations.length).toBeGreaterThan(0);
      // as a book made between the publications (021e154) and the pages (5060775): items without start/end
      await db.query(
        `UPDATE minutes.books SET items = (SELECT jsonb_agg(jsonb_set(i, '{files}', (SELECT coalesce(jsonb_agg(f - 'start' - 'end'), '[]'::jsonb) FROM jsonb_array_elements(i->'files') f))) FROM jsonb_array_elements(items) i)
         WHERE org_id = $1 AND library_id = $2`,
        [w.org.orgId, made.library_id],
      );
      const { rows } = await db.query(`SELECT items FROM minutes.books WHERE org_id = $1 AND library_id = $2`, [w.org.orgId, made.library_id]);
      expect(rows[0].items[0].files[0].start).toBeUndefined();
      const older = await get();
      expect(older.annotations.map((a: any) => [a.id, a.page])).toEqual(now.annotations.map((a: any) => [a.id, a.page]));
      expect(older.files).toEqual(now.files);
      expect(older.pages_known).toBe(true);
      // made before the publications: nothing known of where the files are
      await db.query(`UPDATE minutes.books SET items = NULL WHERE org_id = $1 AND library_id = $2`, [w.org.orgId, made.library_id]);
      expect(await get()).toMatchObject({ annotations: [], files: [], pages_known: false });
    } finally {
      await db.end();
    }
  });
});
