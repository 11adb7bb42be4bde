/**
 * Actions: validation ('Incorrect date' before the meeting start, participants of the meeting, priority
 * default Low), participant status and the overall state, locked after open_till, who may change a
 * status (the assignee, a guest by token, an admin), events, and the action tracker.
 */
import { Client } from 'pg';
import type { Recipient } from '@app/contracts';
import { api, pollUntil } from '@app/testing';
import { env, GATEWAY, MeetingEvents, expectOk, formDate, libraryFile, meeting, scheduled, serverDate, setStatus, tokenOf, world, worldWithEvents, type World } from './helpers';

let w: World;
let tap: MeetingEvents;
worldWithEvents((fresh, events) => {
  w = fresh;
  tap = events;
});

const act = (m: any, body: Record<string, unknown> = {}) =>
  w.chair.c.post(`/meetings/${m.id}/actions`, { title: 'Prepare the report', participants: [w.m1.userId, w.m2.userId], open_till: serverDate(10), ...body });
const status = (who: World['m1'], a: any, body: Record<string, unknown>) => who.c.post(`/actions/${a.id}/status/change`, body);

describe('creating actions', () => {
  it('validates; open_till not before the meeting start is "Incorrect date"; priority defaults to Low', async () => {
    const m = await meeting(w, { start_date: '2031-03-03 10:00 AM' });
    const empty = await w.chair.c.post(`/meetings/${m.id}/actions`, {});
    expect(empty.body.errors).toMatchObject({ title: ['This field is required.'], participants: ['This field is required.'], open_till: ['This field is required.'] });
    expect((await act(m, { open_till: '2031-03-03 09:45:00' })).body.errors.open_till).toEqual(['Incorrect date']);
    expect((await act(m, { open_till: '2031-03-03 10:00:00', participants: [w.outsider.userId] })).body.errors.participants).toEqual(['Choose a person who is a participant of this meeting.']);
    expect((await act(m, { open_till: '2031-03-04 10:00:00', priority: 'Urgent' })).body.errors.priority).toEqual(['The selected value is invalid.']);
    expect((await act(m, { open_till: '2031-03-04 10:00:00', progress: 101 })).body.errors.progress).toEqual(['This field may not be greater than 100.']);
    const [f11, f12] = [await libraryFile(w.chair.c, 'a.pdf'), await libraryFile(w.chair.c, 'b.pdf')];
    const r = await act(m, { open_till: '2031-03-03 10:00:00', attachments: [f11, f12] });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Action saved successfully');
    expect(r.body.data).toMatchObject({
      priority: 'Low', open_till: '2031-03-03 10:00:00', status: 'In Progress', locked: false, group: 'not_started', progress: 0,
      attachments: [{ library_id: f11 }, { library_id: f12 }],
    });
    expect(r.body.data.participants.map((p: any) => [p.user_id, p.status])).toEqual([[w.m1.userId, 'In Progress'], [w.m2.userId, 'In Progress']]);
    const ev = await tap.next('meeting.v1.action.assigned', (p) => p.actionId === r.body.data.id);
    expect(ev.recipients.map((x: any) => x.email).sort()).toEqual([w.m1.email, w.m2.email].sort());
    expect(ev).toMatchObject({ reason: 'assigned', openTillLocal: '2031-03-03 10:00:00', meetingTitle: m.title, link: `/app/activity/meetings/${m.id}#_action-${r.body.data.id}` });
    expect((await w.m1.c.post(`/meetings/${m.id}/actions`, { title: 'x', participants: [w.m1.userId], open_till: '2031-03-04 10:00:00' })).status).toBe(403);
  });
});

describe('participant status and the overall state', () => {
  it('each assignee sets their own status; all Complete gives Complete; all Not Complete gives Not Complete', async () => {
    const m = await scheduled(w);
    const a = expectOk(await act(m));
    expect(expectOk(await w.m1.c.get(`/actions/${a.id}`))).toMatchObject({ can_change_status: true });
    expect(expectOk(await w.editor.c.get(`/actions/${a.id}`))).toMatchObject({ can_change_status: false, can_edit: true });
    let r = expectOk(await status(w.m1, a, { status: 'Complete' }));
    expect(r).toMatchObject({ status: 'In Progress', group: 'on_going' });
    expect((await status(w.m1, a, { status: 'Done' })).status).toBe(409);
    expect((await status(w.editor, a, { status: 'Complete' })).status).toBe(403);
    expect((await status(w.m1, a, { status: 'Complete', user_id: w.m2.userId })).status).toBe(403);
    r = expectOk(await status(w.m2, a, { status: 'Complete' }));
    expect(r).toMatchObject({ status: 'Complete', group: 'completed' });
    expect((await tap.next('meeting.v1.action.closed', (p) => p.actionId === a.id)).reason).toBe('completed');
    r = expectOk(await status(w.m1, a, { status: 'Not Complete', reason: 'blocked' }));
    expect(r.participants.find((p: any) => p.user_id === w.m1.userId)).toMatchObject({ status: 'Not Complete', reason: 'blocked' });
    expect(r.status).toBe('In Progress');
    r = expectOk(await status(w.m2, a, { status: 'Not Complete' }));
    expect(r.status).toBe('Not Complete');
    expect(await tap.next('meeting.v1.action.status-changed', (p) => p.actionId === a.id && p.status === 'Not Complete')).toMatchObject({ recipients: [{ email: w.chair.email }] });
    // an administrator may set a participant's status
    expect(expectOk(await status(w.admin, a, { status: 'Complete', user_id: w.m1.userId })).participants.find((p: any) => p.user_id === w.m1.userId).status).toBe('Complete');
  });

  it('locked once open_till has passed: no status change, no edit, overall Not Complete, overdue', async () => {
    const m = await meeting(w, { start_date: formDate(-3) });
    const a = expectOk(await act(m, { open_till: serverDate(-2) }));
    expect(a).toMatchObject({ locked: true, status: 'Not Complete', group: 'overdue', can_edit: false, can_change_status: false });
    expect((await status(w.m1, a, { status: 'Complete' })).body.code).toBe('ACTION_LOCKED');
    const edit = await w.chair.c.put(`/meetings/${m.id}/actions/${a.id}`, { title: 'x', participants: [w.m1.userId], open_till: serverDate(5) });
    expect(edit.body.code).toBe('ACTION_LOCKED');
    expect((await w.chair.c.post(`/actions/${a.id}/attachment`, { library_id: await libraryFile(w.chair.c) })).body.code).toBe('ACTION_LOCKED');
  });

  it('a guest assignee changes their status with the token', async () => {
    const m = await scheduled(w);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'doer@example.test' }));
    const ev = await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
    const a = expectOk(await act(m, { participants: ['doer@example.test', w.m1.userId] }));
    const guest = api(GATEWAY, { org: w.org.slug });
    const r = await guest.post(`/actions/${a.id}/status/change?token=${tokenOf(ev.link)}`, { status: 'Complete', user_email: 'doer@example.test' });
    expect(r.status).toBe(200);
    expect(r.body.data.participants.find((p: any) => p.user_email === 'doer@example.test').status).toBe('Complete');
    expect((await guest.post(`/actions/${a.id}/status/change?token=${'q'.repeat(43)}`, { status: 'Complete' })).status).toBe(401);
  });

  it('a guest who reopens their part is reminded again in the language they were invited in, not English (docs/meeting.md#guests-language)', async () => {
    const m = await scheduled(w);
    const guest = `reopens-${Date.now()}@example.test`;
    expectOk(await w.chair.c.with({ lang: 'ar' }).post(`/meetings/${m.id}/members`, { user_email: guest, guest_name: 'Amal Guest' }));
    const ev = await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
    const a = expectOk(await act(m, { participants: [guest, w.m1.userId] }));
    const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    try {
      // the action's due reminder, as the notification service keeps it
      const reminded = async (): Promise<Recipient[] | null> =>
        (await db.query(`SELECT data FROM notification.schedules WHERE org_id = $1 AND kind = 'action-due' AND item_id = $2`, [w.org.orgId, a.id])).rows[0]?.data?.recipients ?? null;
      const guestIn = (rs: Recipient[] | null) => rs?.find((r) => r.email === guest);
      expect(guestIn(await pollUntil(reminded, (rs) => !!guestIn(rs)))).toMatchObject({ lang: 'ar' });
      const change = (status: string) => api(GATEWAY, { org: w.org.slug, lang: 'en' }).post(`/actions/${a.id}/status/change?token=${tokenOf(ev.link)}`, { status, user_email: guest });
      expect((await change('Complete')).status).toBe(200);
      await pollUntil(reminded, (rs) => !!rs && !guestIn(rs));
      expect((await change('In Progress')).status).toBe(200);
      expect(await tap.next('meeting.v1.action.status-changed', (p) => p.actionId === a.id && p.status === 'In Progress')).toMatchObject({ participantLang: 'ar' });
      expect(guestIn(await pollUntil(reminded, (rs) => !!guestIn(rs)))).toMatchObject({ email: guest, lang: 'ar' });
      // a user who reopens carries their own language
      expectOk(await status(w.m1, a, { status: 'Complete' }));
      expectOk(await status(w.m1, a, { status: 'In Progress' }));
      expect(await tap.next('meeting.v1.action.status-changed', (p) => p.actionId === a.id && p.participant.userId === w.m1.userId && p.status === 'In Progress')).toMatchObject({ participantLang: 'en' });
    } finally {
      await db.end();
    }
  });

  it('editors edit (new participants are assigned) and delete; participants cannot', async () => {
    const m = await scheduled(w);
    const a = expectOk(await act(m, { participants: [w.m1.userId] }));
    const body = { title: 'Edited action', participants: [w.m1.userId, w.m2.userId], open_till: serverDate(12), priority: 'High', progress: 50 };
    expect((await w.m1.c.put(`/meetings/${m.id}/actions/${a.id}`, body)).status).toBe(403);
    const e = expectOk(await w.editor.c.put(`/meetings/${m.id}/actions/${a.id}`, body));
    expect(e).toMatchObject({ title: 'Edited action', priority: 'High', progress: 50, group: 'on_going' });
    expect(await tap.next('meeting.v1.action.assigned', (p) => p.actionId === a.id && p.recipients.some((r: any) => r.email === w.m2.email))).toMatchObject({ reason: 'assigned' });
    expect(await tap.next('meeting.v1.action.assigned', (p) => p.actionId === a.id && p.reason === 'rescheduled')).toMatchObject({ recipients: [{ email: w.m1.email }] });
    expect((await w.editor.c.put(`/meetings/${m.id + 1000000}/actions/${a.id}`, body)).status).toBe(404);
    expect((await w.m1.c.delete(`/meetings/${m.id}/actions/${a.id}`)).status).toBe(403);
    expect((await w.chair.c.delete(`/meetings/${m.id}/actions/${a.id}`)).status).toBe(200);
    expect((await w.chair.c.get(`/actions/${a.id}`)).status).toBe(404);
  });
});

describe('action tracker', () => {
  it('groups, searches by meeting or action name, sorts and filters', async () => {
    const t = await world();
    const mk = async (title: string, start: string, actions: Array<Record<string, unknown>>, statusPath: number[] = []) => {
      const m = expectOk(await t.chair.c.post('/meetings', { title, committee_id: t.committeeId, start_date: start, location: 'HQ' }));
      expectOk(await t.chair.c.post(`/meetings/${m.id}/members`, { user_id: [t.m1.userId, t.m2.userId] }));
      const out = [];
      for (const a of actions) out.push(expectOk(await t.chair.c.post(`/meetings/${m.id}/actions`, { participants: [t.m1.userId], ...a })));
      if (statusPath.length) {
        await t.chair.c.post(`/meetings/${m.id}/talkingpoints`, { title: 'T', viewers: [t.m1.userId], presenters: [t.chair.userId] });
        for (const s of statusPath) expectOk(await t.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: s, reason: 'x' }));
      }
      return { m, out };
    };
    const past = await mk('Alpha review', formDate(-5), [{ title: 'Late report', open_till: serverDate(-1), priority: 'Normal' }]);
    const soon = await mk('Beta planning', formDate(2), [
      { title: 'Untouched task', open_till: serverDate(20), priority: 'Low' },
      { title: 'Busy task', open_till: serverDate(10), priority: 'High', progress: 30 },
      { title: 'Finished task', open_till: serverDate(15), priority: 'Normal' },
    ], [2]);
    await t.m1.c.post(`/actions/${soon.out[2].id}/status/change`, { status: 'Complete' });
    const r = expectOk(await t.m1.c.get('/action_tracker'));
    const titles = (g: any[]) => g.map((a) => a.title);
    expect(titles(r.not_started)).toEqual(['Untouched task']);
    expect(titles(r.on_going)).toEqual(['Busy task']);
    expect(titles(r.completed)).toEqual(['Finished task']);
    expect(titles(r.overdue)).toEqual(['Late report']);
    expect(r.counts).toEqual({ not_started: 1, on_going: 1, completed: 1, overdue: 1 });
    expect(r.overdue[0].meeting).toMatchObject({ id: past.m.id, title: 'Alpha review' });
    const bySearch = expectOk(await t.m1.c.get('/action_tracker', { search: 'beta' }));
    expect(bySearch.overdue).toEqual([]);
    expect(bySearch.counts.not_started + bySearch.counts.on_going + bySearch.counts.completed).toBe(3);
    expect(expectOk(await t.m1.c.get('/action_tracker', { search: 'late REPORT' })).counts.overdue).toBe(1);
    expect(expectOk(await t.m1.c.get('/action_tracker', { meeting_status: 2 })).counts).toEqual({ not_started: 1, on_going: 1, completed: 1, overdue: 0 });
    expect(expectOk(await t.m1.c.get('/action_tracker', { user_id: t.m2.userId })).counts).toEqual({ not_started: 0, on_going: 0, completed: 0, overdue: 0 });
    // sorting (inside each group): by deadline, by priority (High first), by meeting date
    const later = await mk('Gamma later', formDate(6), [
      { title: 'S1 low soon', open_till: serverDate(8), priority: 'Low', participants: [t.m2.userId] },
      { title: 'S2 high late', open_till: serverDate(30), priority: 'High', participants: [t.m2.userId] },
    ]);
    const earlier = await mk('Delta earlier', formDate(1), [{ title: 'S3 normal mid', open_till: serverDate(12), priority: 'Normal', participants: [t.m2.userId] }]);
    const order = async (sort: string) => titles(expectOk(await t.m2.c.get('/action_tracker', { sort, user_id: t.m2.userId })).not_started);
    expect(await order('deadline')).toEqual(['S1 low soon', 'S3 normal mid', 'S2 high late']);
    expect(await order('priority')).toEqual(['S2 high late', 'S3 normal mid', 'S1 low soon']);
    expect(await order('meeting_date')).toEqual(['S3 normal mid', 'S1 low soon', 'S2 high late']);
    void later;
    void earlier;
    expect((await t.m1.c.get('/action_tracker', { sort: 'size' })).status).toBe(409);
    expect(expectOk(await t.outsider.c.get('/action_tracker')).counts).toEqual({ not_started: 0, on_going: 0, completed: 0, overdue: 0 });
    // the home dashboard lists my open actions
    const home = expectOk(await t.m1.c.get('/home'));
    expect(home.my_agenda.actions.map((a: any) => a.title).sort()).toEqual(['Busy task', 'Late report', 'Untouched task'].sort());
    void setStatus;
  });
});
