import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import { roles, users } from '../db/schema';
import type { Scope } from '../common/org-db';
import { containsPattern } from '@app/platform';

export type RoleRow = typeof roles.$inferSelect;

@Injectable()
export class RolesRepository {
  async get(s: Scope, id: number): Promise<RoleRow | null> {
    const [row] = await s.tx.select().from(roles).where(and(eq(roles.orgId, s.orgId), eq(roles.id, id))).limit(1);
    return row ?? null;
  }

  async builtin(s: Scope, which: 'admin' | 'member'): Promise<RoleRow | null> {
    const [row] = await s.tx.select().from(roles).where(and(eq(roles.orgId, s.orgId), eq(roles.builtin, which))).limit(1);
    return row ?? null;
  }

  async byIds(s: Scope, ids: number[]): Promise<RoleRow[]> {
    if (!ids.length) return [];
    return s.tx.select().from(roles).where(and(eq(roles.orgId, s.orgId), inArray(roles.id, ids)));
  }

  async byName(s: Scope, name: string): Promise<RoleRow | null> {
    const [row] = await s.tx.select().from(roles).where(and(eq(roles.orgId, s.orgId), sql`lower(${roles.name}) = ${name.toLowerCase()}`)).limit(1);
    return row ?? null;
  }

  async nameTaken(s: Scope, name: string, exceptId?: number): Promise<boolean> {
    const [row] = await s.tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.orgId, s.orgId), sql`lower(${roles.name}) = ${name.toLowerCase()}`, exceptId ? ne(roles.id, exceptId) : undefined))
      .limit(1);
    return !!row;
  }

  async insert(s: Scope, values: { name: string; builtin?: string | null; permissions: string[] }): Promise<RoleRow> {
    const [row] = await s.tx.insert(roles).values({ ...values, orgId: s.orgId }).returning();
    return row;
  }

  async update(s: Scope, id: number, values: { name?: string; permissions?: string[] }): Promise<RoleRow> {
    const [row] = await s.tx.update(roles).set({ ...values, updatedAt: new Date() }).where(and(eq(roles.orgId, s.orgId), eq(roles.id, id))).returning();
    return row;
  }

  async delete(s: Scope, id: number): Promise<void> {
    await s.tx.delete(roles).where(and(eq(roles.orgId, s.orgId), eq(roles.id, id)));
  }

  async page(s: Scope, q: { page: number; perPage: number; search?: string }): Promise<{ rows: RoleRow[]; total: number }> {
    const where = and(eq(roles.orgId, s.orgId), q.search ? ilike(roles.name, containsPattern(q.search)) : undefined);
    const [{ n }] = await s.tx.select({ n: count() }).from(roles).where(where);
    const rows = await s.tx.select().from(roles).where(where).orderBy(asc(roles.id)).limit(q.perPage).offset((q.page - 1) * q.perPage);
    return { rows, total: Number(n) };
  }

  /** Users (not deleted) of each role. */
  async usersOf(s: Scope, roleIds: number[]): Promise<Map<number, (typeof users.$inferSelect)[]>> {
    const out = new Map<number, (typeof users.$inferSelect)[]>();
    for (const id of roleIds) out.set(id, []);
    if (!roleIds.length) return out;
    const rows = await s.tx.select().from(users).where(and(eq(users.orgId, s.orgId), inArray(users.roleId, roleIds), isNull(users.deletedAt))).orderBy(asc(users.name));
    for (const u of rows) out.get(u.roleId!)?.push(u);
    return out;
  }
}
