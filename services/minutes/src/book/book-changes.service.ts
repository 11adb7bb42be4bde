import { Injectable } from '@nestjs/common';
import { AppError, FileUploaded, type BookChanges, type GetBookChanges, type MarkBookOpened, type MeetingDetails, type PayloadOf, type RequestOf } from '@app/contracts';
import { OnEvent } from '@app/platform';
import { Meetings } from '../common/meetings';
import { MinutesDb, type Scope } from '../common/minutes-db';
import type { PublishedItem } from '../db/schema';
import { bookChanges, readerChanges, readerOf, shownKeys } from '../rules/book-changes';
import { bookSections } from '../rules/book';
import { BookRepository, type BookRow } from './book.repository';
import { BookChangesRepository } from './book-changes.repository';
import { BookRebuilds } from '../common/book-rebuilds';

/**
 * What changed in the board book (docs/minutes.md#what-changed-in-the-book): each finished book records its items
 * with their files' versions (`books.items`); a reader's answer compares the newest book with the one they last
 * opened (`book_reads`), or the one before it. A new version of a file the newest book holds (library.v1.file.uploaded)
 * makes the meeting's book again, as an agenda change does.
 */
@Injectable()
export class BookChangesService {
  constructor(
    private readonly db: MinutesDb,
    private readonly books: BookRepository,
    private readonly repo: BookChangesRepository,
    private readonly meetings: Meetings,
    private readonly rebuilds: BookRebuilds,
  ) {}

  /** the agenda as a publication would record it now: the reader's sections with the versions known here (the book's own when unknown) */
  async current(s: Scope, meeting: MeetingDetails, book: BookRow | null): Promise<PublishedItem[]> {
    const sections = bookSections(meeting);
    const known = await this.repo.versions(s, sections.flatMap((x) => x.files.map((f) => f.library_id)));
    const inBook = new Map((book?.items ?? []).flatMap((i) => i.files.map((f) => [f.library_id, f.version] as const)));
    return sections.map((x) => ({ key: x.key, label: x.label, title: x.title, files: x.files.map((f) => ({ library_id: f.library_id, name: f.name, version: known.get(f.library_id) ?? inBook.get(f.library_id) ?? 1 })) }));
  }

  async get(c: RequestOf<typeof GetBookChanges>): Promise<BookChanges> {
    const meeting = await this.meetings.load(c.orgId, c.actor, c.meetingId, { variant: c.variant, lang: c.lang });
    const visible = new Set(bookSections(meeting).map((x) => x.key));
    return this.db.tenant(c.orgId, async (s) => {
      const newest = await this.books.lastDone(s, c.meetingId);
      const none: BookChanges = { meeting_id: c.meetingId, book_library_id: newest?.libraryId ?? null, since_library_id: null, since: null, items: [] };
      if (!newest) return none;
      let since: BookRow | null = null;
      let how: BookChanges['since'] = null;
      const reader = readerOf(c.actor, meeting);
      const opened = reader ? await this.repo.lastOpened(s, c.meetingId, reader) : null;
      if (c.since) {
        since = await this.repo.doneByLibraryId(s, c.meetingId, c.since);
        if (!since) throw AppError.notFound('board book');
        how = 'opened';
      } else {
        since = opened ? await this.repo.doneById(s, c.meetingId, opened.bookId) : null;
        how = since ? 'opened' : null;
        if (!since) {
          since = await this.repo.previousDone(s, c.meetingId, newest.id);
          how = since ? 'previous' : null;
        }
      }
      const after = newest.items ?? [];
      // a book made before publications were recorded has nothing to compare with
      const before = since?.items ?? null;
      const all = bookChanges(before, after);
      // the reader's part: the items of the newest book they see; a removed item only to whom was shown it in the book compared with
      const saw = since && opened?.bookId === since.id && opened.keys ? new Set(opened.keys) : null;
      const items = readerChanges(all, visible, saw);
      return { ...none, since_library_id: before ? (since?.libraryId ?? null) : null, since: before ? how : null, items };
    });
  }

  async opened(c: RequestOf<typeof MarkBookOpened>) {
    const meeting = await this.meetings.load(c.orgId, c.actor, c.meetingId, { variant: c.variant, lang: c.lang });
    await this.db.tenant(c.orgId, async (s) => {
      const book = await this.repo.doneByLibraryId(s, c.meetingId, c.libraryId);
      if (!book) throw AppError.notFound('board book');
      const reader = readerOf(c.actor, meeting);
      if (reader) await this.repo.opened(s, c.meetingId, reader, book.id, shownKeys(book.items ?? [], new Set(bookSections(meeting).map((x) => x.key))));
    });
    return { ok: true as const };
  }

  /**
   * A file's new version: kept (the book's fingerprint counts it), and each meeting whose newest book holds the file
   * gets a RebuildBook job in the current window (docs/minutes.md#the-board-book), so its book and summary follow.
   */
  @OnEvent(FileUploaded)
  async onFileUploaded(e: PayloadOf<typeof FileUploaded>): Promise<void> {
    const meetings = await this.db.tenant(e.orgId, async (s) => {
      await this.repo.noteVersion(s, e.itemId, e.version);
      return e.version > 1 ? this.repo.meetingsWithFile(s, e.itemId) : [];
    });
    for (const meetingId of meetings) await this.rebuilds.soon(e.orgId, meetingId);
  }
}
