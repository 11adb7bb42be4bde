import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { Db } from '@app/platform';
import type { ReminderType } from '@app/contracts';
import { reminders } from '../db/schema';
import type { NotificationTables } from '../db/tables';

export interface NewReminder {
  /** lower-case e-mail address of the user */
  recipient: string;
  type: ReminderType;
  title: string;
  message: string;
  params: Record<string, string | number>;
  link: string | null;
  entityType: 'meeting' | 'decision' | 'action' | 'comment' | null;
  entityId: number | null;
  meetingId: number | null;
  dueAt: Date | null;
  dedupeKey: string;
}

export type ReminderRow = typeof reminders.$inferSelect;

/** In-app reminders; orgId first, RLS scoped. */
@Injectable()
export class RemindersRepository {
  constructor(private readonly db: Db<NotificationTables>) {}

  /** Insert; a row with the same (user, dedupe key) already there is kept as it is. */
  async add(orgId: string, list: NewReminder[]): Promise<number> {
    if (!list.length) return 0;
    return this.db.tenant(orgId, async (tx) => {
      const rows = await tx
        .insert(reminders)
        .values(list.map((r) => ({ orgId, ...r })))
        .onConflictDoNothing()
        .returning({ id: reminders.id });
      return rows.length;
    });
  }

  async list(orgId: string, recipient: string, page: number, perPage: number): Promise<{ rows: ReminderRow[]; total: number }> {
    return this.db.tenant(orgId, async (tx) => {
      const where = and(eq(reminders.orgId, orgId), eq(reminders.recipient, recipient), isNull(reminders.dismissedAt));
      const [{ n }] = await tx.select({ n: count() }).from(reminders).where(where);
      const rows = await tx
        .select()
        .from(reminders)
        .where(where)
        .orderBy(desc(reminders.createdAt), desc(reminders.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows, total: Number(n) };
    });
  }

  async dismissAll(orgId: string, recipient: string): Promise<number> {
    return this.db.tenant(orgId, async (tx) => {
      const rows = await tx
        .update(reminders)
        .set({ dismissedAt: sql`now()` })
        .where(and(eq(reminders.orgId, orgId), eq(reminders.recipient, recipient), isNull(reminders.dismissedAt)))
        .returning({ id: reminders.id });
      return rows.length;
    });
  }

  /** not found when the reminder is not this user's (or not in this organization). */
  async dismiss(orgId: string, recipient: string, id: number): Promise<{ found: boolean; dismissed: number }> {
    return this.db.tenant(orgId, async (tx) => {
      const [row] = await tx
        .select({ id: reminders.id, dismissedAt: reminders.dismissedAt })
        .from(reminders)
        .where(and(eq(reminders.orgId, orgId), eq(reminders.recipient, recipient), eq(reminders.id, id)))
        .limit(1);
      if (!row) return { found: false, dismissed: 0 };
      if (row.dismissedAt) return { found: true, dismissed: 0 };
      await tx.update(reminders).set({ dismissedAt: sql`now()` }).where(and(eq(reminders.orgId, orgId), eq(reminders.id, id)));
      return { found: true, dismissed: 1 };
    });
  }

  /** Dismiss every user's reminders of these types about one item (a cancelled meeting, a closed decision). */
  async dismissForEntity(orgId: string, entityType: string, entityId: number, types: ReminderType[], exceptDedupeKey?: string): Promise<number> {
    return this.db.tenant(orgId, async (tx) => {
      const rows = await tx
        .update(reminders)
        .set({ dismissedAt: sql`now()` })
        .where(
          and(
            eq(reminders.orgId, orgId),
            eq(reminders.entityType, entityType),
            eq(reminders.entityId, entityId),
            inArray(reminders.type, types),
            isNull(reminders.dismissedAt),
            exceptDedupeKey ? ne(reminders.dedupeKey, exceptDedupeKey) : undefined,
          ),
        )
        .returning({ id: reminders.id });
      return rows.length;
    });
  }
}
