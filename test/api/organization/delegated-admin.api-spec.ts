/**
 * Delegated administrators (docs/security.md#accounts-passwords-second-factor-sessions-single-sign-on-roles): a user
 * whose role holds users_manage and roles_manage, without being an administrator, manages everyone else but cannot
 * make anyone an administrator, touch an administrator's account (e-mail, status, deletion: the password-reset path),
 * change the Admin role, or give a role rights they do not hold. An administrator still can (the control cases).
 */
import { api, createTestUser, login, type ApiClient } from '@app/testing';
import { EventTap, GATEWAY, env, orgWithAdmin } from './helpers';

jest.setTimeout(60_000);

type Ctx = Awaited<ReturnType<typeof orgWithAdmin>>;
let ctx: Ctx;
let adminRoleId: number;
let memberRoleId: number;
let delegateRoleId: number;
let delegate: ApiClient;
let otherAdmin: { userId: number; email: string; password: string; name: string };
let member: { userId: number; email: string; password: string; name: string };

const userBody = (u: { email: string; name: string }, roleId: number) => ({ name: u.name, email: u.email, phone: '501234567', role_id: roleId, team: 'Board' });

beforeAll(async () => {
  ctx = await orgWithAdmin();
  const roles = (await ctx.admin.get('/roles')).body.data as { id: number; builtin: string | null }[];
  adminRoleId = roles.find((r) => r.builtin === 'admin')!.id;
  memberRoleId = roles.find((r) => r.builtin === 'member')!.id;
  otherAdmin = await createTestUser(env.NATS_URL, ctx.org.orgId, { role: 'admin', name: 'Other Admin' });
  member = await createTestUser(env.NATS_URL, ctx.org.orgId, { name: 'Plain Member' });
  const d = await createTestUser(env.NATS_URL, ctx.org.orgId, { name: 'Delegate' });
  const role = await ctx.admin.post('/roles', { name: 'User managers', users: [d.userId], permissions: ['users_manage', 'roles_manage', 'home_show'] });
  expect(role.status).toBe(200);
  delegateRoleId = role.body.data.id;
  delegate = api(GATEWAY, { org: ctx.org.slug, token: await login(GATEWAY, ctx.org.slug, d.email, d.password) });
});

const roleOf = async (userId: number) => (await ctx.admin.get(`/users/${userId}`)).body.data.role.id as number;

describe('assigning the Admin role', () => {
  it('a delegate manages members (the control case)', async () => {
    const r = await delegate.put(`/users/${member.userId}`, { ...userBody(member, memberRoleId), designation: 'Secretary' });
    expect(r.status).toBe(200);
  });

  it('a delegate cannot give a user the Admin role: 403, nothing changed', async () => {
    const r = await delegate.put(`/users/${member.userId}`, userBody(member, adminRoleId));
    expect(r.status).toBe(403);
    expect(await roleOf(member.userId)).toBe(memberRoleId);
  });

  it('a delegate cannot create an administrator', async () => {
    const email = `new-admin-${Date.now()}@example.test`;
    const r = await delegate.post('/users', userBody({ email, name: 'New Admin' }, adminRoleId));
    expect(r.status).toBe(403);
    expect((await ctx.admin.get('/users', { search: email })).body.meta.total).toBe(0);
  });

  it('a delegate cannot add users to the Admin role, nor move an administrator to another role', async () => {
    const adminRole = (await ctx.admin.get(`/roles/${adminRoleId}`)).body.data as { name: string; users: { id: number }[] };
    const add = await delegate.put(`/roles/${adminRoleId}`, { name: adminRole.name, users: [...adminRole.users.map((u) => u.id), member.userId], permissions: [] });
    expect(add.status).toBe(403);
    const move = await delegate.put(`/roles/${delegateRoleId}`, { name: 'User managers', users: [otherAdmin.userId], permissions: ['users_manage', 'roles_manage', 'home_show'] });
    expect(move.status).toBe(403);
    const create = await delegate.post('/roles', { name: 'Demoted', users: [otherAdmin.userId], permissions: [] });
    expect(create.status).toBe(403);
    expect(await roleOf(member.userId)).toBe(memberRoleId);
    expect(await roleOf(otherAdmin.userId)).toBe(adminRoleId);
  });

  it('an administrator can (the control case)', async () => {
    const r = await ctx.admin.put(`/users/${member.userId}`, userBody(member, adminRoleId));
    expect(r.status).toBe(200);
    expect(await roleOf(member.userId)).toBe(adminRoleId);
    expect((await ctx.admin.put(`/users/${member.userId}`, userBody(member, memberRoleId))).status).toBe(200);
  });
});

describe("a role's rights", () => {
  it('a delegate cannot give a role a right they do not hold (organization_manage, logs_show); the ones they hold are fine', async () => {
    const created = await delegate.post('/roles', { name: 'Helpers', users: [member.userId], permissions: ['home_show'] });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    for (const slug of ['organization_manage', 'logs_show']) {
      const r = await delegate.put(`/roles/${id}`, { name: 'Helpers', users: [member.userId], permissions: ['home_show', slug] });
      expect(r.status).toBe(403);
    }
    const mine = await delegate.put(`/roles/${id}`, { name: 'Helpers', users: [member.userId], permissions: ['home_show', 'users_manage'] });
    expect(mine.status).toBe(200);
    const self = await delegate.post('/roles', { name: 'Escalate', users: [member.userId], permissions: ['organization_manage'] });
    expect(self.status).toBe(403);
    const stored = (await ctx.admin.get(`/roles/${id}`)).body.data.permissions.map((p: { slug: string }) => p.slug).sort();
    expect(stored).toEqual(['home_show', 'users_manage']);
    expect((await ctx.admin.delete(`/roles/${id}`)).status).toBe(200);
  });
});

describe("an administrator's account", () => {
  it("a delegate cannot change an administrator's e-mail (then reset the password through it): 403, and no reset e-mail", async () => {
    const attacker = `taken-over-${Date.now()}@example.test`;
    const r = await delegate.put(`/users/${otherAdmin.userId}`, { ...userBody(otherAdmin, adminRoleId), email: attacker });
    expect(r.status).toBe(403);
    expect((await ctx.admin.get(`/users/${otherAdmin.userId}`)).body.data.email).toBe(otherAdmin.email);
    const tap = await EventTap.open('organization.v1.password-reset.requested');
    try {
      expect((await ctx.anon.post('/forget_password', { email: attacker })).status).toBe(200);
      await expect(tap.next((p) => p.userId === otherAdmin.userId, 1500)).rejects.toThrow();
    } finally {
      await tap.close();
    }
  });

  it("a delegate cannot deactivate, delete or remove the photo of an administrator", async () => {
    expect((await delegate.post(`/users/${otherAdmin.userId}/togglestatus`)).status).toBe(403);
    expect((await delegate.delete(`/users/${otherAdmin.userId}`)).status).toBe(403);
    expect((await delegate.delete(`/users/${otherAdmin.userId}/delete_photo`)).status).toBe(403);
    const after = (await ctx.admin.get(`/users/${otherAdmin.userId}`)).body.data;
    expect(after.status).toBe('Active');
    // still signs in with the same password
    expect((await ctx.anon.post('/login', { email: otherAdmin.email, password: otherAdmin.password })).body.status).toBe(1);
  });
});
