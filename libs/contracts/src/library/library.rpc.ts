import { z } from 'zod';
import { defineRpc } from '../core/define';
import { INT4_MAX, zOk, zTenant } from '../core/common';
import { zFileKind } from './library.kinds';
import { zServiceSearchReply, zServiceSearchRequest } from '../search/search.schemas';
import {
  zEmailView, zFileChanges, zLibraryAnnotation, zLibraryDetails, zLibraryFetch, zLibraryFileRef, zLibraryItem, zLibraryListing, zLibraryScope,
  zLibraryTab, zOutlineEntry, zSharedWith, zSheetJson, zTextIndexStatus, zUsageType,
} from './library.schemas';

/** RPCs of the library service (subject library.v1.*). File bytes never travel here: only S3 keys. */
const id = z.number().int().positive();
const R = <S extends z.ZodRawShape>(shape: S) => zTenant.extend(shape);
const zType = zFileKind.optional();

export const ListLibrary = defineRpc({ subject: 'library.v1.list', request: R({ tab: zLibraryTab, type: zType, dir: id.optional() }), response: zLibraryListing });
export const SearchLibrary = defineRpc({ subject: 'library.v1.search', request: R({ search: z.string(), type: zType, tab: zLibraryTab.optional() }), response: zLibraryListing });
export const CreateDirectory = defineRpc({
  subject: 'library.v1.create-directory',
  request: R({ name: z.string().min(1), dir: id.optional(), scope: zLibraryScope.optional(), restricted: z.boolean().optional() }),
  response: zLibraryItem,
});
export const RenameItem = defineRpc({ subject: 'library.v1.rename', request: R({ itemId: id, folder: z.boolean(), name: z.string().min(1) }), response: zLibraryItem });
export const MoveItem = defineRpc({ subject: 'library.v1.move', request: R({ itemId: id, folder: z.boolean(), dir: id.nullable() }), response: zLibraryItem });
/** deletes the item (a folder with its content); answers the S3 keys the gateway no longer serves */
export const DeleteItem = defineRpc({ subject: 'library.v1.delete', request: R({ itemId: id, folder: z.boolean() }), response: zOk });
export const GetDetails = defineRpc({ subject: 'library.v1.details', request: R({ itemId: id }), response: zLibraryDetails });

/** May the caller put a new file here? Asked before the bytes go to S3 (restricted folder, unknown folder). */
export const CheckUploadTarget = defineRpc({ subject: 'library.v1.check-upload-target', request: R({ dir: id.optional(), scope: zLibraryScope.optional() }), response: zOk });
const zStored = { key: z.string().min(1), size: z.number().int().positive(), mime: z.string(), kind: zFileKind, extension: z.string() };
/**
 * a file put in S3 under the organization's prefix (by the gateway, or a service that made it) becomes a library
 * item; a made PDF may carry its outline (the board book's sections: fetch answers them as `outlines_data`) and the
 * meeting it belongs to (its "used in": whoever may see that meeting opens it with ?meeting_id=)
 */
export const RegisterFile = defineRpc({
  subject: 'library.v1.register-file',
  request: R({
    ...zStored, name: z.string().min(1), dir: id.optional(), scope: zLibraryScope.optional(),
    outlines: z.array(zOutlineEntry).max(10_000).optional(),
    usage: z.object({ type: zUsageType, id, title: z.string(), meeting_id: id.nullable(), meeting_title: z.string().nullable() }).optional(),
  }),
  response: zLibraryItem,
});
/**
 * a saved, edited file becomes the item's next version (older versions kept); the same key again adds nothing and
 * answers the version that key already is (a retried job registers its object once)
 */
export const AddVersion = defineRpc({ subject: 'library.v1.add-version', request: R({ ...zStored, itemId: id, meetingId: id.optional() }), response: zLibraryItem });
/** may the caller save a new version of this item? (asked before the bytes go to S3) */
export const CheckEditable = defineRpc({ subject: 'library.v1.check-editable', request: R({ itemId: id }), response: zLibraryItem });

/** the viewer's file; a view-only or watermarked reader gets a copy made on the call (the watermark burned in), never the stored file */
export const FetchFile = defineRpc({ subject: 'library.v1.fetch', request: R({ itemId: id, meetingId: id.optional() }), response: zLibraryFetch, timeoutMs: 60_000 });
/** a presigned URL of the current version, for a redirect (rights checked on this call) */
export const DownloadUrl = defineRpc({
  subject: 'library.v1.download-url',
  request: R({ itemId: id, meetingId: id.optional() }),
  /** key: the object served (the stored file, or the reader's watermarked copy); view_only answers 403 */
  response: z.object({ url: z.string(), name: z.string(), key: z.string() }),
  timeoutMs: 60_000,
});
/** the viewer printed the file: recorded in the activity log; 403 when the reader's policy is view only (no print) */
export const RecordPrint = defineRpc({ subject: 'library.v1.record-print', request: R({ itemId: id, meetingId: id.optional() }), response: zOk });
export const ResolveFiles = defineRpc({ subject: 'library.v1.resolve-files', request: R({ ids: z.array(id).max(100) }), response: z.object({ files: z.array(zLibraryFileRef) }) });
/** the current version of each of these files (folders and unknown ids left out), for the board book's publications (docs/minutes.md#what-changed-in-the-book); the system only */
export const FileVersions = defineRpc({ subject: 'library.v1.file-versions', request: R({ ids: z.array(id).max(500) }), response: z.object({ files: z.array(z.object({ id, version: z.number().int() })) }) });
export const ExcelToJson = defineRpc({ subject: 'library.v1.excel-to-json', request: R({ itemId: id, rows: z.number().int(), columns: z.number().int() }), response: zSheetJson, timeoutMs: 30_000 });
export const GetEmailView = defineRpc({ subject: 'library.v1.email-view', request: R({ itemId: id }), response: zEmailView, timeoutMs: 30_000 });
/**
 * one attachment of a stored .eml or .msg (`index`: its place in the e-mail view's list), put in S3 for this reader
 * (a copy under view/, or under watermarked/ with the reader's watermark burnt into a PDF); key for the gateway to
 * stream. View only answers 403, an index the message does not have 404, a watermarked attachment that is no PDF 409.
 */
export const GetEmailAttachment = defineRpc({
  subject: 'library.v1.email-attachment',
  request: R({ itemId: id, index: z.number().int().min(0).max(INT4_MAX), meetingId: id.optional() }),
  response: z.object({ key: z.string(), name: z.string(), content_type: z.string(), size: z.number().int() }),
  timeoutMs: 60_000,
});
export const StartConversion = defineRpc({ subject: 'library.v1.start-conversion', request: R({ itemId: id }), response: zLibraryFetch });

export const GetAnnotation = defineRpc({ subject: 'library.v1.get-annotation', request: R({ itemId: id }), response: zLibraryAnnotation });
export const SaveAnnotation = defineRpc({ subject: 'library.v1.save-annotation', request: R({ itemId: id, annotation: z.string().min(1) }), response: zLibraryAnnotation });
export const DeleteAnnotation = defineRpc({ subject: 'library.v1.delete-annotation', request: R({ itemId: id }), response: zLibraryAnnotation });

export const ShareItem = defineRpc({
  subject: 'library.v1.share',
  request: R({ itemId: id, users: z.array(z.object({ user_id: id, can_edit: z.boolean(), expires_at: z.string().optional() })) }),
  response: z.object({ shared_with: z.array(zSharedWith) }),
});
export const SharedWithList = defineRpc({ subject: 'library.v1.shared-with', request: R({ itemId: id }), response: z.object({ shared_with: z.array(zSharedWith) }) });
export const Unshare = defineRpc({ subject: 'library.v1.unshare', request: R({ itemId: id, userId: id }), response: z.object({ shared_with: z.array(zSharedWith) }) });
export const SetFavorite = defineRpc({ subject: 'library.v1.set-favorite', request: R({ itemId: id, favorite: z.boolean().optional() }), response: zLibraryItem });

/**
 * The meeting service attaches library files to a talking point, sub-point, decision or action: each id must
 * exist in the organization and be usable by the caller (a PDF for decisions and actions); the files' usage
 * by that item is replaced (the file's "used in"). Answers the files as attachments carry them.
 */
export const UseFiles = defineRpc({
  subject: 'library.v1.use-files',
  request: R({
    ids: z.array(id).max(100),
    pdfOnly: z.boolean(),
    usage: z.object({ type: zUsageType, id, title: z.string(), meeting_id: id.nullable(), meeting_title: z.string().nullable() }),
    /** only check the new ids (the ones already attached were checked when they were added) */
    keep: z.array(id).default([]),
  }),
  response: z.object({ files: z.array(zLibraryFileRef) }),
});
/** the item no longer uses these files (detached, or the item was deleted: ids missing = all) */
export const ReleaseFiles = defineRpc({
  subject: 'library.v1.release-files',
  request: R({ type: zUsageType, id, ids: z.array(id).optional() }),
  response: zOk,
});

/** the search box's library side (docs/search.md): files the actor may see whose name matches, folded */
export const SearchLibraryFiles = defineRpc({
  subject: 'library.v1.search-files',
  request: R(zServiceSearchRequest),
  response: zServiceSearchReply,
});

/**
 * The text of a file's current version, page by page (library.file_pages, extracted once per version by the text
 * job; docs/search.md#text-inside-files), for the board book's summary (docs/book-summary.md). Rights as FetchFile
 * (a meeting's file through its meeting). `status` is the text's state: pages are there once it is `done`.
 */
export const GetFileText = defineRpc({
  subject: 'library.v1.file-text',
  request: R({ itemId: id, meetingId: id.optional() }),
  response: z.object({
    id,
    name: z.string(),
    kind: zFileKind,
    version: z.number().int(),
    status: zTextIndexStatus,
    pages: z.array(z.object({ page: z.number().int().min(1), text: z.string() })),
  }),
  timeoutMs: 30_000,
});

/** what changed in a file's current version since the version the reader opened before, or `since` (docs/library.md#what-changed) */
export const GetFileChanges = defineRpc({
  subject: 'library.v1.file-changes',
  request: R({ itemId: id, meetingId: id.optional(), since: id.optional() }),
  response: zFileChanges,
  timeoutMs: 30_000,
});
