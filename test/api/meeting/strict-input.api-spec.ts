/**
 * Regressions of issue 9 ("What was seen"), end to end: values that were coerced and written are now 409 'Error in
 * validation' with a field error, and nothing is written (a talking point edit with `duration: true` on a
 * sub-point no longer deletes the other sub-point and its comment).
 */
import { Client } from 'pg';
import { expectOk, meeting, serverDate, talkingPoint, type World, worldWithDatabase } from './helpers';

jest.setTimeout(120_000);
let w: World;
let db: Client;
worldWithDatabase((fresh, admin) => {
  w = fresh;
  db = admin;
});

const count = async (table: string): Promise<number> =>
  Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE org_id = $1`, [w.org.orgId])).rows[0].n);

function refused(r: { status: number; body: any }, field: string): void {
  expect(r.status).toBe(409);
  expect(r.body.message).toBe('Error in validation');
  expect(Object.keys(r.body.errors ?? {})).toContain(field);
}

describe('strict input (issue 9)', () => {
  it('POST /api/users with role_id: true or [1] creates no user', async () => {
    const before = await count('organization.users');
    for (const role_id of [true, [1], 1.5, -1, '1e3', 2 ** 31]) {
      refused(await w.admin.c.post('/users', { name: 'Ann', email: `ann.${Math.random().toString(36).slice(2)}@example.test`, phone: '123', role_id, member_committees: [w.committeeId] }), 'role_id');
    }
    expect(await count('organization.users')).toBe(before);
  });

  it('PUT /api/roles/{id} with users: [true] adds nobody', async () => {
    const role = expectOk(await w.admin.c.post('/roles', { name: `R ${Date.now()}`, users: [w.m1.userId], permissions: [] }));
    refused(await w.admin.c.put(`/roles/${role.id}`, { name: role.name, users: [true], permissions: [] }), 'users.0');
    refused(await w.admin.c.put(`/roles/${role.id}`, { name: role.name, users: 5, permissions: [] }), 'users');
  });

  it('a path id that is not a positive integer is refused', async () => {
    for (const id of ['true', '1.5', '1e3', '-1', '2147483648']) {
      const r = await w.chair.c.get(`/meetings/${encodeURIComponent(id)}`);
      refused(r, 'id');
    }
  });

  it('numbers for strings and arrays for strings are refused: reason: 12345, note: ["a"]', async () => {
    const m = await meeting(w);
    refused(await w.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: 4, reason: 12345 }), 'reason');
    refused(await w.chair.c.post(`/meetings/${m.id}/changestatus`, { meeting_status_id: true, reason: 'x' }), 'meeting_status_id');
    const notes = await count('meeting.notes');
    refused(await w.chair.c.post(`/meetings/${m.id}/note`, { note: ['a'] }), 'note');
    refused(await w.chair.c.post(`/meetings/${m.id}/note`, { note: 5 }), 'note');
    expect(await count('meeting.notes')).toBe(notes);
  });

  it('a talking point edit with duration: true on a sub-point deletes nothing; attachments: 5 is refused', async () => {
    const m = await meeting(w);
    const sub = { presenter: w.m1.userId, subpoint_viewers: [w.m2.userId] };
    const tp = await talkingPoint(w, m.id, { subpoints: [{ ...sub, title: 'Keep' }, { ...sub, title: 'Other' }] });
    expectOk(await w.chair.c.post(`/talkingpoints/${tp.id}/comment`, { comment: 'on the talking point' }));
    const before = { subpoints: await count('meeting.subpoints'), comments: await count('meeting.comments') };
    const edit = { title: tp.title, viewers: [w.m2.userId], presenters: [w.editor.userId] };
    refused(await w.chair.c.put(`/meetings/${m.id}/talkingpoints/${tp.id}`, { ...edit, subpoints: [{ ...sub, subpoint_id: tp.subpoints[0].id, title: 'Keep', duration: true }] }), 'subpoints.0.duration');
    refused(await w.chair.c.put(`/meetings/${m.id}/talkingpoints/${tp.id}`, { ...edit, duration: true, subpoints: [] }), 'duration');
    refused(await w.chair.c.put(`/meetings/${m.id}/talkingpoints/${tp.id}`, { ...edit, attachments: 5, subpoints: [] }), 'attachments');
    expect({ subpoints: await count('meeting.subpoints'), comments: await count('meeting.comments') }).toEqual(before);
    const now = expectOk(await w.chair.c.get(`/meetings/${m.id}/talkingpoints/${tp.id}`));
    expect(now.subpoints.map((s: { title: string }) => s.title)).toEqual(['Keep', 'Other']);
  });

  it('a decision edit with voters: [true] or an action edit with participants: [true] keeps the old lists', async () => {
    const m = await meeting(w);
    const d = expectOk(await w.chair.c.post(`/meetings/${m.id}/decisions`, { title: 'Budget', deadline: serverDate(10), voters: [w.m1.userId, w.m2.userId] }));
    const a = expectOk(await w.chair.c.post(`/meetings/${m.id}/actions`, { title: 'Do it', open_till: serverDate(10), participants: [w.m1.userId, w.m2.userId], priority: 'Low' }));
    const before = { voters: await count('meeting.voters'), participants: await count('meeting.action_participants') };
    refused(await w.chair.c.put(`/meetings/${m.id}/decisions/${d.id}`, { title: 'Budget', deadline: serverDate(10), voters: [true] }), 'voters.0');
    refused(await w.chair.c.put(`/meetings/${m.id}/decisions/${d.id}`, { title: 'Budget', deadline: serverDate(10), voters: [w.m1.userId], talkingpoint_id: [1] }), 'talkingpoint_id');
    refused(await w.chair.c.put(`/meetings/${m.id}/actions/${a.id}`, { title: 'Do it', open_till: serverDate(10), participants: [true] }), 'participants.0');
    refused(await w.chair.c.put(`/meetings/${m.id}/actions/${a.id}`, { title: 'Do it', open_till: serverDate(10), participants: [w.m1.userId], progress: true }), 'progress');
    refused(await w.chair.c.put(`/meetings/${m.id}/actions/${a.id}`, { title: 'Do it', open_till: serverDate(10), participants: [w.m1.userId], attachments: 5 }), 'attachments');
    expect({ voters: await count('meeting.voters'), participants: await count('meeting.action_participants') }).toEqual(before);
  });

  it('multipart form fields are parsed explicitly: role_id "true" is refused', async () => {
    const before = await count('organization.users');
    const r = await w.admin.c.upload('/users', { name: 'Form User', email: `form.${Date.now()}@example.test`, phone: '123', role_id: 'true', member_committees: String(w.committeeId) }, {});
    refused(r, 'role_id');
    expect(await count('organization.users')).toBe(before);
  });
});
