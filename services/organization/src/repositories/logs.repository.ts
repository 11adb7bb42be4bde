import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Actor } from '@app/contracts';
import { activityLogs } from '../db/schema';
import type { Scope } from '../common/org-db';
import { actorName } from '../common/access';
import { containsPattern } from '@app/platform';

export type LogRow = typeof activityLogs.$inferSelect;

/** The append-only activity log: written in the same transaction as the change it records. */
@Injectable()
export class LogsRepository {
  async write(s: Scope, actor: Actor, activity: string): Promise<void> {
    await s.tx.insert(activityLogs).values({ orgId: s.orgId, userId: actor.userId, username: actorName(actor), activity });
  }

  /** an entry written from an event: a second delivery of the same event writes nothing */
  async writeOnce(s: Scope, eventId: string, who: { userId: number | null; username: string }, activity: string): Promise<void> {
    await s.tx
      .insert(activityLogs)
      .values({ orgId: s.orgId, userId: who.userId, username: who.username.slice(0, 191), activity, eventId })
      .onConflictDoNothing({ target: [activityLogs.orgId, activityLogs.eventId] });
  }

  async page(s: Scope, q: { page: number; perPage: number; username?: string }): Promise<{ rows: LogRow[]; total: number }> {
    const where = and(eq(activityLogs.orgId, s.orgId), q.username ? ilike(activityLogs.username, containsPattern(q.username)) : undefined);
    const [{ n }] = await s.tx.select({ n: count() }).from(activityLogs).where(where);
    const rows = await s.tx.select().from(activityLogs).where(where).orderBy(desc(activityLogs.createdAt), desc(activityLogs.id)).limit(q.perPage).offset((q.page - 1) * q.perPage);
    return { rows, total: Number(n) };
  }
}
