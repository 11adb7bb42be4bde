/**
 * Agenda: talking points and sub-points (required fields, durations against the meeting's, default 60,
 * total duration), edit and delete rights, attachments (library references), comments (blank refused,
 * delete by the author, notify participants by e-mail event), and the online join (cutoff 20-07-2024).
 */
import { api } from '@app/testing';
import { GATEWAY, MeetingEvents, expectOk, libraryFile, meeting, scheduled, serverDate, setStatus, talkingPoint, tokenOf, world, worldWithEvents, type World } from './helpers';

let w: World;
let tap: MeetingEvents;
worldWithEvents((fresh, events) => {
  w = fresh;
  tap = events;
});

describe('talking points', () => {
  it('requires title, viewers, presenters, and per sub-point title, presenter and viewers', async () => {
    const m = await meeting(w);
    const r = await w.chair.c.post(`/meetings/${m.id}/talkingpoints`, { subpoints: [{ description: 'no title' }] });
    expect(r.status).toBe(409);
    expect(r.body.errors).toMatchObject({
      title: ['This field is required.'], viewers: ['This field is required.'], presenters: ['This field is required.'],
      'subpoints.0.title': ['This field is required.'], 'subpoints.0.presenter': ['This field is required.'], 'subpoints.0.subpoint_viewers': ['This field is required.'],
    });
    const outsider = await w.chair.c.post(`/meetings/${m.id}/talkingpoints`, { title: 'T', viewers: [w.outsider.userId], presenters: [w.chair.userId] });
    expect(outsider.body.errors.viewers).toEqual(['Choose a person who is a participant of this meeting.']);
  });

  it('durations: > 0 and not above the meeting duration; default 60; the total adds sub-points', async () => {
    const m = await meeting(w, { duration: 90 });
    const base = { title: 'Item', viewers: [w.m1.userId], presenters: [w.chair.userId] };
    expect((await w.chair.c.post(`/meetings/${m.id}/talkingpoints`, { ...base, duration: 91 })).body.errors.duration).toEqual(['duration must be less than or equal meeting duration']);
    expect((await w.chair.c.post(`/meetings/${m.id}/talkingpoints`, { ...base, duration: 0 })).body.errors.duration).toEqual(['duration must be > 0']);
    const sub = { title: 'Sub', presenter: w.m1.userId, subpoint_viewers: [w.m2.userId] };
    expect((await w.chair.c.post(`/meetings/${m.id}/talkingpoints`, { ...base, subpoints: [{ ...sub, duration: 120 }] })).body.errors['subpoints.0.duration']).toEqual(['duration must be less than or equal meeting duration']);
    expect((await w.chair.c.with({ lang: 'ar' }).post(`/meetings/${m.id}/talkingpoints`, { ...base, duration: 91 })).body.errors.duration).toEqual(['يجب أن تكون المدة أقل من مدة الاجتماع أو مساوية لها']);
    const dflt = expectOk(await w.chair.c.post(`/meetings/${m.id}/talkingpoints`, base));
    expect(dflt.duration).toBe(60);
    const [f7, f8] = [await libraryFile(w.chair.c, 'agenda.pdf'), await libraryFile(w.chair.c, 'sub.pdf')];
    const tp = expectOk(await w.chair.c.post(`/meetings/${m.id}/talkingpoints`, {
      ...base, title: 'With subs', duration: 30, attachment_ids: [f7], subpoints: [{ ...sub, duration: 10, attachments: [f8] }, { ...sub, title: 'Sub 2', duration: 5, presenter: { user_id: w.editor.userId } }],
    }));
    expect(tp).toMatchObject({
      title: 'With subs', duration: 30, total_duration: 45, attachments: [{ library_id: f7 }],
      presenters: [{ user_id: w.chair.userId, user: { name: 'Chair Person' } }], viewers: [{ user_id: w.m1.userId }],
    });
    expect(tp.subpoints.map((s: any) => [s.title, s.duration, s.presenter.user_id, s.meeting_talking_point_id])).toEqual([['Sub', 10, w.m1.userId, tp.id], ['Sub 2', 5, w.editor.userId, tp.id]]);
    expect(tp.subpoints[0]).toMatchObject({ attachments: [{ library_id: f8 }], subpoint_viewers: [{ user_id: w.m2.userId }] });
    const details = expectOk(await w.m1.c.get(`/meetings/${m.id}`));
    expect(details.total_duration).toBe(60 + 45);
    expect(details.agendas.map((g: any) => g.agenda_type_id)).toEqual([dflt.id, tp.id]);
  });

  it('edit keeps named sub-points, adds new ones and drops missing ones; edit rights need both flags', async () => {
    const m = await meeting(w);
    const sub = { presenter: w.m1.userId, subpoint_viewers: [w.m2.userId] };
    const tp = await talkingPoint(w, m.id, { subpoints: [{ ...sub, title: 'Keep' }, { ...sub, title: 'Drop' }] });
    const keep = tp.subpoints[0];
    const body = { title: 'Renamed', viewers: [w.m2.userId], presenters: [w.editor.userId], duration: 20, subpoints: [{ ...sub, subpoint_id: keep.id, title: 'Kept' }, { ...sub, id: 'tmp-1', title: 'New' }] };
    expect((await w.m1.c.put(`/meetings/${m.id}/talkingpoints/${tp.id}`, body)).status).toBe(403);
    const r = await w.editor.c.put(`/meetings/${m.id}/talkingpoints/${tp.id}`, body);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Talking point saved successfully');
    expect(r.body.data.subpoints.map((s: any) => s.title)).toEqual(['Kept', 'New']);
    expect(r.body.data.subpoints[0].id).toBe(keep.id);
    expect(r.body.data).toMatchObject({ title: 'Renamed', duration: 20, viewers: [{ user_id: w.m2.userId }], presenters: [{ user_id: w.editor.userId }] });
    const cut = expectOk(await w.editor.c.delete(`/meetings/${m.id}/talkingpoints/${tp.id}/subpoints/${keep.id}`));
    expect(cut.subpoints.map((s: any) => s.title)).toEqual(['New']);
    expect((await w.m1.c.get(`/meetings/${m.id}/talkingpoints/${tp.id}`)).body.data).toMatchObject({ id: tp.id, can_edit: false, can_delete: false, can_comment: true });
    expect((await w.m1.c.delete(`/meetings/${m.id}/talkingpoints/${tp.id}`)).status).toBe(403);
    const other = await meeting(w);
    expect((await w.chair.c.delete(`/meetings/${other.id}/talkingpoints/${tp.id}`)).status).toBe(404);
    expect((await w.chair.c.delete(`/meetings/${m.id}/talkingpoints/${tp.id}`)).status).toBe(200);
    expect((await w.chair.c.get(`/meetings/${m.id}/talkingpoints/${tp.id}`)).status).toBe(404);
  });
});

describe('attachments (library files)', () => {
  it('attach and detach by library id; guests and participants cannot', async () => {
    const m = await meeting(w);
    const tp = await talkingPoint(w, m.id);
    const f = await libraryFile(w.editor.c, 'attach.pdf');
    const r = await w.editor.c.post(`/talkingpoints/${tp.id}/attachment`, { library_id: f });
    expect(r.status).toBe(200);
    expect(r.body.data.map((a: any) => a.library_id)).toEqual([f]);
    expect(expectOk(await w.editor.c.post(`/talkingpoints/${tp.id}/attachment`, { library_id: f }))).toHaveLength(1);
    expect((await w.m1.c.post(`/talkingpoints/${tp.id}/attachment`, { library_id: f })).status).toBe(403);
    expect((await w.chair.c.post(`/talkingpoints/${tp.id}/attachment`, {})).body.errors.library_id).toEqual(['This field is required.']);
    expect((await w.chair.c.post(`/talkingpoints/99999999/attachment`, { library_id: f })).status).toBe(404);
    const a = expectOk(await w.chair.c.post(`/meetings/${m.id}/actions`, { title: 'A', participants: [w.m1.userId], open_till: '2035-01-01 10:00:00' }));
    const g = await libraryFile(w.chair.c, 'action.pdf');
    expectOk(await w.chair.c.post(`/actions/${a.id}/attachment`, { library_id: g }));
    expect(expectOk(await w.chair.c.delete(`/talkingpoints/attachment/${f}`))).toEqual([]);
    expect(expectOk(await w.chair.c.get(`/actions/${a.id}`)).attachments.map((x: any) => x.library_id)).toEqual([g]);
    expect((await w.chair.c.delete(`/talkingpoints/attachment/${f}`)).status).toBe(404);
    expect(expectOk(await w.chair.c.delete(`/actions/attachment/${g}`, undefined))).toEqual([]);
  });

  it('the library checks every file: unknown ids, another organization\'s files and, on actions and decisions, files that are not PDFs are refused and nothing is written', async () => {
    const m = await meeting(w);
    const other = await world();
    const foreign = await libraryFile(other.chair.c, 'theirs.pdf');
    const sheet = await libraryFile(w.chair.c, 'budget.csv', Buffer.from('item,amount\nvenue,1200\n'), 'text/csv');
    const before = (await w.chair.c.get(`/meetings/${m.id}`)).body.data.agendas.length;
    for (const id of [2147483000, foreign]) {
      const r = await w.chair.c.post(`/meetings/${m.id}/talkingpoints`, { title: 'Refused', viewers: [w.m1.userId], presenters: [w.chair.userId], attachments: [id] });
      expect(r.status).toBe(409);
      expect(r.body.errors.attachments).toEqual(['The selected file is invalid.']);
    }
    expect((await w.chair.c.get(`/meetings/${m.id}`)).body.data.agendas.length).toBe(before);
    // any library file on an agenda item; PDFs only on actions
    expectOk(await w.chair.c.post(`/meetings/${m.id}/talkingpoints`, { title: 'Sheet', viewers: [w.m1.userId], presenters: [w.chair.userId], attachments: [sheet] }));
    const act = await w.chair.c.post(`/meetings/${m.id}/actions`, { title: 'Not a PDF', participants: [w.m1.userId], open_till: '2035-01-01 10:00:00', attachments: [sheet] });
    expect(act.status).toBe(409);
    expect(act.body.errors.attachments).toEqual(['Choose only pdf']);
    const details = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
    expect(JSON.stringify(details)).not.toContain('Not a PDF');
  });

  it('decisions take PDFs only, the /{kind}/attachment routes ask the library too, and payloads carry name, size and file_url', async () => {
    const m = await meeting(w);
    const other = await world();
    const foreign = await libraryFile(other.chair.c, 'theirs.pdf');
    const sheet = await libraryFile(w.chair.c, 'figures.csv', Buffer.from('item,amount\nvenue,1200\n'), 'text/csv');
    const pdf = await libraryFile(w.chair.c, 'motion.pdf');
    const decide = (title: string, attachments: number[]) => w.chair.c.post(`/meetings/${m.id}/decisions`, { title, deadline: serverDate(10), voters: [w.m1.userId], attachments });
    const refusals: [number, string][] = [[sheet, 'Choose only pdf'], [2147483000, 'The selected file is invalid.'], [foreign, 'The selected file is invalid.']];
    for (const [id, message] of refusals) {
      const r = await decide('Refused decision', [id]);
      expect(r.status).toBe(409);
      expect(r.body.errors.attachments).toEqual([message]);
    }
    expect(JSON.stringify(expectOk(await w.chair.c.get(`/meetings/${m.id}`)))).not.toContain('Refused decision');
    const d = expectOk(await decide('Adopt the motion', [pdf]));
    expect(d.attachments).toEqual([expect.objectContaining({ library_id: pdf, name: 'motion.pdf', size: expect.any(Number), file_url: expect.stringMatching(/^https?:\/\//) })]);
    const bytes = Buffer.from(await (await fetch(d.attachments[0].file_url)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the attach route of a decision: the same checks, and a refusal leaves the list as it was
    for (const [id, message] of refusals) {
      const r = await w.chair.c.post(`/decisions/${d.id}/attachment`, { library_id: id });
      expect(r.status).toBe(409);
      expect(r.body.errors.attachments).toEqual([message]);
    }
    expect(expectOk(await w.chair.c.get(`/decisions/${d.id}`)).attachments.map((x: any) => x.library_id)).toEqual([pdf]);
    // a talking point's attach route refuses another organization's file and an unknown id, and takes a non-PDF
    const tp = await talkingPoint(w, m.id);
    for (const id of [foreign, 2147483000]) {
      const r = await w.chair.c.post(`/talkingpoints/${tp.id}/attachment`, { library_id: id });
      expect(r.status).toBe(409);
      expect(r.body.errors.attachments).toEqual(['The selected file is invalid.']);
    }
    expect(expectOk(await w.chair.c.post(`/talkingpoints/${tp.id}/attachment`, { library_id: sheet }))).toEqual([expect.objectContaining({ library_id: sheet, name: 'figures.csv' })]);
    // "used in" on the files lists the decision and the talking point, with their meeting
    const usedIn = async (id: number) => (expectOk(await w.chair.c.get(`/library/${id}`)).used_in as any[]).map((u) => [u.type, u.id, u.meeting_id]);
    expect(await usedIn(pdf)).toEqual([['decision', d.id, m.id]]);
    expect(await usedIn(sheet)).toEqual([['talking_point', tp.id, m.id]]);
  });

  it('the file\'s details list where it is used; detaching or deleting the item removes it from the list', async () => {
    const m = await meeting(w);
    const f = await libraryFile(w.chair.c, 'used.pdf');
    const usedIn = async () => (expectOk(await w.chair.c.get(`/library/${f}`)).used_in as any[]).map((u) => [u.type, u.title, u.meeting_id]);
    expect(await usedIn()).toEqual([]);
    const tp = expectOk(await w.chair.c.post(`/meetings/${m.id}/talkingpoints`, { title: 'Budget item', viewers: [w.m1.userId], presenters: [w.chair.userId], attachments: [f] }));
    const a = expectOk(await w.chair.c.post(`/meetings/${m.id}/actions`, { title: 'Review budget', participants: [w.m1.userId], open_till: '2035-01-01 10:00:00', attachments: [f] }));
    expect((await usedIn()).sort()).toEqual([['action', 'Review budget', m.id], ['talking_point', 'Budget item', m.id]]);
    expectOk(await w.chair.c.put(`/meetings/${m.id}/talkingpoints/${tp.id}`, { title: 'Budget item', viewers: [w.m1.userId], presenters: [w.chair.userId], attachments: [] }));
    expect(await usedIn()).toEqual([['action', 'Review budget', m.id]]);
    expectOk(await w.chair.c.delete(`/meetings/${m.id}/actions/${a.id}`));
    expect(await usedIn()).toEqual([]);
  });
});

describe('comments', () => {
  it('non-blank after trimming; delete by the author only; guests comment with their token', async () => {
    const m = await scheduled(w);
    const tp = expectOk(await w.chair.c.get(`/meetings/${m.id}`)).agendas[0].data[0];
    for (const blank of ['', '   \n  ']) {
      const r = await w.m1.c.post(`/talkingpoints/${tp.id}/comment`, { comment: blank });
      expect(r.body.errors.comment).toEqual(['The comment field is required.']);
    }
    const r = await w.m1.c.post(`/talkingpoints/${tp.id}/comment`, { comment: '  Looks good  ' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Comment added successfully');
    expect(r.body.data).toMatchObject({ comment: 'Looks good', body: 'Looks good', content: 'Looks good', commented_id: tp.id, user_name: 'Mona Member', can_delete: true });
    expect((await w.outsider.c.post(`/talkingpoints/${tp.id}/comment`, { comment: 'hi' })).status).toBe(404);
    expect((await w.m2.c.delete(`/deleteComment/${r.body.data.id}`)).status).toBe(403);
    const seen = expectOk(await w.m2.c.get(`/meetings/${m.id}/talkingpoints/${tp.id}`));
    expect(seen.comments).toEqual([expect.objectContaining({ id: r.body.data.id, can_delete: false })]);
    expect((await w.m1.c.delete(`/deleteComment/${r.body.data.id}`)).status).toBe(200);
    expect((await w.m1.c.delete(`/deleteComment/${r.body.data.id}`)).status).toBe(404);
    // decisions and actions take comments as well
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'D', deadline: '2035-01-01 10:00:00', voters: [w.m1.userId] }));
    expect(expectOk(await w.m2.c.post(`/decisions/${d.id}/comment`, { body: 'On the decision' }))).toMatchObject({ comment: 'On the decision', commented_type: 'decisions' });
    // a guest
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'commenter@example.test', guest_name: 'Guest Commenter' }));
    const ev = await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
    const guest = api(GATEWAY, { org: w.org.slug });
    const g = await guest.post(`/talkingpoints/${tp.id}/comment?token=${tokenOf(ev.link)}`, { comment: 'From a guest' });
    expect(g.status).toBe(200);
    expect(g.body.data).toMatchObject({ user_email: 'commenter@example.test', user_name: 'Guest Commenter', can_delete: true });
    expect((await guest.delete(`/deleteComment/${g.body.data.id}?token=${tokenOf(ev.link)}`)).status).toBe(200);
  });

  it('notify {participants} publishes an e-mail event; the archived meeting keeps comments', async () => {
    const m = await scheduled(w);
    const tp = expectOk(await w.chair.c.get(`/meetings/${m.id}`)).agendas[0].data[0];
    const c = expectOk(await w.m1.c.post(`/talkingpoints/${tp.id}/comment`, { comment: 'Please read' }));
    const bad = await w.m1.c.post(`/talkingpoints/${tp.id}/comment/${c.id}/notify`, { participants: [w.outsider.userId] });
    expect(bad.body.errors.participants).toEqual(['Choose a person who is a participant of this meeting.']);
    expect((await w.m1.c.post(`/talkingpoints/${tp.id}/comment/${c.id}/notify`, { participants: [] })).status).toBe(409);
    const r = await w.m1.c.post(`/talkingpoints/${tp.id}/comment/${c.id}/notify`, { participants: [w.m2.userId, w.chair.userId] });
    expect([r.status, r.body.message, r.body.data.notified]).toEqual([200, 'Participants have been notified via email', 2]);
    const ev = await tap.next('meeting.v1.comment.notified', (p) => p.commentId === c.id);
    expect(ev).toMatchObject({ itemKind: 'talkingpoints', itemId: tp.id, itemTitle: tp.title, comment: 'Please read', meetingId: m.id, by: { userId: w.m1.userId } });
    expect(ev.recipients.map((x: any) => x.email).sort()).toEqual([w.chair.email, w.m2.email].sort());
    expect(ev.link).toBe(`/app/activity/meetings/${m.id}#_talking_point-${tp.id}`);
    await setStatus(w, m.id, 5);
    expect((await w.m1.c.delete(`/deleteComment/${c.id}`)).body.code).toBe('MEETING_LOCKED');
    expect(expectOk(await w.m1.c.get(`/meetings/${m.id}`)).agendas[0].data[0].comments[0]).toMatchObject({ id: c.id, can_delete: false });
  });

  it("a sub-point's comment links to its talking point (a sub-point has no dialog of its own)", async () => {
    const m = await scheduled(w);
    const tp = await talkingPoint(w, m.id, { title: 'Reserves', subpoints: [{ title: 'Reserve', presenter: w.m1.userId, subpoint_viewers: [w.m2.userId] }] });
    const sp = tp.subpoints[0];
    const c = expectOk(await w.m1.c.post(`/subpoints/${sp.id}/comment`, { comment: 'See the annex' }));
    expect((await w.m1.c.post(`/subpoints/${sp.id}/comment/${c.id}/notify`, { participants: [w.chair.userId] })).status).toBe(200);
    const ev = await tap.next('meeting.v1.comment.notified', (p) => p.commentId === c.id);
    expect(ev).toMatchObject({ itemKind: 'subpoints', itemId: sp.id, meetingId: m.id, link: `/app/activity/meetings/${m.id}#_talking_point-${tp.id}` });
  });
});

describe('online meetings', () => {
  it('joins with a participant link; meetings on or before 20-07-2024 answer deadline_passed', async () => {
    const m = expectOk(await w.chair.c.post('/meetings', { title: 'Online', committee_id: w.committeeId, start_date: '2031-01-05 10:00 AM', virtual: 1, virtual_type: 'ijmeet' }));
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: w.m1.userId }));
    const j = await w.m1.c.get(`/meetings/${m.id}/participant`);
    expect(j.status).toBe(200);
    expect(j.body).toMatchObject({ success: true, name: 'Mona Member', provider: 'ijmeet' });
    expect(j.body.participant_url).toMatch(/^https:\/\/ijmeet\.com\/meeting\/[\w-]+\?/);
    expect(j.body.participant_id).toMatch(/^m\d+$/);
    const again = await w.chair.c.get(`/meetings/${m.id}/participant`);
    expect(new URL(again.body.participant_url).pathname).toBe(new URL(j.body.participant_url).pathname);
    expect(expectOk(await w.chair.c.get(`/meetings/${m.id}`)).ijmeet[0].online_data.meeting_id).toBeTruthy();
    expect((await w.outsider.c.get(`/meetings/${m.id}/participant`)).status).toBe(404);

    for (const start of ['2024-07-20 11:45 PM', '2024-07-19 10:00 AM']) {
      const old = expectOk(await w.chair.c.post('/meetings', { title: 'Old online', committee_id: w.committeeId, start_date: start, virtual_type: 'zoom' }));
      const r = await w.chair.c.get(`/meetings/${old.id}/participant`);
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'DEADLINE_PASSED', message: 'Deadline passed, you cannot join the meeting', data: { warning: 'deadline_passed' } });
      expect(expectOk(await w.chair.c.get(`/meetings/${old.id}`)).permissions.joinVirtual).toBe(false);
    }
    const next = expectOk(await w.chair.c.post('/meetings', { title: 'Day after', committee_id: w.committeeId, start_date: '2024-07-21 12:00 AM', virtual: 1 }));
    expect((await w.chair.c.get(`/meetings/${next.id}/participant`)).status).toBe(200);
    const inPerson = await meeting(w);
    expect((await w.chair.c.get(`/meetings/${inPerson.id}/participant`)).body.code).toBe('VIRTUAL_NOT_AVAILABLE');
  });
});
