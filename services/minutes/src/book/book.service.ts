import { Inject, Injectable } from '@nestjs/common';
import { AppError, MergeBookJob, MinutesErrors, type BookFile, type BookState, type MeetingDetails, type MergeBook, type RequestOf, type ResponseOf } from '@app/contracts';
import { CONFIG, Jobs, Storage } from '@app/platform';
import { Meetings } from '../common/meetings';
import { MinutesDb } from '../common/minutes-db';
import type { MinutesConfig } from '../config';
import { bookFingerprint, bookProgramme, bookSections } from '../rules/book';
import { readerOf, shownKeys } from '../rules/book-changes';
import { BookRepository, type BookRow } from './book.repository';
import { BookChangesRepository } from './book-changes.repository';

/** the file name of a meeting's board book */
export const bookFileName = (title: string) => `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim().slice(0, 140) || 'meeting'} - board book.pdf`;

/**
 * The merged board book (docs/minutes.md#the-board-book): one per agenda state. Asking for it answers the book of
 * the meeting's current agenda: made already (its library file, URL and outline), or being made by the MergeBook
 * job (status and progress; asking again follows it), or failed (asking again retries).
 */
@Injectable()
export class BookService {
  constructor(
    private readonly db: MinutesDb,
    private readonly repo: BookRepository,
    private readonly changes: BookChangesRepository,
    private readonly meetings: Meetings,
    private readonly jobs: Jobs,
    private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: MinutesConfig,
  ) {}

  private async state(meetingId: number, title: string, b: BookRow): Promise<BookState> {
    const url = b.status === 'done' && b.s3Key ? await this.storage.presignedGet(b.s3Key, this.config.MINUTES_URL_TTL_SECONDS) : null;
    return {
      meeting_id: meetingId,
      status: b.status as BookState['status'],
      progress: b.progress,
      library_id: b.status === 'done' ? b.libraryId : null,
      agenda_merged_file: url,
      number_of_files_merged: b.filesMerged,
      outlines_data: { libraryName: bookFileName(title), entries: b.outlines ?? [] },
      error: b.error,
    };
  }

  async merge(c: RequestOf<typeof MergeBook>): Promise<BookState> {
    const meeting = await this.meetings.load(c.orgId, c.actor, c.meetingId, { variant: c.variant, lang: c.lang });
    const row = await this.ensure(c.orgId, meeting);
    if (!row) throw new AppError(MinutesErrors.MINUTES_BOOK_EMPTY);
    return this.state(c.meetingId, meeting.title, row);
  }

  /**
   * The book of the meeting's current agenda state: its row, created with a MergeBook job when this state has none
   * (or its last attempt failed); null when the agenda has no files. Asked for by a user or by the rebuild job.
   */
  async ensure(orgId: string, meeting: MeetingDetails): Promise<BookRow | null> {
    const sections = bookSections(meeting);
    if (!sections.length) return null;
    const { row } = await this.db.command(orgId, async (s, after) => {
      // a file's new version (library.v1.file.uploaded, kept here) is a new state: a new book
      const versions = await this.changes.versions(s, sections.flatMap((x) => x.files.map((f) => f.library_id)));
      // the book is printed in the minutes' language: another language is another book
      const fingerprint = bookFingerprint(meeting.title, sections, bookProgramme(meeting), versions, await this.repo.minutesLang(s, meeting.id));
      const claimed = await this.repo.claim(s, meeting.id, fingerprint);
      if (claimed.started) {
        const r = claimed.row;
        after(() => this.jobs.add(MergeBookJob, { orgId, meetingId: meeting.id, bookId: r.id }, { jobId: `book-${orgId}-${r.id}-${r.attempt}` }));
      }
      return claimed;
    });
    return row;
  }

  async file(c: RequestOf<typeof BookFile>): Promise<ResponseOf<typeof BookFile>> {
    const b = await this.db.tenant(c.orgId, (s) => this.repo.byLibraryId(s, c.docId));
    if (!b || b.status !== 'done' || !b.s3Key) throw AppError.notFound('board book');
    // 404 when the reader may not see the book's meeting
    const meeting = await this.meetings.load(c.orgId, c.actor, b.meetingId, { variant: c.variant, lang: c.lang });
    // a download counts as opening the book ("changed since you last opened", docs/minutes.md#what-changed-in-the-book)
    const reader = readerOf(c.actor, meeting);
    if (reader) await this.db.tenant(c.orgId, (s) => this.changes.opened(s, b.meetingId, reader, b.id, shownKeys(b.items ?? [], new Set(bookSections(meeting).map((x) => x.key)))));
    return { key: b.s3Key, name: bookFileName(meeting.title), meetingId: b.meetingId };
  }
}
