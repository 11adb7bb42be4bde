import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ResolutionListFilter } from '../rules/resolution-rights';
import { decisions, resolutionCounters, voters, type DecisionRow, type VoterRow } from '../db/schema';
import type { Scope } from '../db/db';
import { personKey } from '../rules/person';
import { containsPattern } from '@app/platform';

/**
 * The standalone resolutions a ResolutionListFilter admits, as SQL over `meeting.decisions` (rules/resolution-rights:
 * the list's rule, which the search box applies too): no meeting; of the committee asked for; for a user who is no
 * administrator, of a committee they administer or belong to, created by them, or with them among its voters.
 */
export function resolutionFilterSql(orgId: string, filter: ResolutionListFilter): SQL {
  const conds: SQL[] = [eq(decisions.orgId, orgId), isNull(decisions.meetingId)];
  if (filter.committeeId !== undefined) conds.push(eq(decisions.committeeId, filter.committeeId));
  if (filter.kind === 'involved') {
    const uid = filter.userId;
    const voter = sql`exists (select 1 from meeting.voters v where v.org_id = ${orgId} and v.decision_id = ${decisions.id} and v.user_id = ${uid})`;
    const parts: SQL[] = [eq(decisions.createdBy, uid), voter];
    if (filter.committeeIds.length) parts.push(inArray(decisions.committeeId, filter.committeeIds));
    conds.push(or(...parts)!);
  }
  return and(...conds)!;
}

/** Decisions (meeting-bound and standalone) and their voters. */
@Injectable()
export class DecisionsRepository {
  /** `lock`: FOR UPDATE (a command that changes the decision); `share`: FOR SHARE (a batch of votes: a close waits for it) */
  async get(s: Scope, id: number, opts: { lock?: boolean; share?: boolean } = {}): Promise<DecisionRow | null> {
    const { orgId, tx } = s;
    const q = tx.select().from(decisions).where(and(eq(decisions.orgId, orgId), eq(decisions.id, id)));
    const [row] = opts.lock ? await q.for('update') : opts.share ? await q.for('share') : await q;
    return row ?? null;
  }

  async ofMeeting(s: Scope, meetingId: number): Promise<DecisionRow[]> {
    const { orgId, tx } = s;
    return tx.select().from(decisions).where(and(eq(decisions.orgId, orgId), eq(decisions.meetingId, meetingId))).orderBy(asc(decisions.rowNum), asc(decisions.id));
  }

  /** a new decision with the next resolution number of its committee in `year` (nextResolutionSeq) */
  async insert(s: Scope, v: Omit<typeof decisions.$inferInsert, 'orgId' | 'resolutionYear' | 'resolutionSeq'>, year: number): Promise<DecisionRow> {
    const { orgId, tx } = s;
    const seq = await this.nextResolutionSeq(s, v.committeeId, year);
    const [row] = await tx.insert(decisions).values({ ...v, orgId, resolutionYear: year, resolutionSeq: seq }).returning();
    return row;
  }

  /**
   * The next resolution number of a committee and year (docs/decisions.md#resolution-numbers): one upsert on the
   * counter row, which it holds locked until the caller's transaction ends. Two creators of the same committee and
   * year take turns on that row (no duplicate); a transaction that fails gives its number back with its rollback (no gap).
   */
  async nextResolutionSeq(s: Scope, committeeId: number, year: number): Promise<number> {
    const { orgId, tx } = s;
    const [row] = await tx
      .insert(resolutionCounters)
      .values({ orgId, committeeId, year, lastSeq: 1 })
      .onConflictDoUpdate({ target: [resolutionCounters.orgId, resolutionCounters.committeeId, resolutionCounters.year], set: { lastSeq: sql`${resolutionCounters.lastSeq} + 1` } })
      .returning({ seq: resolutionCounters.lastSeq });
    return row.seq;
  }

  async update(s: Scope, id: number, v: Partial<typeof decisions.$inferInsert>): Promise<void> {
    const { orgId, tx } = s;
    await tx.update(decisions).set({ ...v, updatedAt: new Date() }).where(and(eq(decisions.orgId, orgId), eq(decisions.id, id)));
  }

  async delete(s: Scope, id: number): Promise<void> {
    const { orgId, tx } = s;
    await tx.delete(decisions).where(and(eq(decisions.orgId, orgId), eq(decisions.id, id)));
  }

  async votersOf(s: Scope, decisionIds: number[]): Promise<VoterRow[]> {
    const { orgId, tx } = s;
    if (!decisionIds.length) return [];
    return tx.select().from(voters).where(and(eq(voters.orgId, orgId), inArray(voters.decisionId, decisionIds))).orderBy(asc(voters.id));
  }

  /** the rows of these voters (by voter key) on one decision */
  async votersByKeys(s: Scope, decisionId: number, keys: string[]): Promise<VoterRow[]> {
    const { orgId, tx } = s;
    const wanted = [...new Set(keys)];
    if (!wanted.length) return [];
    return tx.select().from(voters).where(and(eq(voters.orgId, orgId), eq(voters.decisionId, decisionId), inArray(voters.voterKey, wanted)));
  }

  /** how many voters hold each value on one decision, and their weight `w` (values nobody holds are absent) */
  async voteCounts(s: Scope, decisionId: number): Promise<Array<{ vote: string; n: number; w: number }>> {
    const { orgId, tx } = s;
    return tx
      .select({ vote: voters.vote, n: count(), w: sql<number>`coalesce(sum(${voters.weight}), 0)`.mapWith(Number) })
      .from(voters)
      .where(and(eq(voters.orgId, orgId), eq(voters.decisionId, decisionId)))
      .groupBy(voters.vote);
  }

  /**
   * make the voter list exactly these people; votes already cast by people who stay are kept. `weights`: each
   * voter's weight (docs/ballots.md#weights-and-outcome-rules), written on new rows and, with `refresh` (no vote
   * cast yet), on the rows that stay; from the first vote on they are fixed.
   */
  async setVoters(
    s: Scope, decisionId: number, people: Array<{ userId: number | null; userEmail: string | null }>,
    weights: { of: (userId: number | null) => number; refresh: boolean } = { of: () => 1, refresh: false },
  ): Promise<void> {
    const { orgId, tx } = s;
    const existing = await this.votersOf(s, [decisionId]);
    const want = new Map(people.map((p) => [personKey(p), p]));
    const gone = existing.filter((v) => !want.has(v.voterKey)).map((v) => v.id);
    if (gone.length) await tx.delete(voters).where(and(eq(voters.orgId, orgId), inArray(voters.id, gone)));
    const have = new Set(existing.map((v) => v.voterKey));
    const add = [...want.entries()].filter(([k]) => !have.has(k));
    if (add.length) {
      await tx
        .insert(voters)
        .values(add.map(([k, p]) => ({ orgId, decisionId, voterKey: k, userId: p.userId, userEmail: p.userEmail, weight: weights.of(p.userId) })))
        .onConflictDoNothing();
    }
    if (!weights.refresh) return;
    const changed = new Map<number, number[]>();
    for (const v of existing) {
      const w = weights.of(v.userId);
      if (want.has(v.voterKey) && v.weight !== w) changed.set(w, [...(changed.get(w) ?? []), v.id]);
    }
    for (const [w, ids] of changed) await tx.update(voters).set({ weight: w }).where(and(eq(voters.orgId, orgId), inArray(voters.id, ids)));
  }

  /** one vote per (decision, voter): an upsert on the unique key, safe under concurrency */
  /** `choices`: an open election's chosen candidate numbers (null otherwise) */
  async upsertVote(s: Scope, v: { decisionId: number; userId: number | null; userEmail: string | null; vote: string; reason: string | null; votedBy: number | null; choices?: number[] | null }): Promise<void> {
    const { orgId, tx } = s;
    const key = personKey(v);
    const choices = v.choices ?? null;
    await tx
      .insert(voters)
      .values({ orgId, decisionId: v.decisionId, voterKey: key, userId: v.userId, userEmail: v.userEmail, vote: v.vote, reason: v.reason, votedBy: v.votedBy, choices })
      .onConflictDoUpdate({
        target: [voters.orgId, voters.decisionId, voters.voterKey],
        set: { vote: v.vote, reason: v.reason, votedBy: v.votedBy, choices, updatedAt: sql`now()` },
      });
  }

  /** an open election's count per candidate, per decision: the voters who chose each and their weight */
  async candidateCounts(s: Scope, decisionIds: number[]): Promise<Array<{ decisionId: number; id: number; n: number; w: number }>> {
    const { orgId, tx } = s;
    if (!decisionIds.length) return [];
    const rows = await tx
      .select({ decisionId: voters.decisionId, choices: voters.choices, weight: voters.weight })
      .from(voters)
      .where(and(eq(voters.orgId, orgId), inArray(voters.decisionId, decisionIds), isNotNull(voters.choices)));
    const out = new Map<string, { decisionId: number; id: number; n: number; w: number }>();
    for (const r of rows) {
      for (const id of r.choices ?? []) {
        const k = `${r.decisionId}:${id}`;
        const c = out.get(k) ?? { decisionId: r.decisionId, id, n: 0, w: 0 };
        c.n++;
        c.w += r.weight;
        out.set(k, c);
      }
    }
    return [...out.values()];
  }

  /**
   * Several votes on one decision in one statement (a batch of votes; each voter key at most once, the caller
   * makes sure). Only voters already on the list are changed: a key without a row is not inserted (the gate
   * checked it is there; the insert-or-update keeps the unique (decision, voter) constraint as the guard).
   */
  async upsertVotes(s: Scope, decisionId: number, vs: Array<{ userId: number | null; userEmail: string | null; vote: string; reason: string | null; votedBy: number | null }>): Promise<void> {
    const { orgId, tx } = s;
    if (!vs.length) return;
    await tx
      .insert(voters)
      .values(vs.map((v) => ({ orgId, decisionId, voterKey: personKey(v), userId: v.userId, userEmail: v.userEmail, vote: v.vote, reason: v.reason, votedBy: v.votedBy })))
      .onConflictDoUpdate({
        target: [voters.orgId, voters.decisionId, voters.voterKey],
        set: { vote: sql`excluded.vote`, reason: sql`excluded.reason`, votedBy: sql`excluded.voted_by`, updatedAt: sql`now()` },
      });
  }

  async standalone(
    s: Scope,
    f: { filter: ResolutionListFilter; search?: string; fulfilled?: boolean; state?: 'OPEN' | 'DUE'; limit: number; offset: number },
  ): Promise<{ rows: DecisionRow[]; total: number }> {
    const { orgId, tx } = s;
    const conds: SQL[] = [resolutionFilterSql(orgId, f.filter)];
    if (f.search) conds.push(ilike(decisions.title, containsPattern(f.search)));
    if (f.fulfilled !== undefined) conds.push(eq(decisions.isFulfilled, f.fulfilled));
    if (f.state === 'DUE') conds.push(sql`${decisions.deadline} <= now()`);
    if (f.state === 'OPEN') conds.push(sql`${decisions.deadline} > now()`);
    const w = and(...conds);
    const [{ n }] = await tx.select({ n: count() }).from(decisions).where(w);
    const rows = await tx.select().from(decisions).where(w).orderBy(desc(decisions.deadline), desc(decisions.id)).limit(f.limit).offset(f.offset);
    return { rows, total: Number(n) };
  }

  /** decisions where the user is a voter (home: my decisions) */
  async forVoter(s: Scope, userId: number, limit: number): Promise<DecisionRow[]> {
    const { orgId, tx } = s;
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
