/**
 * A minutes worker killed (SIGKILL) while it renders: another minutes process takes the job over once its lock
 * expires and finishes it, and the meeting has exactly one new version. Real organization, meeting and library
 * services in their own processes, over real PostgreSQL, NATS, Redis, S3 and Chromium.
 */
import { AddMembers, ChangeMeetingStatus, CreateMeeting, CreateTalkingPoint, GetMinutes, SaveConclusions, type Actor } from '@app/contracts';
import { createTestCommittee, createTestOrg, createTestUser, testEnv, waitFor, workerTakeover } from '@app/testing';

jest.setTimeout(300_000);
const env = testEnv();

const pad = (n: number) => String(n).padStart(2, '0');
const local = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} 10:00 AM`;
};
const actorOf = (userId: number, email: string): Actor => ({ kind: 'user', userId, email, name: 'Chair', roleId: null, isAdmin: false, permissions: [], guestToken: null });

describe('a minutes worker killed during a render', () => {
  const workers = workerTakeover({ worker: 'minutes', services: ['organization', 'meeting', 'library'], env: { ...process.env, ...env } });
  afterAll(() => workers.stop());

  it('the job finishes on another worker with exactly one new version', async () => {
    const bus = await workers.start();

    const org = await createTestOrg(bus);
    const c = await createTestUser(bus, org.orgId, { name: 'Chair' });
    const m = await createTestUser(bus, org.orgId, { name: 'Member' });
    const committeeId = await createTestCommittee(bus, org.orgId, { admins: [c.email], members: [m.email] });
    const chair = actorOf(c.userId, c.email);
    const call = { orgId: org.orgId, actor: chair };
    const meeting = await bus.request(CreateMeeting, { ...call, body: { title: 'Killed render', committee_id: committeeId, start_date: local(3), location: 'HQ' } });
    await bus.request(AddMembers, { ...call, meetingId: meeting.id, body: { user_id: [m.userId], type: 'Viewer' } });
    await bus.request(CreateTalkingPoint, {
      ...call, meetingId: meeting.id,
      body: { title: 'Budget', viewers: [{ user_id: m.userId, user_email: null }], presenters: [{ user_id: c.userId, user_email: null }], attachments: [], attachment_ids: [], subpoints: [] },
    });
    await bus.request(ChangeMeetingStatus, { ...call, meetingId: meeting.id, body: { meeting_status_id: 2, reason: 'schedule' } });
    await bus.request(ChangeMeetingStatus, { ...call, meetingId: meeting.id, body: { meeting_status_id: 3, reason: 'start' } });

    await bus.request(SaveConclusions, {
      ...call, meetingId: meeting.id,
      body: { isConclusion: true, done: true, conclusions: [{ type: 'meeting', id: meeting.id, conclusion: 'Concluded', active: true, comment: [] }] },
    });
    // the worker has taken the job (progress on the render row), and dies before it is done
    const taken = await waitFor('render started', async () => {
      const s = await bus.request(GetMinutes, { ...call, meetingId: meeting.id });
      return s.render && s.render.status !== 'queued' ? s.render : null;
    }, 60_000, 50);
    expect(taken.status).toBe('rendering');
    await workers.killFirst();

    await workers.startSecond();
    const done = await waitFor('render finished on the other worker', async () => {
      const s = await bus.request(GetMinutes, { ...call, meetingId: meeting.id });
      if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
      return s.render?.status === 'done' ? s : null;
    }, 200_000, 500);
    expect(done.render).toMatchObject({ id: taken.id, status: 'done', progress: 100, version: 1 });
    expect(done.mom_versions.map((v) => v.version)).toEqual([1]);
  });
});
