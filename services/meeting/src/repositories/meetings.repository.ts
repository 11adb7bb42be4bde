import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { actions, decisions, meetings, talkingPoints, type MeetingRow } from '../db/schema';
import type { MeetingListFilter } from '../rules/visibility';
import type { Scope } from '../db/db';
import { containsPattern } from '@app/platform';

/** the list filter of rules/visibility.ts as SQL (the same rule canView applies to one meeting); the lists and the search use it */
export function meetingFilterSql(orgId: string, f: MeetingListFilter): SQL {
  const base = eq(meetings.orgId, orgId);
  const member = (uid: number, role?: string) =>
    sql`exists (select 1 from meeting.members mm where mm.org_id = ${orgId} and mm.meeting_id = ${meetings.id} and mm.user_id = ${uid}${role ? sql` and mm.role = ${role}` : sql``})`;
  switch (f.kind) {
    case 'all': return base;
    case 'owner': return and(base, eq(meetings.ownerId, f.userId))!;
    case 'editor': return and(base, member(f.userId, 'Editor'))!;
    case 'participant': return and(base, member(f.userId), sql`${meetings.ownerId} <> ${f.userId}`)!;
    case 'involved': {
      const parts: SQL[] = [eq(meetings.ownerId, f.userId), member(f.userId)];
      if (f.committeeIds.length) parts.push(inArray(meetings.committeeId, f.committeeIds));
      return and(base, or(...parts))!;
    }
  }
}

export type NewMeeting = typeof meetings.$inferInsert;

/** Meetings: their rows, agenda counts and order, and the lists a user may see. */
@Injectable()
export class MeetingsRepository {
  async get(s: Scope, id: number, opts: { lock?: boolean } = {}): Promise<MeetingRow | null> {
    const { orgId, tx } = s;
    const q = tx.select().from(meetings).where(and(eq(meetings.orgId, orgId), eq(meetings.id, id)));
    const rows = opts.lock ? await q.for('update') : await q;
    return rows[0] ?? null;
  }

  async insert(s: Scope, values: Omit<NewMeeting, 'orgId'>): Promise<MeetingRow> {
    const { orgId, tx } = s;
    const [row] = await tx.insert(meetings).values({ ...values, orgId }).returning();
    return row;
  }

  async update(s: Scope, id: number, values: Partial<NewMeeting>): Promise<void> {
    const { orgId, tx } = s;
    await tx.update(meetings).set({ ...values, updatedAt: new Date() }).where(and(eq(meetings.orgId, orgId), eq(meetings.id, id)));
  }

  async delete(s: Scope, id: number): Promise<void> {
    const { orgId, tx } = s;
    await tx.delete(meetings).where(and(eq(meetings.orgId, orgId), eq(meetings.id, id)));
  }






  /** talking points + decisions + actions of a meeting */
  /** the meeting's agenda items (talking points, decisions, actions): one statement, read by every access check */
  async agendaCount(s: Scope, meetingId: number): Promise<number> {
    const { orgId, tx } = s;
    const r = await tx.execute<{ n: string }>(sql`
      select (select count(*) from meeting.talking_points where org_id = ${orgId} and meeting_id = ${meetingId})
           + (select count(*) from meeting.decisions where org_id = ${orgId} and meeting_id = ${meetingId})
           + (select count(*) from meeting.actions where org_id = ${orgId} and meeting_id = ${meetingId}) as n`);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** agenda item counts of several meetings */
  async agendaCounts(s: Scope, meetingIds: number[]): Promise<Map<number, number>> {
    const { orgId, tx } = s;
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
  async nextRowNum(s: Scope, meetingId: number): Promise<number> {
    const { orgId, tx } = s;
    const r = await tx.execute<{ n: number }>(sql`
      select coalesce(max(n), 0) + 1 as n from (
        select row_num as n from meeting.talking_points where org_id = ${orgId} and meeting_id = ${meetingId}
        union all select row_num from meeting.decisions where org_id = ${orgId} and meeting_id = ${meetingId}
        union all select row_num from meeting.actions where org_id = ${orgId} and meeting_id = ${meetingId}
      ) t`);
    return Number(r.rows[0]?.n ?? 1);
  }

  async list(
    s: Scope,
    filter: MeetingListFilter,
    f: { search?: string; status?: number; committeeId?: number; from?: Date; to?: Date; limit?: number; offset?: number; order?: 'asc' | 'desc' },
  ): Promise<{ rows: MeetingRow[]; total: number }> {
    const { orgId, tx } = s;
    const conds: SQL[] = [meetingFilterSql(orgId, filter)];
    if (f.search) conds.push(ilike(meetings.title, containsPattern(f.search)));
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


  /** give agenda items their new row numbers (PUT /meetings/{id}/order) */
  async setRowNums(s: Scope, items: Array<{ type: 'talking_point' | 'decision' | 'action'; id: number; rowNum: number }>): Promise<void> {
    const { orgId, tx } = s;
    for (const it of items) {
      const table = it.type === 'talking_point' ? talkingPoints : it.type === 'decision' ? decisions : actions;
      await tx.update(table).set({ rowNum: it.rowNum }).where(and(eq(table.orgId, orgId), eq(table.id, it.id)));
    }
  }
}
