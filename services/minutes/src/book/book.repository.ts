import { Injectable } from '@nestjs/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Scope } from '../common/minutes-db';
import { parseLang, type Lang } from '@app/contracts';
import { books, renders, versions } from '../db/schema';

export type BookRow = typeof books.$inferSelect;

/** Board books; Scope first. */
@Injectable()
export class BookRepository {
  async get(s: Scope, id: number): Promise<BookRow | null> {
    const [row] = await s.tx.select().from(books).where(and(eq(books.orgId, s.orgId), eq(books.id, id)));
    return row ?? null;
  }

  async byLibraryId(s: Scope, libraryId: number): Promise<BookRow | null> {
    const [row] = await s.tx.select().from(books).where(and(eq(books.orgId, s.orgId), eq(books.libraryId, libraryId))).orderBy(desc(books.id)).limit(1);
    return row ?? null;
  }

  /** the meeting's newest finished book */
  async lastDone(s: Scope, meetingId: number): Promise<BookRow | null> {
    const [row] = await s.tx.select().from(books).where(and(eq(books.orgId, s.orgId), eq(books.meetingId, meetingId), eq(books.status, 'done'))).orderBy(desc(books.id)).limit(1);
    return row ?? null;
  }

  /** the meeting's newest book, whatever its state */
  async latest(s: Scope, meetingId: number): Promise<BookRow | null> {
    const [row] = await s.tx.select().from(books).where(and(eq(books.orgId, s.orgId), eq(books.meetingId, meetingId))).orderBy(desc(books.id)).limit(1);
    return row ?? null;
  }

  /** whether the meeting has ever had a book asked for (the rebuild job only rebuilds those) */
  async hasAny(s: Scope, meetingId: number): Promise<boolean> {
    const [row] = await s.tx.select({ id: books.id }).from(books).where(and(eq(books.orgId, s.orgId), eq(books.meetingId, meetingId))).limit(1);
    return !!row;
  }

  /**
   * The language the meeting's book is printed in: its minutes' (docs/minutes.md#the-board-book), the newest minutes
   * version's language; before any version, the language chosen at Done for the PDF being made (the last render);
   * else English.
   */
  async minutesLang(s: Scope, meetingId: number): Promise<Lang> {
    const [v] = await s.tx.select({ lang: versions.lang }).from(versions).where(and(eq(versions.orgId, s.orgId), eq(versions.meetingId, meetingId))).orderBy(desc(versions.version)).limit(1);
    if (v) return parseLang(v.lang);
    const [r] = await s.tx.select({ lang: renders.lang }).from(renders).where(and(eq(renders.orgId, s.orgId), eq(renders.meetingId, meetingId))).orderBy(desc(renders.id)).limit(1);
    return parseLang(r?.lang ?? 'en');
  }

  /** the book of this agenda state, created (queued) when missing; a failed one starts a new attempt. `started`: a job must run */
  async claim(s: Scope, meetingId: number, fingerprint: string): Promise<{ row: BookRow; started: boolean }> {
    const [created] = await s.tx.insert(books).values({ orgId: s.orgId, meetingId, fingerprint }).onConflictDoNothing().returning();
    if (created) return { row: created, started: true };
    const [retried] = await s.tx
      .update(books)
      .set({ status: 'queued', progress: 0, error: null, attempt: sql`${books.attempt} + 1`, updatedAt: new Date() })
      .where(and(eq(books.orgId, s.orgId), eq(books.meetingId, meetingId), eq(books.fingerprint, fingerprint), eq(books.status, 'failed')))
      .returning();
    if (retried) return { row: retried, started: true };
    const [row] = await s.tx.select().from(books).where(and(eq(books.orgId, s.orgId), eq(books.meetingId, meetingId), eq(books.fingerprint, fingerprint)));
    return { row, started: false };
  }

  async update(s: Scope, id: number, patch: Partial<Pick<BookRow, 'status' | 'progress' | 'error' | 'libraryId' | 's3Key' | 'filesMerged' | 'outlines' | 'items'>>): Promise<void> {
    await s.tx.update(books).set({ ...patch, updatedAt: new Date() }).where(and(eq(books.orgId, s.orgId), eq(books.id, id)));
  }
}
