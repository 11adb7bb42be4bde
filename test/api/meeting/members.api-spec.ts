/**
 * Participants: add by user id or e-mail (guests), guest name/title, change type, remove (owner row only
 * by the owner), the committee in one call, attendance (statuses 2 and 3; Pending drops the reason; the
 * ministry values), answers for others, guests acting by token (wrong token 401), the NDA.
 */
import { Client } from 'pg';
import { GATEWAY, MeetingEvents, env, expectOk, meeting, scheduled, setStatus, talkingPoint, tokenOf, world, worldWithEvents, type World } from './helpers';
import { api } from '@app/testing';

let w: World;
let tap: MeetingEvents;
worldWithEvents((fresh, events) => {
  w = fresh;
  tap = events;
});

const find = (list: any[], f: (m: any) => boolean) => list.find(f);

describe('adding participants', () => {
  it('by user id (one or many), by e-mail of a user, or a guest by e-mail; twice is refused', async () => {
    const m = await meeting(w, {}, { members: false });
    const r = await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: [w.m1.userId, w.m2.userId], member_type: 4 });
    expect(r.status).toBe(200);
    expect(r.body.data.map((x: any) => x.user_id)).toEqual([w.chair.userId, w.m1.userId, w.m2.userId]);
    expect(find(r.body.data, (x) => x.user_id === w.m1.userId)).toMatchObject({ type: 'Viewer', can_edit: 0, member_type: 4, attendance_status: 'Pending', user: { name: 'Mona Member', guest: false } });
    const byEmail = expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: w.editor.email.toUpperCase(), type: 'Editor' }));
    expect(find(byEmail, (x) => x.user_id === w.editor.userId)).toMatchObject({ type: 'Editor', can_edit: 1 });
    const guest = expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'Guest.One@Example.test', guest_name: 'Guest One' }));
    expect(find(guest, (x) => x.user_email === 'guest.one@example.test')).toMatchObject({ user_id: null, guest_name: 'Guest One', organization_guest: 0, user: { guest: true, name: 'Guest One' } });
    const again = await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: w.m1.userId });
    expect(again.status).toBe(409);
    expect(again.body.errors.user_id).toEqual(['The participant is already a member of this meeting.']);
    const bad = await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'not-an-email' });
    expect(bad.body.errors.user_email).toEqual(['Organization.user.add.email.pattern']);
    const unknown = await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: 99999999 });
    expect(unknown.body.errors.user_id).toEqual(['The user is not a member of this organization.']);
    const none = await w.chair.c.post(`/meetings/${m.id}/members`, {});
    expect(none.body.errors.user_id).toEqual(['This field is required.']);
    // details split users and guests
    const d = expectOk(await w.chair.c.get(`/meetings/${m.id}`));
    expect(d.members).toHaveLength(4);
    expect(d.guest_member).toHaveLength(1);
    // the activity log names whom each change added (it said "added a participant")
    const log = expectOk(await w.chair.c.get(`/meetings/${m.id}/activities`)).map((a: any) => a.activity as string);
    expect(log).toEqual(expect.arrayContaining([expect.stringMatching(/ added 2 participants: Mona Member and \S/), expect.stringMatching(/ added Guest One as a participant$/)]));
    expect(log.join('\n')).not.toContain('added a participant');
  });

  it('only editors and above manage participants', async () => {
    const m = await meeting(w);
    expect((await w.m1.c.post(`/meetings/${m.id}/members`, { user_id: w.outsider.userId })).status).toBe(403);
    expect((await w.editor.c.post(`/meetings/${m.id}/members`, { user_id: w.outsider.userId })).status).toBe(200);
  });

  it('GET addcommittee adds every committee member once (admins as Editors)', async () => {
    const m = await meeting(w, {}, { members: false });
    const list = expectOk(await w.chair.c.get(`/meetings/${m.id}/members/addcommittee`));
    expect(list.map((x: any) => x.user_id).sort()).toEqual([w.chair.userId, w.editor.userId, w.m1.userId, w.m2.userId].sort());
    const twice = expectOk(await w.chair.c.get(`/meetings/${m.id}/members/addcommittee`));
    expect(twice).toHaveLength(4);
  });

  it('guest name and title; guest_name required, title optional', async () => {
    const m = await meeting(w);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'named@example.test' }));
    const r = await w.chair.c.post(`/meetings/${m.id}/members/guest_name`, { guest_name: '', user_email: 'named@example.test' });
    expect(r.body.errors.guest_name).toEqual(['This field is required.']);
    const ok = expectOk(await w.chair.c.post(`/meetings/${m.id}/members/guest_name`, { guest_name: 'Dr. Named', guest_title: 'Advisor', user_email: 'named@example.test' }));
    expect(find(ok, (x) => x.user_email === 'named@example.test')).toMatchObject({ guest_name: 'Dr. Named', guest_title: 'Advisor' });
  });
});

describe('type and removal', () => {
  it('admins change types; an Editor only their own row; the owner row only by the owner', async () => {
    const m = await meeting(w);
    const ed = await w.chair.c.post(`/meetings/${m.id}/members/changetype`, { user_id: w.m1.userId, type: 'Editor' });
    expect(find(ed.body.data, (x) => x.user_id === w.m1.userId)).toMatchObject({ type: 'Editor', can_edit: 1 });
    expect(expectOk(await w.chair.c.post(`/meetings/${m.id}/members/changetype`, { user_id: w.m1.userId, type: 2 })).find((x: any) => x.user_id === w.m1.userId).member_type).toBe(2);
    expect((await w.editor.c.post(`/meetings/${m.id}/members/changetype`, { user_id: w.m2.userId, type: 'Editor' })).status).toBe(403);
    expect((await w.editor.c.post(`/meetings/${m.id}/members/changetype`, { user_id: w.editor.userId, type: 'Viewer' })).status).toBe(200);
    expect((await w.m2.c.post(`/meetings/${m.id}/members/changetype`, { user_id: w.m2.userId, type: 'Editor' })).status).toBe(403);
    expect((await w.chair.c.post(`/meetings/${m.id}/members/changetype`, { user_id: w.m2.userId, type: 'Boss' })).status).toBe(409);
    // removal
    expect((await w.m2.c.delete(`/meetings/${m.id}/members/${w.m1.userId}`)).status).toBe(403);
    expect((await w.admin.c.delete(`/meetings/${m.id}/members/${w.chair.userId}`)).status).toBe(403);
    const removed = await w.chair.c.delete(`/meetings/${m.id}/members/${w.m2.userId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.map((x: any) => x.user_id)).not.toContain(w.m2.userId);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'bye@example.test' }));
    expect(expectOk(await w.chair.c.delete(`/meetings/${m.id}/members/bye@example.test`)).map((x: any) => x.user_email)).not.toContain('bye@example.test');
    expect((await w.chair.c.delete(`/meetings/${m.id}/members/${w.outsider.userId}`)).status).toBe(409);
    const own = expectOk(await w.chair.c.get(`/meetings/${m.id}/members`));
    expect(find(own, (x) => x.is_owner)).toMatchObject({ can_remove: true, can_change_type: false });
    expect(find(expectOk(await w.admin.c.get(`/meetings/${m.id}/members`)), (x) => x.is_owner).can_remove).toBe(false);
  });
});

describe('attendance', () => {
  it('changeable only in statuses 2 and 3; the reason is dropped while Pending', async () => {
    const m = await meeting(w);
    await talkingPoint(w, m.id);
    const draft = await w.m1.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Going' });
    expect(draft.status).toBe(409);
    expect(draft.body.errors.status).toEqual(['Attendance can be changed only while the meeting is scheduled or live.']);
    expect(expectOk(await w.m1.c.get(`/meetings/${m.id}`)).permissions.changeAttendance).toBe(false);
    await setStatus(w, m.id, 2);
    const r = expectOk(await w.m1.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Not going', reason: 'travelling', id: m.id, user_id: w.m1.userId }));
    expect(find(r, (x) => x.user_id === w.m1.userId)).toMatchObject({ attendance_status: 'Not going', status_reason: 'travelling', reason: 'travelling' });
    const p = expectOk(await w.m1.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Pending', reason: 'ignored' }));
    expect(find(p, (x) => x.user_id === w.m1.userId)).toMatchObject({ attendance_status: 'Pending', status_reason: null });
    expect((await w.m1.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Delegate' })).body.errors.status).toEqual(['The selected value is invalid.']);
    expect((await w.m1.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Sleeping' })).status).toBe(409);
    expect((await w.outsider.c.post(`/meetings/${m.id}/members/changestatus`, { status: 'Going' })).status).toBe(404);
    expect(expectOk(await w.m1.c.get(`/meetings/${m.id}`)).attendance_status).toBe('Pending');
  });

  it('the ministry variant answers Delegate and Other instead of Not going and Maybe', async () => {
    const m = await scheduled(w);
    const moe = w.m1.c.with({ headers: { 'x-org': `${w.org.slug}-moe` } });
    expect(find(expectOk(await moe.post(`/meetings/${m.id}/members/changestatus`, { status: 'Delegate', reason: 'my deputy' })), (x) => x.user_id === w.m1.userId).attendance_status).toBe('Delegate');
    expect((await moe.post(`/meetings/${m.id}/members/changestatus`, { status: 'Maybe' })).status).toBe(409);
    expect((await moe.post(`/meetings/${m.id}/members/changestatus`, { status: 'Other' })).status).toBe(200);
  });

  it('adminchangestatus: owner, admins or editors answer for others while the meeting is Live', async () => {
    const m = await scheduled(w);
    const body = { status: 'Going', member_id: 0, user_id: w.m2.userId };
    const members = expectOk(await w.chair.c.get(`/meetings/${m.id}/members`));
    body.member_id = find(members, (x) => x.user_id === w.m2.userId).id;
    expect((await w.chair.c.post(`/meetings/${m.id}/members/adminchangestatus`, body)).status).toBe(403);
    await setStatus(w, m.id, 3);
    expect(expectOk(await w.chair.c.get(`/meetings/${m.id}`)).permissions.respondForOthers).toBe(true);
    expect((await w.m1.c.post(`/meetings/${m.id}/members/adminchangestatus`, body)).status).toBe(403);
    const r = expectOk(await w.editor.c.post(`/meetings/${m.id}/members/adminchangestatus`, { ...body, reason: 'seen at the door' }));
    expect(find(r, (x) => x.user_id === w.m2.userId)).toMatchObject({ attendance_status: 'Going', status_reason: 'seen at the door' });
  });
});

describe('guests act through their token', () => {
  it('a guest added to a scheduled meeting gets a 256-bit link token scoped to that meeting', async () => {
    const m = await scheduled(w);
    const other = await scheduled(w);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'visitor@example.test', guest_name: 'Visitor' }));
    const ev = await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
    expect(ev).toMatchObject({ orgId: w.org.orgId, recipient: { email: 'visitor@example.test', name: 'Visitor' }, title: m.title });
    const token = tokenOf(ev.link);
    expect(ev.link).toContain(`/meeting/${m.id}?token=`);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const guest = api(GATEWAY, { org: w.org.slug });
    const d = await guest.get(`/meeting/guest/${token}`);
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ id: m.id, permissions: { isGuest: true, level: 'participant', seeActivity: false, seeNotes: false, manageParticipants: false } });
    expect(d.body.data.activities).toEqual([]);
    expect(d.body.data.current_member).toMatchObject({ user_email: 'visitor@example.test' });
    expect((await guest.get(`/meetings/${m.id}`, { token })).status).toBe(200);
    // wrong token, a token of another meeting, no token
    expect((await guest.get(`/meeting/guest/${'x'.repeat(43)}`)).status).toBe(401);
    expect((await guest.get(`/meetings/${other.id}`, { token })).status).toBe(401);
    expect((await guest.get(`/meetings/${m.id}`)).status).toBe(401);
    // a guest answers their attendance and edits their own name
    const a = await guest.post(`/meetings/${m.id}/members/changestatus?token=${token}`, { status: 'Maybe', reason: 'will try', user_email: 'visitor@example.test' });
    expect(a.status).toBe(200);
    expect(find(a.body.data, (x) => x.user_email === 'visitor@example.test').attendance_status).toBe('Maybe');
    expect((await guest.post(`/meetings/${m.id}/members/guest_name?token=${token}`, { guest_name: 'V. Isitor', user_email: 'visitor@example.test' })).status).toBe(200);
    expect((await guest.post(`/meetings/${m.id}/members/guest_name?token=${token}`, { guest_name: 'Hacker', user_email: w.m1.email })).status).toBe(409);
    // but manages nothing
    expect((await guest.post(`/meetings/${m.id}/members?token=${token}`, { user_email: 'friend@example.test' })).status).toBe(401);
    expect((await guest.post(`/meetings/${m.id}/note?token=${token}`, { note: 'x' })).status).toBe(401);
  });

  it('a guest link expires GUEST_LINK_DAYS (30) after it was sent and ends with its meeting (cancelled, archived): 410 with its message, localized', async () => {
    const guestLink = async (m: { id: number }, email: string) => {
      expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: email, guest_name: 'Link Guest' }));
      return tokenOf((await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest)).link);
    };
    const guest = api(GATEWAY, { org: w.org.slug });
    const m = await scheduled(w);
    const token = await guestLink(m, 'ageing@example.test');
    expect((await guest.get(`/meeting/guest/${token}`)).status).toBe(200);

    // the link's age: sent 29 days ago it still works, 31 days ago it has expired (on every guest route)
    const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    const sentDaysAgo = (days: number) =>
      db.query(`UPDATE meeting.members SET token_issued_at = now() - make_interval(days => $4) WHERE org_id = $1 AND meeting_id = $2 AND user_email = $3`, [w.org.orgId, m.id, 'ageing@example.test', days]);
    try {
      await sentDaysAgo(29);
      expect((await guest.get(`/meeting/guest/${token}`)).status).toBe(200);
      await sentDaysAgo(31);
      const old = await guest.get(`/meeting/guest/${token}`);
      expect(old.status).toBe(410);
      expect(old.body).toMatchObject({ success: false, message: 'This link has expired.' });
      expect((await guest.get(`/meetings/${m.id}`, { token })).status).toBe(410);
      const changed = await guest.post(`/meetings/${m.id}/members/changestatus?token=${token}`, { status: 'Maybe', reason: 'late', user_email: 'ageing@example.test' });
      expect(changed.status).toBe(410);
      for (const [lang, message] of [['ar', 'انتهت صلاحية هذا الرابط.'], ['ru', 'Срок действия этой ссылки истёк.'], ['fr', 'This link has expired.']]) {
        const r = await fetch(`${GATEWAY}/api/meeting/guest/${token}`, { headers: { 'x-org': w.org.slug, lang } });
        expect({ lang, status: r.status, message: ((await r.json()) as { message: string }).message }).toEqual({ lang, status: 410, message });
      }
      // nothing was written by the refused change
      const row = (await db.query(`SELECT attendance FROM meeting.members WHERE org_id = $1 AND meeting_id = $2 AND user_email = $3`, [w.org.orgId, m.id, 'ageing@example.test'])).rows[0];
      expect(row.attendance).toBe('Pending');
    } finally {
      await db.end();
    }

    // a live link ends when its meeting is cancelled, or archived; members still open the meeting
    for (const status of [4, 5]) {
      const ended = await scheduled(w);
      const t = await guestLink(ended, `ends-${status}@example.test`);
      expect((await guest.get(`/meeting/guest/${t}`)).status).toBe(200);
      await setStatus(w, ended.id, status);
      const r = await guest.get(`/meeting/guest/${t}`);
      expect({ status, answer: r.status, message: r.body.message }).toEqual({ status, answer: 410, message: 'This link has expired.' });
      expect((await guest.get(`/meetings/${ended.id}`, { token: t })).status).toBe(410);
      expect((await w.chair.c.get(`/meetings/${ended.id}`)).status).toBe(200);
    }
  });

  it('guests added to a draft get their link when it is scheduled', async () => {
    const m = await meeting(w);
    await talkingPoint(w, m.id);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'early@example.test' }));
    expect(tap.all('meeting.v1.member.invited', (p) => p.meetingId === m.id)).toHaveLength(0);
    await setStatus(w, m.id, 2);
    const ev = await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
    expect((await api(GATEWAY, { org: w.org.slug }).get(`/meeting/guest/${tokenOf(ev.link)}`)).status).toBe(200);
    const scheduledEv = await tap.next('meeting.v1.meeting.scheduled', (p) => p.meetingId === m.id);
    expect(scheduledEv.recipients.map((r: any) => r.email).sort()).toEqual([w.editor.email, w.m1.email, w.m2.email].sort());
    expect(scheduledEv.link).toContain(`/app/activity/meetings/${m.id}`);
  });
});

describe('NDA', () => {
  it('members and guests accept the NDA when the organization requires one', async () => {
    const nda = await world({ modules: { nda: 1 } });
    const m = expectOk(await nda.chair.c.post('/meetings', { title: 'Confidential', committee_id: nda.committeeId, start_date: '2031-01-01 10:00 AM', location: 'HQ' }));
    expectOk(await nda.chair.c.post(`/meetings/${m.id}/members`, { user_id: nda.m1.userId }));
    expectOk(await nda.chair.c.post(`/meetings/${m.id}/talkingpoints`, { title: 'T', viewers: [nda.m1.userId], presenters: [nda.chair.userId] }));
    const before = expectOk(await nda.m1.c.get(`/meetings/${m.id}`));
    expect(before).toMatchObject({ nda: 1, nda_required: true, nda_accepted: false, permissions: { acceptNda: true } });
    expect(expectOk(await nda.chair.c.get(`/meetings/${m.id}`)).nda).toBe(0);
    const r = await nda.m1.c.get(`/meeting/${m.id}/approve`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ nda: 0, nda_accepted: true, permissions: { acceptNda: false } });
    expect((await nda.outsider.c.get(`/meeting/${m.id}/approve`)).status).toBe(404);
    // a guest, by the token
    const gtap = await MeetingEvents.open();
    try {
      await nda.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 2, reason: 'go' });
      expectOk(await nda.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'nda-guest@example.test' }));
      const ev = await gtap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
      const token = tokenOf(ev.link);
      const g = api(GATEWAY, { org: nda.org.slug });
      expect(expectOk(await g.get(`/meeting/guest/${token}`)).nda).toBe(1);
      expect(expectOk(await g.get(`/nda/guest/${token}`))).toMatchObject({ nda: 0, nda_accepted: true });
      expect((await g.get(`/nda/guest/${'y'.repeat(43)}`)).status).toBe(401);
    } finally {
      await gtap.close();
    }
  });
});
