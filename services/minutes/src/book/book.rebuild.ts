import { Injectable } from '@nestjs/common';
import { AppError, MeetingChanged, RebuildBookJob, type LiveChangeKind, type PayloadOf } from '@app/contracts';
import { logger, OnEvent, ProcessJob } from '@app/platform';
import { BookRebuilds } from '../common/book-rebuilds';
import { Meetings } from '../common/meetings';
import { MinutesDb } from '../common/minutes-db';
import { BookRepository } from './book.repository';
import { BookService } from './book.service';

/** the meeting changes that can change its board book: the agenda (items, order, attachments), decisions, actions, the title */
const BOOK_KINDS: ReadonlySet<LiveChangeKind> = new Set(['agenda', 'decision', 'action', 'meeting']);

/**
 * The board book made again by an event (docs/minutes.md#the-board-book): the meeting service's MeetingChanged
 * (durable consumer) adds one RebuildBook job per meeting and window of REBUILD_WINDOW_MS (common/book-rebuilds.ts) — its id names the
 * meeting and the window the event was handled in, so the events of one window share one job, which runs when the
 * window has closed (a redelivered event at worst adds a job that finds nothing new). The job merges the agenda as it is then: a state that has a book already makes nothing.
 */
@Injectable()
export class BookRebuild {
  constructor(
    private readonly db: MinutesDb,
    private readonly repo: BookRepository,
    private readonly books: BookService,
    private readonly meetings: Meetings,
    private readonly rebuilds: BookRebuilds,
  ) {}

  @OnEvent(MeetingChanged)
  async onMeetingChanged(e: PayloadOf<typeof MeetingChanged>): Promise<void> {
    if (!BOOK_KINDS.has(e.kind) || e.meetingId <= 0) return;
    await this.rebuilds.soon(e.orgId, e.meetingId);
  }

  @ProcessJob(RebuildBookJob)
  async rebuild(p: PayloadOf<typeof RebuildBookJob>): Promise<void> {
    if (!(await this.db.tenant(p.orgId, (s) => this.repo.hasAny(s, p.meetingId)))) return;
    let meeting;
    try {
      meeting = await this.meetings.loadAsSystem(p.orgId, p.meetingId);
    } catch (e) {
      // a meeting deleted since: nothing to rebuild
      if (e instanceof AppError && e.code === 'NOT_FOUND') return;
      throw e;
    }
    const row = await this.books.ensure(p.orgId, meeting);
    if (row) logger().info({ meetingId: p.meetingId, bookId: row.id, status: row.status }, 'board book for the changed agenda');
  }
}
