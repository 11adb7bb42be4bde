/**
 * What changed (docs/library.md#what-changed): GET /api/library/{id}/changes compares a file's current version with
 * the version the reader opened before (the viewer's fetch records each user's opened version), page by page from the
 * text the library extracted of each version. The check: a document changed on page 3 shows page 3 as changed
 * and pages 1–2 as unchanged. Then a page added, `?since=`, a reader with nothing to compare, and who may ask.
 */
import { pdfWithPages, waitFor } from '@app/testing';
import { closeRedis, expectOk, libraryFile, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let id: number;
const P1 = ['Board pack', 'Annual report of the board for the year.'];
const P2 = ['Budget', 'The committee reviewed the budget in detail.'];
const P3 = ['Reserve', 'The reserve is ten percent of the budget.'];
const P3b = ['Reserve', 'The reserve is twelve percent of the budget.'];
const P4 = ['Annex', 'A new annex about the catering contract.'];

const changes = (p: Person, query: Record<string, string | number> = {}) => p.c.get(`/library/${id}/changes`, query);
const open = async (p: Person) => expect(expectOk(await p.c.get(`/library/fetch/${id}`)).file_url).toContain('http');
async function newVersion(pages: string[][], count: number, version: number): Promise<void> {
  const r = await w.chair.c.upload(`/library/update/${id}`, {}, { file: { name: 'pack.pdf', type: 'application/pdf', data: await pdfWithPages(pages) } });
  expect(r.status).toBe(200);
  await waitFor(`version ${version}'s text`, async () => {
    const f = expectOk(await w.chair.c.get(`/library/fetch/${id}`));
    return f.text_index.status === 'done' && f.text_index.pages === count;
  }, 60_000, 500);
  expect(expectOk(await changes(w.chair, { since: version - 1 })).version).toBe(version);
}

beforeAll(async () => {
  w = await world();
  id = await libraryFile(w.chair.c, 'pack.pdf', await pdfWithPages([P1, P2, P3]));
  expectOk(await w.chair.c.post('/share', { id, users: [{ user_id: w.m1.userId }, { user_id: w.m2.userId }] }));
  await waitFor('version 1\'s text', async () => expectOk(await w.chair.c.get(`/library/fetch/${id}`)).text_index.status === 'done', 60_000, 500);
});
afterAll(() => closeRedis());

describe('GET /api/library/{id}/changes', () => {
  it('a reader who opened version 1 sees version 2 changed on page 3 only: pages 1 and 2 unchanged, page 3 changed with its words', async () => {
    await open(w.m1);
    expect(expectOk(await changes(w.m1))).toEqual({ item_id: id, version: 1, since: null, ready: true, pages: [] });
    await newVersion([P1, P2, P3b], 3, 2);
    const c = expectOk(await changes(w.m1));
    expect(c).toMatchObject({ item_id: id, version: 2, since: 1, ready: true });
    expect(c.pages.map((p: any) => [p.status, p.old_page, p.page])).toEqual([['unchanged', 1, 1], ['unchanged', 2, 2], ['changed', 3, 3]]);
    expect(c.pages[2].changes).toEqual(expect.arrayContaining([{ op: 'removed', text: 'ten' }, { op: 'added', text: 'twelve' }]));
    expect(c.pages[0].changes).toEqual([]);
    // opening version 2 keeps what changed since version 1 in view
    await open(w.m1);
    expect(expectOk(await changes(w.m1)).since).toBe(1);
  });

  it('a page added shows as added; the reader compares with the version they opened before; ?since= compares with another', async () => {
    await newVersion([P1, P2, P4, P3b], 4, 3);
    const c = expectOk(await changes(w.m1));
    expect(c).toMatchObject({ version: 3, since: 2 });
    expect(c.pages.map((p: any) => [p.status, p.old_page, p.page])).toEqual([['unchanged', 1, 1], ['unchanged', 2, 2], ['added', null, 3], ['unchanged', 3, 4]]);
    const from1 = expectOk(await changes(w.m1, { since: 1 }));
    expect(from1.pages.map((p: any) => p.status)).toEqual(['unchanged', 'unchanged', 'added', 'changed']);
    // m2 never opened the file: nothing to compare with until they ask for a version
    expect(expectOk(await changes(w.m2))).toMatchObject({ version: 3, since: null, pages: [] });
    expect(expectOk(await changes(w.m2, { since: 2 })).since).toBe(2);
  });

  it('who may not see the file gets 404; no session 401; bad input 409', async () => {
    expect((await changes(w.outsider)).status).toBe(404);
    expect((await w.anon.get(`/library/${id}/changes`)).status).toBe(401);
    expect((await changes(w.m1, { since: 'x' })).status).toBe(409);
    expect((await changes(w.m1, { other: 1 })).status).toBe(409);
    expect((await w.m1.c.get('/library/abc/changes')).status).toBe(409);
    expect((await w.m1.c.get('/library/999999999/changes')).status).toBe(404);
  });
});
