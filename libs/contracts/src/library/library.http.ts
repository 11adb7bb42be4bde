import { z } from 'zod';
import { M } from '../core/validation';
import { formatLocal, parseLocalDateTime } from '../core/dates';
import { zFileKind } from './library.kinds';
import { zLibraryScope, zLibraryTab } from './library.schemas';
import { LibraryMessages } from './library.errors';

/**
 * Bodies and queries of the library routes. Multipart and query strings send text, so ids accept a number or
 * a string of digits; nothing else (never `true` or `[1]`) becomes an id.
 */
const blank = (v: unknown) => (v === '' || v === null || v === 'null' ? undefined : v);
export const zStrictId = z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,14}$/).transform(Number)], { error: M.invalid });
/** an optional folder id ('' / 'null' / missing = the top) */
export const zOptDir = z.preprocess(blank, zStrictId.optional());
const zFlag = z.preprocess(blank, z.union([z.boolean(), z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'), z.literal(0).transform(() => false), z.literal(1).transform(() => true)]).optional());
const zName = z.string({ error: LibraryMessages.nameRequired }).trim().min(1, LibraryMessages.nameRequired).max(191).refine((s) => !s.includes('/') && !s.includes('\\') && !s.includes(String.fromCharCode(0)), M.invalid);

export const zLibraryListQuery = z.object({
  tab: zLibraryTab.default('my'),
  /** document type filter (pdf, word, …) */
  type: zFileKind.optional(),
  dir: zOptDir,
});
export const zDirectoryQuery = z.object({ tab: zLibraryTab.optional(), type: zFileKind.optional() });
export const zLibrarySearchQuery = z.object({
  search: z.string().trim().max(200).default(''),
  type: zFileKind.optional(),
  tab: zLibraryTab.optional(),
});

export const zCreateDirectoryBody = z.object({
  name: zName,
  /** parent folder (missing = the top of the tab) */
  dir: zOptDir,
  scope: zLibraryScope.optional(),
  restricted: zFlag,
});
export const zRenameBody = z.object({ name: zName });
export const zMoveBody = z.object({ dir: z.preprocess(blank, zStrictId.nullable().default(null)) });

/** POST /api/library (multipart: file, plus these fields) */
export const zUploadBody = z.object({
  dir: zOptDir,
  scope: zLibraryScope.optional(),
  /** the picker of decisions, actions and approvals: only a PDF is accepted ('you Must Choose pdf only') */
  pdf_only: zFlag,
  /** a name other than the file's own */
  name: z.preprocess(blank, zName.optional()),
});
/** POST /api/library/update/{id} (multipart: file) */
export const zUpdateFileBody = z.object({ meeting_id: zOptDir });
/** POST /api/library/edited_file (multipart: file, library_id, meeting_id when in a meeting) */
export const zEditedFileBody = z.object({ library_id: zStrictId, meeting_id: zOptDir });

export const zFetchQuery = z.object({ meeting_id: zOptDir });
export const zExcelQuery = z.object({
  rows: z.preprocess(blank, z.coerce.number().int().min(1).max(5000).default(100)),
  columns: z.preprocess(blank, z.coerce.number().int().min(1).max(702).default(26)),
});
export const zImagesBody = z.object({ ids: z.array(zStrictId).min(1, M.required).max(100) });
export const zAnnotationBody = z.object({ annotation: z.string({ error: M.required }).min(1, M.required).max(5_000_000) });

/** until when a share works, in the organization's local time ('YYYY-MM-DD HH:mm:ss' or the other accepted forms); none: until removed */
const zShareExpiry = z.preprocess(
  blank,
  z.string().trim().refine((s) => parseLocalDateTime(s) !== null, 'The date must be in the format YYYY-MM-DD hh:mm A.').transform((s) => formatLocal(parseLocalDateTime(s)!)).optional(),
);
export const zShareBody = z.object({
  /** the file or folder */
  id: zStrictId,
  /** who it is shared with (replaces the list); `can_edit` lets them use and edit it; `expires_at` ends the share then */
  users: z
    .array(
      z.union([
        zStrictId.transform((user_id) => ({ user_id, can_edit: false, expires_at: undefined as string | undefined })),
        z.object({ user_id: zStrictId, can_edit: zFlag.transform((v) => v ?? false), expires_at: zShareExpiry }),
      ]),
    )
    .max(500),
});
export const zFavoriteBody = z.object({ id: zStrictId, favorite: zFlag });
export const zFavoriteQuery = z.object({ type: zFileKind.optional() });
/** GET /api/library/{id}/changes: `since` compares with that version instead of the one the reader opened before */
export const zChangesQuery = z.object({ meeting_id: zOptDir, since: zOptDir });
