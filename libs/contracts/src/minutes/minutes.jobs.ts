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
