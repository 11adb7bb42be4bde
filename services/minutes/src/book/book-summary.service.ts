import { Injectable } from '@nestjs/common';
import { AppError, SummarizeBookJob, zLang, type BookSummary, type GetBookSummary, type RequestOf } from '@app/contracts';
import { Jobs } from '@app/platform';
import { Meetings } from '../common/meetings';
import { MinutesDb, type Scope } from '../common/minutes-db';
import type { BookSummarySource, PublishedItem } from '../db/schema';
import { changedKeys } from '../rules/book-changes';
import { bookSections } from '../rules/book';
import { readerSummary, sourcesFromOutline, staleSummary } from '../rules/book-summary';
import { BookRepository, type BookRow } from './book.repository';
import { BookSummaryRepository } from './book-summary.repository';
import { BookChangesService } from './book-changes.service';

/**
 * The board book's summary (docs/book-summary.md): made by the SummarizeBook job once a book is made; asking answers
 * the summary of the meeting's newest finished book as the reader may see it, or its state while it is made. 404
 * when the reader may not see the meeting or the meeting has no book.
 */
@Injectable()
export class BookSummaryService {
  constructor(
    private readonly db: MinutesDb,
    private readonly books: BookRepository,
    private readonly repo: BookSummaryRepository,
    private readonly meetings: Meetings,
    private readonly jobs: Jobs,
    private readonly changes: BookChangesService,
  ) {}

  /** the summary row of a finished book, with its job, created when missing (in the caller's transaction: the job after it) */
  async start(s: Scope, after: (f: () => Promise<unknown>) => void, meetingId: number, bookId: number, sources: BookSummarySource[]): Promise<void> {
    const { row, created } = await this.repo.claim(s, meetingId, bookId, sources);
    if (created) after(() => this.jobs.add(SummarizeBookJob, { orgId: s.orgId, summaryId: row.id, wait: 0 }, { jobId: `summary-${s.orgId}-${row.id}-0` }));
  }

  async get(c: RequestOf<typeof GetBookSummary>): Promise<BookSummary> {
    // 404 when the reader may not see the meeting; the sections they see decide which files they read about
    const meeting = await this.meetings.load(c.orgId, c.actor, c.meetingId, { variant: c.variant, lang: c.lang });
    const visible = new Set(bookSections(meeting).flatMap((s) => s.files.map((f) => f.library_id)));
    const found = await this.db.tenant(c.orgId, async (s) => {
      const book = await this.books.lastDone(s, c.meetingId);
      const latest = await this.books.latest(s, c.meetingId);
      if (!book) return { book, latest, row: null, shown: null, shownBook: null, current: [] as PublishedItem[] };
      const row = await this.repo.ofBook(s, book.id);
      // the newest book's summary not made yet: the one before it is shown meanwhile, marked stale
      let shown = row;
      let shownBook: BookRow | null = book;
      if (row && row.status !== 'done') {
        const prev = await this.repo.doneBefore(s, c.meetingId, book.id);
        if (prev) [shown, shownBook] = [prev, await this.books.get(s, prev.bookId)];
      }
      return { book, latest, row, shown, shownBook, current: await this.changes.current(s, meeting, shownBook) };
    });
    const { book, latest, row, shown, shownBook } = found;
    if (!book) {
      if (!latest || latest.status === 'failed') throw AppError.notFound('board book');
      return this.waiting(c.meetingId, null);
    }
    if (!row || !shown || !shownBook) {
      if (!row) await this.older(c.orgId, book);
      return this.waiting(c.meetingId, book.libraryId);
    }
    const status = row.status as BookSummary['status'];
    // stale: a newer book than the summarized one is made or being made, or the agenda's files changed since
    const published = shownBook.items ?? null;
    const changed = published ? changedKeys(published, found.current) : new Set<string>();
    const now = new Map(found.current.flatMap((i) => i.files.map((f) => [f.library_id, f.version] as const)));
    const files = new Set((published ?? []).flatMap((i) => i.files.filter((f) => now.get(f.library_id) !== f.version).map((f) => f.library_id)));
    const newer = shown.id !== row.id || (!!latest && latest.id > book.id && latest.status !== 'failed');
    const stale = newer || changed.size > 0;
    const content = shown.status === 'done' && shown.content ? (stale ? staleSummary(shown.content, changed, files) : shown.content) : null;
    const made = content ? readerSummary(content, visible) : { book: [], items: [] };
    const answered = shown.status === 'done' ? shown : row;
    return {
      meeting_id: c.meetingId,
      book_library_id: shownBook.libraryId,
      status,
      progress: row.progress,
      method: (answered.method as BookSummary['method']) ?? null,
      machine_made: true,
      lang: zLang.catch('en').parse(answered.lang),
      ...made,
      error: row.error,
      made_at: shown.status === 'done' ? shown.updatedAt.toISOString() : null,
      stale,
    };
  }

  private waiting(meetingId: number, libraryId: number | null): BookSummary {
    return { meeting_id: meetingId, book_library_id: libraryId, status: 'queued', progress: 0, method: null, machine_made: true, lang: 'en', book: [], items: [], error: null, made_at: null, stale: false };
  }

  /** a book made before summaries were: its files from its outline and the agenda as the system sees it */
  private async older(orgId: string, book: BookRow): Promise<void> {
    const meeting = await this.meetings.loadAsSystem(orgId, book.meetingId);
    const sources = sourcesFromOutline(bookSections(meeting), book.outlines ?? []);
    await this.db.command(orgId, (s, after) => this.start(s, after, book.meetingId, book.id, sources));
  }
}
