import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { Scope } from '../common/minutes-db';
import { reports } from '../db/schema';

export type ReportRow = typeof reports.$inferSelect;

/** Resolution reports; Scope first. */
@Injectable()
export class ReportRepository {
  async create(s: Scope, v: Pick<ReportRow, 'decisionId' | 'userId' | 'title' | 'lang' | 'snapshot'>): Promise<ReportRow> {
    const [row] = await s.tx.insert(reports).values({ orgId: s.orgId, ...v }).returning();
    return row;
  }

  async get(s: Scope, id: number): Promise<ReportRow | null> {
    const [row] = await s.tx.select().from(reports).where(and(eq(reports.orgId, s.orgId), eq(reports.id, id)));
    return row ?? null;
  }

  async update(s: Scope, id: number, patch: Partial<Pick<ReportRow, 'status' | 'stage' | 'progress' | 'pages' | 's3Key' | 'error'>>): Promise<void> {
    await s.tx.update(reports).set({ ...patch, updatedAt: new Date() }).where(and(eq(reports.orgId, s.orgId), eq(reports.id, id)));
  }
}
