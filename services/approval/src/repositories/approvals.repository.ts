import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, exists, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ApprovalStatus, ApprovalTab } from '@app/contracts';
import type { Scope } from '../common/approval-db';
import { approvals, assignees, documents, placements, signatures, signJobs, versions } from '../db/schema';
import { containsPattern } from '@app/platform';

export type ApprovalRow = typeof approvals.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type AssigneeRow = typeof assignees.$inferSelect;
export type VersionRow = typeof versions.$inferSelect;
export type SignatureRow = typeof signatures.$inferSelect;
export type SignJobRow = typeof signJobs.$inferSelect;

export interface ListFilter {
  userId: number;
  isAdmin: boolean;
  tab: ApprovalTab;
  status?: ApprovalStatus;
  committeeId?: number;
  meetingId?: number;
  search?: string;
  fromDate?: string;
  toDate?: string;
}

/** Approvals, their documents, assignees and versions, and saved signatures. Scope first (orgId + RLS transaction). */
@Injectable()
export class ApprovalRepository {
  async get(s: Scope, id: number, opts: { lock?: boolean } = {}): Promise<ApprovalRow | null> {
    const q = s.tx.select().from(approvals).where(and(eq(approvals.orgId, s.orgId), eq(approvals.id, id)));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async insert(s: Scope, v: Omit<typeof approvals.$inferInsert, 'orgId'>): Promise<ApprovalRow> {
    const [row] = await s.tx.insert(approvals).values({ ...v, orgId: s.orgId }).returning();
    return row;
  }

  async update(s: Scope, id: number, v: Partial<Omit<typeof approvals.$inferInsert, 'orgId' | 'id'>>): Promise<ApprovalRow> {
    const [row] = await s.tx.update(approvals).set({ ...v, updatedAt: new Date() }).where(and(eq(approvals.orgId, s.orgId), eq(approvals.id, id))).returning();
    return row;
  }

  /**
   * A copy of a document as sent is named by its content and shared by every approval of the organization that sent the
   * same bytes: creating and deleting an approval lock each such object (in key order, so two never wait on each other).
   */
  async lockObject(s: Scope, key: string): Promise<void> {
    await s.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`approval-object:${s.orgId}:${key}`}))`);
  }

  /** the S3 objects only this approval refers to: its stamped and sealed states, and its copies as sent that no other approval shares (each locked) */
  async objectsOnlyOf(s: Scope, id: number): Promise<string[]> {
    const mine = [
      ...(await s.tx.selectDistinct({ key: versions.s3Key }).from(versions).where(and(eq(versions.orgId, s.orgId), eq(versions.approvalId, id)))),
      ...(await s.tx.selectDistinct({ key: documents.s3Key }).from(documents).where(and(eq(documents.orgId, s.orgId), eq(documents.approvalId, id)))),
    ];
    const keys = [...new Set(mine.map((r) => r.key).filter((k): k is string => !!k))].sort();
    for (const k of keys) await this.lockObject(s, k);
    if (!keys.length) return [];
    const shared = new Set((await s.tx.selectDistinct({ key: versions.s3Key }).from(versions).where(and(eq(versions.orgId, s.orgId), ne(versions.approvalId, id), inArray(versions.s3Key, keys)))).map((r) => r.key));
    return keys.filter((k) => !shared.has(k));
  }

  async delete(s: Scope, id: number): Promise<void> {
    for (const t of [versions, documents, assignees, signJobs, placements] as const) await s.tx.delete(t).where(and(eq(t.orgId, s.orgId), eq(t.approvalId, id)));
    await s.tx.delete(approvals).where(and(eq(approvals.orgId, s.orgId), eq(approvals.id, id)));
  }

  async addDocuments(s: Scope, rows: Omit<typeof documents.$inferInsert, 'orgId'>[]): Promise<void> {
    if (rows.length) await s.tx.insert(documents).values(rows.map((r) => ({ ...r, orgId: s.orgId })));
  }
  async addAssignees(s: Scope, rows: Omit<typeof assignees.$inferInsert, 'orgId'>[]): Promise<AssigneeRow[]> {
    return rows.length ? s.tx.insert(assignees).values(rows.map((r) => ({ ...r, orgId: s.orgId }))).returning() : [];
  }
  async addVersion(s: Scope, v: Omit<typeof versions.$inferInsert, 'orgId'>): Promise<void> {
    await s.tx.insert(versions).values({ ...v, orgId: s.orgId }).onConflictDoNothing();
  }
  async versionByIdem(s: Scope, idemKey: string): Promise<VersionRow | null> {
    const [row] = await s.tx.select().from(versions).where(and(eq(versions.orgId, s.orgId), eq(versions.idemKey, idemKey)));
    return row ?? null;
  }

  // ---------- the PDF work of signatures ----------

  async addSignJob(s: Scope, v: Omit<typeof signJobs.$inferInsert, 'orgId'>): Promise<SignJobRow> {
    const [row] = await s.tx.insert(signJobs).values({ ...v, orgId: s.orgId }).returning();
    return row;
  }
  async signJob(s: Scope, id: number): Promise<SignJobRow | null> {
    const [row] = await s.tx.select().from(signJobs).where(and(eq(signJobs.orgId, s.orgId), eq(signJobs.id, id)));
    return row ?? null;
  }
  signJobsOf(s: Scope, approvalId: number): Promise<SignJobRow[]> {
    return s.tx.select().from(signJobs).where(and(eq(signJobs.orgId, s.orgId), eq(signJobs.approvalId, approvalId))).orderBy(asc(signJobs.id));
  }
  async updateSignJob(s: Scope, id: number, v: Partial<Pick<SignJobRow, 'status' | 'stage' | 'progress' | 'error'>>): Promise<void> {
    await s.tx.update(signJobs).set({ ...v, updatedAt: new Date() }).where(and(eq(signJobs.orgId, s.orgId), eq(signJobs.id, id)));
  }
  /** one worker at a time per approval (a transaction-scoped advisory lock: a dead worker's connection lets it go) */
  async lockWork(s: Scope, approvalId: number): Promise<void> {
    await s.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`approval-pdf:${s.orgId}:${approvalId}`}))`);
  }

  documentsOf(s: Scope, ids: number[]): Promise<DocumentRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return s.tx.select().from(documents).where(and(eq(documents.orgId, s.orgId), inArray(documents.approvalId, ids))).orderBy(asc(documents.position), asc(documents.id));
  }
  assigneesOf(s: Scope, ids: number[]): Promise<AssigneeRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return s.tx.select().from(assignees).where(and(eq(assignees.orgId, s.orgId), inArray(assignees.approvalId, ids))).orderBy(asc(assignees.step), asc(assignees.id));
  }
  versionsOf(s: Scope, id: number): Promise<VersionRow[]> {
    return s.tx.select().from(versions).where(and(eq(versions.orgId, s.orgId), eq(versions.approvalId, id))).orderBy(asc(versions.id));
  }

  async updateDocument(s: Scope, id: number, v: Partial<Pick<DocumentRow, 'status' | 'version' | 's3Key' | 'size'>>): Promise<void> {
    await s.tx.update(documents).set(v).where(and(eq(documents.orgId, s.orgId), eq(documents.id, id)));
  }
  async setDocumentsStatus(s: Scope, approvalId: number, status: number): Promise<void> {
    await s.tx.update(documents).set({ status }).where(and(eq(documents.orgId, s.orgId), eq(documents.approvalId, approvalId)));
  }
  async updateAssignee(s: Scope, id: number, v: Partial<Pick<AssigneeRow, 'status' | 'comment' | 'actedAt' | 'ip' | 'userAgent'>>): Promise<void> {
    await s.tx.update(assignees).set({ ...v, updatedAt: new Date() }).where(and(eq(assignees.orgId, s.orgId), eq(assignees.id, id)));
  }

  /** the approvals the caller takes part in (sender or assignee; administrators see all), filtered and paged */
  async list(s: Scope, f: ListFilter, page: number, perPage: number): Promise<{ rows: ApprovalRow[]; total: number }> {
    const mine = and(eq(assignees.orgId, s.orgId), eq(assignees.approvalId, approvals.id), eq(assignees.userId, f.userId));
    const isAssignee = exists(s.tx.select({ one: sql`1` }).from(assignees).where(mine));
    const where: SQL[] = [eq(approvals.orgId, s.orgId)];
    if (!f.isAdmin || f.tab !== 'all') where.push(or(eq(approvals.senderId, f.userId), isAssignee)!);
    const open = inArray(approvals.status, ['pending', 'partly signed']);
    if (f.tab === 'completed') where.push(eq(approvals.status, 'fully signed'));
    if (f.tab === 'action_required' || f.tab === 'waiting') {
      // my step is current: I still need to sign and nobody with a lower step does
      const earlier = s.tx.select({ one: sql`1` }).from(sql`approval.assignees e`)
        .where(sql`e.org_id = ${s.orgId} AND e.approval_id = ${approvals.id} AND e.status = 1 AND e.step < ${assignees.step}`);
      const myTurn = exists(s.tx.select({ one: sql`1` }).from(assignees).where(and(mine, eq(assignees.status, 1), sql`NOT EXISTS (${earlier})`)));
      where.push(open);
      where.push(f.tab === 'action_required' ? myTurn : sql`NOT ${myTurn}`);
    }
    if (f.status) where.push(eq(approvals.status, f.status));
    if (f.committeeId) where.push(eq(approvals.committeeId, f.committeeId));
    if (f.meetingId) where.push(eq(approvals.meetingId, f.meetingId));
    if (f.search) where.push(ilike(approvals.title, containsPattern(f.search)));
    if (f.fromDate) where.push(gte(approvals.createdAt, new Date(`${f.fromDate}T00:00:00Z`)));
    if (f.toDate) where.push(lt(approvals.createdAt, new Date(new Date(`${f.toDate}T00:00:00Z`).getTime() + 86_400_000)));
    const cond = and(...where);
    const [{ n }] = await s.tx.select({ n: sql<number>`count(*)::int` }).from(approvals).where(cond);
    const rows = await s.tx.select().from(approvals).where(cond).orderBy(desc(approvals.updatedAt), desc(approvals.id)).limit(perPage).offset((page - 1) * perPage);
    return { rows, total: n };
  }

  async setTokenHash(s: Scope, id: number, hash: string): Promise<void> {
    // updated_at is the link's issue time (GUEST_LINK_DAYS count from it)
    await s.tx.update(assignees).set({ tokenHash: hash, updatedAt: new Date() }).where(and(eq(assignees.orgId, s.orgId), eq(assignees.id, id)));
  }

  async assigneeByToken(s: Scope, hash: string): Promise<AssigneeRow | null> {
    const [row] = await s.tx.select().from(assignees).where(and(eq(assignees.orgId, s.orgId), eq(assignees.tokenHash, hash)));
    return row ?? null;
  }

  signaturesOf(s: Scope, userId: number): Promise<SignatureRow[]> {
    return s.tx.select().from(signatures).where(and(eq(signatures.orgId, s.orgId), eq(signatures.userId, userId))).orderBy(desc(signatures.id));
  }
  async signature(s: Scope, userId: number, id: number): Promise<SignatureRow | null> {
    const [row] = await s.tx.select().from(signatures).where(and(eq(signatures.orgId, s.orgId), eq(signatures.userId, userId), eq(signatures.id, id)));
    return row ?? null;
  }
  async addSignature(s: Scope, v: Omit<typeof signatures.$inferInsert, 'orgId'>): Promise<SignatureRow> {
    const [row] = await s.tx.insert(signatures).values({ ...v, orgId: s.orgId }).returning();
    return row;
  }
  async deleteSignature(s: Scope, userId: number, id: number): Promise<boolean> {
    const rows = await s.tx.delete(signatures).where(and(eq(signatures.orgId, s.orgId), eq(signatures.userId, userId), eq(signatures.id, id))).returning();
    return rows.length > 0;
  }
}
