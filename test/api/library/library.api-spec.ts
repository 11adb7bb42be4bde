/**
 * The library through the gateway, every route at the spec's paths (docs/library.md): uploads of each accepted
 * kind (content decides, not the name), the refusals with the catalogue's messages (nothing written), folders,
 * sharing, favorites, details, search, versions, annotations, the viewers' data, and tenant isolation.
 */
import { api, createTestUser, login, waitFor, type ApiClient } from '@app/testing';
import { GATEWAY, env, orgWithAdmin } from '../organization/helpers';
import { docxFile, emlFile, exeFile, LIBRARY_MIME as MIME, pdfFile, wavFile, xlsxFile } from '@app/testing';

jest.setTimeout(120_000);

type Ctx = Awaited<ReturnType<typeof orgWithAdmin>>;
let a: Ctx;
let b: Ctx;
let member1: ApiClient;
let member1Id: number;
let member1Token: string;
let member2: ApiClient;

const file = (name: string, data: Buffer, type = 'application/octet-stream') => ({ file: { name, type, data } });

async function upload(c: ApiClient, name: string, data: Buffer, fields: Record<string, string> = {}) {
  return c.upload('/library', fields, file(name, data));
}
async function count(c: ApiClient): Promise<number> {
  const r = await c.get('/library', { tab: 'my' });
  expect(r.status).toBe(200);
  return r.body.data.files.length + r.body.data.dirs.length;
}

beforeAll(async () => {
  a = await orgWithAdmin();
  b = await orgWithAdmin();
  const m1 = await createTestUser(env.NATS_URL, a.org.orgId, { name: 'Member One' });
  const m2 = await createTestUser(env.NATS_URL, a.org.orgId, { name: 'Member Two' });
  member1Id = m1.userId;
  member1Token = await login(GATEWAY, a.org.slug, m1.email, m1.password);
  member1 = api(GATEWAY, { org: a.org.slug, token: member1Token });
  member2 = api(GATEWAY, { org: a.org.slug, token: await login(GATEWAY, a.org.slug, m2.email, m2.password) });
});

describe('POST /api/library: each accepted kind, decided by content', () => {
  it.each([
    ['pack.pdf', () => pdfFile(), 'pdf', 'application/pdf'],
    ['budget.xlsx', () => xlsxFile(), 'excel', MIME.xlsx],
    ['minutes.docx', () => docxFile(), 'word', MIME.docx],
    ['agenda.eml', async () => emlFile(), 'email', 'message/rfc822'],
    ['voice.wav', async () => wavFile(), 'audio', 'audio/wav'],
    ['notes.txt', async () => Buffer.from('Agenda\n1. Budget\n'), 'text', 'text/plain'],
  ])('%s', async (name, make, kind, type) => {
    const r = await upload(member1, name, await make());
    expect(r.status).toBe(200);
    expect(r.body).toEqual(expect.objectContaining({ success: true, message: 'File uploaded successfully' }));
    expect(r.body.data).toEqual(expect.objectContaining({ name, kind, type, version: 1, can_edit: true, scope: 'private', dir: null, owner: expect.objectContaining({ name: 'Member One' }) }));
    expect(r.body.data.size).toBeGreaterThan(0);
    // the presigned URL serves the very bytes
    const bytes = Buffer.from(await (await fetch(r.body.data.file_url)).arrayBuffer());
    expect(bytes.length).toBe(r.body.data.size);
  });
});

describe('POST /api/library: refusals write nothing', () => {
  it.each([
    ['a renamed executable', 'report.pdf', exeFile(), {}, 415, 'The file must be a file of type: pdf, text, word, excel, powerpoint, audio, email.'],
    ['an empty file', 'empty.pdf', Buffer.alloc(0), {}, 409, 'The file must not be empty.'],
    ['a word file in PDF-only mode', 'minutes.docx', null, { pdf_only: '1' }, 409, 'you Must Choose pdf only'],
  ])('%s', async (_, name, data, fields, status, message) => {
    const before = await count(member1);
    const r = await upload(member1, name, data ?? (await docxFile()), fields as Record<string, string>);
    expect(r.status).toBe(status);
    expect(r.body.errors.file).toEqual([message]);
    expect(await count(member1)).toBe(before);
  });

  it('a file over the limit is 413 File too large', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50 * 1024 * 1024 + 1, 0x20)]);
    const before = await count(member1);
    const r = await upload(member1, 'huge.pdf', big);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('File too large');
    expect(await count(member1)).toBe(before);
  });

  it('no file: 409 with the file field', async () => {
    const r = await member1.upload('/library', { dir: '' }, {});
    expect(r.status).toBe(409);
    expect(r.body.errors.file).toEqual(['The file field is required.']);
  });

  it('a strict body: an id is never made of true or [1]', async () => {
    const r = await member1.post('/share', { id: true, users: [[1]] });
    expect(r.status).toBe(409);
    expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(['id']));
  });

  it('uploading into a restricted folder: You cannot upload a new file in this folder', async () => {
    const folder = await a.admin.post('/directories', { name: 'Board papers', scope: 'organization', restricted: true });
    expect(folder.status).toBe(200);
    expect(folder.body.data).toEqual(expect.objectContaining({ kind: 'folder', restricted: true, scope: 'organization' }));
    const r = await upload(member1, 'x.pdf', await pdfFile(), { dir: String(folder.body.data.id) });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('You cannot upload a new file in this folder');
    const open = await member1.get(`/directories/${folder.body.data.id}`);
    expect(open.body.data.files).toEqual([]);
    // its owner (an administrator) may
    expect((await upload(a.admin, 'x.pdf', await pdfFile(), { dir: String(folder.body.data.id) })).status).toBe(200);
  });
});

describe('folders, tabs, sharing, favorites, details, search', () => {
  let folderId: number;
  let pdfId: number;

  it('create, open, rename and move folders; breadcrumbs', async () => {
    const f = await member1.post('/directories', { name: 'Committee' });
    expect(f.status).toBe(200);
    expect(f.body.message).toBe('Folder created successfully');
    folderId = f.body.data.id;
    const sub = await member1.post('/directories', { name: 'Q1', dir: folderId });
    const up = await upload(member1, 'budget-q1.pdf', await pdfFile(3), { dir: String(sub.body.data.id) });
    expect(up.status).toBe(200);
    pdfId = up.body.data.id;
    const open = await member1.get(`/directories/${sub.body.data.id}`);
    expect(open.body.data.breadcrumbs).toEqual([{ id: folderId, name: 'Committee' }, { id: sub.body.data.id, name: 'Q1' }]);
    expect(open.body.data.files.map((x: { id: number }) => x.id)).toEqual([pdfId]);
    expect((await member1.put(`/directories/${sub.body.data.id}`, { name: 'First quarter' })).body.data.name).toBe('First quarter');
    expect((await member1.put(`/directories/${sub.body.data.id}`, { name: '  ' })).body.errors.name).toEqual(['The name field is required.']);
    expect((await member1.post(`/directories/${folderId}/move`, { dir: sub.body.data.id })).status).toBe(409);
    const moved = await member1.post(`/library/${pdfId}/move`, { dir: folderId });
    expect(moved.body.data.dir).toBe(folderId);
    expect((await member1.put(`/library/${pdfId}`, { name: 'Budget.pdf' })).body.data.name).toBe('Budget.pdf');
    const my = await member1.get('/library', { tab: 'my' });
    expect(my.body.data.dirs.map((d: { name: string }) => d.name)).toContain('Committee');
    const byType = await member1.get('/library', { tab: 'my', type: 'audio' });
    expect(byType.body.data.files.every((x: { kind: string }) => x.kind === 'audio')).toBe(true);
  });

  it('member2 does not see member1 files (404), until shared', async () => {
    expect((await member2.get(`/library/${pdfId}`)).status).toBe(404);
    expect((await member2.get(`/library/fetch/${pdfId}`)).status).toBe(404);
    const s = await member1.post('/share', { id: folderId, users: [{ user_id: member1Id }, (await member2.get('/profile')).body.data.id] });
    expect(s.status).toBe(200);
    expect(s.body.data.map((x: { name: string }) => x.name)).toEqual(['Member Two']);
    const shared = await member2.get('/library', { tab: 'shared' });
    expect(shared.body.data.dirs.map((d: { id: number }) => d.id)).toEqual([folderId]);
    const inside = await member2.get(`/directories/${folderId}`);
    expect(inside.body.data.files.map((x: { id: number }) => x.id)).toContain(pdfId);
    const f = await member2.get(`/library/fetch/${pdfId}`);
    expect(f.status).toBe(200);
    expect(f.body.data).toEqual(expect.objectContaining({ can_edit: false, message: null, outlines_data: { libraryName: 'Budget.pdf', entries: [] } }));
    // seeing is not editing
    expect((await member2.put(`/library/${pdfId}`, { name: 'Mine.pdf' })).status).toBe(409);
    expect((await member2.delete(`/library/${pdfId}`)).status).toBe(409);
    expect((await member2.get(`/share/${folderId}`)).body.data.length).toBe(1);
    expect((await member1.post('/share', { id: folderId, users: [999999] })).body.errors.users).toEqual(['The selected user is invalid.']);
  });

  it('favorites: star, list, toggle off', async () => {
    const on = await member1.post('/lib-fav', { id: pdfId, favorite: true });
    expect(on.body.data.favorite).toBe(true);
    expect((await member1.get('/lib-fav')).body.data.files.map((x: { id: number }) => x.id)).toEqual([pdfId]);
    expect((await member1.get('/library', { tab: 'favorite' })).body.data.files.map((x: { id: number }) => x.id)).toEqual([pdfId]);
    expect((await member1.post('/lib-fav', { id: pdfId })).body.data.favorite).toBe(false);
    expect((await member1.get('/lib-fav')).body.data.files).toEqual([]);
  });

  it('search and details', async () => {
    const s = await member1.get('/library/search', { search: 'budg' });
    expect(s.body.data.files.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['Budget.pdf', 'budget.xlsx']));
    expect((await member2.get('/library/search', { search: 'voice' })).body.data.files).toEqual([]);
    const d = await member1.get(`/library/${pdfId}`);
    expect(d.body.data).toEqual(expect.objectContaining({ name: 'Budget.pdf', type: 'application/pdf', used_in: [], shared_with: [] }));
    expect(d.body.data.versions).toHaveLength(1);
  });

  it('versions: /library/update and /library/edited_file keep the older ones', async () => {
    const v2 = await member1.upload(`/library/update/${pdfId}`, {}, file('edited.pdf', await pdfFile(4, 'Edited')));
    expect(v2.status).toBe(200);
    expect(v2.body.data.version).toBe(2);
    const v3 = await member1.upload('/library/edited_file', { library_id: String(pdfId) }, file('again.pdf', await pdfFile(5)));
    expect(v3.body.data.version).toBe(3);
    const notPdf = await member1.upload(`/library/update/${pdfId}`, {}, file('x.docx', await docxFile()));
    expect(notPdf.status).toBe(409);
    expect(notPdf.body.errors.file).toEqual(['you Must Choose pdf only']);
    const d = await member1.get(`/library/${pdfId}`);
    expect(d.body.data.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect((await member2.upload(`/library/update/${pdfId}`, {}, file('x.pdf', await pdfFile()))).status).toBe(409);
  });

  it('annotations: per user', async () => {
    expect((await member1.get(`/library/${pdfId}/annotation`)).body.data.annotation).toBeNull();
    const saved = await member1.post(`/library/${pdfId}/annotation`, { annotation: '{"pages":{"1":[]}}' });
    expect(saved.body.data.annotation).toBe('{"pages":{"1":[]}}');
    expect((await member2.get(`/library/${pdfId}/annotation`)).body.data.annotation).toBeNull();
    expect((await member1.post(`/library/${pdfId}/annotation`, {})).status).toBe(409);
    expect((await member1.delete(`/library/${pdfId}/annotation`)).body.data.annotation).toBeNull();
  });

  it('POST /api/library/images and the download redirect', async () => {
    const r = await member1.post('/library/images', { ids: [pdfId, 987654] });
    expect(r.body.data.map((x: { id: number }) => x.id)).toEqual([pdfId]);
    const res = await fetch(`${GATEWAY}/api/library/${pdfId}/download`, { headers: { 'x-org': a.org.slug, token: member1Token }, redirect: 'manual' });
    expect(res.status).toBe(302);
    const bytes = Buffer.from(await (await fetch(res.headers.get('location')!)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await fetch(`${GATEWAY}/api/library/${pdfId}/download`, { headers: { 'x-org': b.org.slug, token: b.token }, redirect: 'manual' });
    expect(other.status).toBe(404);
  });

  it('delete a folder with its content', async () => {
    const del = await member1.delete(`/directories/${folderId}`);
    expect(del.body.message).toBe('Folder deleted successfully');
    expect((await member1.get(`/library/${pdfId}`)).status).toBe(404);
  });
});

describe('viewers', () => {
  it('excel_to_json: 100 rows x 26 columns by default, formulas by their result', async () => {
    const up = await upload(member1, 'sheet.xlsx', await xlsxFile());
    const r = await member1.get(`/library/excel_to_json/${up.body.data.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(expect.objectContaining({ name: 'sheet.xlsx', rows: 100, columns: 26 }));
    expect(r.body.data.sheets.map((s: { name: string }) => s.name)).toEqual(['Budget', 'Notes']);
    expect(r.body.data.sheets[0].rows).toHaveLength(100);
    expect(r.body.data.sheets[0].rows[3]).toEqual([null, 2000, null]);
    const pdf = await upload(member1, 'p.pdf', await pdfFile());
    expect((await member1.get(`/library/excel_to_json/${pdf.body.data.id}`)).body.message).toBe('This file is not a spreadsheet.');
  });

  it('email: sanitized HTML with attachments listed', async () => {
    const up = await upload(member1, 'agenda.eml', emlFile());
    const r = await member1.get(`/library/email/${up.body.data.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(expect.objectContaining({ subject: 'Agenda for Thursday', attachments: [expect.objectContaining({ name: 'notes.txt' })] }));
    expect(r.body.data.html).toContain('<b>agenda</b>');
    expect(r.body.data.html).not.toMatch(/script|javascript:|tracker\.example/);
  });

  it('office files are converted to PDF by a job with progress', async () => {
    const up = await upload(member1, 'minutes.docx', await docxFile());
    const first = await member1.get(`/library/fetch/${up.body.data.id}`);
    expect(first.status).toBe(200);
    const done = await waitFor('the PDF rendering', async () => {
      const f = await member1.get(`/library/fetch/${up.body.data.id}`);
      return f.body.data.conversion.status === 'done' || f.body.data.conversion.status === 'failed' ? f.body.data : undefined;
    }, 90_000, 1000);
    expect(done.conversion).toEqual({ status: 'done', progress: 100 });
    const pdf = Buffer.from(await (await fetch(done.file_url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await member1.post(`/library/${up.body.data.id}/convert`, {})).body.data.conversion.status).toBe('done');
  });
});

describe('tenant isolation', () => {
  it("another organization's ids are 404 on every route", async () => {
    const up = await upload(a.admin, 'secret.pdf', await pdfFile());
    const id = up.body.data.id;
    for (const r of [
      await b.admin.get(`/library/${id}`),
      await b.admin.get(`/library/fetch/${id}`),
      await b.admin.put(`/library/${id}`, { name: 'x' }),
      await b.admin.delete(`/library/${id}`),
      await b.admin.get(`/share/${id}`),
      await b.admin.post('/lib-fav', { id }),
      await b.admin.get(`/library/${id}/annotation`),
      await b.admin.upload(`/library/update/${id}`, {}, file('x.pdf', await pdfFile())),
    ]) expect(r.status).toBe(404);
    expect((await b.admin.post('/library/images', { ids: [id] })).body.data).toEqual([]);
    expect((await a.admin.get(`/library/${id}`)).status).toBe(200);
  });

  it('without a session: 401', async () => {
    expect((await a.anon.get('/library')).status).toBe(401);
    expect((await a.anon.upload('/library', {}, file('x.pdf', await pdfFile()))).status).toBe(401);
  });
});
