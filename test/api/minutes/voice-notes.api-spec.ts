/**
 * Voice notes (docs/voice-notes.md): the summarizer behind POST /api/summarize (the local extractive default: no
 * SUMMARIZER_URL in the test system), the recorder's summary saved with POST
 * /api/app/activity/meetings/{id}/record-summarize (committee admins and organization admins; trimmed; empty
 * refused; guests, other members and other organizations refused), the meeting's `recordsummarize`, and the
 * accepted summary printed in the minutes PDF (read back with pdftotext).
 */
import { api, pdfText, waitFor } from '@app/testing';
import { GATEWAY, MeetingEvents, expectOk, scheduled, setStatus, tokenOf, world, worldWithEvents, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
let tap: MeetingEvents;
worldWithEvents((fresh, events) => {
  w = fresh;
  tap = events;
});

const TRANSCRIPT = [
  'Good morning everyone, thanks for joining.',
  'The committee reviewed the annual budget and the budget gap for the new building.',
  'Sara said the weather was nice today.',
  'The committee approved the revised budget for the new building with a ten percent reserve.',
  'We will meet again next month.',
].join(' ');
const body = (minutes: string) => ({ title: 'Voice Note', creator_name: 'Chair Person', date: '2026-11-25', minutes });

describe('POST /api/summarize (the local summarizer)', () => {
  it('answers {summary}: the budget sentences of an English transcript, in their order', async () => {
    const r = await w.chair.c.post('/summarize', body(TRANSCRIPT));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      summary: 'The committee reviewed the annual budget and the budget gap for the new building. The committee approved the revised budget for the new building with a ten percent reserve.',
    });
  });

  it('summarizes Arabic, and answers an empty summary for empty minutes', async () => {
    const ar = 'صباح الخير للجميع. ناقشت اللجنة الميزانية السنوية للمبنى الجديد. هل الطقس جميل اليوم؟ وافقت اللجنة على الميزانية المعدلة للمبنى الجديد.';
    const r = await w.chair.c.post('/summarize', body(ar));
    expect(r.status).toBe(200);
    expect(r.body.summary).toContain('وافقت اللجنة على الميزانية المعدلة للمبنى الجديد.');
    expect(r.body.summary).not.toContain('الطقس');
    expect((await w.chair.c.post('/summarize', body(''))).body).toEqual({ summary: '' });
  });

  it('refuses a bad body (409 with the fields) and callers without a session (401)', async () => {
    const r = await w.chair.c.post('/summarize', { title: 'Voice Note', creator_name: 'x', date: '25/11/2026', minutes: 42 });
    expect(r.status).toBe(409);
    expect(Object.keys(r.body.errors).sort()).toEqual(['date', 'minutes']);
    expect((await w.anon.post('/summarize', body('text'))).status).toBe(401);
  });
});

describe('POST /api/app/activity/meetings/{id}/record-summarize', () => {
  let m: any;
  const path = (id: number) => `/app/activity/meetings/${id}/record-summarize`;

  beforeAll(async () => {
    m = await scheduled(w, { title: 'Voice note board' });
    await setStatus(w, m.id, 3);
  });

  it("saves a trimmed summary (committee admin and organization admin); empty is 409 'Summary cannot be empty'", async () => {
    const empty = await w.chair.c.post(path(m.id), { summary: '  \n ' });
    expect([empty.status, empty.body.errors?.summary]).toEqual([409, ['Summary cannot be empty']]);
    const r = await w.chair.c.post(path(m.id), { summary: '  The committee approved the revised budget.  ' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, summary: 'The committee approved the revised budget.', message: 'Summary saved successfully!' });
    const byAdmin = await w.admin.c.post(path(m.id), { summary: 'The organization admin adds a note.' });
    expect(byAdmin.status).toBe(200);
  });

  it('refuses members and editors (403), guests and callers without a session (401), another organization (404); nothing is written', async () => {
    expect((await w.m1.c.post(path(m.id), { summary: 'Not mine' })).status).toBe(403);
    expect((await w.editor.c.post(path(m.id), { summary: 'Not mine' })).status).toBe(403);
    expect((await w.anon.post(path(m.id), { summary: 'Nobody' })).status).toBe(401);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'voice.guest@example.test', guest_name: 'Voice Guest' }));
    const ev = await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
    const guest = api(GATEWAY, { org: w.org.slug });
    expect((await guest.post(`${path(m.id)}?token=${tokenOf(ev.link)}`, { summary: 'From a guest' })).status).toBe(401);
    const other = await world();
    expect((await other.chair.c.post(path(m.id), { summary: 'Elsewhere' })).status).toBe(404);
    expect((await other.admin.c.post(path(m.id), { summary: 'Elsewhere' })).status).toBe(404);
    expect((await w.chair.c.post(path(m.id + 100000), { summary: 'No such meeting' })).status).toBe(404);
    const d = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
    expect(d.recordsummarize.map((s: any) => s.summary)).toEqual(['The committee approved the revised budget.', 'The organization admin adds a note.']);
  });

  it('GET /api/meetings/{id} lists them (recordsummarize) and the minutes PDF prints the accepted summary', async () => {
    const accepted = 'The committee approved the revised budget for the new building.';
    expectOk(await w.chair.c.post(path(m.id), { summary: accepted }));
    const d = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
    expect(d.recordsummarize.at(-1)).toMatchObject({ summary: accepted, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(d.summary).toBe(accepted);
    // Done makes the minutes PDF in its job; the summary is in it
    const before = expectOk(await w.chair.c.get(`/meetings/${m.id}/minutes`)).mom_versions.length;
    expectOk(await w.chair.c.upload(`/meetings/${m.id}/mom_conclusion`, { id: String(m.id), isConclusion: 'true', done: '1' }, {}));
    await waitFor(
      'minutes version',
      async () => {
        const s = expectOk(await w.chair.c.get(`/meetings/${m.id}/minutes`));
        if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
        return s.render?.status === 'done' && s.mom_versions.length === before + 1 ? s : null;
      },
      150_000,
      500,
    );
    expectOk(await w.chair.c.post(`/meetings/${m.id}/mom`, { mom_settings: 1 }));
    const res = await fetch(`${GATEWAY}/api/meetings/${m.id}/mom`, { headers: { 'x-org': w.org.slug, token: w.chair.token } });
    expect(res.status).toBe(200);
    const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain(accepted);
  });
});
