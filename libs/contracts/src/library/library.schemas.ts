import { z } from 'zod';
import { zServerDate } from '../core/common';
import { zItemKind } from './library.kinds';

/**
 * What the library answers (docs/library.md). Items are folders and files in one id space; `type` is
 * 'folder' or the file's mime type, `kind` the icon family. `file_url` is a short-lived presigned URL issued
 * after the caller's rights were checked for this very call (null for folders).
 */

/** where an item lives: the owner's own library, or the organization library everyone sees */
export const zLibraryScope = z.enum(['private', 'organization']);
export type LibraryScope = z.output<typeof zLibraryScope>;

/** the four tabs of the library page (plus the listing of one folder) */
export const zLibraryTab = z.enum(['my', 'shared', 'organization', 'favorite']);
export type LibraryTab = z.output<typeof zLibraryTab>;

export const zConversionStatus = z.enum(['none', 'pending', 'processing', 'done', 'failed']);
/** office files: the PDF rendering for the viewer, made by a background job (progress 0..100) */
export const zConversion = z.object({ status: zConversionStatus, progress: z.number().int().min(0).max(100) });
/**
 * the file's text for the search box (docs/search.md#text-inside-files): extracted once per version by a job;
 * `pages` read, `truncated` when the text was longer than the bound and only its beginning is searched
 */
export const zTextIndexStatus = z.enum(['none', 'pending', 'processing', 'done', 'failed']);
export const zTextIndex = z.object({ status: zTextIndexStatus, pages: z.number().int().min(0), truncated: z.boolean() });

export const zSharedWith = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  image: z.string().nullable(),
  can_edit: z.boolean(),
  /** the share ends then (the organization's local time); null: until it is removed */
  expires_at: zServerDate.nullish(),
});
export type SharedWith = z.output<typeof zSharedWith>;

/** where a file is used: an agenda item, decision or action, or the meeting itself (its minutes, its board book) */
export const zUsageType = z.enum(['talking_point', 'subpoint', 'decision', 'action', 'meeting']);
export type UsageType = z.output<typeof zUsageType>;
/** one place a file is attached: an agenda item, decision or action, and its meeting */
export const zUsedIn = z.object({
  type: zUsageType,
  id: z.number().int(),
  title: z.string(),
  meeting_id: z.number().int().nullable(),
  meeting_title: z.string().nullable(),
});
export type UsedIn = z.output<typeof zUsedIn>;

export const zLibraryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'folder' or the file's mime type */
  type: z.string(),
  kind: zItemKind,
  extension: z.string().nullable(),
  file_url: z.string().nullable(),
  /** bytes (0 for folders) */
  size: z.number().int(),
  owner: z.object({ id: z.number().int().nullable(), name: z.string() }),
  scope: zLibraryScope,
  /** parent folder id (null at the top) */
  dir: z.number().int().nullable(),
  can_edit: z.boolean(),
  favorite: z.boolean(),
  hidden: z.boolean(),
  /** folders: uploading into it is refused ('You cannot upload a new file in this folder') */
  restricted: z.boolean(),
  /** files: the current version (1 for a new upload; each saved edit adds one) */
  version: z.number().int(),
  conversion: zConversion,
  shared_with: z.array(zSharedWith),
  created_at: zServerDate,
  updated_at: zServerDate,
});
export type LibraryItem = z.output<typeof zLibraryItem>;

export const zLibraryVersion = z.object({
  version: z.number().int(),
  size: z.number().int(),
  created_at: zServerDate,
  created_by: z.object({ id: z.number().int().nullable(), name: z.string() }),
  /** null unless the reader may download the file (docs/library.md#what-the-viewer-opens) */
  file_url: z.string().nullable(),
  meeting_id: z.number().int().nullable(),
});
export type LibraryVersion = z.output<typeof zLibraryVersion>;

/** the details drawer: title, type, size, owner, modified, created, shared with, used in, and the versions */
export const zLibraryDetails = zLibraryItem.extend({
  used_in: z.array(zUsedIn),
  versions: z.array(zLibraryVersion),
  /** files: the state of the current version's text for the search (docs/search.md#text-inside-files); folders: null */
  text_index: zTextIndex.nullable(),
});
export type LibraryDetails = z.output<typeof zLibraryDetails>;

export const zBreadcrumb = z.object({ id: z.number().int(), name: z.string() });
/** a tab or an opened folder: its folders and files, and the path from the top */
export const zLibraryListing = z.object({
  tab: zLibraryTab,
  dir: zLibraryItem.nullable(),
  breadcrumbs: z.array(zBreadcrumb),
  dirs: z.array(zLibraryItem),
  files: z.array(zLibraryItem),
});
export type LibraryListing = z.output<typeof zLibraryListing>;

/**
 * One entry of a made PDF's outline (a board book's file, its cover or its agenda): its name and its first and last
 * page (from 1). The one definition: the library stores it, fetch answers it, the minutes service's book and the web
 * viewers read it.
 */
export const zOutlineEntry = z.object({ name: z.string(), start: z.number().int(), end: z.number().int() });
export type OutlineEntry = z.output<typeof zOutlineEntry>;
/** `outlines_data`: the name the file was made under and its outline entries (empty for a file without one) */
export const zOutlinesData = z.object({ libraryName: z.string(), entries: z.array(zOutlineEntry) });
export type OutlinesData = z.output<typeof zOutlinesData>;
/** GET /api/library/fetch/{docId}: what the PDF viewer opens; without file_url, `message` says why */
/** what a reader may do with a file beyond viewing it (docs/library.md#download-policy; levels in library.policy.ts) */
export const DOWNLOAD_POLICIES = ['view_only', 'download', 'watermarked'] as const;
export const zDownloadPolicy = z.enum(DOWNLOAD_POLICIES);
export type DownloadPolicy = z.output<typeof zDownloadPolicy>;
/** the text a watermarked copy and the viewer's overlay carry */
export const zWatermark = z.object({ name: z.string(), email: z.string(), organization: z.string(), time: z.string() });
export type Watermark = z.output<typeof zWatermark>;

export const zLibraryFetch = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  kind: zItemKind,
  type: z.string(),
  can_edit: z.boolean(),
  file_url: z.string().nullable(),
  outlines_data: zOutlinesData,
  message: z.string().nullable(),
  conversion: zConversion,
  text_index: zTextIndex,
  /** the policy that applies to this reader (guests: view_only) */
  download_policy: zDownloadPolicy,
  /** false: the viewer offers no download and no print */
  can_download: z.boolean(),
  /** the viewer's overlay on every page when the policy is watermarked */
  watermark: zWatermark.nullable(),
});
export type LibraryFetch = z.output<typeof zLibraryFetch>;

export const zSheetCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const zSheet = z.object({
  name: z.string(),
  /** rows actually in the sheet (the answer holds at most `rows` of them) */
  row_count: z.number().int(),
  column_count: z.number().int(),
  rows: z.array(z.array(zSheetCell)),
});
/** GET /api/library/excel_to_json/{id}: the spreadsheet viewer's data (100 rows, 26 columns by default) */
export const zSheetJson = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  /** null unless the reader may download the file */
  file_url: z.string().nullable(),
  rows: z.number().int(),
  columns: z.number().int(),
  sheets: z.array(zSheet),
});
export type SheetJson = z.output<typeof zSheetJson>;

/** the caller's own annotations of a file (the viewer's JSON, as a string) */
export const zLibraryAnnotation = z.object({
  library_id: z.number().int(),
  annotation: z.string().nullable(),
  updated_at: zServerDate.nullable(),
});
export type LibraryAnnotation = z.output<typeof zLibraryAnnotation>;

/** an .eml or .msg file as a safe HTML view (sanitized: no scripts, no remote content) */
export const zEmailView = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  date: z.string().nullable(),
  html: z.string(),
  attachments: z.array(z.object({ name: z.string(), size: z.number().int(), content_type: z.string() })),
});
export type EmailView = z.output<typeof zEmailView>;

/** a library file as meetings carry it on an attachment */
export const zLibraryFileRef = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  kind: zItemKind,
  file_url: z.string().nullable(),
});
export type LibraryFileRef = z.output<typeof zLibraryFileRef>;

/** what happened to a page between two versions (docs/library.md#what-changed) */
export const zPageChangeStatus = z.enum(['unchanged', 'changed', 'added', 'removed']);
export const zPageChange = z.object({
  status: zPageChangeStatus,
  /** the page in the current version (null: removed) */
  page: z.number().int().min(1).nullable(),
  /** the page in the version compared with (null: added) */
  old_page: z.number().int().min(1).nullable(),
  /** a changed page's words: runs kept, added and removed, in reading order */
  changes: z.array(z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() })),
});
export type PageChange = z.output<typeof zPageChange>;
/**
 * GET /api/library/{id}/changes: what changed in the current version since `since` (the version the reader opened
 * before, or the one asked for); `since` null when there is nothing to compare with (never opened an older version).
 * `ready` false while either version's text is not there (being read, or not kept: older than this feature).
 */
export const zFileChanges = z.object({
  item_id: z.number().int(),
  version: z.number().int(),
  since: z.number().int().nullable(),
  ready: z.boolean(),
  pages: z.array(zPageChange),
});
export type FileChanges = z.output<typeof zFileChanges>;
