/**
 * Every view, download, print and share of a library file is in the organization's activity log (GET /api/logs:
 * id, username, date, time, activity), written by the organization service from the library's
 * `library.v1.file.accessed` events (docs/library.md#activity-log).
 */
import { api, pdfFile, waitFor } from '@app/testing';
import { closeRedis, expectOk, GATEWAY, MeetingEvents, meeting, setStatus, talkingPoint, tokenOf, world, type World } from '../meeting/helpers';

jest.setTimeout(120_000);

interface LogEntry {
  id: number;
  username: string;
  date: string;
  time: string;
  activity: string;
}

let w: World;
let fileId: number;
const name = `minutes-${Date.now()}.pdf`;

/** the log entries of a reader (the username filter), newest first */
const logsOf = async (p: { name: string }): Promise<LogEntry[]> => expectOk(await w.admin.c.get('/logs', { username: p.name, per_page: '100' }));
/** waits until the reader's log holds the line (the entry is written from an event) */
const entry = (p: { name: string }, activity: string): Promise<LogEntry> =>
  waitFor(`log entry '${activity}' of ${p.name}`, async () => (await logsOf(p)).find((e) => e.activity === activity), 20_000, 200);

beforeAll(async () => {
  w = await world();
  const up = await w.admin.c.upload('/library', { scope: 'organization' }, { file: { name, type: 'application/pdf', data: await pdfFile(1, 'Minutes') } });
  expect(up.status).toBe(200);
  fileId = up.body.data.id;
});
afterAll(() => closeRedis());

describe("the organization's activity log records a library file's", () => {
  it('view, download and print, with who and when', async () => {
    const started = Date.now();
    expect(expectOk(await w.m1.c.get(`/library/fetch/${fileId}`)).file_url).toBeTruthy();
    expect((await fetch(`${GATEWAY}/api/library/${fileId}/file`, { headers: { 'x-org': w.org.slug, token: w.m1.token } })).status).toBe(200);
    const printed = await w.m1.c.post(`/library/${fileId}/print`, {});
    expect(printed.status).toBe(200);
    for (const line of [`Viewed the file ${name}`, `Downloaded the file ${name}`, `Printed the file ${name}`]) {
      const e = await entry(w.m1, line);
      expect(e.username).toBe(w.m1.name);
      expect(e.date).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(e.time).toMatch(/^\d\d:\d\d:\d\d$/);
    }
    // one entry per view: a second fetch is a second line, not a lost one and not a doubled one
    const views = async () => (await logsOf(w.m1)).filter((e) => e.activity === `Viewed the file ${name}`).length;
    expect(await views()).toBe(1);
    expectOk(await w.m1.c.get(`/library/fetch/${fileId}`));
    await waitFor('the second view', async () => (await views()) === 2, 20_000, 200);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('share, naming who it was shared with', async () => {
    const mine = (await w.m2.c.upload('/library', {}, { file: { name: `private-${name}`, type: 'application/pdf', data: await pdfFile(1) } })).body.data.id;
    expectOk(await w.m2.c.post('/share', { id: mine, users: [w.m1.userId, w.editor.userId] }));
    const e = await entry(w.m2, `Shared the file private-${name} with Mona Member and Eddie Editor`);
    expect(e.username).toBe(w.m2.name);
  });

  it('view only: printing is refused (403) and nothing is logged', async () => {
    expectOk(await w.admin.c.put('/download-policy', { level: 'file', id: fileId, policy: 'view_only' }));
    const r = await w.m2.c.post(`/library/${fileId}/print`, {});
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Authentication Fail');
    expect((await logsOf(w.m2)).some((e) => e.activity === `Printed the file ${name}`)).toBe(false);
    expectOk(await w.admin.c.put('/download-policy', { level: 'file', id: fileId, policy: null }));
  });

  it("a guest's view of a meeting's file, as a guest", async () => {
    const tap = await MeetingEvents.open();
    try {
      const m = await meeting(w, { title: 'Logged meeting' });
      const attachment = (await w.chair.c.upload('/library', {}, { file: { name: `pack-${name}`, type: 'application/pdf', data: await pdfFile(1) } })).body.data.id;
      await talkingPoint(w, m.id, { title: 'Pack', attachment_ids: [attachment] });
      await setStatus(w, m.id, 2);
      expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'logged.guest@example.test', guest_name: 'Logged Guest' }));
      const ev = await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
      const guest = api(GATEWAY, { org: w.org.slug });
      expect((await guest.get(`/library/fetch/${attachment}`, { meeting_id: String(m.id), token: tokenOf(ev.link) })).status).toBe(200);
      const e = await waitFor('the guest view', async () => (expectOk(await w.admin.c.get('/logs', { per_page: '100' })) as LogEntry[]).find((x) => x.activity === `Viewed the file pack-${name} (guest)`), 20_000, 200);
      expect(e.username).toMatch(/Logged Guest|logged\.guest@example\.test/);
    } finally {
      await tap.close();
    }
  });
});
