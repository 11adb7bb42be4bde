/**
 * A guest's link, managed by a person (issue 27; docs/security.md#guest-links-and-calendar-feeds): the meeting's
 * owner and administrators see its state, set until when it works, and revoke it; a revoked link answers 410
 * 'This link has been revoked.', an expired one 410 'This link has expired.'; others may not touch it.
 */
import { Client } from 'pg';
import { api, waitFor } from '@app/testing';
import { GATEWAY, env, expectOk, scheduled, tokenOf, worldWithEvents, type MeetingEvents, type World } from './helpers';

jest.setTimeout(120_000);

let w: World;
let tap: MeetingEvents;
worldWithEvents((world, t) => {
  w = world;
  tap = t;
});

/** a scheduled meeting with a guest: the guest's member row id and link token */
async function withGuest(email: string): Promise<{ m: any; memberId: number; token: string }> {
  const m = await scheduled(w);
  const list = expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: email, guest_name: 'Link Guest' }));
  const token = tokenOf((await tap.next('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest)).link);
  const row = (list.items ?? list).find((x: { user_email: string | null }) => x.user_email === email);
  return { m, memberId: row.member_id, token };
}
const guestRow = async (meetingId: number, memberId: number, as = w.chair) =>
  (expectOk(await as.c.get(`/meetings/${meetingId}`)).guest_member as Array<{ member_id: number; guest_link: any }>).find((g) => g.member_id === memberId)!;

describe("a guest's link", () => {
  it('the owner sees its state; a participant does not, and may not revoke it', async () => {
    const { m, memberId, token } = await withGuest('state@example.test');
    const row = await guestRow(m.id, memberId);
    expect(row.guest_link).toMatchObject({ state: 'live', can_revoke: true, expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    // GUEST_LINK_DAYS (30) from now, in the organization's local time
    const days = (new Date(row.guest_link.expires_at.replace(' ', 'T') + 'Z').getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(28.5);
    expect(days).toBeLessThan(31.5);
    expect((await guestRow(m.id, memberId, w.m1)).guest_link ?? null).toBeNull();
    const r = await w.m1.c.post(`/meetings/${m.id}/members/guest_link`, { member_id: memberId, revoke: true });
    expect(r.status).toBe(403);
    expect((await api(GATEWAY, { org: w.org.slug }).get(`/meeting/guest/${token}`)).status).toBe(200);
  });

  it('bad input is 409 on its field and writes nothing', async () => {
    const { m, memberId, token } = await withGuest('bad-input@example.test');
    const member = (expectOk(await w.chair.c.get(`/meetings/${m.id}`)).members as Array<{ member_id: number }>)[0].member_id;
    for (const [body, field] of [
      [{ member_id: memberId }, 'revoke'],
      [{ member_id: member, revoke: true }, 'member_id'],
      [{ member_id: memberId, expires_at: '2001-01-01 10:00:00' }, 'expires_at'],
      [{ member_id: memberId, expires_at: 'soon' }, 'expires_at'],
      [{ member_id: memberId, revoke: false }, 'revoke'],
      [{ member_id: true, revoke: true }, 'member_id'],
    ] as const) {
      const r = await w.chair.c.post(`/meetings/${m.id}/members/guest_link`, body);
      expect({ body, status: r.status, message: r.body.message }).toEqual({ body, status: 409, message: 'Error in validation' });
      expect(r.body.errors[field]).toBeDefined();
    }
    expect((await guestRow(m.id, memberId)).guest_link.state).toBe('live');
    expect((await api(GATEWAY, { org: w.org.slug }).get(`/meeting/guest/${token}`)).status).toBe(200);
  });

  it('an expiry set by the owner: shown, works until then, 410 past it; cleared, the usual lifetime again', async () => {
    const { m, memberId, token } = await withGuest('expiry@example.test');
    const guest = api(GATEWAY, { org: w.org.slug });
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    const local = `${inTwoDays.toISOString().slice(0, 10)} 10:00:00`;
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members/guest_link`, { member_id: memberId, expires_at: local }));
    expect((await guestRow(m.id, memberId)).guest_link).toMatchObject({ state: 'live', expires_at: local });
    expect((await guest.get(`/meeting/guest/${token}`)).status).toBe(200);
    // the expiry passes (the API refuses a past date, so the row is moved back in time)
    const db = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await db.connect();
    try {
      await db.query(`UPDATE meeting.members SET guest_expires_at = now() - interval '1 minute' WHERE org_id = $1 AND id = $2`, [w.org.orgId, memberId]);
    } finally {
      await db.end();
    }
    const gone = await guest.get(`/meeting/guest/${token}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ success: false, code: 'GUEST_LINK_EXPIRED', message: 'This link has expired.' });
    expect((await guestRow(m.id, memberId)).guest_link.state).toBe('expired');
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members/guest_link`, { member_id: memberId, expires_at: null }));
    expect((await guest.get(`/meeting/guest/${token}`)).status).toBe(200);
  });

  it('revoked by the owner: 410 "This link has been revoked." on every guest route, localized; shown as revoked; members still open the meeting', async () => {
    const { m, memberId, token } = await withGuest('revoked@example.test');
    const guest = api(GATEWAY, { org: w.org.slug });
    expect((await guest.get(`/meetings/${m.id}`, { token })).status).toBe(200);
    const r = await w.chair.c.post(`/meetings/${m.id}/members/guest_link`, { member_id: memberId, revoke: true });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Done');
    const gone = await guest.get(`/meeting/guest/${token}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ success: false, code: 'GUEST_LINK_REVOKED', message: 'This link has been revoked.' });
    expect((await guest.get(`/meetings/${m.id}`, { token })).status).toBe(410);
    const changed = await guest.post(`/meetings/${m.id}/members/changestatus?token=${token}`, { status: 'Going', reason: '', user_email: 'revoked@example.test' });
    expect(changed.status).toBe(410);
    for (const [lang, message] of [['ar', 'تم إلغاء هذا الرابط.'], ['ru', 'Эта ссылка была отозвана.']]) {
      const res = await fetch(`${GATEWAY}/api/meeting/guest/${token}`, { headers: { 'x-org': w.org.slug, lang } });
      expect({ lang, status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({ lang, status: 410, message });
    }
    expect((await guestRow(m.id, memberId)).guest_link).toEqual({ state: 'revoked', expires_at: null, can_revoke: false });
    // an administrator of the organization manages links too; revoking again changes nothing
    expectOk(await w.admin.c.post(`/meetings/${m.id}/members/guest_link`, { member_id: memberId, revoke: true }));
    expect((await w.m1.c.get(`/meetings/${m.id}`)).status).toBe(200);
    // the meeting's activity says who revoked whose link
    const acts = expectOk(await w.chair.c.get(`/meetings/${m.id}/activities`));
    expect(JSON.stringify(acts)).toContain('revoked the link of Link Guest');
  });

  it('invited again after a revocation: a new link that works, the old one stays dead; a live guest is still "already a member"', async () => {
    const { m, memberId, token } = await withGuest('again@example.test');
    const guest = api(GATEWAY, { org: w.org.slug });
    const live = await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'again@example.test' });
    expect(live.status).toBe(409);
    expect(live.body.errors.user_email).toEqual(['The participant is already a member of this meeting.']);
    expectOk(await w.chair.c.post(`/meetings/${m.id}/members/guest_link`, { member_id: memberId, revoke: true }));
    expect((await guest.get(`/meeting/guest/${token}`)).status).toBe(410);

    const again = expectOk(await w.chair.c.post(`/meetings/${m.id}/members`, { user_email: 'again@example.test', guest_name: 'Link Guest Again' }));
    const rows = (again.items ?? again).filter((x: { user_email: string | null }) => x.user_email === 'again@example.test');
    expect(rows).toHaveLength(1);
    expect(rows[0].member_id).toBe(memberId);
    const invites = await waitFor('the second invitation', () => {
      const all = tap.all('meeting.v1.member.invited', (p) => p.meetingId === m.id && p.guest);
      return all.length >= 2 ? all : null;
    });
    expect(invites).toHaveLength(2);
    const fresh = tokenOf(invites[1].link);
    expect(fresh).not.toBe(token);
    expect((await guest.get(`/meeting/guest/${fresh}`)).status).toBe(200);
    // the old link's hash was replaced: it is no link of this organization any more (401, as any unknown link)
    expect((await guest.get(`/meeting/guest/${token}`)).status).toBe(401);
    expect((await guestRow(m.id, memberId)).guest_link).toMatchObject({ state: 'live', can_revoke: true });
    const acts = expectOk(await w.chair.c.get(`/meetings/${m.id}/activities`));
    expect(JSON.stringify(acts)).toContain('sent a new link to Link Guest Again');
  });
});
