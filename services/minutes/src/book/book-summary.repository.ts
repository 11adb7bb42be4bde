import { Injectable } from '@nestjs/common';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Scope } from '../common/minutes-db';
import { bookSummaries, type BookSummarySource } from '../db/schema';

export type BookSummaryRow = typeof bookSummaries.$inferSelect;

/** The board books' summaries (docs/book-summary.md); Scope first. */
@Injectable()
export class BookSummaryRepository {
  async get(s: Scope, id: number): Promise<BookSummaryRow | null> {
    const [row] = await s.tx.select().from(bookSummaries).where(and(eq(bookSummaries.orgId, s.orgId), eq(bookSummaries.id, id)));
    return row ?? null;
  }

  async ofBook(s: Scope, bookId: number): Promise<BookSummaryRow | null> {
    const [row] = await s.tx.select().from(bookSummaries).where(and(eq(bookSummaries.orgId, s.orgId), eq(bookSummaries.bookId, bookId))).orderBy(desc(bookSummaries.id)).limit(1);
    return row ?? null;
  }

  /** the meeting's newest finished summary of a book older than this one (its unchanged items are kept) */
  async doneBefore(s: Scope, meetingId: number, bookId: number): Promise<BookSummaryRow | null> {
    const [row] = await s.tx
      .select()
      .from(bookSummaries)
      .where(and(eq(bookSummaries.orgId, s.orgId), eq(bookSummaries.meetingId, meetingId), eq(bookSummaries.status, 'done'), lt(bookSummaries.bookId, bookId)))
      .orderBy(desc(bookSummaries.bookId))
      .limit(1);
    return row ?? null;
  }

  /** the book's summary row, created when missing; `created`: a job must run */
  async claim(s: Scope, meetingId: number, bookId: number, sources: BookSummarySource[]): Promise<{ row: BookSummaryRow; created: boolean }> {
    const [created] = await s.tx.insert(bookSummaries).values({ orgId: s.orgId, meetingId, bookId, sources }).onConflictDoNothing().returning();
    if (created) return { row: created, created: true };
    const [row] = await s.tx.select().from(bookSummaries).where(and(eq(bookSummaries.orgId, s.orgId), eq(bookSummaries.bookId, bookId)));
    return { row, created: false };
  }

  async update(s: Scope, id: number, patch: Partial<Pick<BookSummaryRow, 'status' | 'progress' | 'method' | 'lang' | 'content' | 'error'>>): Promise<void> {
    await s.tx.update(bookSummaries).set({ ...patch, updatedAt: new Date() }).where(and(eq(bookSummaries.orgId, s.orgId), eq(bookSummaries.id, id)));
  }
}
