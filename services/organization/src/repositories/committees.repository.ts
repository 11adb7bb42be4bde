import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { boardCommittees, committeeMembers, committees, users } from '../db/schema';
import type { Scope } from '../common/org-db';
import type { UserRow } from './users.repository';
import { containsPattern } from '@app/platform';

export type CommitteeRow = typeof committees.$inferSelect;
export type CommitteeKind = 'committee' | 'board';
/** `weights`: each member's weight (docs/ballots.md#weights-and-outcome-rules) */
export interface Members { admins: UserRow[]; users: UserRow[]; weights: Map<number, number> }

@Injectable()
export class CommitteesRepository {
  async get(s: Scope, kind: CommitteeKind | null, id: number): Promise<CommitteeRow | null> {
    const [row] = await s.tx
      .select()
      .from(committees)
      .where(and(eq(committees.orgId, s.orgId), eq(committees.id, id), kind ? eq(committees.kind, kind) : undefined))
      .limit(1);
    return row ?? null;
  }

  /** Ordered by name descending (docs/product/administration.md#api). */
  async page(s: Scope, kind: CommitteeKind, q: { page: number; perPage: number; search?: string; status?: string }): Promise<{ rows: CommitteeRow[]; total: number }> {
    const where = and(
      eq(committees.orgId, s.orgId),
      eq(committees.kind, kind),
      q.search ? ilike(committees.name, containsPattern(q.search)) : undefined,
      q.status ? eq(committees.status, q.status) : undefined,
    );
    const [{ n }] = await s.tx.select({ n: count() }).from(committees).where(where);
    const rows = await s.tx.select().from(committees).where(where).orderBy(desc(committees.name), desc(committees.id)).limit(q.perPage).offset((q.page - 1) * q.perPage);
    return { rows, total: Number(n) };
  }

  async all(s: Scope, kind: CommitteeKind): Promise<CommitteeRow[]> {
    return s.tx.select().from(committees).where(and(eq(committees.orgId, s.orgId), eq(committees.kind, kind))).orderBy(desc(committees.name));
  }

  async insert(s: Scope, values: Omit<typeof committees.$inferInsert, 'orgId' | 'id'>): Promise<CommitteeRow> {
    const [row] = await s.tx.insert(committees).values({ ...values, orgId: s.orgId }).returning();
    return row;
  }

  async update(s: Scope, id: number, values: Partial<Omit<typeof committees.$inferInsert, 'orgId' | 'id'>>): Promise<CommitteeRow> {
    const [row] = await s.tx.update(committees).set({ ...values, updatedAt: new Date() }).where(and(eq(committees.orgId, s.orgId), eq(committees.id, id))).returning();
    return row;
  }

  async delete(s: Scope, id: number): Promise<void> {
    await s.tx.delete(committees).where(and(eq(committees.orgId, s.orgId), eq(committees.id, id)));
  }

  async existingIds(s: Scope, kind: CommitteeKind, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await s.tx.select({ id: committees.id }).from(committees).where(and(eq(committees.orgId, s.orgId), eq(committees.kind, kind), inArray(committees.id, ids)));
    return new Set(rows.map((r) => r.id));
  }

  /** Members (not deleted users) of each committee; admins are members too. */
  async members(s: Scope, ids: number[]): Promise<Map<number, Members>> {
    const out = new Map<number, Members>();
    for (const id of ids) out.set(id, { admins: [], users: [], weights: new Map() });
    if (!ids.length) return out;
    const rows = await s.tx
      .select({ committeeId: committeeMembers.committeeId, isAdmin: committeeMembers.isAdmin, weight: committeeMembers.weight, user: users })
      .from(committeeMembers)
      .innerJoin(users, eq(users.id, committeeMembers.userId))
      .where(and(eq(committeeMembers.orgId, s.orgId), inArray(committeeMembers.committeeId, ids), isNull(users.deletedAt)))
      .orderBy(asc(users.name));
    for (const r of rows) {
      const m = out.get(r.committeeId)!;
      m.users.push(r.user);
      m.weights.set(r.user.id, r.weight);
      if (r.isAdmin) m.admins.push(r.user);
    }
    return out;
  }

  /**
   * Make the members exactly these; `weights` (user id -> weight) gives each member's weight, 1 for one left out.
   * Without `weights` the members who stay keep theirs.
   */
  async setMembers(s: Scope, committeeId: number, adminIds: number[], userIds: number[], weights?: Map<number, number>): Promise<void> {
    const removed = await s.tx
      .delete(committeeMembers)
      .where(and(eq(committeeMembers.orgId, s.orgId), eq(committeeMembers.committeeId, committeeId)))
      .returning({ userId: committeeMembers.userId, weight: committeeMembers.weight });
    const kept = weights ?? new Map(removed.map((r) => [r.userId, r.weight]));
    const admins = new Set(adminIds);
    const all = [...new Set([...adminIds, ...userIds])];
    if (all.length) await s.tx.insert(committeeMembers).values(all.map((userId) => ({ orgId: s.orgId, committeeId, userId, isAdmin: admins.has(userId), weight: kept.get(userId) ?? 1 })));
  }

  async boardCommittees(s: Scope, boardIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
    const out = new Map<number, { id: number; name: string }[]>();
    for (const id of boardIds) out.set(id, []);
    if (!boardIds.length) return out;
    const rows = await s.tx
      .select({ boardId: boardCommittees.boardId, id: committees.id, name: committees.name })
      .from(boardCommittees)
      .innerJoin(committees, eq(committees.id, boardCommittees.committeeId))
      .where(and(eq(boardCommittees.orgId, s.orgId), inArray(boardCommittees.boardId, boardIds)))
      .orderBy(asc(committees.name));
    for (const r of rows) out.get(r.boardId)!.push({ id: r.id, name: r.name });
    return out;
  }

  async setBoardCommittees(s: Scope, boardId: number, committeeIds: number[]): Promise<void> {
    await s.tx.delete(boardCommittees).where(and(eq(boardCommittees.orgId, s.orgId), eq(boardCommittees.boardId, boardId)));
    const ids = [...new Set(committeeIds)];
    if (ids.length) await s.tx.insert(boardCommittees).values(ids.map((committeeId) => ({ orgId: s.orgId, boardId, committeeId })));
  }

  /** Committees (kind) with a membership of the user, and whether as admin. */
  async ofUser(s: Scope, userId: number): Promise<{ committee: CommitteeRow; isAdmin: boolean }[]> {
    const rows = await s.tx
      .select({ committee: committees, isAdmin: committeeMembers.isAdmin })
      .from(committeeMembers)
      .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
      .where(and(eq(committeeMembers.orgId, s.orgId), eq(committeeMembers.userId, userId), eq(committees.kind, 'committee')))
      .orderBy(desc(committees.name));
    return rows;
  }

  /** Per committee: members and admins (not deleted users). */
  async counts(s: Scope, kind: CommitteeKind): Promise<{ id: number; name: string; status: string; quorum: number; admins: number; members: number }[]> {
    const rows = await s.tx
      .select({
        id: committees.id,
        name: committees.name,
        status: committees.status,
        quorum: committees.quorum,
        admins: sql<number>`count(${users.id}) filter (where ${committeeMembers.isAdmin})`.mapWith(Number),
        members: sql<number>`count(${users.id})`.mapWith(Number),
      })
      .from(committees)
      .leftJoin(committeeMembers, and(eq(committeeMembers.committeeId, committees.id), eq(committeeMembers.orgId, s.orgId)))
      .leftJoin(users, and(eq(users.id, committeeMembers.userId), isNull(users.deletedAt)))
      .where(and(eq(committees.orgId, s.orgId), eq(committees.kind, kind)))
      .groupBy(committees.id)
      .orderBy(desc(committees.name));
    return rows;
  }

  async distinctMembers(s: Scope, kind: CommitteeKind): Promise<number> {
    const [{ n }] = await s.tx
      .select({ n: sql<number>`count(distinct ${committeeMembers.userId})`.mapWith(Number) })
      .from(committeeMembers)
      .innerJoin(committees, eq(committees.id, committeeMembers.committeeId))
      .innerJoin(users, eq(users.id, committeeMembers.userId))
      .where(and(eq(committeeMembers.orgId, s.orgId), eq(committees.kind, kind), isNull(users.deletedAt)));
    return n;
  }
}
