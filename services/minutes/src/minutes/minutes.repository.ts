import { Injectable } from '@nestjs/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Scope } from '../common/minutes-db';
import { comments, conclusions, renders, settings, versions, type RenderApproval } from '../db/schema';

export type ConclusionRow = typeof conclusions.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type RenderRow = typeof renders.$inferSelect;
export type VersionRow = typeof versions.$inferSelect;

/** The minutes' rows; Scope first (orgId + RLS transaction). The only place with queries. */
/** detailsFacts: what the meeting details need from this service's tables */
export interface DetailsFacts {
  momSettings: boolean;
  versions: Array<{ libraryId: number; s3Key: string | null; createdAt: Date }>;
  meetingRow: { conclusion: string; active: boolean } | null;
  book: { s3Key: string | null; filesMerged: number } | null;
}

@Injectable()
export class MinutesRepository {
  /** serializes the writes of one meeting's minutes (version numbers) for the rest of the transaction */
  async lockMeeting(s: Scope, meetingId: number): Promise<void> {
    await s.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`minutes:${s.orgId}:${meetingId}`}))`);
  }

  /**
   * What a meeting's details show of its minutes (the gateway asks on every GET /api/meetings/{id}), in one
   * statement: the minutes setting, the versions (newest first), the meeting's own conclusion row and the last
   * board book that was made. Four queries in one transaction cost about 1.5 ms of PostgreSQL and 2 ms of this
   * service per details request (P1, docs/performance.md).
   */
  async detailsFacts(s: Scope, meetingId: number): Promise<DetailsFacts> {
    const res = await s.tx.execute(sql`
      SELECT
        (SELECT mom_settings FROM minutes.settings WHERE org_id = ${s.orgId} AND meeting_id = ${meetingId}) AS mom_settings,
        (SELECT coalesce(json_agg(json_build_object('libraryId', library_id, 's3Key', s3_key, 'createdAt', created_at) ORDER BY version DESC), '[]'::json)
           FROM minutes.versions WHERE org_id = ${s.orgId} AND meeting_id = ${meetingId}) AS versions,
        (SELECT json_build_object('conclusion', conclusion, 'active', active) FROM minutes.conclusions
           WHERE org_id = ${s.orgId} AND meeting_id = ${meetingId} AND item_type = 'meeting' AND item_id = ${meetingId}) AS meeting_row,
        (SELECT json_build_object('s3Key', s3_key, 'filesMerged', files_merged) FROM minutes.books
           WHERE org_id = ${s.orgId} AND meeting_id = ${meetingId} AND status = 'done' ORDER BY id DESC LIMIT 1) AS book`);
    const row = res.rows[0] as {
      mom_settings: boolean | null;
      versions: Array<{ libraryId: number; s3Key: string | null; createdAt: string }>;
      meeting_row: { conclusion: string; active: boolean } | null;
      book: { s3Key: string | null; filesMerged: number } | null;
    };
    return {
      momSettings: row.mom_settings ?? false,
      versions: row.versions.map((v) => ({ libraryId: v.libraryId, s3Key: v.s3Key, createdAt: new Date(v.createdAt) })),
      meetingRow: row.meeting_row,
      book: row.book,
    };
  }

  async momSettings(s: Scope, meetingId: number): Promise<boolean> {
    const [row] = await s.tx.select().from(settings).where(and(eq(settings.orgId, s.orgId), eq(settings.meetingId, meetingId)));
    return row?.momSettings ?? false;
  }

  async setMomSettings(s: Scope, meetingId: number, on: boolean): Promise<void> {
    await s.tx
      .insert(settings)
      .values({ orgId: s.orgId, meetingId, momSettings: on })
      .onConflictDoUpdate({ target: [settings.orgId, settings.meetingId], set: { momSettings: on, updatedAt: new Date() } });
  }

  async conclusionsOf(s: Scope, meetingId: number): Promise<ConclusionRow[]> {
    return s.tx.select().from(conclusions).where(and(eq(conclusions.orgId, s.orgId), eq(conclusions.meetingId, meetingId)));
  }

  async upsertConclusion(s: Scope, meetingId: number, v: { itemType: string; itemId: number; conclusion: string; active: boolean; updatedBy: number | null }): Promise<void> {
    await s.tx
      .insert(conclusions)
      .values({ orgId: s.orgId, meetingId, ...v })
      .onConflictDoUpdate({
        target: [conclusions.orgId, conclusions.meetingId, conclusions.itemType, conclusions.itemId],
        set: { conclusion: v.conclusion, active: v.active, updatedBy: v.updatedBy, updatedAt: new Date() },
      });
  }

  async commentsOf(s: Scope, meetingId: number): Promise<CommentRow[]> {
    return s.tx.select().from(comments).where(and(eq(comments.orgId, s.orgId), eq(comments.meetingId, meetingId))).orderBy(comments.id);
  }

  async addComments(s: Scope, meetingId: number, rows: { itemType: string; itemId: number; userId: number | null; userName: string; comment: string }[]): Promise<void> {
    if (rows.length) await s.tx.insert(comments).values(rows.map((r) => ({ orgId: s.orgId, meetingId, ...r })));
  }

  async versionsOf(s: Scope, meetingId: number): Promise<VersionRow[]> {
    return s.tx.select().from(versions).where(and(eq(versions.orgId, s.orgId), eq(versions.meetingId, meetingId))).orderBy(desc(versions.version));
  }

  async versionById(s: Scope, id: number): Promise<VersionRow | null> {
    const [row] = await s.tx.select().from(versions).where(and(eq(versions.orgId, s.orgId), eq(versions.id, id)));
    return row ?? null;
  }

  async version(s: Scope, meetingId: number, version?: number): Promise<VersionRow | null> {
    const q = s.tx.select().from(versions).where(and(eq(versions.orgId, s.orgId), eq(versions.meetingId, meetingId), version ? eq(versions.version, version) : undefined));
    const [row] = await q.orderBy(desc(versions.version)).limit(1);
    return row ?? null;
  }

  /** the next version (call after lockMeeting) */
  async addVersion(s: Scope, meetingId: number, v: { libraryId: number; s3Key: string | null; source: 'rendered' | 'uploaded' | 'signed'; lang: string; renderId: number | null; createdBy: number | null }): Promise<VersionRow> {
    const [{ next }] = await s.tx
      .select({ next: sql<number>`coalesce(max(${versions.version}), 0)::int + 1` })
      .from(versions)
      .where(and(eq(versions.orgId, s.orgId), eq(versions.meetingId, meetingId)));
    const [row] = await s.tx.insert(versions).values({ orgId: s.orgId, meetingId, version: next, ...v }).returning();
    return row;
  }

  async addRender(s: Scope, meetingId: number, v: { lang: string; variant: string; userId: number; userName: string; approval?: RenderApproval | null }): Promise<RenderRow> {
    const [row] = await s.tx.insert(renders).values({ orgId: s.orgId, meetingId, ...v }).returning();
    return row;
  }

  async render(s: Scope, id: number, opts: { lock?: boolean } = {}): Promise<RenderRow | null> {
    const q = s.tx.select().from(renders).where(and(eq(renders.orgId, s.orgId), eq(renders.id, id)));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async lastRender(s: Scope, meetingId: number): Promise<RenderRow | null> {
    const [row] = await s.tx.select().from(renders).where(and(eq(renders.orgId, s.orgId), eq(renders.meetingId, meetingId))).orderBy(desc(renders.id)).limit(1);
    return row ?? null;
  }

  async updateRender(s: Scope, id: number, patch: Partial<Pick<RenderRow, 'status' | 'progress' | 'error' | 'versionId'>>): Promise<void> {
    await s.tx.update(renders).set({ ...patch, updatedAt: new Date() }).where(and(eq(renders.orgId, s.orgId), eq(renders.id, id)));
  }
}
