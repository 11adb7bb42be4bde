/**
 * The NDA gate (docs/meeting.md#the-nda-gate): in an organization that requires an NDA, a member or guest who has not
 * accepted a meeting's NDA gets its title and date and nothing else. The details answer a preview (no agenda,
 * participants, decisions, activity, files, description, place); every sub-resource of the meeting answers 409
 * 'Error in validation' (NDA_NOT_ACCEPTED) and writes nothing; the home page and the action tracker leave its items
 * out. Once accepted, the same calls answer. The owner, and organizations without the NDA, are not gated.
 */
import { api, waitFor } from '@app/testing';
import { GATEWAY, MeetingEvents, closeRedis, expectOk, formDate, libraryFile, serverDate, tokenOf, world, type World } from './helpers';

// the set-up makes an organization, a file, a meeting with items and a guest: more than the tier's 30 s on a busy machine
jest.setTimeout(120_000);

const SECRET = 'Confidential acquisition';
const SECRET_DECISION = 'Approve the takeover bid';
const SECRET_ACTION = 'Draft the term sheet';
const SECRET_PLACE = 'Vault room 7';

describe('the NDA gate', () => {
  let w: World;
  let tap: MeetingEvents;
  let meetingId: number;
  let tpId: number;
  let decisionId: number;
  let actionId: number;
  let fileId: number;
  let guestToken: string;

  beforeAll(async () => {
    w = await world({ modules: { nda: 1 } });
    tap = await MeetingEvents.open();
    fileId = await libraryFile(w.chair.c, 'acquisition.pdf');
    const m = expectOk(await w.chair.c.post('/meetings', { title: 'Gated board', description: 'The target is ACME', committee_id: w.committeeId, start_date: formDate(7), duration: 90, location: SECRET_PLACE }));
    meetingId = m.id;
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/members`, { user_id: [w.m1.userId, w.m2.userId] }));
    tpId = expectOk(await w.chair.c.post(`/meetings/${meetingId}/talkingpoints`, { title: SECRET, viewers: [w.m1.userId, w.m2.userId], presenters: [w.chair.userId], attachment_ids: [fileId] })).id;
    decisionId = expectOk(await w.chair.c.post(`/meetings/${meetingId}/decisions`, { title: SECRET_DECISION, voters: [w.m1.userId, w.m2.userId], deadline: serverDate(8) })).id;
    actionId = expectOk(await w.chair.c.post(`/meetings/${meetingId}/actions`, { title: SECRET_ACTION, participants: [w.m1.userId], open_till: serverDate(9), priority: 'Low' })).id;
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/changestatus`, { meeting_status_id: 2, reason: 'go' }));
    expectOk(await w.chair.c.post(`/meetings/${meetingId}/members`, { user_email: 'gated-guest@example.test' }));
    guestToken = tokenOf((await tap.next('meeting.v1.member.invited', (p) => p.meetingId === meetingId && p.guest)).link);
  });
  afterAll(async () => {
    await tap?.close();
    closeRedis();
  });

  const leaks = (body: unknown) => {
    const text = JSON.stringify(body);
    return [SECRET, SECRET_DECISION, SECRET_ACTION, SECRET_PLACE, 'The target is ACME', 'Mark Member', 'acquisition.pdf'].filter((s) => text.includes(s));
  };

  it('the details answer the title and date only, with the NDA to accept', async () => {
    const r = await w.m1.c.get(`/meetings/${meetingId}`);
    const d = expectOk(r);
    expect(d).toMatchObject({
      id: meetingId, title: 'Gated board', nda: 1, nda_required: true, nda_accepted: false,
      agendas: [], members: [], guest_member: [], activities: [], archived_decisions: [], description: null, location: null, committee: null, mom_versions: [],
      permissions: { acceptNda: true, editMeeting: false, createItems: false, seeActivity: false, comment: false, changeAttendance: false },
    });
    expect(d.start_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(leaks(r.body)).toEqual([]);
    // the guest page's read, by the link's token
    const g = await api(GATEWAY, { org: w.org.slug }).get(`/meeting/guest/${guestToken}`);
    expect(expectOk(g)).toMatchObject({ title: 'Gated board', nda: 1, agendas: [], members: [], guest_member: [] });
    expect(leaks(g.body)).toEqual([]);
    // the meetings list shows it by its title and date only
    const list = await w.m1.c.get('/meetings', { per_page: 100 });
    const row = expectOk(list).find((x: any) => x.id === meetingId);
    expect(row).toMatchObject({ title: 'Gated board', description: null, location: null });
    expect(leaks(list.body)).toEqual([]);
    // the owner is not gated
    expect(expectOk(await w.chair.c.get(`/meetings/${meetingId}`)).agendas).toHaveLength(3);
  });

  // rows are objects: with arrays of unequal length jest.each would hand a shorter row's test a `done` callback it
  // never calls, and each such test would wait out its timeout (the suite once held the api tier until the tier's cap)
  const subResources = (): Array<{ name: string; method: 'get' | 'post'; path: () => string; body?: unknown }> => [
    { name: 'members', method: 'get', path: () => `/meetings/${meetingId}/members` },
    { name: 'a talking point', method: 'get', path: () => `/meetings/${meetingId}/talkingpoints/${tpId}` },
    { name: 'a decision', method: 'get', path: () => `/decisions/${decisionId}` },
    { name: 'an action', method: 'get', path: () => `/actions/${actionId}` },
    { name: 'archived decisions', method: 'get', path: () => `/meetings/${meetingId}/decisions/archived` },
    { name: 'activities', method: 'get', path: () => `/meetings/${meetingId}/activities` },
    { name: 'analytics', method: 'get', path: () => `/meeting_analytics/${meetingId}` },
    { name: 'the minutes', method: 'get', path: () => `/meetings/${meetingId}/minutes` },
    { name: 'the board book', method: 'get', path: () => `/meetings/actions/merge_files/${meetingId}` },
    { name: 'an agenda file', method: 'get', path: () => `/library/fetch/${fileId}?meeting_id=${meetingId}` },
    { name: 'the online session', method: 'get', path: () => `/meetings/${meetingId}/participant` },
    { name: 'a vote', method: 'post', path: () => `/decisions/${decisionId}/vote/change`, body: { vote: 'Approved' } },
    { name: 'a comment', method: 'post', path: () => `/talkingpoints/${tpId}/comment`, body: { comment: 'hello' } },
    { name: 'attendance', method: 'post', path: () => `/meetings/${meetingId}/members/changestatus`, body: { status: 'Going' } },
  ];

  it.each(subResources())('$name answers 409 NDA_NOT_ACCEPTED before acceptance, and leaks nothing', async ({ method, path, body }) => {
    const r = method === 'get' ? await w.m1.c.get(path()) : await w.m1.c.post(path(), body ?? {});
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ success: false, code: 'NDA_NOT_ACCEPTED', message: 'Accept the confidentiality agreement of this meeting first.' });
    expect(leaks(r.body)).toEqual([]);
  });

  it('a guest by the link token is refused the same way', async () => {
    const g = api(GATEWAY, { org: w.org.slug });
    for (const path of [`/meetings/${meetingId}/talkingpoints/${tpId}?token=${guestToken}`, `/decisions/${decisionId}?token=${guestToken}`, `/meetings/${meetingId}/members?token=${guestToken}`]) {
      const r = await g.get(path);
      expect({ path, status: r.status }).toEqual({ path, status: 409 });
      expect(leaks(r.body)).toEqual([]);
    }
  });

  it('the refused writes wrote nothing; home and the action tracker leave the meeting\'s items out', async () => {
    const owner = expectOk(await w.chair.c.get(`/meetings/${meetingId}`));
    const tp = owner.agendas.find((g: any) => g.agenda_type === 'talking_point').data[0];
    expect(tp.comments).toEqual([]);
    const decision = expectOk(await w.chair.c.get(`/decisions/${decisionId}`));
    expect(decision.voters.find((v: any) => v.user_id === w.m1.userId).vote).toBe('Pending');
    const home = expectOk(await w.m1.c.get('/home'));
    expect(JSON.stringify(home.my_agenda)).not.toContain(SECRET);
    expect(JSON.stringify(home.my_agenda)).not.toContain(SECRET_DECISION);
    expect(JSON.stringify(home.my_agenda)).not.toContain(SECRET_ACTION);
    expect(JSON.stringify(expectOk(await w.m1.c.get('/action_tracker')))).not.toContain(SECRET_ACTION);
    // m2 has not accepted either; the owner sees everything
    expect(JSON.stringify(expectOk(await w.chair.c.get('/action_tracker')))).toContain(SECRET_ACTION);
  });

  it('once accepted, the same calls answer', async () => {
    expectOk(await w.m1.c.get(`/meeting/${meetingId}/approve`));
    const d = expectOk(await w.m1.c.get(`/meetings/${meetingId}`));
    expect(d).toMatchObject({ nda: 0, nda_accepted: true, location: SECRET_PLACE, permissions: { acceptNda: false } });
    expect(JSON.stringify(d.agendas)).toContain(SECRET);
    expect(expectOk(await w.m1.c.get(`/meetings/${meetingId}/talkingpoints/${tpId}`)).title).toBe(SECRET);
    expect(expectOk(await w.m1.c.get(`/decisions/${decisionId}`)).title).toBe(SECRET_DECISION);
    expect((await w.m1.c.get(`/meetings/${meetingId}/members`)).status).toBe(200);
    expect((await w.m1.c.get(`/library/fetch/${fileId}?meeting_id=${meetingId}`)).status).toBe(200);
    expect(JSON.stringify(expectOk(await w.m1.c.get('/action_tracker')))).toContain(SECRET_ACTION);
    // m2 is still gated
    expect((await w.m2.c.get(`/meetings/${meetingId}/talkingpoints/${tpId}`)).status).toBe(409);
    // the guest accepts by the token
    const g = api(GATEWAY, { org: w.org.slug });
    expectOk(await g.get(`/nda/guest/${guestToken}`));
    expect(expectOk(await g.get(`/meetings/${meetingId}/talkingpoints/${tpId}?token=${guestToken}`)).title).toBe(SECRET);
  });
});

describe('turning the NDA on', () => {
  let w: World;
  afterAll(() => closeRedis());

  it('applies to the next reads of every meeting, not after the services\' caches expire', async () => {
    w = await world();
    const m = expectOk(await w.chair.c.post('/meetings', { title: 'Switched board', committee_id: w.committeeId, start_date: formDate(7), duration: 60, location: SECRET_PLACE }));
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: [w.m1.userId] }));
    // read once without the NDA: the meeting service and the gateway now hold the organization's settings
    expect(expectOk(await w.m1.c.get(`/meetings/${m.id}`))).toMatchObject({ nda_required: false, location: SECRET_PLACE });
    expectOk(await w.admin.c.put('/status', { nda: 1 }));
    // the change reaches every service as an event (the outbox relays within a fraction of a second); the caches
    // themselves keep an organization for 15-30 s, so a gate that waited for them would fail this
    const gated = await waitFor('the NDA gate', async () => {
      const d = expectOk(await w.m1.c.get(`/meetings/${m.id}`));
      return d.nda_required ? d : undefined;
    }, 5_000);
    expect(gated).toMatchObject({ nda_accepted: false, location: null });
    expect((await w.m1.c.get(`/meetings/${m.id}/members`)).status).toBe(409);
    // and off again
    expectOk(await w.admin.c.put('/status', { nda: 0 }));
    await waitFor('the gate lifted', async () => (await w.m1.c.get(`/meetings/${m.id}/members`)).status === 200, 5_000);
  });
});
