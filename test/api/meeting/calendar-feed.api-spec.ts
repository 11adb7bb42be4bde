/**
 * The private calendar feed (docs/product/meetings.md#calendar-feed): each user's secret ICS address lists the
 * meetings they own or attend, parsed here by an independent iCalendar library (ical.js); a moved meeting moves,
 * a cancelled one is CANCELLED, drafts are not listed; a new address or turning it off makes the old one 404.
 */
import ICAL from 'ical.js';
import { closeRedis, expectOk, formDate, GATEWAY, meeting, scheduled, setStatus, world, type World } from './helpers';

let w: World;
beforeAll(async () => {
  w = await world();
});
afterAll(() => closeRedis());

/** the feed as a calendar application reads it: no session, the organization from the host */
async function readFeed(path: string, slug = w.org.slug) {
  const r = await fetch(`${GATEWAY}${path}`, { headers: { 'X-Org': slug } });
  if (r.status !== 200) return { status: r.status, events: [] as Array<{ uid: string; title: string; start: Date; end: Date; location: string | null; status: string; sequence: number }> };
  expect(r.headers.get('content-type')).toContain('text/calendar');
  expect(r.headers.get('cache-control')).toContain('no-store');
  const cal = new ICAL.Component(ICAL.parse(await r.text()));
  const events = cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid, title: e.summary, start: e.startDate.toJSDate(), end: e.endDate.toJSDate(), location: e.location ?? null,
      status: String(v.getFirstPropertyValue('status')), sequence: Number(v.getFirstPropertyValue('sequence')),
    };
  });
  return { status: 200, events };
}
const feedPath = async (who: World['chair']): Promise<string> => expectOk(await who.c.get('/integrations/calendars/feed')).path;

describe('calendar feed', () => {
  it('lists the user\'s announced meetings; a moved meeting moves and a cancelled one is CANCELLED', async () => {
    const moved = await scheduled(w, { title: 'Feed: moved', start_date: formDate(8, 9, 30), duration: 90, location: 'Room 7' });
    const cancelled = await scheduled(w, { title: 'Feed: cancelled' });
    await meeting(w, { title: 'Feed: draft' });
    const path = await feedPath(w.chair);
    expect(path).toMatch(/^\/api\/calendar-feed\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(await feedPath(w.chair)).toBe(path); // the same address until it is made again

    const before = await readFeed(path);
    expect(before.status).toBe(200);
    const titles = before.events.map((e) => e.title);
    expect(titles).toEqual(expect.arrayContaining(['Feed: moved', 'Feed: cancelled']));
    expect(titles).not.toContain('Feed: draft');
    const m0 = before.events.find((e) => e.title === 'Feed: moved')!;
    expect(m0).toMatchObject({ location: 'Room 7', status: 'CONFIRMED' });
    expect(m0.end.getTime() - m0.start.getTime()).toBe(90 * 60_000);

    await new Promise((r) => setTimeout(r, 1100)); // SEQUENCE counts seconds
    expectOk(await w.chair.c.put(`/meetings/${moved.id}`, { title: 'Feed: moved', committee_id: w.committeeId, start_date: formDate(9, 14, 0), duration: 90, location: 'Room 7' }));
    await setStatus(w, cancelled.id, 4);
    const after = await readFeed(path);
    const m1 = after.events.find((e) => e.uid === m0.uid)!;
    expect(m1.start.getTime() - m0.start.getTime()).toBe((24 + 4.5) * 3600_000);
    expect(m1.sequence).toBeGreaterThan(m0.sequence);
    expect(after.events.find((e) => e.title === 'Feed: cancelled')!.status).toBe('CANCELLED');

    // a member sees the meetings they attend; someone outside them sees none of them
    expect((await readFeed(await feedPath(w.m1))).events.map((e) => e.title)).toContain('Feed: moved');
    expect((await readFeed(await feedPath(w.outsider))).events.map((e) => e.title)).not.toContain('Feed: moved');
  });

  it("times are the organization's local times as UTC instants, across daylight saving time", async () => {
    const ny = await world();
    expectOk(await ny.admin.c.put('/information', { company_name: 'New York Board', website: `https://${ny.org.slug}.test`, location: 'New York', time_zone: 'America/New_York' }));
    // the meeting service keeps an organization's settings DIRECTORY_CACHE_SECONDS (5 s): wait until they are new
    await new Promise((r) => setTimeout(r, 5_500));
    await scheduled(ny, { title: 'Feed: winter', start_date: '2027-01-15 09:30 AM', duration: 60 });
    await scheduled(ny, { title: 'Feed: summer', start_date: '2027-07-15 09:30 AM', duration: 60 });
    const r = await fetch(`${GATEWAY}${expectOk(await ny.chair.c.get('/integrations/calendars/feed')).path}`, { headers: { 'X-Org': ny.org.slug } });
    const cal = new ICAL.Component(ICAL.parse(await r.text()));
    const byTitle = new Map(cal.getAllSubcomponents('vevent').map((v) => [String(v.getFirstPropertyValue('summary')), new ICAL.Event(v)]));
    // 09:30 in New York is 14:30 UTC in winter (EST, UTC-5) and 13:30 UTC in summer (EDT, UTC-4)
    expect(byTitle.get('Feed: winter')!.startDate.toJSDate().toISOString()).toBe('2027-01-15T14:30:00.000Z');
    expect(byTitle.get('Feed: summer')!.startDate.toJSDate().toISOString()).toBe('2027-07-15T13:30:00.000Z');
    expect(byTitle.get('Feed: winter')!.startDate.zone.tzid).toBe('UTC');
    expect(byTitle.get('Feed: summer')!.endDate.toJSDate().toISOString()).toBe('2027-07-15T14:30:00.000Z');
  });

  it('the token has at least 128 random bits: 32 base64url characters (192 bits), new each time', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const path: string = expectOk(await w.m2.c.post('/integrations/calendars/feed', {})).path;
      const token = /^\/api\/calendar-feed\/([A-Za-z0-9_-]+)\.ics$/.exec(path)![1];
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      tokens.add(token);
    }
    expect(tokens.size).toBe(3);
  });

  it('a new address replaces the old one, turning it off ends it, and it works only on its own organization', async () => {
    const old = await feedPath(w.editor);
    const fresh = expectOk(await w.editor.c.post('/integrations/calendars/feed', {})).path;
    expect(fresh).not.toBe(old);
    expect((await readFeed(old)).status).toBe(404);
    expect((await readFeed(fresh)).status).toBe(200);
    const other = await world();
    expect((await readFeed(fresh, other.org.slug)).status).toBe(404);
    expectOk(await w.editor.c.delete('/integrations/calendars/feed'));
    expect((await readFeed(fresh)).status).toBe(404);
  });

  it('the feed dies with its user: deactivated, the address answers 404 at once; deleted, 404 too', async () => {
    const p = await w.person();
    const path = await feedPath(p);
    expect((await readFeed(path)).status).toBe(200);
    // deactivated by an administrator: the next read (no waiting for any cache) finds nothing
    const off = await w.admin.c.post(`/users/${p.userId}/togglestatus`, {});
    expect(off.body.data.status).toBe('Inactive');
    expect((await readFeed(path)).status).toBe(404);

    const q = await w.person();
    const qPath = await feedPath(q);
    expect((await readFeed(qPath)).status).toBe(200);
    const del = await w.admin.c.delete(`/users/${q.userId}`);
    expect(del.status).toBe(200);
    expect((await readFeed(qPath)).status).toBe(404);
  });

  it('needs a signed-in user for the address, and a well-formed token for the feed', async () => {
    const anon = await fetch(`${GATEWAY}/api/integrations/calendars/feed`, { headers: { 'X-Org': w.org.slug } });
    expect(anon.status).toBe(401);
    const bad = await fetch(`${GATEWAY}/api/calendar-feed/not-a-token.ics`, { headers: { 'X-Org': w.org.slug } });
    expect(bad.status).toBe(409);
    expect((await readFeed(`/api/calendar-feed/${'Z'.repeat(32)}.ics`)).status).toBe(404);
  });
});
