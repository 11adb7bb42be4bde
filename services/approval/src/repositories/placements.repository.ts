import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Scope } from '../common/approval-db';
import { placements } from '../db/schema';

export type PlacementRow = typeof placements.$inferSelect;
export type NewPlacement = Omit<typeof placements.$inferInsert, 'orgId' | 'id' | 'createdAt'>;

/** Boxes placed for assignees (docs/approval.md#placements). Scope first (orgId + RLS transaction). */
@Injectable()
export class PlacementsRepository {
  of(s: Scope, approvalId: number, assigneeIds?: number[]): Promise<PlacementRow[]> {
    const where = [eq(placements.orgId, s.orgId), eq(placements.approvalId, approvalId)];
    if (assigneeIds) {
      if (!assigneeIds.length) return Promise.resolve([]);
      where.push(inArray(placements.assigneeId, assigneeIds));
    }
    return s.tx.select().from(placements).where(and(...where)).orderBy(asc(placements.id));
  }

  /** the assignees' boxes become exactly `rows` (an empty list clears them) */
  async replace(s: Scope, approvalId: number, assigneeIds: number[], rows: NewPlacement[]): Promise<void> {
    if (assigneeIds.length) {
      await s.tx.delete(placements).where(and(eq(placements.orgId, s.orgId), eq(placements.approvalId, approvalId), inArray(placements.assigneeId, assigneeIds)));
    }
    if (rows.length) await s.tx.insert(placements).values(rows.map((r) => ({ ...r, orgId: s.orgId })));
  }
}
