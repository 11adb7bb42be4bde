import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, max } from 'drizzle-orm';
import type { MinutesWorkflowAction, MinutesWorkflowState } from '@app/contracts';
import type { Scope } from '../common/minutes-db';
import { editions, reviewComments, reviewers, versions, workflowEvents } from '../db/schema';

export type EditionRow = typeof editions.$inferSelect;
export type ReviewerRow = typeof reviewers.$inferSelect;
export type ReviewCommentRow = typeof reviewComments.$inferSelect;
export type WorkflowEventRow = typeof workflowEvents.$inferSelect;

/** The workflow's rows (docs/minutes.md#the-workflow); Scope first. The only place with the workflow's queries. */
@Injectable()
export class WorkflowRepository {
  async editionsOf(s: Scope, meetingId: number): Promise<EditionRow[]> {
    return s.tx.select().from(editions).where(and(eq(editions.orgId, s.orgId), eq(editions.meetingId, meetingId))).orderBy(asc(editions.number));
  }

  async current(s: Scope, meetingId: number, opts: { lock?: boolean } = {}): Promise<EditionRow | null> {
    const q = s.tx.select().from(editions).where(and(eq(editions.orgId, s.orgId), eq(editions.meetingId, meetingId))).orderBy(desc(editions.number)).limit(1);
    const [row] = opts.lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async byId(s: Scope, id: number): Promise<EditionRow | null> {
    const [row] = await s.tx.select().from(editions).where(and(eq(editions.orgId, s.orgId), eq(editions.id, id))).for('update');
    return row ?? null;
  }

  async byApproval(s: Scope, approvalId: number): Promise<EditionRow | null> {
    const [row] = await s.tx.select().from(editions).where(and(eq(editions.orgId, s.orgId), eq(editions.approvalId, approvalId))).for('update');
    return row ?? null;
  }

  /** the newest minutes version's number (0 when none) */
  async newestVersion(s: Scope, meetingId: number): Promise<number> {
    const [row] = await s.tx.select({ v: max(versions.version) }).from(versions).where(and(eq(versions.orgId, s.orgId), eq(versions.meetingId, meetingId)));
    return row?.v ?? 0;
  }

  async addEdition(s: Scope, meetingId: number, v: { number: number; baseVersion: number; createdBy: number | null }): Promise<EditionRow> {
    const [row] = await s.tx.insert(editions).values({ orgId: s.orgId, meetingId, ...v }).returning();
    return row;
  }

  async updateEdition(s: Scope, id: number, patch: Partial<Pick<EditionRow, 'state' | 'draftVersion' | 'approvalId' | 'approvers' | 'publishedVersion' | 'reviewDeadline'>>): Promise<void> {
    await s.tx.update(editions).set({ ...patch, updatedAt: new Date() }).where(and(eq(editions.orgId, s.orgId), eq(editions.id, id)));
  }

  async reviewersOf(s: Scope, editionId: number): Promise<ReviewerRow[]> {
    return s.tx.select().from(reviewers).where(and(eq(reviewers.orgId, s.orgId), eq(reviewers.editionId, editionId))).orderBy(asc(reviewers.name));
  }

  /** the edition's reviewers become exactly these */
  async setReviewers(s: Scope, editionId: number, people: Array<{ userId: number; name: string }>): Promise<void> {
    await s.tx.delete(reviewers).where(and(eq(reviewers.orgId, s.orgId), eq(reviewers.editionId, editionId)));
    if (people.length) await s.tx.insert(reviewers).values(people.map((p) => ({ orgId: s.orgId, editionId, ...p })));
  }

  async commentsOf(s: Scope, editionId: number): Promise<ReviewCommentRow[]> {
    return s.tx.select().from(reviewComments).where(and(eq(reviewComments.orgId, s.orgId), eq(reviewComments.editionId, editionId))).orderBy(asc(reviewComments.id));
  }

  async addComment(s: Scope, editionId: number, v: { itemType: string; itemId: number; userId: number | null; userName: string; comment: string }): Promise<void> {
    await s.tx.insert(reviewComments).values({ orgId: s.orgId, editionId, ...v });
  }

  async historyOf(s: Scope, meetingId: number): Promise<WorkflowEventRow[]> {
    return s.tx.select().from(workflowEvents).where(and(eq(workflowEvents.orgId, s.orgId), eq(workflowEvents.meetingId, meetingId))).orderBy(asc(workflowEvents.id));
  }

  /** one step of the history; a step with a `dedupe` key (an event id) is written once, whatever the redeliveries: false when it was there */
  async addEvent(
    s: Scope,
    meetingId: number,
    v: { edition: number; action: MinutesWorkflowAction; state: MinutesWorkflowState; actorId: number | null; actorName: string; note?: string | null; dedupe?: string | null },
  ): Promise<boolean> {
    const rows = await s.tx
      .insert(workflowEvents)
      .values({ orgId: s.orgId, meetingId, ...v })
      .onConflictDoNothing()
      .returning({ id: workflowEvents.id });
    return rows.length > 0;
  }
}
