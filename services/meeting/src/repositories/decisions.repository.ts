import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { decisions, voters, type DecisionRow, type VoterRow } from '../db/schema';
import type { Tx } from '../db/db';
import { personKey } from '../rules/person';


/** Decisions (meeting-bound and standalone) and their voters. */
@Injectable()
export class DecisionsRepository {
  async get(orgId: string, tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<DecisionRow | null> {
    const q = tx.select().from(decisions).where(and(eq(decisions.orgId, orgId), eq(decisions.id, id)));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async ofMeeting(orgId: string, tx: Tx, meetingId: number): Promise<DecisionRow[]> {
    return tx.select().from(decisions).where(and(eq(decisions.orgId, orgId), eq(decisions.meetingId, meetingId))).orderBy(asc(decisions.rowNum), asc(decisions.id));
  }

  async insert(orgId: string, tx: Tx, v: Omit<typeof decisions.$inferInsert, 'orgId'>): Promise<DecisionRow> {
    const [row] = await tx.insert(decisions).values({ ...v, orgId }).returning();
    return row;
  }

  async update(orgId: string, tx: Tx, id: number, v: Partial<typeof decisions.$inferInsert>): Promise<void> {
    await tx.update(decisions).set({ ...v, updatedAt: new Date() }).where(and(eq(decisions.orgId, orgId), eq(decisions.id, id)));
  }

  async delete(orgId: string, tx: Tx, id: number): Promise<void> {
    await tx.delete(decisions).where(and(eq(decisions.orgId, orgId), eq(decisions.id, id)));
  }

  async votersOf(orgId: string, tx: Tx, decisionIds: number[]): Promise<VoterRow[]> {
    if (!decisionIds.length) return [];
    return tx.select().from(voters).where(and(eq(voters.orgId, orgId), inArray(voters.decisionId, decisionIds))).orderBy(asc(voters.id));
  }

  /** the rows of these voters (by voter key) on one decision */
  async votersByKeys(orgId: string, tx: Tx, decisionId: number, keys: string[]): Promise<VoterRow[]> {
    const wanted = [...new Set(keys)];
    if (!wanted.length) return [];
    return tx.select().from(voters).where(and(eq(voters.orgId, orgId), eq(voters.decisionId, decisionId), inArray(voters.voterKey, wanted)));
  }

  /** how many voters hold each value on one decision (values nobody holds are absent) */
  async voteCounts(orgId: string, tx: Tx, decisionId: number): Promise<Array<{ vote: string; n: number }>> {
    return tx
      .select({ vote: voters.vote, n: count() })
      .from(voters)
      .where(and(eq(voters.orgId, orgId), eq(voters.decisionId, decisionId)))
      .groupBy(voters.vote);
  }

  /** make the voter list exactly these people; votes already cast by people who stay are kept */
  async setVoters(orgId: string, tx: Tx, decisionId: number, people: Array<{ userId: number | null; userEmail: string | null }>): Promise<void> {
    const existing = await this.votersOf(orgId, tx, [decisionId]);
    const want = new Map(people.map((p) => [personKey(p), p]));
    const gone = existing.filter((v) => !want.has(v.voterKey)).map((v) => v.id);
    if (gone.length) await tx.delete(voters).where(and(eq(voters.orgId, orgId), inArray(voters.id, gone)));
    const have = new Set(existing.map((v) => v.voterKey));
    const add = [...want.entries()].filter(([k]) => !have.has(k));
    if (add.length) {
      await tx
        .insert(voters)
        .values(add.map(([k, p]) => ({ orgId, decisionId, voterKey: k, userId: p.userId, userEmail: p.userEmail })))
        .onConflictDoNothing();
    }
  }

  /** one vote per (decision, voter): an upsert on the unique key, safe under concurrency */
  async upsertVote(orgId: string, tx: Tx, v: { decisionId: number; userId: number | null; userEmail: string | null; vote: string; reason: string | null; votedBy: number | null }): Promise<void> {
    const key = personKey(v);
    await tx
      .insert(voters)
      .values({ orgId, decisionId: v.decisionId, voterKey: key, userId: v.userId, userEmail: v.userEmail, vote: v.vote, reason: v.reason, votedBy: v.votedBy })
      .onConflictDoUpdate({
        target: [voters.orgId, voters.decisionId, voters.voterKey],
        set: { vote: v.vote, reason: v.reason, votedBy: v.votedBy, updatedAt: sql`now()` },
      });
  }

  async standalone(
    orgId: string,
    tx: Tx,
    f: { committeeIds: number[] | 'all'; search?: string; fulfilled?: boolean; state?: 'OPEN' | 'DUE'; limit: number; offset: number },
  ): Promise<{ rows: DecisionRow[]; total: number }> {
    const conds: SQL[] = [eq(decisions.orgId, orgId), isNull(decisions.meetingId)];
    if (f.committeeIds !== 'all') {
      if (!f.committeeIds.length) return { rows: [], total: 0 };
      conds.push(inArray(decisions.committeeId, f.committeeIds));
    }
    if (f.search) conds.push(ilike(decisions.title, `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    if (f.fulfilled !== undefined) conds.push(eq(decisions.isFulfilled, f.fulfilled));
    if (f.state === 'DUE') conds.push(sql`${decisions.deadline} <= now()`);
    if (f.state === 'OPEN') conds.push(sql`${decisions.deadline} > now()`);
    const w = and(...conds);
    const [{ n }] = await tx.select({ n: count() }).from(decisions).where(w);
    const rows = await tx.select().from(decisions).where(w).orderBy(desc(decisions.deadline), desc(decisions.id)).limit(f.limit).offset(f.offset);
    return { rows, total: Number(n) };
  }

  /** decisions where the user is a voter (home: my decisions) */
  async forVoter(orgId: string, tx: Tx, userId: number, limit: number): Promise<DecisionRow[]> {
    return tx
      .select({ d: decisions })
      .from(decisions)
      .innerJoin(voters, and(eq(voters.decisionId, decisions.id), eq(voters.orgId, orgId)))
      .where(and(eq(decisions.orgId, orgId), eq(voters.userId, userId), eq(decisions.isFulfilled, false), sql`${decisions.deadline} > now()`))
      .orderBy(asc(decisions.deadline))
      .limit(limit)
      .then((r) => r.map((x) => x.d));
  }
}
