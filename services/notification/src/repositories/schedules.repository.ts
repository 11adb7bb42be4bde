import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '@app/platform';
import type { Scope } from '../common/notification-db';
import { schedules } from '../db/schema';
import type { NotificationTables } from '../db/tables';

export type ScheduleStatus = 'scheduled' | 'fired' | 'cancelled' | 'none';
export type ScheduleRow = typeof schedules.$inferSelect;
export interface ScheduleWrite {
  dueAt: Date;
  fireAt: Date | null;
  jobId: string | null;
  status: ScheduleStatus;
  data: Record<string, unknown>;
}

/** The current schedule of each deadline reminder; Scope first (orgId + RLS transaction). */
@Injectable()
export class SchedulesRepository {
  /**
   * Read the item's schedule under a row lock, let `decide` work out the next one (and move the
   * delayed job), and write it, all in the scope's transaction, so two events about the same item
   * cannot interleave. `decide` returns null to leave the row as it is.
   */
  async change(
    s: Scope,
    kind: string,
    itemId: number,
    /** when the event happened; null for changes that do not move the deadline (neither checked nor recorded) */
    sourceAt: Date | null,
    decide: (prev: ScheduleRow | null) => Promise<ScheduleWrite | null>,
  ): Promise<ScheduleRow | null> {
    const where = and(eq(schedules.orgId, s.orgId), eq(schedules.kind, kind), eq(schedules.itemId, itemId));
    let [prev] = await s.tx.select().from(schedules).where(where).for('update').limit(1);
    if (!prev) {
      // first event about the item: create the row (a concurrent first event waits on the unique index)
      await s.tx
        .insert(schedules)
        .values({ orgId: s.orgId, kind, itemId, dueAt: new Date(0), sourceAt: new Date(0), status: 'none', data: {} })
        .onConflictDoNothing();
      [prev] = await s.tx.select().from(schedules).where(where).for('update').limit(1);
    }
    const isNew = prev.sourceAt.getTime() === 0;
    if (sourceAt && !isNew && prev.sourceAt.getTime() > sourceAt.getTime()) return prev; // an older event arriving late
    const next = await decide(isNew ? null : prev);
    if (!next) return prev;
    const [row] = await s.tx
      .update(schedules)
      .set({ ...next, ...(sourceAt ? { sourceAt } : {}), updatedAt: new Date() })
      .where(where)
      .returning();
    return row;
  }

  async get(s: Scope, kind: string, itemId: number): Promise<ScheduleRow | null> {
    const [row] = await s.tx
      .select()
      .from(schedules)
      .where(and(eq(schedules.orgId, s.orgId), eq(schedules.kind, kind), eq(schedules.itemId, itemId)))
      .limit(1);
    return row ?? null;
  }

  /**
   * Every organization's scheduled reminders (the start-up rebuild of their delayed jobs), in a transaction with no
   * organization: the read-only policy schedules_rebuild_read (migration 0001) shows them to a transaction that sets
   * app.scope; tenant_isolation still refuses any write. Nothing else may call it.
   */
  async unsafeListScheduled(tx: Tx<NotificationTables>): Promise<Pick<ScheduleRow, 'orgId' | 'kind' | 'itemId' | 'dueAt' | 'fireAt' | 'jobId'>[]> {
    await tx.execute(sql`SELECT set_config('app.scope', 'schedules-rebuild', true)`);
    return tx
      .select({ orgId: schedules.orgId, kind: schedules.kind, itemId: schedules.itemId, dueAt: schedules.dueAt, fireAt: schedules.fireAt, jobId: schedules.jobId })
      .from(schedules)
      .where(and(eq(schedules.status, 'scheduled'), isNotNull(schedules.jobId), isNotNull(schedules.fireAt)));
  }

  /**
   * One page of the organization's reminders of `kind` still to come (status scheduled or none, the item's time after
   * `after`), by item id after `afterItemId` (keyset on the unique index): what a changed lead walks through.
   */
  async pageUpcoming(s: Scope, kind: string, after: Date, afterItemId: number, limit: number): Promise<number[]> {
    const rows = await s.tx
      .select({ itemId: schedules.itemId })
      .from(schedules)
      .where(and(
        eq(schedules.orgId, s.orgId), eq(schedules.kind, kind), gt(schedules.itemId, afterItemId),
        inArray(schedules.status, ['scheduled', 'none']), gt(schedules.dueAt, after),
      ))
      .orderBy(asc(schedules.itemId))
      .limit(limit);
    return rows.map((r) => r.itemId);
  }

  /** Mark fired, only if the row still points at this job. */
  async markFired(s: Scope, kind: string, itemId: number, jobId: string): Promise<void> {
    await s.tx
      .update(schedules)
      .set({ status: 'fired', updatedAt: new Date() })
      .where(and(eq(schedules.orgId, s.orgId), eq(schedules.kind, kind), eq(schedules.itemId, itemId), eq(schedules.jobId, jobId)));
  }
}
