import { personKey } from '../rules/person';
import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { attachments, itemPeople, subpoints, talkingPoints, type AttachmentRow, type ItemPersonRow, type SubpointRow, type TalkingPointRow } from '../db/schema';
import type { Scope } from '../db/db';

export type AttachmentOwner = { talkingPointId: number } | { subpointId: number } | { decisionId: number } | { actionId: number };
export type PersonInput = { userId: number | null; userEmail: string | null };

/** Talking points, sub-points, their viewers and presenters, and the attachments of every item kind. */
@Injectable()
export class AgendaRepository {
  async talkingPoints(s: Scope, meetingId: number): Promise<TalkingPointRow[]> {
    const { orgId, tx } = s;
    return tx.select().from(talkingPoints).where(and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.meetingId, meetingId))).orderBy(asc(talkingPoints.rowNum), asc(talkingPoints.id));
  }

  async talkingPoint(s: Scope, id: number, opts: { lock?: boolean } = {}): Promise<TalkingPointRow | null> {
    const { orgId, tx } = s;
    const q = tx.select().from(talkingPoints).where(and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.id, id)));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async insertTalkingPoint(s: Scope, v: Omit<typeof talkingPoints.$inferInsert, 'orgId'>): Promise<TalkingPointRow> {
    const { orgId, tx } = s;
    const [row] = await tx.insert(talkingPoints).values({ ...v, orgId }).returning();
    return row;
  }

  async updateTalkingPoint(s: Scope, id: number, v: Partial<typeof talkingPoints.$inferInsert>): Promise<void> {
    const { orgId, tx } = s;
    await tx.update(talkingPoints).set({ ...v, updatedAt: new Date() }).where(and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.id, id)));
  }

  async deleteTalkingPoint(s: Scope, id: number): Promise<void> {
    const { orgId, tx } = s;
    await tx.delete(talkingPoints).where(and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.id, id)));
  }

  async subpointsOfMeeting(s: Scope, meetingId: number): Promise<SubpointRow[]> {
    const { orgId, tx } = s;
    return tx.select().from(subpoints).where(and(eq(subpoints.orgId, orgId), eq(subpoints.meetingId, meetingId))).orderBy(asc(subpoints.rowNum), asc(subpoints.id));
  }

  async subpointsOf(s: Scope, talkingPointId: number): Promise<SubpointRow[]> {
    const { orgId, tx } = s;
    return tx.select().from(subpoints).where(and(eq(subpoints.orgId, orgId), eq(subpoints.talkingPointId, talkingPointId))).orderBy(asc(subpoints.rowNum), asc(subpoints.id));
  }

  async subpoint(s: Scope, id: number): Promise<SubpointRow | null> {
    const { orgId, tx } = s;
    const [row] = await tx.select().from(subpoints).where(and(eq(subpoints.orgId, orgId), eq(subpoints.id, id)));
    return row ?? null;
  }

  async insertSubpoint(s: Scope, v: Omit<typeof subpoints.$inferInsert, 'orgId'>): Promise<SubpointRow> {
    const { orgId, tx } = s;
    const [row] = await tx.insert(subpoints).values({ ...v, orgId }).returning();
    return row;
  }

  async updateSubpoint(s: Scope, id: number, v: Partial<typeof subpoints.$inferInsert>): Promise<void> {
    const { orgId, tx } = s;
    await tx.update(subpoints).set({ ...v, updatedAt: new Date() }).where(and(eq(subpoints.orgId, orgId), eq(subpoints.id, id)));
  }

  async deleteSubpoints(s: Scope, ids: number[]): Promise<void> {
    const { orgId, tx } = s;
    if (ids.length) await tx.delete(subpoints).where(and(eq(subpoints.orgId, orgId), inArray(subpoints.id, ids)));
  }

  async peopleOf(s: Scope, tpIds: number[], spIds: number[]): Promise<ItemPersonRow[]> {
    const { orgId, tx } = s;
    const parts: SQL[] = [];
    if (tpIds.length) parts.push(inArray(itemPeople.talkingPointId, tpIds));
    if (spIds.length) parts.push(inArray(itemPeople.subpointId, spIds));
    if (!parts.length) return [];
    return tx.select().from(itemPeople).where(and(eq(itemPeople.orgId, orgId), or(...parts))).orderBy(asc(itemPeople.id));
  }

  /** replace the viewers/presenters of one talking point or sub-point */
  async setPeople(s: Scope, owner: { talkingPointId: number } | { subpointId: number }, role: 'viewer' | 'presenter', people: PersonInput[]): Promise<void> {
    const { orgId, tx } = s;
    const col = 'talkingPointId' in owner ? itemPeople.talkingPointId : itemPeople.subpointId;
    const id = 'talkingPointId' in owner ? owner.talkingPointId : owner.subpointId;
    await tx.delete(itemPeople).where(and(eq(itemPeople.orgId, orgId), eq(col, id), eq(itemPeople.role, role)));
    const seen = new Set<string>();
    const rows = people.filter((p) => {
      const k = personKey(p);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    if (rows.length) await tx.insert(itemPeople).values(rows.map((p) => ({ orgId, ...owner, role, userId: p.userId, userEmail: p.userEmail })));
  }

  // ---------- attachments (library references) ----------

  async attachmentsOf(s: Scope, f: { talkingPointIds?: number[]; subpointIds?: number[]; decisionIds?: number[]; actionIds?: number[] }): Promise<AttachmentRow[]> {
    const { orgId, tx } = s;
    const parts: SQL[] = [];
    if (f.talkingPointIds?.length) parts.push(inArray(attachments.talkingPointId, f.talkingPointIds));
    if (f.subpointIds?.length) parts.push(inArray(attachments.subpointId, f.subpointIds));
    if (f.decisionIds?.length) parts.push(inArray(attachments.decisionId, f.decisionIds));
    if (f.actionIds?.length) parts.push(inArray(attachments.actionId, f.actionIds));
    if (!parts.length) return [];
    return tx.select().from(attachments).where(and(eq(attachments.orgId, orgId), or(...parts))).orderBy(asc(attachments.id));
  }

  private ownerWhere(orgId: string, owner: AttachmentOwner): SQL {
    if ('talkingPointId' in owner) return and(eq(attachments.orgId, orgId), eq(attachments.talkingPointId, owner.talkingPointId))!;
    if ('subpointId' in owner) return and(eq(attachments.orgId, orgId), eq(attachments.subpointId, owner.subpointId))!;
    if ('decisionId' in owner) return and(eq(attachments.orgId, orgId), eq(attachments.decisionId, owner.decisionId))!;
    return and(eq(attachments.orgId, orgId), eq(attachments.actionId, owner.actionId))!;
  }

  async attachmentsOfOwner(s: Scope, owner: AttachmentOwner): Promise<AttachmentRow[]> {
    const { orgId, tx } = s;
    return tx.select().from(attachments).where(this.ownerWhere(orgId, owner)).orderBy(asc(attachments.id));
  }

  /** make the item's attachments exactly these library ids (keeps existing rows) */
  async setAttachments(s: Scope, owner: AttachmentOwner, libraryIds: number[], by: number | null): Promise<void> {
    const { orgId, tx } = s;
    const existing = await this.attachmentsOfOwner(s, owner);
    const want = new Set(libraryIds);
    const gone = existing.filter((a) => !want.has(a.libraryId)).map((a) => a.id);
    if (gone.length) await tx.delete(attachments).where(and(eq(attachments.orgId, orgId), inArray(attachments.id, gone)));
    const have = new Set(existing.map((a) => a.libraryId));
    const add = [...want].filter((l) => !have.has(l));
    if (add.length) await tx.insert(attachments).values(add.map((libraryId) => ({ orgId, ...owner, libraryId, createdBy: by })));
  }

  async addAttachment(s: Scope, owner: AttachmentOwner, libraryId: number, by: number | null): Promise<void> {
    const { orgId, tx } = s;
    const existing = await this.attachmentsOfOwner(s, owner);
    if (!existing.some((a) => a.libraryId === libraryId)) await tx.insert(attachments).values({ orgId, ...owner, libraryId, createdBy: by });
  }

  async removeAttachment(s: Scope, id: number): Promise<void> {
    const { orgId, tx } = s;
    await tx.delete(attachments).where(and(eq(attachments.orgId, orgId), eq(attachments.id, id)));
  }

  async attachmentsByLibrary(s: Scope, libraryId: number): Promise<AttachmentRow[]> {
    const { orgId, tx } = s;
    return tx.select().from(attachments).where(and(eq(attachments.orgId, orgId), eq(attachments.libraryId, libraryId)));
  }
}
