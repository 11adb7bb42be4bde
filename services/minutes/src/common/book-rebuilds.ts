import { Injectable } from '@nestjs/common';
import { RebuildBookJob } from '@app/contracts';
import { Jobs } from '@app/platform';
import { rebuildSlot } from '../rules/rebuild-window';

/** how long the changes to one meeting are gathered before its board book is made again */
export const REBUILD_WINDOW_MS = 2000;

/**
 * The meeting's RebuildBook job of the current window of REBUILD_WINDOW_MS (docs/minutes.md#the-board-book): its id
 * names the meeting and the window, so the changes of one window share one job, which runs when the window has
 * closed; the job makes nothing for a meeting whose book was never asked for, or whose book is current. Added after
 * an agenda change (book/book.rebuild.ts), a file's new version (book/book-changes.service.ts) and a new minutes
 * version (the book prints in the minutes' language).
 */
@Injectable()
export class BookRebuilds {
  constructor(private readonly jobs: Jobs) {}

  async soon(orgId: string, meetingId: number): Promise<void> {
    const slot = rebuildSlot(Date.now(), REBUILD_WINDOW_MS);
    await this.jobs.add(RebuildBookJob, { orgId, meetingId }, { jobId: `rebuild-${orgId}-${meetingId}-${slot.window}`, delayMs: slot.delayMs });
  }
}
