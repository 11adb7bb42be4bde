/**
 * An e-mail's attachments (issue 25; docs/library.md#e-mail-attachments): GET /api/library/email/{id}/attachments/{index}
 * serves one attachment of a stored .eml (the library service parses the message it stores), as a download with its
 * name; the message's download policy applies (view only 403, watermarked: the reader's mark on a PDF attachment,
 * 409 for any other kind), a guest never downloads, an index the message does not have is 404.
 */
import { api, emlWithAttachments, pdfFile, pdfText } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, MeetingEvents, meeting, setStatus, talkingPoint, tokenOf, world, type World } from '../meeting/helpers';

jest.setTimeout(180_000);

let w: World;
let emailId: number;
let pdfId: number;
const notes = 'Some notes for Thursday\n';

const setPolicy = (level: string, id: number, policy: string | null) => w.admin.c.put('/download-policy', { level, id, policy });
async function get(token: string, path: string): Promise<{ status: number; bytes: Buffer; headers: Headers; json: () => any }> {
  const res = await fetch(`${GATEWAY}${path}`, { headers: { 'x-org': w.org.slug, token } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, bytes, headers: res.headers, json: () => JSON.parse(bytes.toString()) };
}

beforeAll(async () => {
  w = await world();
  const eml = emlWithAttachments('Board papers', [
    { name: 'budget.pdf', type: 'application/pdf', data: await pdfFile(2, 'Budget') },
    { name: 'notes.txt', type: 'text/plain', data: Buffer.from(notes) },
  ]);
  const up = await w.admin.c.upload('/library', { scope: 'organization' }, { file: { name: 'papers.eml', type: 'message/rfc822', data: eml } });
  expect(up.status).toBe(200);
  emailId = up.body.data.id;
  pdfId = (await w.admin.c.upload('/library', { scope: 'organization' }, { file: { name: 'plain.pdf', type: 'application/pdf', data: await pdfFile(1) } })).body.data.id;
});
afterAll(() => closeRedis());

describe('GET /api/library/email/{id}/attachments/{index}', () => {
  it('serves each listed attachment by its place, as a download with its name and type', async () => {
    const view = expectOk(await w.m1.c.get(`/library/email/${emailId}`));
    expect(view.attachments.map((a: { name: string }) => a.name)).toEqual(['budget.pdf', 'notes.txt']);

    const text = await get(w.m1.token, `/api/library/email/${emailId}/attachments/1`);
    expect(text.status).toBe(200);
    expect(text.bytes.toString()).toBe(notes);
    expect(text.headers.get('content-disposition')).toMatch(/^attachment;.*notes\.txt/);
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text.headers.get('x-content-type-options')).toBe('nosniff');

    const pdf = await get(w.m1.token, `/api/library/email/${emailId}/attachments/0`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain('budget.pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const t = await pdfText(pdf.bytes);
    expect(t).toContain('Budget');
    expect(t).not.toContain(w.m1.email);
  });

  it('an index the message does not have is 404; a bad index is 409 on index; a file that is no e-mail 409; one the caller does not see 404', async () => {
    for (const index of ['2', '99999']) expect((await w.m1.c.get(`/library/email/${emailId}/attachments/${index}`)).status).toBe(404);
    for (const index of ['-1', '1.5', 'x', 'true']) {
      const r = await w.m1.c.get(`/library/email/${emailId}/attachments/${index}`);
      expect({ index, status: r.status, message: r.body.message }).toEqual({ index, status: 409, message: 'Error in validation' });
      expect(r.body.errors.index).toBeDefined();
    }
    const notEmail = await w.m1.c.get(`/library/email/${pdfId}/attachments/0`);
    expect(notEmail.status).toBe(409);
    expect(notEmail.body.message).toBe('This file is not an e-mail.');
    const mine = (await w.m2.c.upload('/library', {}, { file: { name: 'private.eml', type: 'message/rfc822', data: emlWithAttachments('Mine', [{ name: 'a.txt', type: 'text/plain', data: Buffer.from('a') }]) } })).body.data.id;
    expect((await w.m1.c.get(`/library/email/${mine}/attachments/0`)).status).toBe(404);
  });

  it("view only: 403 and no bytes; watermarked: the PDF attachment carries the reader's mark, any other attachment 409", async () => {
    expectOk(await setPolicy('file', emailId, 'view_only'));
    const denied = await get(w.m1.token, `/api/library/email/${emailId}/attachments/1`);
    expect(denied.status).toBe(403);
    expect(denied.bytes.toString()).not.toContain('Some notes');

    expectOk(await setPolicy('file', emailId, 'watermarked'));
    const marked = await get(w.m1.token, `/api/library/email/${emailId}/attachments/0`);
    expect(marked.status).toBe(200);
    expect(marked.headers.get('content-type')).toBe('application/pdf');
    for (const page of [1, 2]) {
      const text = (await pdfText(marked.bytes, { page })).replace(/\s+/g, ' ');
      expect(text).toContain(w.m1.name);
      expect(text).toContain(w.m1.email);
    }
    const txt = await get(w.m1.token, `/api/library/email/${emailId}/attachments/1`);
    expect(txt.status).toBe(409);
    expect(txt.json().message).toBe('This file cannot be downloaded with a watermark.');
    expectOk(await setPolicy('file', emailId, null));
  });

  it('a guest of the meeting the message is attached to never downloads its attachments', async () => {
    const tap = await MeetingEvents.open();
    try {
      const eml = (await w.chair.c.upload('/library', {}, { file: { name: 'offer.eml', type: 'message/rfc822', data: emlWithAttachments('Offer', [{ name: 'offer.txt', type: 'text/plain', data: Buffer.from('Price: 10') }]) } })).body.data.id;
      const m = await meeting(w, { title: 'Offer meeting' });
      await talkingPoint(w, m.id, { title: 'Offer', attachment_ids: [eml] });
      await setStatus(w, m.id, 2);
      expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'offer.guest@example.test', guest_name: 'Offer Guest' }));
      const token = tokenOf((await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest)).link);
      const guest = api(GATEWAY, { org: w.org.slug });
      expect((await guest.get(`/library/fetch/${eml}`, { meeting_id: String(m.id), token })).body.data).toMatchObject({ can_download: false });
      const r = await fetch(`${GATEWAY}/api/library/email/${eml}/attachments/0?meeting_id=${m.id}&token=${token}`, { headers: { 'x-org': w.org.slug } });
      expect(r.status).toBe(403);
      expect(await r.text()).not.toContain('Price: 10');
      // the chair, a member, downloads it in the same meeting
      const own = await get(w.chair.token, `/api/library/email/${eml}/attachments/0?meeting_id=${m.id}`);
      expect({ status: own.status, text: own.bytes.toString() }).toEqual({ status: 200, text: 'Price: 10' });
    } finally {
      await tap.close();
    }
  });
});
