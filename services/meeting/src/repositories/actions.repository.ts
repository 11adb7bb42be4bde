import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { actionParticipants, actions, type ActionParticipantRow, type ActionRow } from '../db/schema';
import type { Scope } from '../db/db';
import { personKey } from '../rules/person';

/** Actions and their participants (status per participant). */
@Injectable()
export class ActionsRepository {
  async get(s: Scope, id: number, opts: { lock?: boolean } = {}): Promise<ActionRow | null> {
    const { orgId, tx } = s;
    const q = tx.select().from(actions).where(and(eq(actions.orgId, orgId), eq(actions.id, id)));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async ofMeeting(s: Scope, meetingId: number): Promise<ActionRow[]> {
    const { orgId, tx } = s;
    return tx.select().from(actions).where(and(eq(actions.orgId, orgId), eq(actions.meetingId, meetingId))).orderBy(asc(actions.rowNum), asc(actions.id));
  }

  async ofMeetings(s: Scope, meetingIds: number[]): Promise<ActionRow[]> {
    const { orgId, tx } = s;
    if (!meetingIds.length) return [];
    return tx.select().from(actions).where(and(eq(actions.orgId, orgId), inArray(actions.meetingId, meetingIds))).orderBy(asc(actions.openTill), asc(actions.id));
  }

  async insert(s: Scope, v: Omit<typeof actions.$inferInsert, 'orgId'>): Promise<ActionRow> {
    const { orgId, tx } = s;
    const [row] = await tx.insert(actions).values({ ...v, orgId }).returning();
    return row;
  }

  async update(s: Scope, id: number, v: Partial<typeof actions.$inferInsert>): Promise<void> {
    const { orgId, tx } = s;
    await tx.update(actions).set({ ...v, updatedAt: new Date() }).where(and(eq(actions.orgId, orgId), eq(actions.id, id)));
  }

  async delete(s: Scope, id: number): Promise<void> {
    const { orgId, tx } = s;
    await tx.delete(actions).where(and(eq(actions.orgId, orgId), eq(actions.id, id)));
  }

  async participantsOf(s: Scope, actionIds: number[]): Promise<ActionParticipantRow[]> {
    const { orgId, tx } = s;
    if (!actionIds.length) return [];
    return tx.select().from(actionParticipants).where(and(eq(actionParticipants.orgId, orgId), inArray(actionParticipants.actionId, actionIds))).orderBy(asc(actionParticipants.id));
  }

  /** make the participants exactly these people; returns the newly added ones */
  async setParticipants(s: Scope, actionId: number, people: Array<{ userId: number | null; userEmail: string | null }>): Promise<Array<{ userId: number | null; userEmail: string | null }>> {
    const { orgId, tx } = s;
    const existing = await this.participantsOf(s, [actionId]);
    const want = new Map(people.map((p) => [personKey(p), p]));
    const gone = existing.filter((p) => !want.has(p.participantKey)).map((p) => p.id);
    if (gone.length) await tx.delete(actionParticipants).where(and(eq(actionParticipants.orgId, orgId), inArray(actionParticipants.id, gone)));
    const have = new Set(existing.map((p) => p.participantKey));
    const add = [...want.entries()].filter(([k]) => !have.has(k));
    if (add.length) {
      await tx
        .insert(actionParticipants)
        .values(add.map(([k, p]) => ({ orgId, actionId, participantKey: k, userId: p.userId, userEmail: p.userEmail })))
        .onConflictDoNothing();
    }
    return add.map(([, p]) => p);
  }

  async setStatus(s: Scope, participantId: number, status: string, reason: string | null): Promise<void> {
    const { orgId, tx } = s;
    const now = new Date();
    await tx
      .update(actionParticipants)
      .set({ status, reason, statusChangedAt: now, updatedAt: now })
      .where(and(eq(actionParticipants.orgId, orgId), eq(actionParticipants.id, participantId)));
  }

  /** actions where the user is a participant, with their meeting ids */
  async forParticipant(s: Scope, userId: number): Promise<ActionRow[]> {
    const { orgId, tx } = s;
    const where: SQL = and(eq(actions.orgId, orgId), eq(actionParticipants.userId, userId))!;
    const rows = await tx
      .select({ a: actions })
      .from(actions)
      .innerJoin(actionParticipants, and(eq(actionParticipants.actionId, actions.id), eq(actionParticipants.orgId, orgId)))
      .where(where)
      .orderBy(asc(actions.openTill));
    return rows.map((r) => r.a);
  }
}
