/**
 * Documents that stay in the room (docs/library.md#download-policy): the download policy per organization,
 * committee, folder and file (the nearest setting wins), view only answering 403 on every download route, the
 * watermarked copy of a file and of the board book carrying the reader's name, e-mail, organization and time on
 * every page as text (read back with poppler's pdftotext), and a guest reading view only.
 */
import { api, pdfFile, pdfText, waitFor } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, MeetingEvents, meeting, setStatus, talkingPoint, tokenOf, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let orgName: string;
let folderId: number;
let fileId: number;

const policy = (p: Person, level: string, id?: number) => p.c.get('/download-policy', id === undefined ? { level } : { level, id: String(id) });
const setPolicy = (p: Person, level: string, id: number | null, value: string | null) => p.c.put('/download-policy', { level, id, policy: value });
async function bytesOf(token: string, path: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(`${GATEWAY}${path}`, { headers: { 'x-org': w.org.slug, token } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
/** every page's text holds the reader's name, e-mail and organization, and a time */
async function expectWatermarked(pdf: Buffer, reader: Person, pages: number): Promise<void> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  for (let page = 1; page <= pages; page++) {
    const text = (await pdfText(pdf, { page })).replace(/\s+/g, ' ');
    expect(text).toContain(reader.name);
    expect(text).toContain(reader.email);
    expect(text).toContain(orgName);
    expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  }
}

beforeAll(async () => {
  w = await world();
  orgName = expectOk(await w.admin.c.get('/information')).name;
  const folder = expectOk(await w.admin.c.post('/directories', { name: 'Board papers', scope: 'organization' }));
  folderId = folder.id;
  const up = await w.admin.c.upload('/library', { dir: String(folderId), scope: 'organization' }, { file: { name: 'budget.pdf', type: 'application/pdf', data: await pdfFile(3, 'Budget') } });
  expect(up.status).toBe(200);
  fileId = up.body.data.id;
});
afterAll(() => closeRedis());

describe('GET/PUT /api/download-policy', () => {
  it('nothing set: download, from the default; only administrators change the organization', async () => {
    expect(expectOk(await policy(w.m1, 'organization'))).toEqual({ level: 'organization', id: null, policy: null, effective: 'download', inherited_from: null, can_edit: false });
    expect(expectOk(await policy(w.admin, 'organization'))).toMatchObject({ can_edit: true });
    const r = await setPolicy(w.m1, 'organization', null, 'view_only');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Authentication Fail');
    expect(expectOk(await policy(w.admin, 'organization')).policy).toBeNull();
  });

  it('bad input is 409 with field errors and writes nothing', async () => {
    for (const [body, field] of [
      [{ level: 'organization', id: 5, policy: 'view_only' }, 'id'],
      [{ level: 'folder', id: null, policy: 'view_only' }, 'id'],
      [{ level: 'file', id: fileId, policy: 'print' }, 'policy'],
      [{ level: 'building', id: fileId, policy: 'download' }, 'level'],
      [{ level: 'file', id: true, policy: 'download' }, 'id'],
    ] as const) {
      const r = await w.admin.c.put('/download-policy', body);
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Error in validation');
      expect(r.body.errors[field]).toBeDefined();
    }
    expect(expectOk(await policy(w.admin, 'file', fileId)).policy).toBeNull();
  });

  it('the nearest setting wins: organization → folder → file, and clearing a level inherits again', async () => {
    expectOk(await setPolicy(w.admin, 'organization', null, 'watermarked'));
    expect(expectOk(await policy(w.m1, 'file', fileId))).toMatchObject({ policy: null, effective: 'watermarked', inherited_from: 'organization', can_edit: false });
    const r = await setPolicy(w.admin, 'folder', folderId, 'view_only');
    expect(r.body.message).toBe('Download policy saved');
    expect(expectOk(await policy(w.m1, 'file', fileId))).toMatchObject({ effective: 'view_only', inherited_from: 'folder' });
    expectOk(await setPolicy(w.admin, 'file', fileId, 'download'));
    expect(expectOk(await policy(w.m1, 'file', fileId))).toMatchObject({ policy: 'download', effective: 'download', inherited_from: 'file' });
    expectOk(await setPolicy(w.admin, 'file', fileId, null));
    expect(expectOk(await policy(w.m1, 'file', fileId))).toMatchObject({ policy: null, effective: 'view_only', inherited_from: 'folder' });
    // a reader who only views the file may not change it (the library's no-permission answer); an outsider's private file is 404
    const denied = await setPolicy(w.m1, 'file', fileId, 'download');
    expect(denied.status).toBe(409);
    expect(denied.body.message).toBe('You do not have permission to open this item.');
    const mine = await w.outsider.c.upload('/library', {}, { file: { name: 'private.pdf', type: 'application/pdf', data: await pdfFile(1) } });
    expect((await policy(w.m1, 'file', mine.body.data.id)).status).toBe(404);
    expectOk(await setPolicy(w.admin, 'organization', null, null));
  });
});

describe('the download routes apply the policy', () => {
  it('view only: 403 on the download and the file route, and the viewer is told (no download, no print)', async () => {
    expectOk(await setPolicy(w.admin, 'folder', folderId, 'view_only'));
    const f = expectOk(await w.m1.c.get(`/library/fetch/${fileId}`));
    expect(f).toMatchObject({ download_policy: 'view_only', can_download: false, watermark: null, file_url: expect.stringContaining('http') });
    const redirect = await fetch(`${GATEWAY}/api/library/${fileId}/download`, { headers: { 'x-org': w.org.slug, token: w.m1.token }, redirect: 'manual' });
    expect(redirect.status).toBe(403);
    expect(((await redirect.json()) as { message: string }).message).toBe('Authentication Fail');
    expect((await bytesOf(w.m1.token, `/api/library/${fileId}/file`)).status).toBe(403);
  });

  it('download: the file as stored', async () => {
    expectOk(await setPolicy(w.admin, 'file', fileId, 'download'));
    const got = await bytesOf(w.m1.token, `/api/library/${fileId}/file`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toContain('budget.pdf');
    expect(await pdfText(got.bytes)).not.toContain(w.m1.email);
  });

  it("watermarked: every page of the member's copy holds their name, e-mail, organization and the time, through both routes", async () => {
    expectOk(await setPolicy(w.admin, 'file', fileId, 'watermarked'));
    const f = expectOk(await w.m1.c.get(`/library/fetch/${fileId}`));
    expect(f).toMatchObject({ download_policy: 'watermarked', can_download: true, watermark: { name: w.m1.name, email: w.m1.email, organization: orgName, time: expect.stringMatching(/UTC$/) } });
    const got = await bytesOf(w.m1.token, `/api/library/${fileId}/file`);
    expect(got.status).toBe(200);
    await expectWatermarked(got.bytes, w.m1, 3);
    const redirect = await fetch(`${GATEWAY}/api/library/${fileId}/download`, { headers: { 'x-org': w.org.slug, token: w.m2.token }, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const copy = Buffer.from(await (await fetch(redirect.headers.get('location')!)).arrayBuffer());
    await expectWatermarked(copy, w.m2, 3);
    expect(await pdfText(copy)).not.toContain(w.m1.email);
    // the viewer opens the member's own marked copy too; the stored file is untouched
    await expectWatermarked(Buffer.from(await (await fetch(f.file_url)).arrayBuffer()), w.m1, 3);
    expectOk(await setPolicy(w.admin, 'file', fileId, 'download'));
    expect(await pdfText((await bytesOf(w.m1.token, `/api/library/${fileId}/file`)).bytes)).not.toContain(w.m1.email);
    expectOk(await setPolicy(w.admin, 'file', fileId, 'watermarked'));
  });

  it('watermarked, a file that is no PDF and has no PDF rendering: 409, never an unmarked copy', async () => {
    const up = await w.admin.c.upload('/library', { dir: String(folderId), scope: 'organization' }, { file: { name: 'notes.txt', type: 'text/plain', data: Buffer.from('Minutes\n') } });
    expectOk(await setPolicy(w.admin, 'file', up.body.data.id, 'watermarked'));
    const r = await w.m1.c.get(`/library/${up.body.data.id}/file`);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('This file cannot be downloaded with a watermark.');
  });
});

describe('what the viewer opens: never the stored file unless the reader may download it', () => {
  /** the object a presigned URL names, and how long it lives */
  const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname);
  function lifetimeOf(url: string): { expires: number; signedAt: number } {
    const q = new URL(url).searchParams;
    const d = q.get('X-Amz-Date')!; // 20261128T021500Z
    return { expires: Number(q.get('X-Amz-Expires')), signedAt: Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +d.slice(9, 11), +d.slice(11, 13), +d.slice(13, 15)) };
  }
  let stored: string;

  beforeAll(async () => {
    expectOk(await setPolicy(w.admin, 'file', fileId, 'download'));
    stored = keyOf(expectOk(await w.m1.c.get(`/library/fetch/${fileId}`)).file_url);
    expect(stored).toContain('/library/');
  });
  afterAll(async () => {
    expectOk(await setPolicy(w.admin, 'file', fileId, null));
    expectOk(await setPolicy(w.admin, 'folder', folderId, null));
  });

  it("view only: the viewer gets a copy made for this reader, at a URL that expires within two minutes; listings and details carry no URL of the stored file", async () => {
    expectOk(await setPolicy(w.admin, 'file', fileId, 'view_only'));
    const before = Date.now();
    const f = expectOk(await w.m1.c.get(`/library/fetch/${fileId}`));
    const key = keyOf(f.file_url);
    expect(key).not.toBe(stored);
    expect(key).toContain(`/view/${fileId}-`);
    expect(JSON.stringify(f)).not.toContain(stored.split('/').pop());
    const life = lifetimeOf(f.file_url);
    expect(life.expires).toBeGreaterThan(0);
    expect(life.expires).toBeLessThanOrEqual(120);
    expect(Math.abs(life.signedAt - before)).toBeLessThan(60_000);
    // it opens, and it is the file's content
    const got = await fetch(f.file_url);
    expect(got.status).toBe(200);
    expect(await pdfText(Buffer.from(await got.arrayBuffer()))).toContain('Budget');
    // a second opening is another copy
    expect(keyOf(expectOk(await w.m1.c.get(`/library/fetch/${fileId}`)).file_url)).not.toBe(key);
    // the listing, the details (every version) and the attachments' lookup hand out no URL of the stored file
    const listing = expectOk(await w.m1.c.get(`/directories/${folderId}`));
    expect(listing.files.find((x: { id: number }) => x.id === fileId).file_url).toBeNull();
    const details = expectOk(await w.m1.c.get(`/library/${fileId}`));
    expect(details.file_url).toBeNull();
    expect(details.versions.map((v: { file_url: string | null }) => v.file_url)).toEqual([null]);
    const images = expectOk(await w.m1.c.post('/library/images', { ids: [fileId] }));
    expect(JSON.stringify(images)).not.toContain(stored.split('/').pop());
  });

  it('watermarked: the viewer gets the reader\'s marked copy, not the stored file', async () => {
    expectOk(await setPolicy(w.admin, 'file', fileId, 'watermarked'));
    const f = expectOk(await w.m2.c.get(`/library/fetch/${fileId}`));
    expect(keyOf(f.file_url)).not.toBe(stored);
    expect(keyOf(f.file_url)).toContain(`/watermarked/${fileId}-`);
    expect(lifetimeOf(f.file_url).expires).toBeLessThanOrEqual(120);
    await expectWatermarked(Buffer.from(await (await fetch(f.file_url)).arrayBuffer()), w.m2, 3);
    expect(expectOk(await w.m2.c.get(`/directories/${folderId}`)).files.find((x: { id: number }) => x.id === fileId).file_url).toBeNull();
  });

  it('download: the viewer and the listing may carry the stored file', async () => {
    expectOk(await setPolicy(w.admin, 'file', fileId, 'download'));
    expect(keyOf(expectOk(await w.m1.c.get(`/library/fetch/${fileId}`)).file_url)).toBe(stored);
    expect(keyOf(expectOk(await w.m1.c.get(`/directories/${folderId}`)).files.find((x: { id: number }) => x.id === fileId).file_url)).toBe(stored);
  });
});

describe('the board book and guests', () => {
  let tap: MeetingEvents;
  let m: any;
  let attachment: number;
  beforeAll(async () => {
    tap = await MeetingEvents.open();
    m = await meeting(w, { title: 'Room meeting' });
    attachment = (await w.chair.c.upload('/library', {}, { file: { name: 'capex.pdf', type: 'application/pdf', data: await pdfFile(2, 'Capex') } })).body.data.id;
    await talkingPoint(w, m.id, { title: 'Capex', attachment_ids: [attachment] });
  });
  afterAll(() => tap.close());

  it("a committee's watermarked policy: the member's board book download holds their name and e-mail on every page", async () => {
    const book = await waitFor(
      'board book',
      async () => {
        const s = expectOk(await w.m1.c.get(`/meetings/actions/merge_files/${m.id}`));
        if (s.status === 'failed') throw new Error(`merge failed: ${s.error}`);
        return s.status === 'done' ? s : null;
      },
      150_000,
      500,
    );
    expect(expectOk(await policy(w.m1, 'committee', w.committeeId))).toMatchObject({ effective: 'download', can_edit: false });
    expectOk(await setPolicy(w.admin, 'committee', w.committeeId, 'watermarked'));
    expect(expectOk(await policy(w.m1, 'committee', w.committeeId))).toMatchObject({ policy: 'watermarked', inherited_from: 'committee' });
    const f = expectOk(await w.m1.c.get(`/library/fetch/${book.library_id}`, { meeting_id: String(m.id) }));
    expect(f).toMatchObject({ download_policy: 'watermarked', can_download: true, watermark: expect.objectContaining({ name: w.m1.name }) });
    const got = await bytesOf(w.m1.token, `/api/downolad/${book.library_id}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    const pages = (await pdfText(got.bytes)).split('\f').filter((p) => p.trim()).length;
    expect(pages).toBeGreaterThanOrEqual(4);
    await expectWatermarked(got.bytes, w.m1, pages);
    // the attachment opened in the meeting is the committee's too
    expect(expectOk(await w.m1.c.get(`/library/fetch/${attachment}`, { meeting_id: String(m.id) }))).toMatchObject({ download_policy: 'watermarked' });
    // view only for the committee: the book's download is 403
    expectOk(await setPolicy(w.admin, 'committee', w.committeeId, 'view_only'));
    expect((await bytesOf(w.m1.token, `/api/downolad/${book.library_id}`)).status).toBe(403);
    expectOk(await setPolicy(w.admin, 'committee', w.committeeId, null));
  });

  it('a guest reads view only: the viewer is told, and the download is 403', async () => {
    await setStatus(w, m.id, 2);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'room.guest@example.test', guest_name: 'Room Guest' }));
    const ev = await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
    const token = tokenOf(ev.link);
    const guest = api(GATEWAY, { org: w.org.slug });
    const f = await guest.get(`/library/fetch/${attachment}`, { meeting_id: String(m.id), token });
    expect(f.status).toBe(200);
    expect(f.body.data).toMatchObject({ download_policy: 'view_only', can_download: false, watermark: null });
    // the guest's viewer opens a copy made for them, never the stored file
    expect(decodeURIComponent(new URL(f.body.data.file_url).pathname)).toContain(`/view/${attachment}-`);
    const d = await fetch(`${GATEWAY}/api/library/${attachment}/download?meeting_id=${m.id}&token=${token}`, { headers: { 'x-org': w.org.slug }, redirect: 'manual' });
    expect(d.status).toBe(403);
    const b = await fetch(`${GATEWAY}/api/library/${attachment}/file?meeting_id=${m.id}&token=${token}`, { headers: { 'x-org': w.org.slug } });
    expect(b.status).toBe(403);
  });
});
