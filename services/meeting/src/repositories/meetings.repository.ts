import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { actions, decisions, meetings, members, talkingPoints, type MeetingRow, type MemberRow } from '../db/schema';
import type { Tx } from '../db/db';

export type NewMeeting = typeof meetings.$inferInsert;
export type NewMember = typeof members.$inferInsert;

/** Meetings and their members. Every method takes orgId first and runs in the caller's db.tenant transaction. */
@Injectable()
export class MeetingsRepository {
  async get(orgId: string, tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<MeetingRow | null> {
    const q = tx.select().from(meetings).where(and(eq(meetings.orgId, orgId), eq(meetings.id, id)));
    const rows = opts.lock ? await q.for('update') : await q;
    return rows[0] ?? null;
  }

  async insert(orgId: string, tx: Tx, values: Omit<NewMeeting, 'orgId'>): Promise<MeetingRow> {
    const [row] = await tx.insert(meetings).values({ ...values, orgId }).returning();
    return row;
  }

  async update(orgId: string, tx: Tx, id: number, values: Partial<NewMeeting>): Promise<void> {
    await tx.update(meetings).set({ ...values, updatedAt: new Date() }).where(and(eq(meetings.orgId, orgId), eq(meetings.id, id)));
  }

  async delete(orgId: string, tx: Tx, id: number): Promise<void> {
    await tx.delete(meetings).where(and(eq(meetings.orgId, orgId), eq(meetings.id, id)));
  }

  async members(orgId: string, tx: Tx, meetingId: number): Promise<MemberRow[]> {
    return tx.select().from(members).where(and(eq(members.orgId, orgId), eq(members.meetingId, meetingId))).orderBy(desc(members.isOwner), asc(members.id));
  }

  async memberByTokenHash(orgId: string, tx: Tx, tokenHash: string): Promise<MemberRow | null> {
    const [row] = await tx.select().from(members).where(and(eq(members.orgId, orgId), eq(members.tokenHash, tokenHash)));
    return row ?? null;
  }

  async insertMembers(orgId: string, tx: Tx, rows: Omit<NewMember, 'orgId'>[]): Promise<MemberRow[]> {
    if (!rows.length) return [];
    return tx.insert(members).values(rows.map((r) => ({ ...r, orgId }))).onConflictDoNothing().returning();
  }

  async updateMember(orgId: string, tx: Tx, memberId: number, values: Partial<NewMember>): Promise<void> {
    await tx.update(members).set({ ...values, updatedAt: new Date() }).where(and(eq(members.orgId, orgId), eq(members.id, memberId)));
  }

  async deleteMember(orgId: string, tx: Tx, memberId: number): Promise<void> {
    await tx.delete(members).where(and(eq(members.orgId, orgId), eq(members.id, memberId)));
  }

  /** talking points + decisions + actions of a meeting */
  async agendaCount(orgId: string, tx: Tx, meetingId: number): Promise<number> {
    const [a] = await tx.select({ n: count() }).from(talkingPoints).where(and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.meetingId, meetingId)));
    const [b] = await tx.select({ n: count() }).from(decisions).where(and(eq(decisions.orgId, orgId), eq(decisions.meetingId, meetingId)));
    const [c] = await tx.select({ n: count() }).from(actions).where(and(eq(actions.orgId, orgId), eq(actions.meetingId, meetingId)));
    return Number(a.n) + Number(b.n) + Number(c.n);
  }

  /** agenda item counts of several meetings */
  async agendaCounts(orgId: string, tx: Tx, meetingIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!meetingIds.length) return out;
    const ids = sql.join(meetingIds.map((i) => sql`${i}`), sql`, `);
    const r = await tx.execute<{ meeting_id: string; n: string }>(sql`
      select meeting_id, count(*) as n from (
        select meeting_id from meeting.talking_points where org_id = ${orgId} and meeting_id in (${ids})
        union all select meeting_id from meeting.decisions where org_id = ${orgId} and meeting_id in (${ids})
        union all select meeting_id from meeting.actions where org_id = ${orgId} and meeting_id in (${ids})
      ) t group by meeting_id`);
    for (const row of r.rows) out.set(Number(row.meeting_id), Number(row.n));
    return out;
  }

  /** the next row number on the meeting's agenda */
  async nextRowNum(orgId: string, tx: Tx, meetingId: number): Promise<number> {
    const r = await tx.execute<{ n: number }>(sql`
      select coalesce(max(n), 0) + 1 as n from (
        select row_num as n from meeting.talking_points where org_id = ${orgId} and meeting_id = ${meetingId}
        union all select row_num from meeting.decisions where org_id = ${orgId} and meeting_id = ${meetingId}
        union all select row_num from meeting.actions where org_id = ${orgId} and meeting_id = ${meetingId}
      ) t`);
    return Number(r.rows[0]?.n ?? 1);
  }

  /**
   * Meetings the actor may see: owner, member (user), committee admin (adminCommitteeIds) or everyone's
   * for an organization admin. `role` narrows to Organizer / Editor / Participate.
   */
  visibleWhere(orgId: string, f: { userId: number; isAdmin: boolean; adminCommitteeIds: number[]; role: string }): SQL {
    const mine = sql`exists (select 1 from meeting.members mm where mm.org_id = ${orgId} and mm.meeting_id = ${meetings.id} and mm.user_id = ${f.userId})`;
    const editor = sql`exists (select 1 from meeting.members mm where mm.org_id = ${orgId} and mm.meeting_id = ${meetings.id} and mm.user_id = ${f.userId} and mm.role = 'Editor')`;
    const base = eq(meetings.orgId, orgId);
    if (f.role === 'Organizer') return and(base, eq(meetings.ownerId, f.userId))!;
    if (f.role === 'Editor') return and(base, editor)!;
    if (f.role === 'Participate') return and(base, mine, sql`${meetings.ownerId} <> ${f.userId}`)!;
    if (f.isAdmin) return base;
    const parts: SQL[] = [eq(meetings.ownerId, f.userId), mine];
    if (f.adminCommitteeIds.length) parts.push(inArray(meetings.committeeId, f.adminCommitteeIds));
    return and(base, or(...parts))!;
  }

  async list(
    orgId: string,
    tx: Tx,
    where: SQL,
    f: { search?: string; status?: number; committeeId?: number; from?: Date; to?: Date; limit?: number; offset?: number; order?: 'asc' | 'desc' },
  ): Promise<{ rows: MeetingRow[]; total: number }> {
    const conds: SQL[] = [where];
    if (f.search) conds.push(ilike(meetings.title, `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    if (f.status) conds.push(eq(meetings.statusId, f.status));
    if (f.committeeId) conds.push(eq(meetings.committeeId, f.committeeId));
    if (f.from) conds.push(gte(meetings.startAt, f.from));
    if (f.to) conds.push(lt(meetings.startAt, f.to));
    const w = and(...conds);
    const [{ n }] = await tx.select({ n: count() }).from(meetings).where(w);
    let q = tx.select().from(meetings).where(w).orderBy(f.order === 'asc' ? asc(meetings.startAt) : desc(meetings.startAt), desc(meetings.id)).$dynamic();
    if (f.limit !== undefined) q = q.limit(f.limit).offset(f.offset ?? 0);
    return { rows: await q, total: Number(n) };
  }

  async membersOf(orgId: string, tx: Tx, meetingIds: number[]): Promise<MemberRow[]> {
    if (!meetingIds.length) return [];
    return tx.select().from(members).where(and(eq(members.orgId, orgId), inArray(members.meetingId, meetingIds)));
  }
}
