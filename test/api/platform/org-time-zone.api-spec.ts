/**
 * One serverDate everywhere (docs/decisions.md "Dates"): an organization in Asia/Dubai (+04:00, no daylight saving
 * time) reads every date the organization, library, approval, minutes and presentation services answer in its own
 * zone, not in UTC. Each date is read back as a Dubai wall time and must fall between the instants before and
 * after the request that wrote it: a UTC answer is four hours off and fails.
 */
import { localDay, localToInstant } from '@app/contracts';
import { closeRedis, expectOk, libraryFile, meeting, scheduled, setStatus, talkingPoint, world, type World } from '../meeting/helpers';

jest.setTimeout(120_000);

const ZONE = 'Asia/Dubai';
let w: World;

beforeAll(async () => {
  w = await world();
  // the zone is set before any service has read this organization
  expectOk(await w.admin.c.put('/information', { company_name: 'Dubai Board', website: `https://${w.org.slug}.test`, location: 'Dubai', time_zone: ZONE }));
});
afterAll(() => closeRedis());

/** runs `write` and checks that every date it answers is a Dubai wall time between the instants around it */
async function written<T>(write: () => Promise<T>, datesOf: (answer: T) => Array<string | null | undefined>): Promise<T> {
  const before = Math.floor(Date.now() / 1000) * 1000;
  const answer = await write();
  const after = Date.now();
  const dates = datesOf(answer);
  expect(dates.length).toBeGreaterThan(0);
  for (const d of dates) {
    expect(d).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const at = localToInstant(d!, ZONE).getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
  }
  return answer;
}

describe("dates in the organization's time zone", () => {
  it('organization: a role, the users list and the activity log', async () => {
    await written(async () => expectOk(await w.admin.c.post('/roles', { name: `Dubai role ${Date.now()}`, users: [w.m1.userId], permissions: ['home_show'] })), (r) => [r.created_at]);
    const users = expectOk(await w.admin.c.get('/users', { per_page: 100 }));
    const m1 = (users.items ?? users).find((u: { id: number }) => u.id === w.m1.userId);
    // the user was created moments ago, in beforeAll's world()
    const at = localToInstant(m1.created_at, ZONE).getTime();
    expect(Math.abs(Date.now() - at)).toBeLessThan(10 * 60_000);
    const logs = await w.admin.c.get('/logs');
    expect(logs.status).toBe(200);
    // the role just added is in the log
    const latest = logs.body.data.items?.[0] ?? logs.body.data[0];
    expect(Math.abs(Date.now() - localToInstant(latest.created_at, ZONE).getTime())).toBeLessThan(10 * 60_000);
  });

  it('library: an upload and its details (versions)', async () => {
    let id = 0;
    await written(async () => {
      id = await libraryFile(w.chair.c, 'dubai.pdf');
      return expectOk(await w.chair.c.get(`/library/${id}`));
    }, (d) => [d.created_at, d.updated_at, ...d.versions.map((v: { created_at: string }) => v.created_at)]);
  });

  it('approval: a new approval (assignees, versions) and its list entry', async () => {
    const pdf = await libraryFile(w.admin.c, 'to-sign.pdf');
    const a = await written(
      async () => expectOk(await w.admin.c.post('/approvals', { title: 'Dubai approval', documents: [pdf], assignees: [{ user_id: w.m1.userId, order: 1 }] })),
      (d) => [d.created_at, d.updated_at, ...d.assignees.map((x: { updated_at: string }) => x.updated_at), ...d.versions.map((v: { created_at: string }) => v.created_at)],
    );
    const list = expectOk(await w.admin.c.get('/approvals', { tab: 'all' }));
    const entry = list.find((x: { id: number }) => x.id === a.id) ?? list.items?.find((x: { id: number }) => x.id === a.id);
    expect(entry.created_at).toBe(a.created_at);
  });

  it('minutes: a comment on the minutes; the meeting details still carry the minutes fields', async () => {
    const live = await scheduled(w, { title: 'Dubai minutes' });
    await setStatus(w, live.id, 3);
    expectOk(await w.chair.c.post(`/meetings/${live.id}/mom_conclusion`, { isConclusion: true, conclusions: [{ type: 'meeting', id: live.id, conclusion: 'The board met.', active: true }] }));
    await written(
      async () => expectOk(await w.m1.c.post(`/meetings/${live.id}/mom_conclusion`, { isConclusion: true, conclusions: [{ type: 'meeting', id: live.id, conclusion: 'The board met.', active: true, comment: ['Agreed'] }] })),
      (s) => s.items[0].comments.map((c: { created_at: string }) => c.created_at),
    );
    const details = expectOk(await w.chair.c.get(`/meetings/${live.id}`));
    expect(details.time_zone).toBe(ZONE);
    expect(details.mom_versions).toEqual([]);
  });

  it('presentation: a note on a slide', async () => {
    const m = await meeting(w);
    const doc = await libraryFile(w.chair.c, 'slides.pdf');
    await talkingPoint(w, m.id, { attachment_ids: [doc] });
    const note = await written(
      async () => expectOk(await w.m1.c.post('/presentation/notes', { id: doc, meeting_id: m.id, annotation: 'Dubai note', is_private: 1, type: 'note', slide_id: 0 })),
      (n) => [n.created_at],
    );
    const list = expectOk(await w.m1.c.get(`/presentation/${m.id}/${doc}/notes`));
    expect((list.items ?? list).find((n: { id: number }) => n.id === note.id).created_at).toBe(note.created_at);
  });

  it("organization: a board's expiry is judged on the organization's day, not the UTC day", async () => {
    // Dubai's day differs from UTC's four hours a day only: this case moves the organization to a zone whose day
    // differs from UTC's now (Kiritimati, +14, from 10:00 UTC; Pago Pago, -11, before), so a UTC "today" fails at any hour
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    expectOk(await w.admin.c.put('/information', { company_name: 'Dubai Board', website: `https://${w.org.slug}.test`, location: 'Dubai', time_zone: zone }));
    try {
      const board = async (expiration: string) => {
        const r = await w.admin.c.post('/boards', { name: `Board ${expiration} ${Date.now()}`, description: 'Expiry', quorum: 50, admins: [w.admin.userId], users: [w.m1.userId], expiration_date: expiration });
        return expectOk(r) as { expired: boolean };
      };
      const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const today = localDay(new Date(), zone);
      // the case's premise: the organization's day is not the UTC day
      expect(today).not.toBe(new Date().toISOString().slice(0, 10));
      const [last, yesterday] = [await board(today), await board(dayBefore(today))];
      // the organization's midnight did not pass during the requests (it is hours away at the hour each zone is chosen)
      expect(localDay(new Date(), zone)).toBe(today);
      expect({ last: last.expired, yesterday: yesterday.expired }).toEqual({ last: false, yesterday: true });
    } finally {
      expectOk(await w.admin.c.put('/information', { company_name: 'Dubai Board', website: `https://${w.org.slug}.test`, location: 'Dubai', time_zone: ZONE }));
    }
  });
});

