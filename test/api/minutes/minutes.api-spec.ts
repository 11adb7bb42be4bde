/**
 * The minutes routes through the gateway (docs/minutes.md): the setting, conclusions and comments with the form's
 * rules, the permissions of each level, Done making a PDF version in a job (progress, then a library file), the
 * download named after the title, a library PDF used as the minutes, and the statuses where minutes are offered.
 */
import { docxFile, pdfFile, pdfText, waitFor } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, libraryFile, meeting, scheduled, setStatus, talkingPoint, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let live: any;
let tpId: number;

beforeAll(async () => {
  w = await world();
  live = await scheduled(w, { title: 'Quarterly board' });
  await setStatus(w, live.id, 3);
  const details = expectOk(await w.chair.c.get(`/meetings/${live.id}`));
  tpId = details.agendas.find((g: any) => g.agenda_type === 'talking_point').data[0].id;
});
afterAll(() => closeRedis());

const minutes = (p: Person, id = live.id) => p.c.get(`/meetings/${id}/minutes`);
const form = (p: Person, id: number, fields: Record<string, string>) => p.c.upload(`/meetings/${id}/mom_conclusion`, fields, {});
/** the PDF download as bytes (the test client reads bodies as text) */
async function download(p: Person, id: number, query = ''): Promise<{ status: number; bytes: Buffer; headers: Headers; json: any }> {
  const res = await fetch(`${GATEWAY}/api/meetings/${id}/mom${query}`, { headers: { 'x-org': w.org.slug, token: p.token } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(bytes.toString('utf8')) : null;
  return { status: res.status, bytes, headers: res.headers, json };
}
async function doneAndWait(p: Person, id: number, fields: Record<string, string> = {}): Promise<any> {
  const before = expectOk(await minutes(p, id)).mom_versions.length;
  expectOk(await form(p, id, { id: String(id), isConclusion: 'true', done: '1', ...fields }));
  return waitFor(
    'minutes version',
    async () => {
      const s = expectOk(await minutes(p, id));
      if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
      return s.render?.status === 'done' && s.mom_versions.length === before + 1 ? s : null;
    },
    150_000,
    500,
  );
}

describe('who may do what (the minutes table), in a live meeting', () => {
  it.each([
    // person, manage, edit, comment, done
    ['chair', true, true, false, true],
    ['admin', true, true, true, false],
    ['editor', true, false, true, false],
    ['m1', false, false, true, false],
  ] as const)('%s', async (who, manage, edit, comment, done) => {
    const s = expectOk(await minutes(w[who]));
    expect(s.permissions).toMatchObject({ available: true, manage, history: manage, edit, comment, done });
    expect(s.can_commit).toBe(edit || comment);
    expect(s.items.slice(0, 2).map((i: any) => `${i.type}:${i.id}`)).toEqual([`meeting:${live.id}`, `talking_point:${tpId}`]);
  });

  it('someone outside the meeting gets 404, no session 401, bad ids 409', async () => {
    expect((await minutes(w.outsider)).status).toBe(404);
    expect((await w.anon.get(`/meetings/${live.id}/minutes`)).status).toBe(401);
    expect((await w.chair.c.get('/meetings/abc/minutes')).status).toBe(409);
    expect((await w.chair.c.get(`/meetings/${live.id + 100000}/minutes`)).status).toBe(404);
  });
});

describe('POST /api/meetings/{id}/mom_conclusion', () => {
  it('the owner writes conclusions (multipart): an inactive item is kept empty, the owner does not comment', async () => {
    const r = await form(w.chair, live.id, {
      id: String(live.id), isConclusion: 'true',
      'conclusions[0][type]': 'meeting', 'conclusions[0][id]': String(live.id), 'conclusions[0][conclusion]': 'The board met.', 'conclusions[0][active]': '1', 'conclusions[0][comment]': '["mine"]',
      'conclusions[1][type]': 'talking_point', 'conclusions[1][id]': String(tpId), 'conclusions[1][conclusion]': 'Dropped', 'conclusions[1][active]': '0', 'conclusions[1][comment]': '[]',
    });
    const s = expectOk(r);
    expect(r.body.message).toBe('Minutes saved successfully');
    expect(s.items[0]).toMatchObject({ type: 'meeting', conclusion: 'The board met.', active: true, comments: [] });
    expect(s.items[1]).toMatchObject({ type: 'talking_point', conclusion: '', active: false });
  });

  it('a participant comments (blank ones dropped) but cannot change a conclusion; comments on a blank conclusion are ignored', async () => {
    const s = expectOk(await w.m1.c.post(`/meetings/${live.id}/mom_conclusion`, {
      isConclusion: true,
      conclusions: [
        { type: 'meeting', id: live.id, conclusion: 'Rewritten by a member', active: true, comment: ['Agreed', '   '] },
        { type: 'talking_point', id: tpId, conclusion: 'Something', active: true, comment: ['Ignored: blank conclusion stored'] },
      ],
    }));
    expect(s.items[0].conclusion).toBe('The board met.');
    expect(s.items[0].comments).toEqual([expect.objectContaining({ comment: 'Agreed', user_name: 'Mona Member', user_id: w.m1.userId })]);
    expect(s.items[1].comments).toEqual([]);
  });

  it('refuses Done from anyone but the owner, and those who may neither edit nor comment', async () => {
    expect((await w.editor.c.post(`/meetings/${live.id}/mom_conclusion`, { done: 1, conclusions: [] })).status).toBe(403);
    expect((await w.admin.c.post(`/meetings/${live.id}/mom_conclusion`, { done: 1, conclusions: [] })).status).toBe(403);
    expect((await w.outsider.c.post(`/meetings/${live.id}/mom_conclusion`, { conclusions: [] })).status).toBe(404);
    const s = expectOk(await minutes(w.chair));
    expect(s.render).toBeNull();
  });

  it('answers 409 with the field for an item not on the meeting, a repeated item, a bad id or comment, and writes nothing', async () => {
    const bad = await w.chair.c.post(`/meetings/${live.id}/mom_conclusion`, {
      conclusions: [
        { type: 'meeting', id: live.id, conclusion: 'Should not be written', active: true },
        { type: 'decision', id: 999999, conclusion: 'x' },
        { type: 'meeting', id: live.id, conclusion: 'twice' },
      ],
    });
    expect(bad.status).toBe(409);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['conclusions.1.id', 'conclusions.2.id']);
    const strict = await w.chair.c.post(`/meetings/${live.id}/mom_conclusion`, { id: true, conclusions: [{ type: 'meeting', id: [live.id], comment: 5 }] });
    expect(strict.status).toBe(409);
    expect(Object.keys(strict.body.errors).sort()).toEqual(['conclusions.0.comment', 'conclusions.0.id', 'id']);
    const other = await w.chair.c.post(`/meetings/${live.id}/mom_conclusion`, { id: live.id + 1, conclusions: [] });
    expect(other.status).toBe(409);
    expect(other.body.errors).toHaveProperty('id');
    expect(expectOk(await minutes(w.chair)).items[0].conclusion).toBe('The board met.');
  });
});

describe('POST /api/meetings/{id}/mom (the minutes setting) and GET /api/meetings/{id}/mom (the PDF)', () => {
  it('is toggled by those who manage minutes; participants are refused', async () => {
    expect((await w.m1.c.post(`/meetings/${live.id}/mom`, {})).status).toBe(403);
    expect(expectOk(await w.chair.c.post(`/meetings/${live.id}/mom`, {})).mom_settings).toBe(1);
    expect(expectOk(await w.editor.c.post(`/meetings/${live.id}/mom`, { mom_settings: 0 })).mom_settings).toBe(0);
    expect((await w.chair.c.post(`/meetings/${live.id}/mom`, { mom_settings: 'yes' })).status).toBe(409);
  });

  it('download: off for everyone while the setting is off; on, no version yet is 404', async () => {
    expect((await download(w.editor, live.id)).json).toMatchObject({ code: 'MINUTES_DOWNLOAD_OFF' });
    expect((await download(w.m1, live.id)).status).toBe(403);
    expectOk(await w.chair.c.post(`/meetings/${live.id}/mom`, { mom_settings: 1 }));
    expect((await download(w.editor, live.id)).json).toMatchObject({ code: 'MINUTES_NO_VERSION' });
  });

  it('Done makes a version in a job (progress to 100) that admins and editors download, named after the title', async () => {
    const s = await doneAndWait(w.chair, live.id);
    expect(s.render).toMatchObject({ status: 'done', progress: 100, version: 1 });
    expect(s.mom_versions[0]).toMatchObject({ version: 1, source: 'rendered', file_url: expect.stringContaining('http'), updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    const d = await download(w.editor, live.id);
    expect(d.status).toBe(200);
    expect(d.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(d.headers.get('content-disposition')).toContain('filename="Quarterly board.pdf"');
    expect((await download(w.admin, live.id, '?version=1')).status).toBe(200);
    expect((await download(w.m1, live.id)).status).toBe(403);
    // the version is a file in the owner's library
    const lib = expectOk(await w.chair.c.get(`/library/${s.mom_versions[0].library_id}`));
    expect(lib).toMatchObject({ name: 'Quarterly board.pdf', kind: 'pdf' });
    // a participant sees no history
    expect(expectOk(await minutes(w.m1)).mom_versions).toEqual([]);
    // the meeting details carry the minutes fields (composed by the gateway)
    const details = expectOk(await w.editor.c.get(`/meetings/${live.id}`));
    expect(details).toMatchObject({ mom_settings: 1, can_commit: true, mom_conclusion: 'The board met.' });
    expect(details.mom_versions).toEqual([{ file_url: expect.stringContaining('http'), updated_at: s.mom_versions[0].updated_at }]);
    expect(expectOk(await w.m1.c.get(`/meetings/${live.id}`))).toMatchObject({ mom_versions: [], can_commit: true });
    expect(expectOk(await w.chair.c.get(`/meetings/${live.id}`)).can_commit).toBe(true);
  });

  it('POST /api/meetings/{id}/upload_mom: a library PDF becomes the next version; other files are refused', async () => {
    const pdf = await libraryFile(w.chair.c, 'signed-minutes.pdf', await pdfFile(2, 'Signed minutes'));
    const s = expectOk(await w.chair.c.post(`/meetings/${live.id}/upload_mom`, { id: live.id, library_id: pdf }));
    expect(s.mom_versions[0]).toMatchObject({ version: 2, source: 'uploaded', library_id: pdf });
    const d = await download(w.editor, live.id);
    expect(d.status).toBe(200);
    expect(d.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await libraryFile(w.chair.c, 'notes.docx', await docxFile('notes'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await w.chair.c.post(`/meetings/${live.id}/upload_mom`, { library_id: doc })).body).toMatchObject({ code: 'MINUTES_NOT_A_PDF', errors: { library_id: ['Choose only pdf'] } });
    const foreign = await libraryFile(w.m2.c, 'private.pdf');
    expect((await w.chair.c.post(`/meetings/${live.id}/upload_mom`, { library_id: foreign })).body.errors).toHaveProperty('library_id');
    expect((await w.editor.c.post(`/meetings/${live.id}/upload_mom`, { library_id: pdf })).status).toBe(403);
    expect((await w.chair.c.post(`/meetings/${live.id}/upload_mom`, { library_id: 'x' })).status).toBe(409);
    expect(expectOk(await minutes(w.chair)).mom_versions).toHaveLength(2);
  });
});

describe('statuses', () => {
  it('a draft or scheduled meeting offers no minutes', async () => {
    const draft = await meeting(w);
    await talkingPoint(w, draft.id);
    expect(expectOk(await minutes(w.chair, draft.id)).permissions).toMatchObject({ available: false, manage: false, edit: false });
    expect((await w.chair.c.post(`/meetings/${draft.id}/mom`, {})).body).toMatchObject({ code: 'MINUTES_NOT_AVAILABLE' });
    expect((await w.chair.c.post(`/meetings/${draft.id}/mom_conclusion`, { conclusions: [] })).status).toBe(409);
    await setStatus(w, draft.id, 2);
    expect((await w.chair.c.post(`/meetings/${draft.id}/upload_mom`, { library_id: 1 })).body).toMatchObject({ code: 'MINUTES_NOT_AVAILABLE' });
  });

  it('an archived meeting in Arabic: the PDF holds the Arabic title and conclusion (pdftotext)', async () => {
    const title = 'اجتماع مجلس الشركة الربعي';
    const conclusion = 'وافق المجلس على الميزانية';
    const ar = await scheduled(w, { title });
    await setStatus(w, ar.id, 3, 5);
    const chairAr = { ...w.chair, c: w.chair.c.with({ lang: 'ar' }) };
    expectOk(await form(chairAr, ar.id, { 'conclusions[0][type]': 'meeting', 'conclusions[0][id]': String(ar.id), 'conclusions[0][conclusion]': conclusion, 'conclusions[0][active]': 'true' }));
    const s = await doneAndWait(chairAr, ar.id);
    expect(s.mom_versions[0]).toMatchObject({ lang: 'ar', version: 1 });
    expectOk(await w.chair.c.post(`/meetings/${ar.id}/mom`, { mom_settings: 1 }));
    const d = await download(w.chair, ar.id);
    expect(d.status).toBe(200);
    expect(d.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(`${title}.pdf`)}`);
    const text = await pdfText(d.bytes);
    expect(text).toContain(title);
    expect(text).toContain(conclusion);
    // the values it prints are Arabic too (issue 25: statuses, roles and answers were printed in English)
    expect(text).toContain('مؤرشف');
    expect(text).toContain('مشاهد');
    expect(text).toContain('محرر');
    // (a cell on its own line; "Eddie Editor" is a name)
    expect(text).not.toMatch(/^(Archived|Viewer|Editor|Pending|Going)$/m);
  });
});
