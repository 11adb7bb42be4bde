import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { Scope } from '../common/presentation-db';
import { slideSets } from '../db/schema';

export type SlideSetRow = typeof slideSets.$inferSelect;

/** Slide sets; Scope first (orgId + RLS transaction). */
@Injectable()
export class SlidesRepository {
  async find(s: Scope, documentId: number, version: string): Promise<SlideSetRow | null> {
    const [row] = await s.tx.select().from(slideSets).where(and(eq(slideSets.orgId, s.orgId), eq(slideSets.documentId, documentId), eq(slideSets.version, version)));
    return row ?? null;
  }

  /** the set for this version, created (rendering) when missing; a failed one starts a new attempt. `started` says a job must run. */
  async claim(s: Scope, documentId: number, version: string, s3Prefix: string): Promise<{ row: SlideSetRow; started: boolean }> {
    const [created] = await s.tx.insert(slideSets).values({ orgId: s.orgId, documentId, version, s3Prefix }).onConflictDoNothing().returning();
    if (created) return { row: created, started: true };
    const [retried] = await s.tx
      .update(slideSets)
      .set({ status: 'rendering', progress: 0, error: null, attempt: sql`${slideSets.attempt} + 1`, updatedAt: new Date() })
      .where(and(eq(slideSets.orgId, s.orgId), eq(slideSets.documentId, documentId), eq(slideSets.version, version), eq(slideSets.status, 'failed')))
      .returning();
    if (retried) return { row: retried, started: true };
    return { row: (await this.find(s, documentId, version))!, started: false };
  }

  async update(s: Scope, id: number, patch: Partial<Pick<SlideSetRow, 'status' | 'progress' | 'pages' | 'error'>>): Promise<void> {
    await s.tx.update(slideSets).set({ ...patch, updatedAt: new Date() }).where(and(eq(slideSets.orgId, s.orgId), eq(slideSets.id, id)));
  }
}
