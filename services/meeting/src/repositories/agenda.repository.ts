import { personKey } from '../rules/person';
import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { attachments, itemPeople, subpoints, talkingPoints, type AttachmentRow, type ItemPersonRow, type SubpointRow, type TalkingPointRow } from '../db/schema';
import type { Tx } from '../db/db';

export type AttachmentOwner = { talkingPointId: number } | { subpointId: number } | { decisionId: number } | { actionId: number };
export type PersonInput = { userId: number | null; userEmail: string | null };

/** Talking points, sub-points, their viewers and presenters, and the attachments of every item kind. */
@Injectable()
export class AgendaRepository {
  async talkingPoints(orgId: string, tx: Tx, meetingId: number): Promise<TalkingPointRow[]> {
    return tx.select().from(talkingPoints).where(and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.meetingId, meetingId))).orderBy(asc(talkingPoints.rowNum), asc(talkingPoints.id));
  }

  async talkingPoint(orgId: string, tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<TalkingPointRow | null> {
    const q = tx.select().from(talkingPoints).where(and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.id, id)));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async insertTalkingPoint(orgId: string, tx: Tx, v: Omit<typeof talkingPoints.$inferInsert, 'orgId'>): Promise<TalkingPointRow> {
    const [row] = await tx.insert(talkingPoints).values({ ...v, orgId }).returning();
    return row;
  }

  async updateTalkingPoint(orgId: string, tx: Tx, id: number, v: Partial<typeof talkingPoints.$inferInsert>): Promise<void> {
    await tx.update(talkingPoints).set({ ...v, updatedAt: new Date() }).where(and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.id, id)));
  }

  async deleteTalkingPoint(orgId: string, tx: Tx, id: number): Promise<void> {
    await tx.delete(talkingPoints).where(and(eq(talkingPoints.orgId, orgId), eq(talkingPoints.id, id)));
  }

  async subpointsOfMeeting(orgId: string, tx: Tx, meetingId: number): Promise<SubpointRow[]> {
    return tx.select().from(subpoints).where(and(eq(subpoints.orgId, orgId), eq(subpoints.meetingId, meetingId))).orderBy(asc(subpoints.rowNum), asc(subpoints.id));
  }

  async subpointsOf(orgId: string, tx: Tx, talkingPointId: number): Promise<SubpointRow[]> {
    return tx.select().from(subpoints).where(and(eq(subpoints.orgId, orgId), eq(subpoints.talkingPointId, talkingPointId))).orderBy(asc(subpoints.rowNum), asc(subpoints.id));
  }

  async subpoint(orgId: string, tx: Tx, id: number): Promise<SubpointRow | null> {
    const [row] = await tx.select().from(subpoints).where(and(eq(subpoints.orgId, orgId), eq(subpoints.id, id)));
    return row ?? null;
  }

  async insertSubpoint(orgId: string, tx: Tx, v: Omit<typeof subpoints.$inferInsert, 'orgId'>): Promise<SubpointRow> {
    const [row] = await tx.insert(subpoints).values({ ...v, orgId }).returning();
    return row;
  }

  async updateSubpoint(orgId: string, tx: Tx, id: number, v: Partial<typeof subpoints.$inferInsert>): Promise<void> {
    await tx.update(subpoints).set({ ...v, updatedAt: new Date() }).where(and(eq(subpoints.orgId, orgId), eq(subpoints.id, id)));
  }

  async deleteSubpoints(orgId: string, tx: Tx, ids: number[]): Promise<void> {
    if (ids.length) await tx.delete(subpoints).where(and(eq(subpoints.orgId, orgId), inArray(subpoints.id, ids)));
  }

  async peopleOf(orgId: string, tx: Tx, tpIds: number[], spIds: number[]): Promise<ItemPersonRow[]> {
    const parts: SQL[] = [];
    if (tpIds.length) parts.push(inArray(itemPeople.talkingPointId, tpIds));
    if (spIds.length) parts.push(inArray(itemPeople.subpointId, spIds));
    if (!parts.length) return [];
    return tx.select().from(itemPeople).where(and(eq(itemPeople.orgId, orgId), or(...parts))).orderBy(asc(itemPeople.id));
  }

  /** replace the viewers/presenters of one talking point or sub-point */
  async setPeople(orgId: string, tx: Tx, owner: { talkingPointId: number } | { subpointId: number }, role: 'viewer' | 'presenter', people: PersonInput[]): Promise<void> {
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

  async attachmentsOf(orgId: string, tx: Tx, f: { talkingPointIds?: number[]; subpointIds?: number[]; decisionIds?: number[]; actionIds?: number[] }): Promise<AttachmentRow[]> {
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

  async attachmentsOfOwner(orgId: string, tx: Tx, owner: AttachmentOwner): Promise<AttachmentRow[]> {
    return tx.select().from(attachments).where(this.ownerWhere(orgId, owner)).orderBy(asc(attachments.id));
  }

  /** make the item's attachments exactly these library ids (keeps existing rows) */
  async setAttachments(orgId: string, tx: Tx, owner: AttachmentOwner, libraryIds: number[], by: number | null): Promise<void> {
    const existing = await this.attachmentsOfOwner(orgId, tx, owner);
    const want = new Set(libraryIds);
    const gone = existing.filter((a) => !want.has(a.libraryId)).map((a) => a.id);
    if (gone.length) await tx.delete(attachments).where(and(eq(attachments.orgId, orgId), inArray(attachments.id, gone)));
    const have = new Set(existing.map((a) => a.libraryId));
    const add = [...want].filter((l) => !have.has(l));
    if (add.length) await tx.insert(attachments).values(add.map((libraryId) => ({ orgId, ...owner, libraryId, createdBy: by })));
  }

  async addAttachment(orgId: string, tx: Tx, owner: AttachmentOwner, libraryId: number, by: number | null): Promise<void> {
    const existing = await this.attachmentsOfOwner(orgId, tx, owner);
    if (!existing.some((a) => a.libraryId === libraryId)) await tx.insert(attachments).values({ orgId, ...owner, libraryId, createdBy: by });
  }

  async removeAttachment(orgId: string, tx: Tx, id: number): Promise<void> {
    await tx.delete(attachments).where(and(eq(attachments.orgId, orgId), eq(attachments.id, id)));
  }

  async attachmentsByLibrary(orgId: string, tx: Tx, libraryId: number): Promise<AttachmentRow[]> {
    return tx.select().from(attachments).where(and(eq(attachments.orgId, orgId), eq(attachments.libraryId, libraryId)));
  }
}
