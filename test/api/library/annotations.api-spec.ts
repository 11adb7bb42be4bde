/**
 * Shared annotations (docs/annotations.md) through the gateway: highlights, notes and drawings as rows; private by
 * default and never seen by anyone else (not even an administrator); shared with everyone who may see the file or
 * with named people; replies; edit only by the author, delete by the author or an administrator (shared ones);
 * strict input (409 with field errors, nothing written); 404 for a file the caller may not see; the file's live
 * channel tells open viewers of shared changes, and nothing of private ones.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { openLiveChannel, pdfFile, pollUntil, waitFor, type LiveChannel } from '@app/testing';
import { GATEWAY, closeRedis, expectOk, world, type World } from '../meeting/helpers';

jest.setTimeout(120_000);

let w: World;
let other: World;
let fileId: number;
const open: LiveChannel[] = [];
const path = () => `/library/${fileId}/annotations`;
const highlight = { page: 1, kind: 'highlight', geometry: { rects: [{ x: 0.1, y: 0.1, w: 0.5, h: 0.03 }] }, quote: 'Board pack' };
const note = (text: string, visibility = 'private', people: number[] = []) => ({ page: 2, kind: 'note', geometry: { x: 0.5, y: 0.5 }, text, visibility, people });
const ids = (list: { id: number }[]) => list.map((a) => a.id);

beforeAll(async () => {
  w = await world();
  other = await world();
  const up = await w.m1.c.upload('/library', {}, { file: { name: 'Pack.pdf', type: 'application/pdf', data: await pdfFile(2, 'Board pack') } });
  fileId = expectOk(up).id;
  // m2 and the editor may see the file (view); the outsider may not
  expectOk(await w.m1.c.post('/share', { id: fileId, users: [{ user_id: w.m2.userId, can_edit: false }, { user_id: w.editor.userId, can_edit: false }] }));
});
afterAll(() => {
  for (const c of open) c.close();
  closeRedis();
});

describe('strict input: 409 with field errors, nothing written', () => {
  it.each([
    ['no kind', { page: 1, geometry: { x: 0.5, y: 0.5 }, text: 'x' }, 'kind'],
    ['an unknown kind', { ...note('x'), kind: 'stamp' }, 'kind'],
    ['page 0', { ...note('x'), page: 0 }, 'page'],
    ['a point outside the page', { ...note('x'), geometry: { x: 1.5, y: 0.5 } }, 'geometry'],
    ['a highlight without rectangles', { ...highlight, geometry: { rects: [] } }, 'geometry'],
    ['a highlight with a note geometry', { ...highlight, geometry: { x: 0.1, y: 0.1 } }, 'geometry'],
    ['a drawing with too many points', { page: 1, kind: 'drawing', geometry: { paths: [{ points: Array.from({ length: 2001 }, () => [0.1, 0.1]) }] } }, 'geometry'],
    ['a note without text', note(''), 'text'],
    ['an unknown visibility', note('x', 'everyone'), 'visibility'],
    ['people without anyone named', note('x', 'people'), 'people'],
    ['a colour that is no colour', { ...note('x'), color: 'red' }, 'color'],
    ['an unknown field', { ...note('x'), owner: 1 }, 'owner'],
    ['a presented drawing without its meeting', { page: 1, kind: 'drawing', geometry: { paths: [{ points: [[0.1, 0.1]] }] }, visibility: 'committee', presented: true }, 'presented'],
    ['a presented note', { ...note('x'), presented: true }, 'presented'],
    ['presented not true', { page: 1, kind: 'drawing', geometry: { paths: [{ points: [[0.1, 0.1]] }] }, presented: 'yes' }, 'presented'],
  ])('%s', async (_, body, field) => {
    const before = expectOk(await w.m1.c.get(path())).annotations.length;
    const r = await w.m1.c.post(path(), body);
    expect({ status: r.status, message: r.body.message }).toEqual({ status: 409, message: 'Error in validation' });
    expect(Object.keys(r.body.errors ?? {})).toContain(field);
    expect(expectOk(await w.m1.c.get(path())).annotations).toHaveLength(before);
  });

  it('a person who is not of the organization: 409 on people, nothing written', async () => {
    const before = expectOk(await w.m1.c.get(path())).annotations.length;
    const r = await w.m1.c.post(path(), note('x', 'people', [other.m1.userId]));
    expect(r.status).toBe(409);
    expect(r.body.errors.people).toBeDefined();
    expect(expectOk(await w.m1.c.get(path())).annotations).toHaveLength(before);
  });
});

describe('who sees what', () => {
  it('a private note is never visible to another member, nor to an administrator, and cannot be reached by id', async () => {
    const mine = expectOk(await w.m1.c.post(path(), note('Only mine')));
    expect(mine).toMatchObject({ kind: 'note', visibility: 'private', text: 'Only mine', mine: true, can_edit: true, can_delete: true, author: { id: w.m1.userId, name: 'Mona Member' }, version: 1, orphaned: false, replies: [] });
    expect(ids(expectOk(await w.m1.c.get(path())).annotations)).toContain(mine.id);
    for (const p of [w.m2, w.editor, w.admin]) {
      expect(ids(expectOk(await p.c.get(path())).annotations)).not.toContain(mine.id);
      expect((await p.c.post(`${path()}/${mine.id}/replies`, { text: 'seen?' })).status).toBe(404);
      expect((await p.c.put(`${path()}/${mine.id}`, { text: 'changed' })).status).toBe(404);
      expect((await p.c.delete(`${path()}/${mine.id}`)).status).toBe(404);
    }
    expect(expectOk(await w.m1.c.get(path())).annotations.find((a: { id: number }) => a.id === mine.id).text).toBe('Only mine');
  });

  it('shared with the committee: everyone who may see the file sees it; replies; only the author edits; an admin may delete', async () => {
    const h = expectOk(await w.m1.c.post(path(), { ...highlight, text: 'Check this', visibility: 'committee' }));
    const seen = expectOk(await w.m2.c.get(path())).annotations.find((a: { id: number }) => a.id === h.id);
    expect(seen).toMatchObject({ kind: 'highlight', quote: 'Board pack', geometry: { rects: [{ x: 0.1, y: 0.1, w: 0.5, h: 0.03 }] }, mine: false, can_edit: false, can_delete: false });
    // a reply by m2, seen by the author
    const thread = expectOk(await w.m2.c.post(`${path()}/${h.id}/replies`, { text: 'Agreed' }));
    expect(thread.replies).toEqual([expect.objectContaining({ kind: 'reply', text: 'Agreed', parent_id: h.id, mine: true, author: expect.objectContaining({ id: w.m2.userId }) })]);
    expect(expectOk(await w.m1.c.get(path())).annotations.find((a: { id: number }) => a.id === h.id).replies.map((r: { text: string }) => r.text)).toEqual(['Agreed']);
    expect((await w.m2.c.post(`${path()}/${h.id}/replies`, { text: '  ' })).status).toBe(409);
    // only the author edits (403), and the change is kept
    expect((await w.m2.c.put(`${path()}/${h.id}`, { text: 'Mine now' })).status).toBe(403);
    expect((await w.m2.c.delete(`${path()}/${h.id}`)).status).toBe(403);
    expect(expectOk(await w.m1.c.put(`${path()}/${h.id}`, { text: 'Check this twice' })).text).toBe('Check this twice');
    // the author makes it private again: m2 no longer sees it
    expectOk(await w.m1.c.put(`${path()}/${h.id}`, { visibility: 'private' }));
    expect(ids(expectOk(await w.m2.c.get(path())).annotations)).not.toContain(h.id);
    expectOk(await w.m1.c.put(`${path()}/${h.id}`, { visibility: 'committee' }));
    // the administrator may delete a shared one, with its replies
    const asAdmin = expectOk(await w.admin.c.get(path())).annotations.find((a: { id: number }) => a.id === h.id);
    expect(asAdmin).toMatchObject({ can_edit: false, can_delete: true });
    expect((await w.admin.c.delete(`${path()}/${h.id}`)).status).toBe(200);
    expect(ids(expectOk(await w.m1.c.get(path())).annotations)).not.toContain(h.id);
  });

  it('shared with named people: they see it, others who may see the file do not', async () => {
    const n = expectOk(await w.m1.c.post(path(), note('For Eddie', 'people', [w.editor.userId])));
    expect(n.people).toEqual([w.editor.userId]);
    expect(ids(expectOk(await w.editor.c.get(path())).annotations)).toContain(n.id);
    expect(ids(expectOk(await w.m2.c.get(path())).annotations)).not.toContain(n.id);
    expect((await w.m2.c.post(`${path()}/${n.id}/replies`, { text: 'x' })).status).toBe(404);
    // the author deletes their own
    expect((await w.m1.c.delete(`${path()}/${n.id}`)).status).toBe(200);
    expect(ids(expectOk(await w.editor.c.get(path())).annotations)).not.toContain(n.id);
  });

  it('a drawing keeps its paths', async () => {
    const d = expectOk(await w.m1.c.post(path(), { page: 1, kind: 'drawing', geometry: { paths: [{ points: [[0.1, 0.2], [0.3, 0.4]] }], width: 0.004 }, color: '#2293fb' }));
    expect(d).toMatchObject({ kind: 'drawing', color: '#2293fb', geometry: { paths: [{ points: [[0.1, 0.2], [0.3, 0.4]] }], width: 0.004 }, visibility: 'private' });
  });

  it('a file the caller may not see: 404 everywhere, and another organization sees nothing', async () => {
    for (const c of [w.outsider.c, other.admin.c]) {
      expect((await c.get(path())).status).toBe(404);
      expect((await c.post(path(), note('x', 'committee'))).status).toBe(404);
    }
    expect((await w.anon.get(path())).status).toBe(401);
  });

  it("the spec's per-user blob still answers at /annotation", async () => {
    expect(expectOk(await w.m2.c.post(`/library/${fileId}/annotation`, { annotation: '{"a":1}' })).annotation).toBe('{"a":1}');
    expect(expectOk(await w.m1.c.get(`/library/${fileId}/annotation`)).annotation).toBeNull();
  });
});

describe('live: the file channel', () => {
  it('an open viewer hears a shared annotation and not a private one; a named person only what names them', async () => {
    const refused = await openLiveChannel(GATEWAY, { org: w.org.slug, token: w.outsider.token, path: `/api/library/${fileId}/live` });
    open.push(refused);
    expect(refused.status).toBe(404);
    const m2 = await openLiveChannel(GATEWAY, { org: w.org.slug, token: w.m2.token, path: `/api/library/${fileId}/live` });
    const editor = await openLiveChannel(GATEWAY, { org: w.org.slug, token: w.editor.token, path: `/api/library/${fileId}/live` });
    open.push(m2, editor);
    expect(m2.status).toBe(200);
    await waitFor('ready', () => m2.frames.find((f) => f.data.type === 'ready'), 5_000);
    await waitFor('ready', () => editor.frames.find((f) => f.data.type === 'ready'), 5_000);

    const secret = expectOk(await w.m1.c.post(path(), note('Secret')));
    const forEddie = expectOk(await w.m1.c.post(path(), note('For Eddie', 'people', [w.editor.userId])));
    const shared = expectOk(await w.m1.c.post(path(), { ...highlight, visibility: 'committee' }));
    const hit = await waitFor('shared on m2', () => m2.frames.find((f) => f.data.type === 'annotation' && f.data.annotationId === shared.id), 15_000, 20);
    expect(hit.data).toMatchObject({ itemId: fileId, change: 'created', byUserId: w.m1.userId });
    await waitFor('named on editor', () => editor.frames.find((f) => f.data.type === 'annotation' && f.data.annotationId === forEddie.id), 15_000, 20);
    await waitFor('shared on editor', () => editor.frames.find((f) => f.data.type === 'annotation' && f.data.annotationId === shared.id), 15_000, 20);
    // frames are delivered in order: by the time the later shared one arrived, an earlier one would have too
    const heard = [...m2.frames, ...editor.frames].filter((f) => f.data.type === 'annotation').map((f) => f.data.annotationId);
    expect(heard).not.toContain(secret.id);
    expect(m2.frames.filter((f) => f.data.type === 'annotation').map((f) => f.data.annotationId)).not.toContain(forEddie.id);

    expectOk(await w.m1.c.delete(`${path()}/${shared.id}`));
    await waitFor('deleted on m2', () => m2.frames.find((f) => f.data.annotationId === shared.id && f.data.change === 'deleted'), 15_000, 20);
  });
});

/** a PDF whose pages hold these lines of text */
async function pdfOf(pages: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 16, font });
  return Buffer.from(await doc.save());
}

describe('a new version carries the annotations where their text still is', () => {
  it('a highlight moves to the page that now holds its quote; one whose text is gone is orphaned; a note keeps its page; replies follow', async () => {
    const up = await w.m1.c.upload('/library', {}, { file: { name: 'Versions.pdf', type: 'application/pdf', data: await pdfOf(['Intro of the pack', 'Budget 2027 approved', 'Removed paragraph']) } });
    const id = expectOk(up).id;
    const at = `/library/${id}/annotations`;
    const rect = { rects: [{ x: 0.1, y: 0.1, w: 0.4, h: 0.03 }] };
    const moved = expectOk(await w.m1.c.post(at, { page: 2, kind: 'highlight', geometry: rect, quote: 'Budget  2027 approved', visibility: 'private' }));
    const gone = expectOk(await w.m1.c.post(at, { page: 3, kind: 'highlight', geometry: rect, quote: 'Removed paragraph' }));
    const stays = expectOk(await w.m1.c.post(at, { page: 1, kind: 'note', geometry: { x: 0.2, y: 0.2 }, text: 'Read first' }));
    expectOk(await w.m1.c.post(`${at}/${moved.id}/replies`, { text: 'On the budget' }));

    // version 2: a cover page first, the budget on page 3, the removed paragraph gone
    expectOk(await w.m1.c.upload(`/library/update/${id}`, {}, { file: { name: 'Versions.pdf', type: 'application/pdf', data: await pdfOf(['Cover', 'Intro of the pack', 'Budget 2027 approved']) } }));
    const list = await pollUntil(
      async () => expectOk(await w.m1.c.get(at)).annotations as { id: number; page: number; version: number; orphaned: boolean; replies: { page: number; version: number }[] }[],
      (l) => l.every((a) => a.version === 2),
      60_000,
      300,
    );
    const byId = new Map(list.map((a) => [a.id, a]));
    expect(byId.get(moved.id)).toMatchObject({ page: 3, version: 2, orphaned: false });
    expect(byId.get(moved.id)!.replies).toEqual([expect.objectContaining({ page: 3, version: 2 })]);
    expect(byId.get(gone.id)).toMatchObject({ page: 3, version: 2, orphaned: true });
    expect(byId.get(stays.id)).toMatchObject({ page: 1, version: 2, orphaned: false });
  });
});
