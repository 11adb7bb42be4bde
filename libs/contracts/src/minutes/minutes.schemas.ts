import { z } from 'zod';
import { zServerDate } from '../core/common';
import { zOutlinesData } from '../library/library.schemas';
import { zMinutesItemType } from './item-types';
import { zMinutesWorkflow } from './workflow';

/**
 * What the minutes service answers (docs/minutes.md). The minutes list every item of a meeting (the meeting
 * itself, talking points, sub-points, decisions, actions), each with a conclusion, an active switch and
 * comments; each finished version is a PDF in the library.
 */

export { MINUTES_ITEM_TYPES, zMinutesItemType, type MinutesItemType } from './item-types';

export const zMinutesComment = z.object({
  id: z.number().int(),
  comment: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  created_at: zServerDate,
});
export type MinutesComment = z.output<typeof zMinutesComment>;

export const zMinutesItem = z.object({
  type: zMinutesItemType,
  id: z.number().int(),
  title: z.string(),
  /** the talking point a sub-point, decision or action belongs to (null at the top) */
  parent: z.object({ type: zMinutesItemType, id: z.number().int() }).nullable(),
  conclusion: z.string(),
  active: z.boolean(),
  comments: z.array(zMinutesComment),
});
export type MinutesItem = z.output<typeof zMinutesItem>;

/** one finished version: a PDF in the library (rendered from the conclusions, or a library file uploaded as the minutes) */
export const zMinutesVersion = z.object({
  id: z.number().int(),
  version: z.number().int(),
  library_id: z.number().int(),
  file_url: z.string(),
  /** the spec's version date (shown 'YYYY-MM-DD - HH:mm A') */
  updated_at: zServerDate,
  /** rendered by Done, uploaded from the library, or the signed and sealed PDF of a published edition */
  source: z.enum(['rendered', 'uploaded', 'signed']),
  lang: z.string(),
});
export type MinutesVersion = z.output<typeof zMinutesVersion>;

export const zRenderStatus = z.enum(['queued', 'rendering', 'done', 'failed']);
/** the last PDF the owner asked for (Done): its job's state and progress (0..100) */
export const zMinutesRender = z.object({
  id: z.number().int(),
  status: zRenderStatus,
  progress: z.number().int().min(0).max(100),
  version: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type MinutesRender = z.output<typeof zMinutesRender>;

/** what the actor may do with the minutes (computed by the service; the web shows exactly these) */
export const zMinutesPermissions = z.object({
  /** the meeting is Live or Archived */
  available: z.boolean(),
  /** the manage-minutes button (owner, committee admins, editors) */
  manage: z.boolean(),
  /** the versions' history */
  history: z.boolean(),
  /** edit conclusions and their active switch (owner, committee admins) */
  edit: z.boolean(),
  /** comment on conclusions that are not blank (committee admins, editors, participants; not the owner) */
  comment: z.boolean(),
  /** the Done button: a new version (owner only) */
  done: z.boolean(),
  /** download the minutes PDF (owner, committee admins, editors, when the meeting's minutes setting is on) */
  download: z.boolean(),
  /** use a library PDF as the minutes */
  upload: z.boolean(),
  /** turn the meeting's minutes setting on or off */
  toggleSetting: z.boolean(),
  /** the minutes card: hidden when the minutes module is on and the actor may not commit */
  seeCard: z.boolean(),
});
export type MinutesPermissions = z.output<typeof zMinutesPermissions>;

export const zMinutesState = z.object({
  meeting_id: z.number().int(),
  title: z.string(),
  meeting_status_id: z.number().int(),
  /** the organization's minutes module */
  mom: z.union([z.literal(0), z.literal(1)]),
  /** the meeting's minutes setting (download allowed) */
  mom_settings: z.union([z.literal(0), z.literal(1)]),
  can_commit: z.boolean(),
  permissions: zMinutesPermissions,
  items: z.array(zMinutesItem),
  /** newest first; empty for who may not see the history */
  mom_versions: z.array(zMinutesVersion),
  render: zMinutesRender.nullable(),
  /** the workflow of the current edition (review, approval, publication) and the history; null while the minutes are not available */
  workflow: zMinutesWorkflow.nullable(),
});
export type MinutesState = z.output<typeof zMinutesState>;

export const zBookStatus = z.enum(['queued', 'merging', 'done', 'failed']);
/**
 * The merged board book of a meeting (GET /api/meetings/actions/merge_files/{id}): a cover, the agenda with page
 * numbers and every attachment in agenda order in one PDF with bookmarks, made by a job; `library_id` is its docId.
 */
export const zBookState = z.object({
  meeting_id: z.number().int(),
  status: zBookStatus,
  progress: z.number().int().min(0).max(100),
  /** the book's library file (GET /api/downolad/{docId}, /api/library/fetch/{docId}) once made */
  library_id: z.number().int().nullable(),
  /** a short-lived URL of the book (the spec's agenda_merged_file) */
  agenda_merged_file: z.string().nullable(),
  number_of_files_merged: z.number().int(),
  outlines_data: zOutlinesData,
  error: z.string().nullable(),
});
export type BookState = z.output<typeof zBookState>;
