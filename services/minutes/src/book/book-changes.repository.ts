import { Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Scope } from '../common/minutes-db';
import { bookReads, books, fileVersions } from '../db/schema';
import type { BookReader } from '../rules/book-changes';
import type { BookRow } from './book.repository';

/** The board book's publications, the files' known versions and the book each reader last opened; Scope first. */
@Injectable()
export class BookChangesRepository {
  /** the versions this service knows of these files (absent: never heard of) */
  async versions(s: Scope, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await s.tx.select().from(fileVersions).where(and(eq(fileVersions.orgId, s.orgId), inArray(fileVersions.libraryId, [...new Set(ids)])));
    return new Map(rows.map((r) => [r.libraryId, r.version]));
  }

  /** a file's version heard of: kept when newer than the one known (events may come late or twice) */
  async noteVersion(s: Scope, libraryId: number, version: number): Promise<void> {
    await s.tx
      .insert(fileVersions)
      .values({ orgId: s.orgId, libraryId, version })
      .onConflictDoUpdate({ target: [fileVersions.orgId, fileVersions.libraryId], set: { version: sql`greatest(${fileVersions.version}, excluded.version)`, updatedAt: new Date() } });
  }

  /** the meetings whose newest finished book holds this file (a new version of it makes them a new book) */
  async meetingsWithFile(s: Scope, libraryId: number): Promise<number[]> {
    const rows = await s.tx
      .selectDistinct({ meetingId: books.meetingId })
      .from(books)
      .where(and(eq(books.orgId, s.orgId), eq(books.status, 'done'), sql`${books.items} @> ${JSON.stringify([{ files: [{ library_id: libraryId }] }])}::jsonb`));
    return rows.map((r) => r.meetingId);
  }

  /** a finished book of the meeting by its library file */
  async doneByLibraryId(s: Scope, meetingId: number, libraryId: number): Promise<BookRow | null> {
    const [row] = await s.tx.select().from(books).where(and(eq(books.orgId, s.orgId), eq(books.meetingId, meetingId), eq(books.libraryId, libraryId), eq(books.status, 'done'))).limit(1);
    return row ?? null;
  }

  async doneById(s: Scope, meetingId: number, id: number): Promise<BookRow | null> {
    const [row] = await s.tx.select().from(books).where(and(eq(books.orgId, s.orgId), eq(books.meetingId, meetingId), eq(books.id, id), eq(books.status, 'done'))).limit(1);
    return row ?? null;
  }

  /** the finished book published before this one */
  async previousDone(s: Scope, meetingId: number, bookId: number): Promise<BookRow | null> {
    const [row] = await s.tx.select().from(books).where(and(eq(books.orgId, s.orgId), eq(books.meetingId, meetingId), eq(books.status, 'done'), lt(books.id, bookId))).orderBy(desc(books.id)).limit(1);
    return row ?? null;
  }

  /** the book this reader last opened in this meeting, and the items of it they were shown (null: not known) */
  async lastOpened(s: Scope, meetingId: number, reader: BookReader): Promise<{ bookId: number; keys: string[] | null } | null> {
    const who = 'userId' in reader ? eq(bookReads.userId, reader.userId) : eq(bookReads.guestMemberId, reader.guestMemberId);
    const [row] = await s.tx.select({ bookId: bookReads.bookId, keys: bookReads.keys }).from(bookReads).where(and(eq(bookReads.orgId, s.orgId), eq(bookReads.meetingId, meetingId), who));
    return row ?? null;
  }

  /** the reader opened this book and was shown these of its items */
  async opened(s: Scope, meetingId: number, reader: BookReader, bookId: number, keys: string[]): Promise<void> {
    const set = { bookId, keys, openedAt: new Date() };
    if ('userId' in reader) {
      await s.tx
        .insert(bookReads)
        .values({ orgId: s.orgId, meetingId, userId: reader.userId, bookId, keys })
        .onConflictDoUpdate({ target: [bookReads.orgId, bookReads.meetingId, bookReads.userId], set });
    } else {
      await s.tx
        .insert(bookReads)
        .values({ orgId: s.orgId, meetingId, guestMemberId: reader.guestMemberId, bookId, keys })
        .onConflictDoUpdate({ target: [bookReads.orgId, bookReads.meetingId, bookReads.guestMemberId], set });
    }
  }
}
