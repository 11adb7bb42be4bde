import { z } from 'zod';
import { defineEvent, defineJob } from '../core/define';
import { zOrgId } from '../core/common';
import { zAppPath } from '../core/paths';
import { zRecipient } from '../organization/organization.events';
import { zFileKind } from './library.kinds';

/** Events of the library service (stream LIBRARY). */
const zFileInfo = { orgId: zOrgId, itemId: z.number().int(), name: z.string(), kind: zFileKind, ownerId: z.number().int().nullable() };
export const FileUploaded = defineEvent({ subject: 'library.v1.file.uploaded', payload: z.object({ ...zFileInfo, size: z.number().int(), version: z.number().int() }) });
export const FileDeleted = defineEvent({ subject: 'library.v1.file.deleted', payload: z.object(zFileInfo) });
/**
 * An item was shared with people (those newly added): the notification service e-mails each recipient in their
 * language, with what they may do and until when (docs/library.md#shares).
 */
export const ItemShared = defineEvent({
  subject: 'library.v1.item.shared',
  payload: z.object({
    orgId: zOrgId,
    itemId: z.number().int(),
    name: z.string(),
    folder: z.boolean(),
    userIds: z.array(z.number().int()),
    by: z.number().int().nullable(),
    byName: z.string().nullable().default(null),
    orgSlug: z.string().default(''),
    orgName: z.string().default(''),
    timeZone: z.string().default('UTC'),
    link: zAppPath.default('/app/activity/library'),
    /** each new recipient: who, in which language, may they edit, until when (ISO instant; null: until removed) */
    recipients: z.array(zRecipient.extend({ canEdit: z.boolean(), expiresAt: z.string().nullable() })).default([]),
  }),
});

/** what a reader did with a library item that the organization's activity log records (docs/library.md#activity-log) */
export const FILE_ACTIONS = ['view', 'download', 'print', 'share'] as const;
export const zFileAction = z.enum(FILE_ACTIONS);
export type FileAction = z.output<typeof zFileAction>;
/**
 * A reader viewed, downloaded or printed a file, or shared a file or folder (with `with`: the names it was shared
 * with); the organization service writes it into the activity log (`GET /api/logs`) with who and when.
 */
export const FileAccessed = defineEvent({
  subject: 'library.v1.file.accessed',
  payload: z.object({
    orgId: zOrgId,
    itemId: z.number().int(),
    name: z.string(),
    folder: z.boolean().default(false),
    action: zFileAction,
    userId: z.number().int().nullable(),
    /** the reader's name (a guest's name or e-mail) */
    username: z.string(),
    guest: z.boolean().default(false),
    with: z.array(z.string()).default([]),
  }),
});

/** Office file -> PDF for the viewer (LibreOffice headless), processed by services/library. */
export const ConvertToPdf = defineJob({
  queue: 'library-convert',
  name: 'convert-to-pdf',
  owner: 'library',
  payload: z.object({ orgId: zOrgId, itemId: z.number().int(), version: z.number().int() }),
  attempts: 2,
  backoffMs: 5000,
});

/**
 * The text of a file version, page by page, for the search box (docs/search.md#text-inside-files): PDFs through
 * poppler's pdftotext, office files through their PDF rendering, e-mails, spreadsheets, text. Processed by
 * services/library once per (item, version); a version that is no longer current is skipped.
 */
export const ExtractFileText = defineJob({
  queue: 'library-text',
  name: 'extract-text',
  owner: 'library',
  payload: z.object({ orgId: zOrgId, itemId: z.number().int(), version: z.number().int() }),
  attempts: 2,
  backoffMs: 5000,
});

/** Removes a reader's copy (a watermarked copy, or the viewer's copy of a view-only file) once its presigned URL has lapsed (delayed; services/library). */
export const RemoveWatermarkedCopy = defineJob({
  queue: 'library-watermark',
  name: 'remove-copy',
  owner: 'library',
  payload: z.object({ orgId: zOrgId, key: z.string().min(1) }),
  attempts: 3,
  backoffMs: 10_000,
});
