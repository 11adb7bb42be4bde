/**
 * The organization service in-process against real PostgreSQL, NATS and Redis: tenant isolation at the
 * database level (row-level security, not only the repositories' filters) and the tenancy RPCs.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { Client } from 'pg';
import { eq, sql } from 'drizzle-orm';
import { FindUsersByEmail, GetActor, GetActors, GetCommittee, GetUsers, ListUserCommittees, MEMBER_PERMISSIONS, ResolveOrganization, PERMISSION_SLUGS } from '@app/contracts';
import { Bus } from '@app/platform';
import { createTestCommittee, createTestOrg, createTestUser, testEnv, uniqueSlug } from '@app/testing';
import { OrganizationModule } from '../src/app.module';
import { loadOrganizationConfig } from '../src/config';
import { OrgDb } from '../src/common/org-db';
import { ProvisioningService } from '../src/tenancy/provisioning.service';
import { committees, users, schema } from '../src/db/schema';

jest.setTimeout(60_000);

const env = testEnv();

describe('organization service: tenancy (real PostgreSQL, NATS, Redis)', () => {
  let app: INestApplicationContext;
  let bus: Bus;
  let db: OrgDb;
  let a: Awaited<ReturnType<typeof createTestOrg>>;
  let b: Awaited<ReturnType<typeof createTestOrg>>;
  let memberA: { userId: number; email: string };
  let committeeA: number;

  beforeAll(async () => {
    const config = loadOrganizationConfig({
      ...env,
      DATABASE_SET_ROLE: env.DATABASE_SET_ROLE,
      HTTP_PORT: '0',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '4096',
    } as Record<string, string | undefined>);
    app = await NestFactory.createApplicationContext(OrganizationModule.register(config), { logger: false });
    await app.init();
    bus = app.get(Bus);
    db = app.get(OrgDb);
    a = await createTestOrg(bus);
    b = await createTestOrg(bus);
    memberA = await createTestUser(bus, a.orgId);
    committeeA = await createTestCommittee(bus, a.orgId, { admins: [a.admin.email], members: [memberA.email] });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('the application role is neither superuser nor BYPASSRLS', async () => {
    const r = await db.db.pool.query(`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`);
    if (env.DATABASE_SET_ROLE) {
      const r2 = await db.db.pool.query(`select rolsuper, rolbypassrls from pg_roles where rolname = $1`, [env.DATABASE_SET_ROLE]);
      expect(r2.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
    } else {
      expect(r.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
    }
  });

  it('every tenant table of the schema has row-level security enabled and forced', async () => {
    const admin = new Client({ connectionString: env.DATABASE_ADMIN_URL });
    await admin.connect();
    try {
      const r = await admin.query<{ table: string; has_org: boolean; rls: boolean; forced: boolean }>(`
        select c.relname as table,
               exists (select 1 from information_schema.columns col where col.table_schema = n.nspname and col.table_name = c.relname and col.column_name = 'org_id') as has_org,
               c.relrowsecurity as rls, c.relforcerowsecurity as forced
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'organization' and c.relkind = 'r'`);
      const tenant = r.rows.filter((t) => t.has_org);
      expect(tenant.map((t) => t.table).sort()).toEqual(
        ['__outbox', 'activity_logs', 'board_committees', 'committee_members', 'committees', 'news_comments', 'news_likes', 'news_posts', 'roles', 'user_tokens', 'users'].sort(),
      );
      for (const t of tenant) expect({ table: t.table, rls: t.rls, forced: t.forced }).toEqual({ table: t.table, rls: true, forced: true });
      // the registry itself is the only table without org_id
      expect(r.rows.filter((t) => !t.has_org).map((t) => t.table)).toEqual(['organizations']);
    } finally {
      await admin.end();
    }
  });

  it('a query written WITHOUT the org filter, run as organization B, sees nothing of organization A', async () => {
    // no where clause on org_id at all: only row-level security separates the tenants
    const seenByB = await db.tenant(b.orgId, (s) => s.tx.select({ id: users.id, orgId: users.orgId, email: users.email }).from(users));
    expect(seenByB.length).toBeGreaterThan(0);
    expect(seenByB.every((u) => u.orgId === b.orgId)).toBe(true);
    expect(seenByB.map((u) => u.email)).not.toContain(memberA.email);

    const aRows = await db.tenant(b.orgId, (s) => s.tx.select().from(users).where(eq(users.orgId, a.orgId)));
    expect(aRows).toEqual([]);
    const aCommittee = await db.tenant(b.orgId, (s) => s.tx.select().from(committees).where(eq(committees.id, committeeA)));
    expect(aCommittee).toEqual([]);

    // the same unfiltered query as A does see A's rows (the test would pass vacuously otherwise)
    const seenByA = await db.tenant(a.orgId, (s) => s.tx.select({ email: users.email }).from(users));
    expect(seenByA.map((u) => u.email)).toEqual(expect.arrayContaining([a.admin.email, memberA.email]));
  });

  it('without an organization set, tenant tables show nothing', async () => {
    const rows = await db.unsafeGlobal((tx) => tx.select().from(users));
    expect(rows).toEqual([]);
  });

  it("organization B cannot write rows into organization A (WITH CHECK) or change A's rows", async () => {
    await expect(
      db.tenant(b.orgId, (s) => s.tx.insert(schema.activityLogs).values({ orgId: a.orgId, username: 'intruder', activity: 'x' })),
    ).rejects.toThrow();
    const updated = await db.tenant(b.orgId, (s) => s.tx.update(users).set({ name: 'hijacked' }).where(eq(users.id, memberA.userId)).returning());
    expect(updated).toEqual([]);
    const still = await db.tenant(a.orgId, (s) => s.tx.select({ name: users.name }).from(users).where(eq(users.id, memberA.userId)));
    expect(still[0].name).not.toBe('hijacked');
  });

  it('raw SQL through the pool without app.org_id sees nothing either', async () => {
    const c = await db.db.pool.connect();
    try {
      await c.query('begin');
      if (env.DATABASE_SET_ROLE) await c.query(`set local role ${env.DATABASE_SET_ROLE}`);
      const r = await c.query(`select count(*)::int as n from organization.users`);
      expect(r.rows[0].n).toBe(0);
      await c.query('rollback');
    } finally {
      c.release();
    }
    void sql;
  });

  it('ResolveOrganization finds an organization by slug (cross-tenant) and null for an unknown one', async () => {
    const r = await bus.request(ResolveOrganization, { slug: a.slug });
    expect(r.organization).toMatchObject({ id: a.orgId, slug: a.slug, status: 'active', variant: 'default', modules: { approval_mode: 'old', nda: 0, compress: 0, mom: 0, na: [] } });
    expect((await bus.request(ResolveOrganization, { slug: uniqueSlug('none') })).organization).toBeNull();
  });

  it('GetActor builds the actor with the built-in Admin role holding every slug; members hold *_show slugs', async () => {
    const admin = (await bus.request(GetActor, { orgId: a.orgId, userId: a.admin.userId })).actor;
    expect(admin).toMatchObject({ kind: 'user', userId: a.admin.userId, email: a.admin.email, isAdmin: true });
    expect(admin!.permissions).toEqual([...PERMISSION_SLUGS]);
    const member = (await bus.request(GetActor, { orgId: a.orgId, userId: memberA.userId })).actor;
    expect(member).toMatchObject({ isAdmin: false });
    expect(member!.permissions.every((p) => p.endsWith('_show'))).toBe(true);
    expect(member!.permissions).toContain('home_show');
  });

  it('GetActors answers several users at once, in the order asked, each as GetActor answers it (null: unknown here)', async () => {
    const ids = [memberA.userId, a.admin.userId, 2_000_000_000, memberA.userId];
    const { actors } = await bus.request(GetActors, { orgId: a.orgId, userIds: ids });
    expect(actors).toEqual(await Promise.all(ids.map(async (userId) => (await bus.request(GetActor, { orgId: a.orgId, userId })).actor)));
    expect(actors.map((x) => x?.userId ?? null)).toEqual([memberA.userId, a.admin.userId, null, memberA.userId]);
    expect(actors[1]).toMatchObject({ isAdmin: true });
    // another organization's user is nobody here; an empty list is refused
    expect((await bus.request(GetActors, { orgId: b.orgId, userIds: [memberA.userId] })).actors).toEqual([null]);
    await expect(bus.request(GetActors, { orgId: a.orgId, userIds: [] })).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('the seed\'s ensureRole and ensureUser(roleName): a named role with exactly its permissions, given to a user; again changes nothing but the set', async () => {
    const p = app.get(ProvisioningService);
    const roleId = await p.ensureRole(a.orgId, { name: 'Chair', permissions: [...MEMBER_PERMISSIONS, 'approvals_create'] });
    const chair = await p.ensureUser(a.orgId, { email: `chair-${a.slug}@example.test`, name: 'Chair Person', password: 'Demo@12345', role: 'member', roleName: 'chair' });
    expect(chair.roleId).toBe(roleId);
    const actor = (await bus.request(GetActor, { orgId: a.orgId, userId: chair.id })).actor;
    expect(actor).toMatchObject({ isAdmin: false });
    expect([...actor!.permissions].sort()).toEqual([...MEMBER_PERMISSIONS, 'approvals_create'].sort());
    // run again (the seed is idempotent): the same role, its permissions set exactly
    expect(await p.ensureRole(a.orgId, { name: 'Chair', permissions: ['home_show', 'approvals_create'] })).toBe(roleId);
    expect([...(await bus.request(GetActor, { orgId: a.orgId, userId: chair.id })).actor!.permissions].sort()).toEqual(['approvals_create', 'home_show']);
    // a built-in role's name is not taken over; a missing role is refused
    await expect(p.ensureRole(a.orgId, { name: 'Admin', permissions: [] })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(p.ensureUser(a.orgId, { email: `x-${a.slug}@example.test`, name: 'X', password: 'Demo@12345', role: 'member', roleName: 'No such role' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("directory RPCs answer another organization's ids with nothing", async () => {
    expect((await bus.request(GetActor, { orgId: b.orgId, userId: memberA.userId })).actor).toBeNull();
    expect((await bus.request(GetUsers, { orgId: b.orgId, ids: [memberA.userId, a.admin.userId] })).users).toEqual([]);
    expect((await bus.request(FindUsersByEmail, { orgId: b.orgId, emails: [memberA.email] })).users).toEqual([]);
    expect((await bus.request(GetCommittee, { orgId: b.orgId, committeeId: committeeA })).committee).toBeNull();
    expect(await bus.request(ListUserCommittees, { orgId: b.orgId, userId: memberA.userId })).toEqual({ admin: [], member: [] });
  });

  it('directory RPCs answer the own organization', async () => {
    const usersA = (await bus.request(GetUsers, { orgId: a.orgId, ids: [memberA.userId] })).users;
    expect(usersA).toEqual([expect.objectContaining({ id: memberA.userId, email: memberA.email, status: 'Active', is_admin: false })]);
    const byMail = (await bus.request(FindUsersByEmail, { orgId: a.orgId, emails: [memberA.email.toUpperCase()] })).users;
    expect(byMail.map((u) => u.id)).toEqual([memberA.userId]);
    const c = (await bus.request(GetCommittee, { orgId: a.orgId, committeeId: committeeA })).committee;
    expect(c).toMatchObject({ id: committeeA, status: 'active', admin_ids: [a.admin.userId] });
    expect(c!.member_ids.sort()).toEqual([a.admin.userId, memberA.userId].sort());
    const mine = await bus.request(ListUserCommittees, { orgId: a.orgId, userId: a.admin.userId });
    expect(mine.admin.map((x) => x.id)).toEqual([committeeA]);
    expect(mine.member.map((x) => x.id)).toEqual([committeeA]);
  });
});
