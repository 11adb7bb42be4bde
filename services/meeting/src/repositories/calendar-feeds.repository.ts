import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { calendarFeeds } from '../db/schema';
import type { Scope } from '../db/db';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** Users' calendar feeds: one per user and organization, found by its token's hash. */
@Injectable()
export class CalendarFeedsRepository {
  async ofUser(s: Scope, userId: number): Promise<CalendarFeedRow | null> {
    const [row] = await s.tx.select().from(calendarFeeds).where(and(eq(calendarFeeds.orgId, s.orgId), eq(calendarFeeds.userId, userId)));
    return row ?? null;
  }

  async byTokenHash(s: Scope, tokenHash: string): Promise<CalendarFeedRow | null> {
    const [row] = await s.tx.select().from(calendarFeeds).where(and(eq(calendarFeeds.orgId, s.orgId), eq(calendarFeeds.tokenHash, tokenHash)));
    return row ?? null;
  }

  /** the user's feed with this token; `replace`: an existing one gets the new token (its old address stops working) */
  async put(s: Scope, userId: number, token: { hash: string; sealed: string }, replace: boolean): Promise<CalendarFeedRow> {
    const values = { orgId: s.orgId, userId, tokenHash: token.hash, tokenSealed: token.sealed };
    const q = s.tx.insert(calendarFeeds).values(values);
    const rows = replace
      ? await q.onConflictDoUpdate({ target: [calendarFeeds.orgId, calendarFeeds.userId], set: { tokenHash: token.hash, tokenSealed: token.sealed, createdAt: sql`now()` } }).returning()
      : await q.onConflictDoNothing({ target: [calendarFeeds.orgId, calendarFeeds.userId] }).returning();
    return rows[0] ?? (await this.ofUser(s, userId))!;
  }

  async remove(s: Scope, userId: number): Promise<void> {
    await s.tx.delete(calendarFeeds).where(and(eq(calendarFeeds.orgId, s.orgId), eq(calendarFeeds.userId, userId)));
  }
}
