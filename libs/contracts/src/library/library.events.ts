import { z } from 'zod';
import { defineEvent, defineJob } from '../core/define';
import { zOrgId } from '../core/common';
import { zFileKind } from './library.kinds';

/** Events of the library service (stream LIBRARY). */
const zFileInfo = { orgId: zOrgId, itemId: z.number().int(), name: z.string(), kind: zFileKind, ownerId: z.number().int().nullable() };
export const FileUploaded = defineEvent({ subject: 'library.v1.file.uploaded', payload: z.object({ ...zFileInfo, size: z.number().int(), version: z.number().int() }) });
export const FileDeleted = defineEvent({ subject: 'library.v1.file.deleted', payload: z.object(zFileInfo) });
export const ItemShared = defineEvent({
  subject: 'library.v1.item.shared',
  payload: z.object({ orgId: zOrgId, itemId: z.number().int(), name: z.string(), folder: z.boolean(), userIds: z.array(z.number().int()), by: z.number().int().nullable() }),
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
