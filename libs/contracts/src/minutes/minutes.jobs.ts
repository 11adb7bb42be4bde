import { z } from 'zod';
import { defineJob } from '../core/define';
import { zOrgId } from '../core/common';

/**
 * The minutes PDF of one Done: HTML rendered by Chromium, stored in S3 and registered in the library as the
 * meeting's next minutes version. The render row (`renderId`) keeps its progress; a retry after a crash finds
 * the row and makes exactly one version.
 */
export const RenderMinutes = defineJob({
  queue: 'minutes-pdf',
  name: 'render-minutes',
  owner: 'minutes',
  payload: z.object({ orgId: zOrgId, meetingId: z.number().int().positive(), renderId: z.number().int().positive() }),
  attempts: 3,
  backoffMs: 3000,
});

/** The board book of one agenda state (`bookId`): cover, agenda with page numbers, attachments, outline; one library file. */
export const MergeBookJob = defineJob({
  queue: 'minutes-book',
  name: 'merge-book',
  owner: 'minutes',
  payload: z.object({ orgId: zOrgId, meetingId: z.number().int().positive(), bookId: z.number().int().positive() }),
  attempts: 3,
  backoffMs: 3000,
});

/** One resolution report (`reportId`): the resolution's content and attachments as one A4 PDF, with its stage on the row. */
export const RenderReportJob = defineJob({
  queue: 'minutes-report',
  name: 'render-report',
  owner: 'minutes',
  payload: z.object({ orgId: zOrgId, reportId: z.number().int().positive() }),
  attempts: 3,
  backoffMs: 3000,
});

/**
 * A meeting's board book made again after its agenda or attachments changed (MeetingChanged): events that fall in
 * the same window share one job (its id names the meeting and the window), which runs after the window closes and
 * merges the agenda as it is then. Only meetings that already have a book are rebuilt.
 */
export const RebuildBookJob = defineJob({
  queue: 'minutes-book',
  name: 'rebuild-book',
  owner: 'minutes',
  payload: z.object({ orgId: zOrgId, meetingId: z.number().int().positive() }),
  attempts: 3,
  backoffMs: 3000,
});
