import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { conflicts, type ConflictRow } from '../db/schema';
import type { Scope } from '../db/db';

/** Conflicts of interest declared on agenda items (docs/meeting.md#the-record-of-a-board). */
@Injectable()
export class ConflictsRepository {
  /** the declarations on these items, oldest first */
  async ofItems(s: Scope, talkingPointIds: number[]): Promise<ConflictRow[]> {
    const { orgId, tx } = s;
    const ids = [...new Set(talkingPointIds)];
    if (!ids.length) return [];
    return tx.select().from(conflicts).where(and(eq(conflicts.orgId, orgId), inArray(conflicts.talkingPointId, ids))).orderBy(asc(conflicts.declaredAt), asc(conflicts.id));
  }

  /** declare (again: the note is replaced, the time kept) */
  async declare(s: Scope, v: { meetingId: number; talkingPointId: number; userId: number; note: string | null }): Promise<void> {
    const { orgId, tx } = s;
    await tx.insert(conflicts).values({ ...v, orgId }).onConflictDoUpdate({ target: [conflicts.orgId, conflicts.talkingPointId, conflicts.userId], set: { note: v.note } });
  }

  /** withdraw; true when there was one */
  async withdraw(s: Scope, talkingPointId: number, userId: number): Promise<boolean> {
    const { orgId, tx } = s;
    const gone = await tx.delete(conflicts).where(and(eq(conflicts.orgId, orgId), eq(conflicts.talkingPointId, talkingPointId), eq(conflicts.userId, userId))).returning({ id: conflicts.id });
    return gone.length > 0;
  }
}
