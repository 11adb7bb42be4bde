import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ReminderType } from '@app/contracts';
import type { Scope } from '../common/notification-db';
import { reminders } from '../db/schema';

export interface NewReminder {
  /** lower-case e-mail address of the user */
  recipient: string;
  type: ReminderType;
  title: string;
  message: string;
  params: Record<string, string | number>;
  link: string | null;
  entityType: 'meeting' | 'decision' | 'action' | 'comment' | 'evaluation' | null;
  entityId: number | null;
  meetingId: number | null;
  dueAt: Date | null;
  dedupeKey: string;
}

export type ReminderRow = typeof reminders.$inferSelect;

/** In-app reminders; Scope first (orgId + RLS transaction). */
@Injectable()
export class RemindersRepository {
  /** Insert; a row with the same (user, dedupe key) already there is kept as it is. */
  async add(s: Scope, list: NewReminder[]): Promise<number> {
    if (!list.length) return 0;
    const rows = await s.tx
      .insert(reminders)
      .values(list.map((r) => ({ orgId: s.orgId, ...r })))
      .onConflictDoNothing()
      .returning({ id: reminders.id });
    return rows.length;
  }

  /**
   * One page and the total in ONE statement (`count(*) over ()`), so both come from the same snapshot: two
   * statements under READ COMMITTED could count before a new reminder commits and list after it.
   */
  async list(s: Scope, recipient: string, page: number, perPage: number): Promise<{ rows: ReminderRow[]; total: number }> {
    const where = and(eq(reminders.orgId, s.orgId), eq(reminders.recipient, recipient), isNull(reminders.dismissedAt));
    const found = await s.tx
      .select({ row: reminders, total: sql<number>`count(*) over ()` })
      .from(reminders)
      .where(where)
      .orderBy(desc(reminders.createdAt), desc(reminders.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    if (found.length) return { rows: found.map((f) => f.row), total: Number(found[0].total) };
    // a page past the end: no row carries the total
    const [{ n }] = await s.tx.select({ n: count() }).from(reminders).where(where);
    return { rows: [], total: Number(n) };
  }

  async dismissAll(s: Scope, recipient: string): Promise<number> {
    const rows = await s.tx
      .update(reminders)
      .set({ dismissedAt: sql`now()` })
      .where(and(eq(reminders.orgId, s.orgId), eq(reminders.recipient, recipient), isNull(reminders.dismissedAt)))
      .returning({ id: reminders.id });
    return rows.length;
  }

  /** not found when the reminder is not this user's (or not in this organization). */
  async dismiss(s: Scope, recipient: string, id: number): Promise<{ found: boolean; dismissed: number }> {
    const [row] = await s.tx
      .select({ id: reminders.id, dismissedAt: reminders.dismissedAt })
      .from(reminders)
      .where(and(eq(reminders.orgId, s.orgId), eq(reminders.recipient, recipient), eq(reminders.id, id)))
      .limit(1);
    if (!row) return { found: false, dismissed: 0 };
    if (row.dismissedAt) return { found: true, dismissed: 0 };
    await s.tx.update(reminders).set({ dismissedAt: sql`now()` }).where(and(eq(reminders.orgId, s.orgId), eq(reminders.id, id)));
    return { found: true, dismissed: 1 };
  }

  /** Dismiss every user's reminders of these types about one item (a cancelled meeting, a closed decision). */
  async dismissForEntity(s: Scope, entityType: string, entityId: number, types: ReminderType[], exceptDedupeKey?: string): Promise<number> {
    const rows = await s.tx
      .update(reminders)
      .set({ dismissedAt: sql`now()` })
      .where(
        and(
          eq(reminders.orgId, s.orgId),
          eq(reminders.entityType, entityType),
          eq(reminders.entityId, entityId),
          inArray(reminders.type, types),
          isNull(reminders.dismissedAt),
          exceptDedupeKey ? ne(reminders.dedupeKey, exceptDedupeKey) : undefined,
        ),
      )
      .returning({ id: reminders.id });
    return rows.length;
  }
}
