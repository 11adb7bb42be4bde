import { Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { recordSummaries, virtualSessions } from '../db/schema';
import type { Scope } from '../db/db';

export type RecordSummaryRow = typeof recordSummaries.$inferSelect;
export type VirtualSessionRow = typeof virtualSessions.$inferSelect;
export type NewVirtualSession = Omit<typeof virtualSessions.$inferInsert, 'orgId' | 'meetingId'>;

/** What a meeting records beside its agenda: the recorder's summaries and its online session. */
@Injectable()
export class RecordsRepository {
  async summaries(s: Scope, meetingId: number): Promise<RecordSummaryRow[]> {
    const { orgId, tx } = s;
    return tx.select().from(recordSummaries).where(and(eq(recordSummaries.orgId, orgId), eq(recordSummaries.meetingId, meetingId))).orderBy(asc(recordSummaries.id));
  }

  async addSummary(s: Scope, v: { meetingId: number; summary: string; createdBy: number | null }): Promise<void> {
    const { orgId, tx } = s;
    await tx.insert(recordSummaries).values({ orgId, ...v });
  }

  async virtualSession(s: Scope, meetingId: number): Promise<VirtualSessionRow | null> {
    const { orgId, tx } = s;
    const [row] = await tx.select().from(virtualSessions).where(and(eq(virtualSessions.orgId, orgId), eq(virtualSessions.meetingId, meetingId)));
    return row ?? null;
  }

  /** store the meeting's session once (a concurrent join keeps the first) and answer the stored one */
  async saveVirtualSession(s: Scope, meetingId: number, v: NewVirtualSession): Promise<VirtualSessionRow> {
    const { orgId, tx } = s;
    await tx.insert(virtualSessions).values({ ...v, orgId, meetingId }).onConflictDoNothing();
    return (await this.virtualSession(s, meetingId))!;
  }
}
