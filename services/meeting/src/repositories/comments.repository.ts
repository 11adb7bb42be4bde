import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { activities, comments, notes, ratings, type ActivityRow, type CommentRow } from '../db/schema';
import type { Scope } from '../db/db';

export type CommentTarget = { talkingPointId: number } | { subpointId: number } | { decisionId: number } | { actionId: number };

/** Comments, private notes, the activity log and ratings. */
@Injectable()
export class CommentsRepository {
  async commentsOf(s: Scope, f: { talkingPointIds?: number[]; subpointIds?: number[]; decisionIds?: number[]; actionIds?: number[] }): Promise<CommentRow[]> {
    const { orgId, tx } = s;
    const parts: SQL[] = [];
    if (f.talkingPointIds?.length) parts.push(inArray(comments.talkingPointId, f.talkingPointIds));
    if (f.subpointIds?.length) parts.push(inArray(comments.subpointId, f.subpointIds));
    if (f.decisionIds?.length) parts.push(inArray(comments.decisionId, f.decisionIds));
    if (f.actionIds?.length) parts.push(inArray(comments.actionId, f.actionIds));
    if (!parts.length) return [];
    return tx.select().from(comments).where(and(eq(comments.orgId, orgId), or(...parts))).orderBy(asc(comments.id));
  }

  async comment(s: Scope, id: number): Promise<CommentRow | null> {
    const { orgId, tx } = s;
    const [row] = await tx.select().from(comments).where(and(eq(comments.orgId, orgId), eq(comments.id, id)));
    return row ?? null;
  }

  async insertComment(s: Scope, v: Omit<typeof comments.$inferInsert, 'orgId'>): Promise<CommentRow> {
    const { orgId, tx } = s;
    const [row] = await tx.insert(comments).values({ ...v, orgId }).returning();
    return row;
  }

  async deleteComment(s: Scope, id: number): Promise<void> {
    const { orgId, tx } = s;
    await tx.delete(comments).where(and(eq(comments.orgId, orgId), eq(comments.id, id)));
  }

  async note(s: Scope, meetingId: number, userId: number): Promise<string | null> {
    const { orgId, tx } = s;
    const [row] = await tx.select().from(notes).where(and(eq(notes.orgId, orgId), eq(notes.meetingId, meetingId), eq(notes.userId, userId)));
    return row?.note ?? null;
  }

  async saveNote(s: Scope, meetingId: number, userId: number, note: string): Promise<void> {
    const { orgId, tx } = s;
    await tx
      .insert(notes)
      .values({ orgId, meetingId, userId, note })
      .onConflictDoUpdate({ target: [notes.orgId, notes.meetingId, notes.userId], set: { note, updatedAt: sql`now()` } });
  }

  /** an activity log entry; answers the row written */
  async log(s: Scope, v: { meetingId?: number | null; decisionId?: number | null; userId: number | null; userName: string | null; activity: string }): Promise<ActivityRow> {
    const { orgId, tx } = s;
    const [row] = await tx.insert(activities).values({ orgId, meetingId: v.meetingId ?? null, decisionId: v.decisionId ?? null, userId: v.userId, userName: v.userName, activity: v.activity }).returning();
    return row;
  }

  /** several activity rows in one statement (a batch of votes) */
  async logMany(s: Scope, vs: Array<{ meetingId?: number | null; decisionId?: number | null; userId: number | null; userName: string | null; activity: string }>): Promise<void> {
    const { orgId, tx } = s;
    if (!vs.length) return;
    await tx.insert(activities).values(vs.map((v) => ({ orgId, meetingId: v.meetingId ?? null, decisionId: v.decisionId ?? null, userId: v.userId, userName: v.userName, activity: v.activity })));
  }

  async activitiesOf(s: Scope, f: { meetingId?: number; decisionId?: number }, limit?: number): Promise<ActivityRow[]> {
    const { orgId, tx } = s;
    const w = f.meetingId ? and(eq(activities.orgId, orgId), eq(activities.meetingId, f.meetingId)) : and(eq(activities.orgId, orgId), eq(activities.decisionId, f.decisionId ?? 0));
    const q = tx.select().from(activities).where(w).orderBy(desc(activities.id)).$dynamic();
    return limit ? q.limit(limit) : q;
  }

  async rate(s: Scope, meetingId: number, userId: number, rating: number, comment: string): Promise<void> {
    const { orgId, tx } = s;
    await tx
      .insert(ratings)
      .values({ orgId, meetingId, userId, rating, comment })
      .onConflictDoUpdate({ target: [ratings.orgId, ratings.meetingId, ratings.userId], set: { rating, comment, updatedAt: sql`now()` } });
  }

  async ratingsOf(s: Scope, meetingId: number) {
    const { orgId, tx } = s;
    return tx.select().from(ratings).where(and(eq(ratings.orgId, orgId), eq(ratings.meetingId, meetingId)));
  }
}
