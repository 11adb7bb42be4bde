import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { committeeMembers, committees, roles, users } from '../db/schema';
import type { Scope } from '../common/org-db';
import { containsPattern } from '@app/platform';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'orgId' | 'id'>;
export interface Named { id: number; name: string }
export interface UserCommittees { admin: Named[]; member: Named[] }

export interface UserFilter {
  page: number;
  perPage: number;
  search?: string;
  status?: string;
  roleId?: number;
  committeeId?: number;
  deleted: boolean;
}

@Injectable()
export class UsersRepository {
  async get(s: Scope, id: number, opts: { withDeleted?: boolean } = {}): Promise<UserRow | null> {
    const [row] = await s.tx
      .select()
      .from(users)
      .where(and(eq(users.orgId, s.orgId), eq(users.id, id), opts.withDeleted ? undefined : isNull(users.deletedAt)))
      .limit(1);
    return row ?? null;
  }

  /** The row locked until the transaction ends: attempts on one account's credentials run one at a time. */
  async getForUpdate(s: Scope, id: number): Promise<UserRow | null> {
    const [row] = await s.tx
      .select()
      .from(users)
      .where(and(eq(users.orgId, s.orgId), eq(users.id, id), isNull(users.deletedAt)))
      .limit(1)
      .for('update');
    return row ?? null;
  }

  /** The account bound to a single sign-on identity (issuer and subject). */
  async bySsoSubject(s: Scope, issuer: string, subject: string): Promise<UserRow | null> {
    const [row] = await s.tx
      .select()
      .from(users)
      .where(and(eq(users.orgId, s.orgId), eq(users.ssoIssuer, issuer), eq(users.ssoSubject, subject), isNull(users.deletedAt)))
      .limit(1);
    return row ?? null;
  }

  /** By e-mail, case-insensitive; deleted users only when asked. */
  async byEmail(s: Scope, email: string, opts: { withDeleted?: boolean } = {}): Promise<UserRow | null> {
    const [row] = await s.tx
      .select()
      .from(users)
      .where(and(eq(users.orgId, s.orgId), sql`lower(${users.email}) = ${email.toLowerCase()}`, opts.withDeleted ? undefined : isNull(users.deletedAt)))
      .limit(1);
    return row ?? null;
  }

  /** E-mails are unique in an organization, deleted users included (they can be restored). */
  async emailTaken(s: Scope, email: string, exceptId?: number): Promise<boolean> {
    const [row] = await s.tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, s.orgId), sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1);
    return !!row;
  }

  async insert(s: Scope, values: NewUser): Promise<UserRow> {
    const [row] = await s.tx.insert(users).values({ ...values, orgId: s.orgId }).returning();
    return row;
  }

  async update(s: Scope, id: number, values: Partial<NewUser>): Promise<UserRow> {
    const [row] = await s.tx.update(users).set({ ...values, updatedAt: new Date() }).where(and(eq(users.orgId, s.orgId), eq(users.id, id))).returning();
    return row;
  }

  async page(s: Scope, f: UserFilter): Promise<{ rows: UserRow[]; total: number }> {
    const conds: (SQL | undefined)[] = [eq(users.orgId, s.orgId), f.deleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt)];
    if (f.search) {
      const q = containsPattern(f.search);
      conds.push(or(ilike(users.name, q), ilike(users.email, q), ilike(users.phone, q), ilike(users.position, q), ilike(users.designation, q)));
    }
    if (f.status) conds.push(eq(users.status, f.status));
    if (f.roleId) conds.push(eq(users.roleId, f.roleId));
    if (f.committeeId) {
      conds.push(inArray(users.id, s.tx.select({ id: committeeMembers.userId }).from(committeeMembers).where(and(eq(committeeMembers.orgId, s.orgId), eq(committeeMembers.committeeId, f.committeeId)))));
    }
    const where = and(...conds);
    const [{ n }] = await s.tx.select({ n: count() }).from(users).where(where);
    const rows = await s.tx
      .select()
      .from(users)
      .where(where)
      .orderBy(f.deleted ? desc(users.deletedAt) : desc(users.createdAt), desc(users.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage);
    return { rows, total: Number(n) };
  }

  /** Active users for pickers, optionally only one committee's members. */
  async listActive(s: Scope, opts: { committeeId?: number; search?: string }): Promise<UserRow[]> {
    const conds: (SQL | undefined)[] = [eq(users.orgId, s.orgId), isNull(users.deletedAt), eq(users.status, 'Active')];
    if (opts.search) {
      const q = containsPattern(opts.search);
      conds.push(or(ilike(users.name, q), ilike(users.email, q)));
    }
    if (opts.committeeId) {
      conds.push(inArray(users.id, s.tx.select({ id: committeeMembers.userId }).from(committeeMembers).where(and(eq(committeeMembers.orgId, s.orgId), eq(committeeMembers.committeeId, opts.committeeId)))));
    }
    return s.tx.select().from(users).where(and(...conds)).orderBy(asc(users.name)).limit(2000);
  }

  async byIds(s: Scope, ids: number[]): Promise<UserRow[]> {
    if (!ids.length) return [];
    return s.tx.select().from(users).where(and(eq(users.orgId, s.orgId), inArray(users.id, ids)));
  }

  async byEmails(s: Scope, emails: string[]): Promise<UserRow[]> {
    if (!emails.length) return [];
    return s.tx
      .select()
      .from(users)
      .where(and(eq(users.orgId, s.orgId), isNull(users.deletedAt), inArray(sql`lower(${users.email})`, emails.map((e) => e.toLowerCase()))));
  }

  /** Which of these ids are users of the organization that are not deleted. */
  async existingIds(s: Scope, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await s.tx.select({ id: users.id }).from(users).where(and(eq(users.orgId, s.orgId), inArray(users.id, ids), isNull(users.deletedAt)));
    return new Set(rows.map((r) => r.id));
  }

  /** Committees (not boards) where each user is admin or member. */
  async committeesOf(s: Scope, userIds: number[]): Promise<Map<number, UserCommittees>> {
    const out = new Map<number, UserCommittees>();
    for (const id of userIds) out.set(id, { admin: [], member: [] });
    if (!userIds.length) return out;
    const rows = await s.tx
      .select({ userId: committeeMembers.userId, isAdmin: committeeMembers.isAdmin, id: committees.id, name: committees.name })
      .from(committeeMembers)
      .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
      .where(and(eq(committeeMembers.orgId, s.orgId), inArray(committeeMembers.userId, userIds), eq(committees.kind, 'committee')))
      .orderBy(asc(committees.name));
    for (const r of rows) {
      const e = out.get(r.userId)!;
      (r.isAdmin ? e.admin : e.member).push({ id: r.id, name: r.name });
    }
    return out;
  }

  /** Replace a user's committee memberships (committees only; boards keep theirs); a committee kept keeps the user's weight. */
  async setCommittees(s: Scope, userId: number, adminIds: number[], memberIds: number[]): Promise<void> {
    const committeeIds = s.tx.select({ id: committees.id }).from(committees).where(and(eq(committees.orgId, s.orgId), eq(committees.kind, 'committee')));
    const removed = await s.tx
      .delete(committeeMembers)
      .where(and(eq(committeeMembers.orgId, s.orgId), eq(committeeMembers.userId, userId), inArray(committeeMembers.committeeId, committeeIds)))
      .returning({ committeeId: committeeMembers.committeeId, weight: committeeMembers.weight });
    const weight = new Map(removed.map((r) => [r.committeeId, r.weight]));
    const admin = new Set(adminIds);
    const all = [...new Set([...adminIds, ...memberIds])];
    if (all.length) {
      await s.tx.insert(committeeMembers).values(all.map((committeeId) => ({ orgId: s.orgId, committeeId, userId, isAdmin: admin.has(committeeId), weight: weight.get(committeeId) ?? 1 })));
    }
  }

  /** Active, not deleted users holding the built-in Admin role (optionally not counting one user). */
  async countActiveAdmins(s: Scope, exceptUserId?: number): Promise<number> {
    const [{ n }] = await s.tx
      .select({ n: count() })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.orgId, s.orgId), isNull(users.deletedAt), eq(users.status, 'Active'), eq(roles.builtin, 'admin'), exceptUserId ? ne(users.id, exceptUserId) : undefined));
    return Number(n);
  }

  async setRoleFor(s: Scope, userIds: number[], roleId: number): Promise<void> {
    if (!userIds.length) return;
    await s.tx.update(users).set({ roleId, updatedAt: new Date() }).where(and(eq(users.orgId, s.orgId), inArray(users.id, userIds)));
  }

  async idsWithRole(s: Scope, roleId: number, opts: { withDeleted?: boolean } = {}): Promise<number[]> {
    const rows = await s.tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, s.orgId), eq(users.roleId, roleId), opts.withDeleted ? undefined : isNull(users.deletedAt)));
    return rows.map((r) => r.id);
  }
}
