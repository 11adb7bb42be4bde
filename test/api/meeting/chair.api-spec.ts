/**
 * Meetings run from the chair (issue 27, docs/meeting.md#running-the-meeting): the owner names a chair and a secretary;
 * the chair starts the meeting (Scheduled -> Live), the secretary takes the roll call, and four of five members present
 * at a 60 % quorum is "reached" (with when) in the details and on the live channel; the chair ends it (Live ->
 * Archived). Bad bodies are 409 'Error in validation' with field errors and write nothing; the wrong person is 403,
 * an outsider 404.
 */
import { createTestCommittee, pdfText, waitFor } from '@app/testing';
import { GATEWAY, MeetingEvents, env, expectOk, formDate, refused, talkingPoint, worldWithEvents, type Person, type World } from './helpers';

/** a server date as the English minutes print it ('24 November 2026, 2:05 PM'; docs/minutes.md#dates-in-the-minutes-language) */
function asPrinted(local: string): string {
  const [, y, mo, dd, hh, mi] = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(local)!;
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(y), Number(mo) - 1, 1)));
  return `${Number(dd)} ${month} ${y}, ${Number(hh) % 12 || 12}:${mi} ${Number(hh) < 12 ? 'AM' : 'PM'}`;
}

jest.setTimeout(120_000);
let w: World;
let tap: MeetingEvents;
worldWithEvents((fresh, events) => {
  w = fresh;
  tap = events;
});

const details = async (who: Person, m: { id: number }) => expectOk(await who.c.get(`/meetings/${m.id}`));
const roleOf = (d: any, userId: number) => d.members.find((x: any) => x.user_id === userId)?.meeting_role;
const markOf = (d: any, userId: number) => d.members.find((x: any) => x.user_id === userId)?.roll_call;

describe('a meeting run from the chair', () => {
  let fifth: Person;
  let m: any;

  beforeAll(async () => {
    fifth = await w.person();
    // a committee with a 60 % quorum: the owner (chair person), the editor, m1, m2 and a fifth member
    const committeeId = await createTestCommittee(env.NATS_URL, w.org.orgId, { quorum: 60, admins: [w.chair.email], members: [w.editor.email, w.m1.email, w.m2.email, fifth.email] });
    m = expectOk(await w.chair.c.post('/meetings', { title: 'Chaired meeting', committee_id: committeeId, start_date: formDate(7), duration: 120, location: 'HQ' }));
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: [w.m1.userId, w.m2.userId, fifth.userId] }));
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_id: w.editor.userId, type: 'Editor' }));
    await talkingPoint(w, m.id);
  });

  it('the owner names the chair (m1) and the secretary (m2); the details show them and what each may do', async () => {
    const before = await details(w.chair, m);
    expect(before.chair_controls).toEqual({ set_roles: true, start: false, end: false, roll_call: false, publish_agenda: false });
    const r = await w.chair.c.post(`/meetings/${m.id}/roles`, { chair_user_id: w.m1.userId, secretary_user_id: w.m2.userId });
    expect(r.body.message).toBe('Done');
    const d = expectOk(r);
    expect(roleOf(d, w.m1.userId)).toBe('chair');
    expect(roleOf(d, w.m2.userId)).toBe('secretary');
    expect(roleOf(d, w.editor.userId)).toBeNull();
    expect(d.activities.map((a: any) => a.activity)).toContain('Chair Person named Mona Member chair and Mark Member secretary');
    // the chair sees a Start once the meeting is Scheduled; the secretary only the roll call once it is Live
    expect((await details(w.m1, m)).chair_controls).toEqual({ set_roles: false, start: false, end: false, roll_call: false, publish_agenda: false });
  });

  it('bad role bodies are 409 with field errors and change nothing; only the owner or an admin names them', async () => {
    const post = (who: Person, body: unknown) => who.c.post(`/meetings/${m.id}/roles`, body);
    for (const bad of [true, [1], '1e3', 0, -1, { id: 1 }]) refused(await post(w.chair, { chair_user_id: bad, secretary_user_id: null }), 'chair_user_id');
    refused(await post(w.chair, { chair_user_id: w.m2.userId }), 'secretary_user_id');
    refused(await post(w.chair, { chair_user_id: w.outsider.userId, secretary_user_id: null }), 'chair_user_id', 'Choose a member of this meeting.');
    refused(await post(w.chair, { chair_user_id: w.m2.userId, secretary_user_id: w.m2.userId }), 'secretary_user_id', 'The chair and the secretary must be two different people.');
    const ar = await w.chair.c.with({ lang: 'ar' }).post(`/meetings/${m.id}/roles`, { chair_user_id: w.m2.userId, secretary_user_id: w.m2.userId });
    expect(ar.body.errors.secretary_user_id).toEqual(['يجب أن يكون الرئيس وأمين السر شخصين مختلفين.']);
    expect((await post(w.m1, { chair_user_id: w.m1.userId, secretary_user_id: null })).status).toBe(403);
    expect((await post(w.editor, { chair_user_id: w.editor.userId, secretary_user_id: null })).status).toBe(403);
    expect((await post(w.outsider, { chair_user_id: w.m1.userId, secretary_user_id: null })).status).toBe(404);
    expect((await w.anon.post(`/meetings/${m.id}/roles`, { chair_user_id: null, secretary_user_id: null })).status).toBe(401);
    const d = await details(w.chair, m);
    expect([roleOf(d, w.m1.userId), roleOf(d, w.m2.userId)]).toEqual(['chair', 'secretary']);
  });

  it('Start: not from Draft, not by the secretary; the chair starts a Scheduled meeting (Live, started_at)', async () => {
    const draft = await w.m1.c.post(`/meetings/${m.id}/start`, {});
    expect([draft.status, draft.body.code]).toEqual([409, 'MEETING_STATUS_NOT_ALLOWED']);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 2, reason: 'invite' }));
    expect((await details(w.m1, m)).chair_controls).toEqual({ set_roles: false, start: true, end: false, roll_call: false, publish_agenda: true });
    expect((await w.m2.c.post(`/meetings/${m.id}/start`, {})).status).toBe(403);
    expect((await w.editor.c.post(`/meetings/${m.id}/start`, {})).status).toBe(403);
    // the roll call waits for the start
    refused(await w.m2.c.post(`/meetings/${m.id}/rollcall`, { user_id: w.m1.userId, status: 'present' }), 'status', 'The roll call is taken while the meeting is live.');
    const d = expectOk(await w.m1.c.post(`/meetings/${m.id}/start`, {}));
    expect(d).toMatchObject({ meeting_status_id: 3, status: { name: 'Live' }, ended_at: null });
    expect(d.started_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.chair_controls).toEqual({ set_roles: false, start: false, end: true, roll_call: true, publish_agenda: true });
    expect(d.activities.map((a: any) => a.activity)).toContain('Mona Member changed the status to Live');
    const again = await w.m1.c.post(`/meetings/${m.id}/start`, {});
    expect([again.status, again.body.code]).toEqual([409, 'MEETING_STATUS_NOT_ALLOWED']);
  });

  it('the roll call: bad marks are 409 and write nothing; four of five present at 60 % is Quorum reached, live', async () => {
    const mark = (who: Person, userId: unknown, status: unknown) => who.c.post(`/meetings/${m.id}/rollcall`, { user_id: userId, status });
    refused(await mark(w.m2, w.m1.userId, 'here'), 'status');
    refused(await mark(w.m2, w.m1.userId, null), 'status');
    refused(await mark(w.m2, true, 'present'), 'user_id');
    refused(await mark(w.m2, w.outsider.userId, 'present'), 'user_id', 'Choose a member of this meeting.');
    expect((await mark(w.editor, w.m1.userId, 'present')).status).toBe(403);
    expect((await mark(w.outsider, w.m1.userId, 'present')).status).toBe(404);
    const untouched = await details(w.chair, m);
    expect(untouched.roll_call).toMatchObject({ taken: false, reached_at: null, counts: { unmarked: 5 } });
    expect(untouched.members.every((x: any) => x.roll_call === null)).toBe(true);

    // the secretary marks: two present and one excused (2 of 5, 3 needed), then two more present
    expectOk(await mark(w.m2, w.chair.userId, 'present'));
    expectOk(await mark(w.m2, w.m2.userId, 'remote'));
    let d = expectOk(await mark(w.m2, fifth.userId, 'excused'));
    expect(d.roll_call).toMatchObject({ taken: true, counts: { present: 1, remote: 1, absent: 0, excused: 1, unmarked: 2 }, quorum: { percent: 60, present: 2, total: 5, needed: 3, met: false }, reached_at: null });
    expect(d.attendance_quorum).toEqual(d.roll_call.quorum);
    expectOk(await mark(w.m1, w.m1.userId, 'present'));
    d = expectOk(await mark(w.m2, w.editor.userId, 'present'));
    expect(d.roll_call).toMatchObject({ quorum: { present: 4, total: 5, met: true } });
    expect(d.roll_call.reached_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(markOf(d, w.editor.userId)).toBe('present');
    expect(markOf(d, fifth.userId)).toBe('excused');
    expect(d.activities.map((a: any) => a.activity)).toContain('Mark Member marked Eddie Editor present');
    // the pages open on the meeting hear of it
    await tap.next('meeting.v1.meeting.changed', (p) => p.meetingId === m.id && p.kind === 'members' && p.byUserId === w.m2.userId);
    // every member sees it; it holds while the quorum does, and is gone when lost
    const reached = d.roll_call.reached_at;
    expect((await details(w.m1, m)).roll_call).toMatchObject({ reached_at: reached, quorum: { met: true } });
    d = expectOk(await mark(w.m2, w.editor.userId, 'absent'));
    expect(d.roll_call).toMatchObject({ reached_at: reached, quorum: { present: 3, met: true } });
    d = expectOk(await mark(w.m2, w.m1.userId, 'absent'));
    expect(d.roll_call).toMatchObject({ reached_at: null, quorum: { present: 2, met: false } });
    d = expectOk(await mark(w.m2, w.m1.userId, 'present'));
    expect(d.roll_call.quorum.met).toBe(true);
  });

  it('the minutes PDF records the roll call: present, remote, absent, apologies and the quorum reached with when', async () => {
    expectOk(await w.chair.c.post(`/meetings/${m.id}/mom`, { mom_settings: 1 }));
    expectOk(await w.chair.c.upload(`/meetings/${m.id}/mom_conclusion`, { id: String(m.id), isConclusion: 'true', done: '1', mom_lang: 'en' }, {}));
    await waitFor('minutes version', async () => {
      const s = expectOk(await w.chair.c.get(`/meetings/${m.id}/minutes`));
      if (s.render?.status === 'failed') throw new Error(`render failed: ${s.render.error}`);
      return s.render?.status === 'done' && s.mom_versions.length > 0 ? s : null;
    }, 150_000, 500);
    const res = await fetch(`${GATEWAY}/api/meetings/${m.id}/mom`, { headers: { 'x-org': w.org.slug, token: w.chair.token } });
    expect(res.status).toBe(200);
    const text = (await pdfText(Buffer.from(await res.arrayBuffer()))).replace(/\s+/g, ' ');
    const d = await details(w.chair, m);
    expect(text).toContain('Roll call');
    expect(text).toContain('Present Chair Person, Mona Member');
    expect(text).toContain('Remote Mark Member');
    expect(text).toContain('Absent Eddie Editor');
    expect(text).toContain(`Apologies ${fifth.name}`);
    expect(text).toContain(`Quorum reached at ${asPrinted(d.roll_call.reached_at)}`);
    expect(text).toContain('3 of 5 members present or represented, 3 needed (60 %)');
  });

  it('End: not by the secretary; the chair ends it (Archived, ended_at), and the roll call is then fixed', async () => {
    expect((await w.m2.c.post(`/meetings/${m.id}/end`, {})).status).toBe(403);
    refused(await w.m1.c.post(`/meetings/${m.id}/end`, { reason: 12 }), 'reason');
    const d = expectOk(await w.m1.c.post(`/meetings/${m.id}/end`, { reason: 'All items done' }));
    expect(d).toMatchObject({ meeting_status_id: 5, status_reason: 'All items done' });
    expect(d.ended_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.chair_controls).toEqual({ set_roles: false, start: false, end: false, roll_call: false, publish_agenda: false });
    expect(d.roll_call.quorum).toMatchObject({ present: 3, met: true });
    const late = await w.m2.c.post(`/meetings/${m.id}/rollcall`, { user_id: w.m1.userId, status: 'absent' });
    expect([late.status, late.body.code]).toEqual([409, 'MEETING_LOCKED']);
    const ended = await w.m1.c.post(`/meetings/${m.id}/end`, {});
    expect([ended.status, ended.body.code]).toEqual([409, 'MEETING_LOCKED']);
  });
});
