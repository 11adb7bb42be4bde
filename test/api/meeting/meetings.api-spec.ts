/**
 * Meetings through the gateway: validation of docs/product/meetings.md#validation with its messages, dates in and out, the status machine
 * of docs/product/meetings.md#statuses with its preconditions, delete/copy/order, permissions flags, locks in 4 and 5, other
 * organizations, analytics and rating, notes, activity, calendar and home.
 */
import { closeRedis, expectOk, formDate, meeting, scheduled, serverDate, setStatus, talkingPoint, world, type World } from './helpers';

let w: World;
beforeAll(async () => {
  w = await world();
});
afterAll(() => closeRedis());

describe('create and validate', () => {
  it('refuses an empty form with a message per field (409 Error in validation)', async () => {
    const r = await w.chair.c.post('/meetings', {});
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Error in validation');
    expect(r.body.errors).toMatchObject({
      title: ['This field is required.'], committee_id: ['This field is required.'], start_date: ['This field is required.'], location: ['This field is required.'],
    });
  });

  it.each([
    [{ duration: 0 }, 'duration', 'duration must be > 0'],
    [{ duration: -15 }, 'duration', 'duration must be > 0'],
    [{ duration: 50 }, 'duration', 'duration must be in steps of 15 minutes'],
    [{ start_date: formDate(3, 10, 10) }, 'start_date', 'The start date must be in steps of 15 minutes.'],
    [{ start_date: '2030-13-01 10:00 AM' }, 'start_date', 'The date must be in the format YYYY-MM-DD hh:mm A.'],
    [{ start_date: 'tomorrow' }, 'start_date', 'The date must be in the format YYYY-MM-DD hh:mm A.'],
    [{ location: '  ' }, 'location', 'This field is required.'],
    [{ title: 'x'.repeat(256) }, 'title', 'This field may not be greater than 255 characters.'],
    [{ virtual_type: 'skype' }, 'virtual_type', 'The selected value is invalid.'],
  ])('%j -> %s: %s', async (patch, field, message) => {
    const r = await w.chair.c.post('/meetings', { title: 'T', committee_id: w.committeeId, start_date: formDate(3), location: 'Room', ...patch });
    expect(r.status).toBe(409);
    expect(r.body.errors[field]).toEqual([message]);
  });

  it('translates the messages (Lang: ar)', async () => {
    const r = await w.chair.c.with({ lang: 'ar' }).post('/meetings', { title: 'T', committee_id: w.committeeId, start_date: formDate(3), location: 'Room', duration: 0 });
    expect(r.body.message).toBe('خطأ في التحقق');
    expect(r.body.errors.duration).toEqual(['يجب أن تكون المدة أكبر من 0']);
  });

  it('location is not needed for a virtual meeting; the virtual type defaults to ijmeet', async () => {
    const m = expectOk(await w.chair.c.post('/meetings', { title: 'Online', committee_id: w.committeeId, start_date: formDate(3), virtual: 1 }));
    expect(m).toMatchObject({ virtual: 1, virtual_type: 'ijmeet', location: null });
    const z = expectOk(await w.chair.c.post('/meetings', { title: 'Zoom', committee_id: w.committeeId, start_date: formDate(3), virtual_type: 'zoom' }));
    expect(z).toMatchObject({ virtual: 1, virtual_type: 'zoom' });
  });

  it('takes YYYY-MM-DD hh:mm A and answers YYYY-MM-DD HH:mm:ss; the owner is a member; status Draft', async () => {
    const r = await w.chair.c.post('/meetings', { title: 'Dates', committee_id: w.committeeId, start_date: '2031-05-06 02:45 PM', duration: 90, location: 'HQ', description: 'About' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Meeting created successfully');
    const m = r.body.data;
    expect(m).toMatchObject({
      title: 'Dates', start_date: '2031-05-06 14:45:00', end_date: '2031-05-06 16:15:00', duration: 90, meeting_status_id: 1,
      status: { id: 1, name: 'Draft' }, owner_id: w.chair.userId, committee: { id: w.committeeId }, description: 'About', attendance_status: 'Going',
    });
    expect(m.members).toHaveLength(1);
    expect(m.members[0]).toMatchObject({ user_id: w.chair.userId, is_owner: true, type: 'Editor', can_edit: 1 });
    // the chair owns it and administers the committee: delete is offered to admins
    expect(m.permissions).toMatchObject({ level: 'owner', editMeeting: true, editButtons: true, deleteMeeting: true, needsMembers: true, allowedStatuses: [] });
    expect(m.activities[0].activity).toContain('created the meeting');
  });

  it('only administrators of the committee (or of the organization) create meetings in it', async () => {
    const body = { title: 'Nope', committee_id: w.committeeId, start_date: formDate(3), location: 'HQ' };
    expect((await w.m1.c.post('/meetings', body)).status).toBe(403);
    expect((await w.outsider.c.post('/meetings', body)).status).toBe(403);
    expect((await w.admin.c.post('/meetings', body)).status).toBe(200);
    const missing = await w.chair.c.post('/meetings', { ...body, committee_id: 999999 });
    expect(missing.status).toBe(409);
    expect(missing.body.errors.committee_id).toEqual(['The committee does not exist.']);
  });

  it('bad ids never reach a 500', async () => {
    for (const path of ['/meetings/abc', '/meetings/-1', '/meetings/0', '/meetings/1.5']) {
      const r = await w.chair.c.get(path);
      expect(r.status).toBe(409);
    }
    expect((await w.chair.c.get('/meetings/99999999')).status).toBe(404);
    expect((await w.chair.c.put('/meetings/1', 'not json' as unknown as object)).status).toBeLessThan(500);
  });
});

describe('edit, list, visibility', () => {
  it('edits with the same payload; editors and participants may not edit the meeting', async () => {
    const m = await meeting(w);
    const body = { title: 'Renamed', committee_id: w.committeeId, start_date: formDate(8, 9, 30), duration: 60, location: 'Room 2' };
    const r = await w.chair.c.put(`/meetings/${m.id}`, body);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Meeting updated successfully');
    expect(r.body.data).toMatchObject({ title: 'Renamed', duration: 60, location: 'Room 2' });
    expect(r.body.data.start_date.endsWith('09:30:00')).toBe(true);
    expect((await w.editor.c.put(`/meetings/${m.id}`, body)).status).toBe(403);
    expect((await w.m1.c.put(`/meetings/${m.id}`, body)).status).toBe(403);
    expect((await w.outsider.c.put(`/meetings/${m.id}`, body)).status).toBe(404);
  });

  it('lists with the role filter and the actor flags; outsiders see nothing', async () => {
    const m = await meeting(w, { title: 'Listed meeting' });
    const mine = expectOk(await w.chair.c.get('/meetings', { role: 'Organizer', search: 'Listed' }));
    expect(mine.map((x: any) => x.id)).toContain(m.id);
    const asEditor = await w.editor.c.get('/meetings', { role: 'Editor' });
    expect(asEditor.body.data.find((x: any) => x.id === m.id)).toMatchObject({ role: 'Editor', permissions: { level: 'editor', editButtons: true, editMeeting: false } });
    const asMember = await w.m1.c.get('/meetings', { role: 'Participate', per_page: 100 });
    expect(asMember.body.data.find((x: any) => x.id === m.id)).toMatchObject({ role: 'Participate', permissions: { level: 'participant' } });
    expect(asMember.body.meta).toMatchObject({ page: 1, per_page: 100 });
    const outsider = await w.outsider.c.get('/meetings');
    expect(outsider.body.data.find((x: any) => x.id === m.id)).toBeUndefined();
    const admin = await w.admin.c.get('/meetings', { search: 'Listed meeting' });
    expect(admin.body.data.find((x: any) => x.id === m.id)).toMatchObject({ role: 'Admin', permissions: { level: 'committee_admin' } });
    expect((await w.outsider.c.get(`/meetings/${m.id}`)).status).toBe(404);
  });

  it('the calendar gives the meetings of a month (date=YYYY/MM); home groups them', async () => {
    const m = await meeting(w, { title: 'Calendar meeting', start_date: '2032-02-10 09:00 AM' });
    const cal = expectOk(await w.m1.c.get('/calender', { date: '2032/02' }));
    expect(cal.map((x: any) => x.id)).toContain(m.id);
    expect(expectOk(await w.m1.c.get('/calender', { date: '2032/03' })).map((x: any) => x.id)).not.toContain(m.id);
    expect((await w.m1.c.get('/calender', { date: '2032-13' })).status).toBe(409);
    const list = expectOk(await w.m1.c.get('/meetings', { date: '2032/02' }));
    expect(list.map((x: any) => x.id)).toContain(m.id);
    const s = await scheduled(w, { title: 'Home meeting' });
    const home = expectOk(await w.m1.c.get('/home'));
    expect(home.pending.map((x: any) => x.id)).toContain(s.id);
    expect(home.upcoming.map((x: any) => x.id)).toContain(s.id);
    expect(Object.keys(home.my_agenda)).toEqual(['agenda', 'decisions', 'actions']);
    expect(home.my_agenda.agenda.map((x: any) => x.meeting_id)).toContain(s.id);
  });
});

describe('status machine (docs/product/meetings.md#statuses)', () => {
  it('Schedule needs participants, an agenda and a future start; a reason is required', async () => {
    const m = expectOk(await w.chair.c.post('/meetings', { title: 'Empty', committee_id: w.committeeId, start_date: formDate(5), location: 'HQ' }));
    const noReason = await w.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 2, id: m.id });
    expect(noReason.status).toBe(409);
    expect(noReason.body.errors.reason).toEqual(['The status reason field is required.']);
    const noMembers = await w.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 2, reason: 'go' });
    expect(noMembers.status).toBe(409);
    expect(noMembers.body).toMatchObject({ code: 'MEETING_NEEDS_MEMBERS', message: 'Participants must be added first.' });
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: w.m1.userId }));
    const noAgenda = await w.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 2, reason: 'go' });
    expect(noAgenda.body.errors.meeting_status_id).toEqual(['The meeting needs an agenda first.']);
    await talkingPoint(w, m.id);
    const past = expectOk(await w.chair.c.post('/meetings', { title: 'Past', committee_id: w.committeeId, start_date: formDate(-2), location: 'HQ' }));
    expectOk(await w.chair.c.post(`/meetings/${past.id}/members`, { user_id: w.m1.userId }));
    await talkingPoint(w, past.id);
    const r = await w.chair.c.post(`/meetings/${past.id}/changestatus`, { meeting_status_id: 2, reason: 'go' });
    expect(r.body.errors.meeting_status_id).toEqual(['The start date must be in the future.']);
    const ok = await w.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 2, status_reason: 'ready' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Meeting status changed to Scheduled');
    expect(ok.body.data).toMatchObject({ meeting_status_id: 2, status_reason: 'ready', permissions: { allowedStatuses: [3, 4, 5] } });
    // a draft whose start has passed can be archived
    expect(expectOk(await w.chair.c.post(`/meetings/${past.id}/changestatus`, { meeting_status_id: 5, reason: 'old' })).meeting_status_id).toBe(5);
  });

  it.each([
    [[2, 3], 4, 'MEETING_STATUS_NOT_ALLOWED'],
    [[2, 3], 2, 'MEETING_STATUS_NOT_ALLOWED'],
    [[2], 1, 'MEETING_STATUS_NOT_ALLOWED'],
    [[2, 4], 3, 'MEETING_LOCKED'],
    [[2, 5], 2, 'MEETING_LOCKED'],
    [[2, 3, 5], 3, 'MEETING_LOCKED'],
  ])('after %j, moving to %i is refused (%s)', async (path, to, code) => {
    const m = await meeting(w);
    await talkingPoint(w, m.id);
    await setStatus(w, m.id, ...path);
    const r = await w.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: to, reason: 'x' });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe(code);
  });

  it('Start, then Archive; a Draft cannot go Live; the Ar message', async () => {
    const m = await meeting(w);
    await talkingPoint(w, m.id);
    expect((await w.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 3, reason: 'x' })).body.code).toBe('MEETING_STATUS_NOT_ALLOWED');
    await setStatus(w, m.id, 2);
    const live = await w.chair.c.with({ lang: 'ar' }).post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 3, reason: 'x' });
    expect(live.body.data.meeting_status_id).toBe(3);
    expect(live.body.message.startsWith('تم تغيير حالة الاجتماع')).toBe(true);
    expect((await setStatus(w, m.id, 5)).permissions).toMatchObject({ level: 'none', changeStatus: false, seeHiddenDecisions: true });
  });

  it('only the edit-meeting permission changes status', async () => {
    const m = await meeting(w);
    await talkingPoint(w, m.id);
    expect((await w.editor.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 2, reason: 'x' })).status).toBe(403);
    expect((await w.admin.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 2, reason: 'x' })).status).toBe(200);
  });
});

describe('delete, copy, order', () => {
  it('delete: admins only, statuses 1-3, irreversible', async () => {
    const m = await meeting(w);
    expect((await w.editor.c.delete(`/meetings/${m.id}`)).status).toBe(403);
    expect((await w.m1.c.delete(`/meetings/${m.id}`)).status).toBe(403);
    const r = await w.chair.c.delete(`/meetings/${m.id}`);
    expect(r.status).toBe(200);
    expect((await w.chair.c.get(`/meetings/${m.id}`)).status).toBe(404);
    const c = await scheduled(w);
    await setStatus(w, c.id, 4);
    expect((await w.admin.c.delete(`/meetings/${c.id}`)).body.code).toBe('MEETING_LOCKED');
  });

  it('copy makes a new Draft with participants and talking points', async () => {
    const m = await meeting(w, { title: 'Original' });
    await talkingPoint(w, m.id, { title: 'Item A', subpoints: [{ title: 'Sub', presenter: w.m1.userId, subpoint_viewers: [w.m2.userId], duration: 10 }] });
    const r = await w.chair.c.post(`/meetings/copy_meeting/${m.id}`);
    expect(r.status).toBe(200);
    const copy = r.body.data;
    expect(copy.id).not.toBe(m.id);
    expect(copy).toMatchObject({ title: 'Original', meeting_status_id: 1 });
    expect(copy.members.map((x: any) => x.user_id).sort()).toEqual([w.chair.userId, w.editor.userId, w.m1.userId, w.m2.userId].sort());
    expect(copy.agendas[0].data[0]).toMatchObject({ title: 'Item A', subpoints: [{ title: 'Sub', duration: 10 }] });
    expect((await w.m1.c.post(`/meetings/copy_meeting/${m.id}`)).status).toBe(403);
  });

  it('PUT /meetings/{id}/order reorders the agenda; only editors and above', async () => {
    const m = await meeting(w);
    const a = await talkingPoint(w, m.id, { title: 'First' });
    const b = await talkingPoint(w, m.id, { title: 'Second' });
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Decide', deadline: serverDate(8), voters: [w.m1.userId] }));
    const r = await w.editor.c.put(`/meetings/${m.id}/order`, [{ type: 'decision', type_id: d.id }, { type: 'talking_point', type_id: b.id }, { type: 'talking_point', type_id: a.id }]);
    expect(r.status).toBe(200);
    expect(r.body.data.agendas.map((g: any) => [g.agenda_type, g.agenda_type_id])).toEqual([['decision', d.id], ['talking_point', b.id], ['talking_point', a.id]]);
    expect((await w.m1.c.put(`/meetings/${m.id}/order`, [{ type: 'talking_point', type_id: a.id }])).status).toBe(403);
    const bad = await w.chair.c.put(`/meetings/${m.id}/order`, [{ type: 'talking_point', type_id: 999999 }]);
    expect(bad.status).toBe(409);
    expect((await w.chair.c.put(`/meetings/${m.id}/order`, [{ type: 'agenda', type_id: a.id }])).status).toBe(409);
  });
});

describe('the ministry variant (moe host marker)', () => {
  it('only the owner reorders the agenda', async () => {
    const m = await meeting(w);
    const a = await talkingPoint(w, m.id);
    const moe = (c: typeof w.chair.c) => c.with({ headers: { 'x-org': `${w.org.slug}-moe` } });
    const asEditor = expectOk(await moe(w.editor.c).get(`/meetings/${m.id}`));
    expect(asEditor).toMatchObject({ variant: 'moe', permissions: { reorderAgenda: false } });
    expect((await moe(w.editor.c).put(`/meetings/${m.id}/order`, [{ type: 'talking_point', type_id: a.id }])).status).toBe(403);
    expect((await moe(w.chair.c).put(`/meetings/${m.id}/order`, [{ type: 'talking_point', type_id: a.id }])).status).toBe(200);
  });
});

describe('an inactive committee', () => {
  it('blocks editing its meetings, changing their status and creating new ones', async () => {
    const own = await world();
    const m = expectOk(await own.chair.c.post('/meetings', { title: 'Committee check', committee_id: own.committeeId, start_date: formDate(4), location: 'HQ' }));
    expectOk(await own.admin.c.put(`/committees/${own.committeeId}/status`, { status: 'inactive' }));
    await new Promise((r) => setTimeout(r, 5_500)); // the meeting service caches committees for 5 s
    const edit = await own.chair.c.put(`/meetings/${m.id}`, { title: 'Renamed', committee_id: own.committeeId, start_date: formDate(4), location: 'HQ' });
    expect([edit.status, edit.body.code, edit.body.message]).toEqual([409, 'MEETING_COMMITTEE_INACTIVE', 'The committee of this meeting is inactive.']);
    expect((await own.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 5, reason: 'x' })).body.code).toBe('MEETING_COMMITTEE_INACTIVE');
    expect((await own.chair.c.post('/meetings', { title: 'New', committee_id: own.committeeId, start_date: formDate(4), location: 'HQ' })).body.code).toBe('MEETING_COMMITTEE_INACTIVE');
    expect(expectOk(await own.chair.c.get(`/meetings/${m.id}`)).permissions).toMatchObject({ editMeeting: false, changeStatus: false, editButtons: true });
  }, 30_000);
});

describe('the details carry the variant wording', () => {
  it('attendance options and vote labels of the moe variant', async () => {
    const m = await meeting(w);
    const moe = expectOk(await w.m1.c.with({ headers: { 'x-org': `${w.org.slug}-moe` } }).get(`/meetings/${m.id}`));
    expect(moe.attendance_options).toEqual(['Going', 'Pending', 'Delegate', 'Other']);
    expect(moe.vote_options.find((o: any) => o.value === 'Abstained').label).toBe('Postponed to next meeting');
    const plain = expectOk(await w.m1.c.get(`/meetings/${m.id}`));
    expect(plain.attendance_options).toEqual(['Going', 'Pending', 'Not going', 'Maybe']);
  });
});

describe('statuses 4 and 5 lock every change', () => {
  let cancelled: any;
  let archived: any;
  let tp: any;
  beforeAll(async () => {
    cancelled = await scheduled(w);
    archived = await scheduled(w);
    tp = expectOk(await w.chair.c.get(`/meetings/${archived.id}`)).agendas[0].data[0];
    await setStatus(w, cancelled.id, 4);
    await setStatus(w, archived.id, 5);
  });
  const calls: Array<[string, (id: number) => [string, string, unknown?]]> = [
    ['edit', (id) => ['put', `/meetings/${id}`, { title: 'X', committee_id: w.committeeId, start_date: formDate(9), location: 'HQ' }]],
    ['delete', (id) => ['delete', `/meetings/${id}`]],
    ['change status', (id) => ['post', `/meetings/${id}/changestatus`, { meeting_status_id: 5, reason: 'x' }]],
    ['order', (id) => ['put', `/meetings/${id}/order`, [{ type: 'talking_point', type_id: 1 }]]],
    ['add member', (id) => ['post', `/meetings/${id}/members`, { user_email: 'late@example.test' }]],
    ['add committee', (id) => ['get', `/meetings/${id}/members/addcommittee`]],
    ['change type', (id) => ['post', `/meetings/${id}/members/changetype`, { user_id: 1, type: 'Editor' }]],
    ['attendance', (id) => ['post', `/meetings/${id}/members/changestatus`, { status: 'Going' }]],
    ['admin attendance', (id) => ['post', `/meetings/${id}/members/adminchangestatus`, { status: 'Going', user_id: 1 }]],
    ['guest name', (id) => ['post', `/meetings/${id}/members/guest_name`, { guest_name: 'G', user_email: 'g@example.test' }]],
    ['remove member', (id) => ['delete', `/meetings/${id}/members/1`]],
    ['talking point', (id) => ['post', `/meetings/${id}/talkingpoints`, { title: 'T', viewers: [1], presenters: [1] }]],
    ['decision', (id) => ['post', `/meetings/${id}/decisions`, { title: 'D', deadline: serverDate(30), voters: [1] }]],
    ['action', (id) => ['post', `/meetings/${id}/actions`, { title: 'A', participants: [1], open_till: serverDate(30) }]],
    ['note', (id) => ['post', `/meetings/${id}/note`, { note: 'hello' }]],
    ['rate', (id) => ['post', `/meeting_rate/${id}`, { rating: 4, comment: 'ok' }]],
  ];
  it.each(calls)('%s', async (_label, make) => {
    for (const m of [cancelled, archived]) {
      const [method, path, body] = make(m.id);
      const r = await (w.chair.c as any)[method](path, body);
      expect([r.status, r.body.code]).toEqual([409, 'MEETING_LOCKED']);
    }
  });
  it('items of a locked meeting refuse changes too', async () => {
    const r = await w.chair.c.put(`/meetings/${archived.id}/talkingpoints/${tp.id}`, { title: 'T', viewers: [w.m1.userId], presenters: [w.chair.userId] });
    expect(r.body.code).toBe('MEETING_LOCKED');
    expect((await w.chair.c.delete(`/meetings/${archived.id}/talkingpoints/${tp.id}`)).body.code).toBe('MEETING_LOCKED');
    expect((await w.m1.c.post(`/talkingpoints/${tp.id}/comment`, { comment: 'late' })).body.code).toBe('MEETING_LOCKED');
    expect((await w.chair.c.post(`/talkingpoints/${tp.id}/attachment`, { library_id: 5 })).body.code).toBe('MEETING_LOCKED');
  });
  it('the details say so: level none, no edit flags', async () => {
    const d = expectOk(await w.chair.c.get(`/meetings/${archived.id}`));
    expect(d.permissions).toMatchObject({ level: 'none', open: false, editMeeting: false, editButtons: false, createItems: false, comment: false });
    expect(d.agendas[0].data[0]).toMatchObject({ can_edit: false, can_delete: false });
  });
});

describe('another organization', () => {
  it("answers 404 for another organization's meeting ids, and 401 for its tokens", async () => {
    const m = await meeting(w);
    const other = await world();
    for (const path of [`/meetings/${m.id}`, `/meetings/${m.id}/members`, `/meeting_analytics/${m.id}`]) {
      expect((await other.admin.c.get(path)).status).toBe(404);
    }
    expect((await other.admin.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 2, reason: 'x' })).status).toBe(404);
    expect((await other.admin.c.delete(`/meetings/${m.id}`)).status).toBe(404);
    // B's token on A's host is not a session of A
    expect((await w.anon.with({ token: other.admin.token }).get(`/meetings/${m.id}`)).status).toBe(401);
  });
});

describe('analytics, rating, notes, activity', () => {
  it('rating needs a rating and a comment; analytics sums it up', async () => {
    const m = await scheduled(w);
    const empty = await w.m1.c.post(`/meeting_rate/${m.id}`, {});
    expect(empty.status).toBe(409);
    expect(empty.body.errors).toMatchObject({ rating: ['The rating field is required.'], comment: ['This field is required.'] });
    expect((await w.m1.c.post(`/meeting_rate/${m.id}`, { rating: 6, comment: 'x' })).status).toBe(409);
    expectOk(await w.m1.c.post(`/meeting_rate/${m.id}`, { rating: 4, comment: 'Good' }));
    expectOk(await w.m2.c.post(`/meeting_rate/${m.id}`, { rating: 5, comment: 'Great' }));
    expectOk(await w.m1.c.post(`/meeting_rate/${m.id}`, { rating: 3, comment: 'Changed my mind' }));
    const a = expectOk(await w.chair.c.get(`/meeting_analytics/${m.id}`));
    expect(a.rating).toMatchObject({ average: 4, count: 2 });
    expect(a.members.total).toBe(4);
    expect(a.attendance.find((x: any) => x.status === 'Going')).toMatchObject({ count: 1, percentage: 25 });
    expect(a.agenda).toMatchObject({ talking_points: 1, total_duration: 30 });
    expect((await w.outsider.c.post(`/meeting_rate/${m.id}`, { rating: 4, comment: 'x' })).status).toBe(404);
  });

  it('notes are private rich text; empty content is refused with the note message', async () => {
    const m = await meeting(w);
    const note = JSON.stringify({ ops: [{ insert: 'Remember the budget\n' }] });
    for (const bad of ['', '   ', JSON.stringify({ ops: [{ insert: '\n' }] })]) {
      const r = await w.m1.c.post(`/meetings/${m.id}/note`, { note: bad, id: m.id });
      expect(r.status).toBe(409);
      expect(r.body.errors.note).toEqual(['The note field is required.']);
    }
    expect((await w.m1.c.post(`/meetings/${m.id}/note`, { note, id: m.id })).body.message).toBe('Note saved successfully');
    expect(expectOk(await w.m1.c.get(`/meetings/${m.id}`)).note).toBe(note);
    expect(expectOk(await w.m2.c.get(`/meetings/${m.id}`)).note).toBeNull();
  });

  it('every change leaves an activity entry', async () => {
    const m = await meeting(w);
    await talkingPoint(w, m.id, { title: 'Logged item' });
    const list = expectOk(await w.m1.c.get(`/meetings/${m.id}/activities`));
    const texts = list.map((a: any) => a.activity).join('\n');
    expect(texts).toContain('created the meeting');
    expect(texts).toContain('added');
    expect(texts).toContain('"Logged item"');
    expect(list[0]).toMatchObject({ user: { id: w.chair.userId } });
  });
});

describe('events for the notification service', () => {
  it('scheduled, updated and cancelled carry the organization, app paths and the recipients', async () => {
    const { MeetingEvents } = await import('./helpers');
    const tap = await MeetingEvents.open();
    try {
      const m = await scheduled(w, { title: 'Evented', start_date: '2033-04-04 09:00 AM' });
      const s = await tap.next('meeting.v1.meeting.scheduled', (p) => p.meetingId === m.id);
      expect(s).toMatchObject({ orgId: w.org.orgId, title: 'Evented', startLocal: '2033-04-04 09:00:00', startsAt: '2033-04-04T09:00:00.000Z', timeZone: 'UTC', by: { userId: w.chair.userId } });
      expect(s.link).toBe(`/app/activity/meetings/${m.id}`);
      expect(s.orgSlug).toBe(w.org.slug);
      expect(s.recipients.map((r: any) => r.email).sort()).toEqual([w.editor.email, w.m1.email, w.m2.email].sort());
      expect(s.recipients[0]).toHaveProperty('lang');
      expectOk(await w.chair.c.put(`/meetings/${m.id}`, { title: 'Evented', committee_id: w.committeeId, start_date: '2033-04-05 09:00 AM', location: 'New room', duration: 120 }));
      const u = await tap.next('meeting.v1.meeting.updated', (p) => p.meetingId === m.id);
      expect(u.changes.sort()).toEqual(['location', 'start_date']);
      await setStatus(w, m.id, 4);
      expect(await tap.next('meeting.v1.meeting.cancelled', (p) => p.meetingId === m.id)).toMatchObject({ reason: 'to 4' });
    } finally {
      await tap.close();
    }
  });
});

describe('recorder summary', () => {
  it('committee admins save a trimmed, non-empty summary; it appears on the meeting', async () => {
    const m = await meeting(w);
    const path = `/app/activity/meetings/${m.id}/record-summarize`;
    const empty = await w.chair.c.post(path, { summary: '   ' });
    expect([empty.status, empty.body.errors?.summary]).toEqual([409, ['Summary cannot be empty']]);
    expect((await w.m1.c.post(path, { summary: 'Not mine to save' })).status).toBe(403);
    const r = await w.chair.c.post(path, { summary: '  Voice Note: we agreed on the budget.  ' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, summary: 'Voice Note: we agreed on the budget.', message: 'Summary saved successfully!' });
    const d = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
    expect(d.summary).toBe('Voice Note: we agreed on the budget.');
    expect(d.recordsummarize).toEqual([expect.objectContaining({ summary: 'Voice Note: we agreed on the budget.' })]);
    expect(d.permissions.seeRecorder).toBe(true);
    expect(expectOk(await w.m1.c.get(`/meetings/${m.id}`)).permissions.seeRecorder).toBe(false);
  });
});
