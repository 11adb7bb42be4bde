import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { Scope } from '../common/minutes-db';
import { evaluationReports } from '../db/schema';

export type EvaluationReportRow = typeof evaluationReports.$inferSelect;

/** Evaluation results PDFs; Scope first. */
@Injectable()
export class EvaluationReportRepository {
  async create(s: Scope, v: Pick<EvaluationReportRow, 'roundId' | 'userId' | 'title' | 'lang' | 'snapshot'>): Promise<EvaluationReportRow> {
    const [row] = await s.tx.insert(evaluationReports).values({ orgId: s.orgId, ...v }).returning();
    return row;
  }

  async get(s: Scope, id: number): Promise<EvaluationReportRow | null> {
    const [row] = await s.tx.select().from(evaluationReports).where(and(eq(evaluationReports.orgId, s.orgId), eq(evaluationReports.id, id)));
    return row ?? null;
  }

  async update(s: Scope, id: number, patch: Partial<Pick<EvaluationReportRow, 'status' | 'stage' | 'progress' | 'pages' | 's3Key' | 'error'>>): Promise<void> {
    await s.tx.update(evaluationReports).set({ ...patch, updatedAt: new Date() }).where(and(eq(evaluationReports.orgId, s.orgId), eq(evaluationReports.id, id)));
  }
}
