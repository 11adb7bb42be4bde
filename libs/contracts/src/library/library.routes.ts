import { z } from 'zod';
import { INT4_MAX, numeric, zId } from '../core/common';
import { defineComposedRoute, defineFileRoute, defineRoute } from '../core/route';
import { LibraryMessages } from './library.errors';
import {
  zAnnotationBody, zChangesQuery, zCreateDirectoryBody, zDirectoryQuery, zEditedFileBody, zExcelQuery, zFavoriteBody, zFavoriteQuery, zFetchQuery, zImagesBody,
  zLibraryListQuery, zLibrarySearchQuery, zMoveBody, zRenameBody, zShareBody, zUpdateFileBody, zUploadBody,
} from './library.http';
import {
  CreateDirectory, DeleteAnnotation, DeleteItem, GetEmailView, ExcelToJson, FetchFile, GetAnnotation, GetFileChanges, GetDetails, ListLibrary, MoveItem, RenameItem,
  RecordPrint, ResolveFiles, SaveAnnotation, SearchLibrary, SetFavorite, SharedWithList, ShareItem, StartConversion, Unshare,
} from './library.rpc';
import { zLibraryItem } from './library.schemas';

/** The largest file the library takes (413 'File too large' above it). */
export const LIBRARY_MAX_BYTES = 50 * 1024 * 1024;

const tags = ['library'];
const zIdParams = z.object({ id: zId });
const fileUpload = { kind: 'single', field: 'file', maxBytes: LIBRARY_MAX_BYTES, stream: 'library', required: { field: 'file', message: LibraryMessages.fileRequired } } as const;

/**
 * The library (docs/library.md): tabs, folders, files, sharing, favorites, viewers' data. Uploads and saved
 * versions are composed in the gateway (bytes to S3, then the service registers the key); everything else
 * forwards to one RPC of services/library.
 */
export const LibraryRoutes = {
  listLibrary: defineRoute({
    method: 'GET', path: '/api/library', access: 'user', tags, query: zLibraryListQuery,
    summary: 'A tab of the library (tab=my|shared|organization|favorite, optional type=pdf|word|…, dir=folder id): its folders and files',
    rpc: ListLibrary, toRpc: ({ call, query }) => ({ ...call, tab: query.tab, type: query.type, dir: query.dir }),
  }),
  searchLibrary: defineRoute({
    method: 'GET', path: '/api/library/search', access: 'user', tags, query: zLibrarySearchQuery,
    summary: 'Files and folders the caller may see whose name contains `search` (optional type, tab)',
    rpc: SearchLibrary, toRpc: ({ call, query }) => ({ ...call, ...query }),
  }),
  uploadLibraryFile: defineComposedRoute({
    method: 'POST', path: '/api/library', access: 'user', tags, body: zUploadBody, response: zLibraryItem, message: LibraryMessages.uploaded, upload: fileUpload,
    summary: "Upload a file (multipart `file`; dir, scope, pdf_only, name): pdf, text, word, excel, powerpoint, audio or e-mail by content; 'you Must Choose pdf only' in PDF-only mode; a restricted folder refuses",
  }),
  libraryImages: defineRoute({
    method: 'POST', path: '/api/library/images', access: 'user', tags, body: zImagesBody, answer: { pick: 'files' },
    summary: 'Library files by ids {ids}: name, size, type and a fresh file_url each (those the caller may open)',
    rpc: ResolveFiles, toRpc: ({ call, body }) => ({ ...call, ids: body.ids }),
  }),
  fetchLibraryFile: defineRoute({
    method: 'GET', path: '/api/library/fetch/:docId', access: 'guest', tags, params: z.object({ docId: zId }), query: zFetchQuery,
    summary: 'What the viewer opens: file_url (the PDF, or the PDF made from an office file), outlines_data, and message when there is no file_url',
    rpc: FetchFile, toRpc: ({ call, params, query }) => ({ ...call, itemId: params.docId, meetingId: query.meeting_id }),
  }),
  updateLibraryFile: defineComposedRoute({
    method: 'POST', path: '/api/library/update/:id', access: 'user', tags, params: zIdParams, body: zUpdateFileBody, response: zLibraryItem, message: LibraryMessages.saved, upload: fileUpload,
    summary: 'Save an edited file (multipart `file`) as the next version of the item; older versions are kept',
  }),
  editedLibraryFile: defineComposedRoute({
    method: 'POST', path: '/api/library/edited_file', access: 'user', tags, body: zEditedFileBody, response: zLibraryItem, message: LibraryMessages.saved, upload: fileUpload,
    summary: 'Save a file edited in a meeting (multipart `file`, library_id, meeting_id) as the next version of library_id',
  }),
  excelToJson: defineRoute({
    method: 'GET', path: '/api/library/excel_to_json/:id', access: 'guest', tags, params: zIdParams, query: zExcelQuery,
    summary: 'A spreadsheet as JSON for the sheet viewer: name, size, file_url and each sheet (rows x columns, 100 x 26 by default)',
    rpc: ExcelToJson, toRpc: ({ call, params, query }) => ({ ...call, itemId: params.id, rows: query.rows, columns: query.columns }),
  }),
  libraryEmail: defineRoute({
    method: 'GET', path: '/api/library/email/:id', access: 'guest', tags, params: zIdParams,
    summary: 'An .eml or .msg file as sanitized HTML with its headers and attachments listed',
    rpc: GetEmailView, toRpc: ({ call, params }) => ({ ...call, itemId: params.id }),
  }),
  libraryEmailAttachment: defineFileRoute({
    method: 'GET', path: '/api/library/email/:id/attachments/:index', access: 'guest', tags,
    params: z.object({ id: zId, index: numeric(z.number().int().min(0).max(INT4_MAX)) }), query: zFetchQuery,
    summary: "One attachment of an .eml or .msg file (index: its place in the e-mail view's attachments, from 0), streamed as a download with its name; the message's download policy applies (403 view only, the reader's watermark on a PDF attachment, 409 for any other attachment when watermarked); 404 for an index the message does not have",
  }),
  getAnnotation: defineRoute({
    method: 'GET', path: '/api/library/:id/annotation', access: 'user', tags, params: zIdParams, summary: "The caller's annotations of a file",
    rpc: GetAnnotation, toRpc: ({ call, params }) => ({ ...call, itemId: params.id }),
  }),
  saveAnnotation: defineRoute({
    method: 'POST', path: '/api/library/:id/annotation', access: 'user', tags, params: zIdParams, body: zAnnotationBody, message: LibraryMessages.annotationSaved,
    summary: "Save the caller's annotations of a file {annotation: the viewer's JSON as a string}",
    rpc: SaveAnnotation, toRpc: ({ call, params, body }) => ({ ...call, itemId: params.id, annotation: body.annotation }),
  }),
  deleteAnnotation: defineRoute({
    method: 'DELETE', path: '/api/library/:id/annotation', access: 'user', tags, params: zIdParams, message: LibraryMessages.annotationDeleted,
    summary: "Remove the caller's annotations of a file",
    rpc: DeleteAnnotation, toRpc: ({ call, params }) => ({ ...call, itemId: params.id }),
  }),
  convertLibraryFile: defineRoute({
    method: 'POST', path: '/api/library/:id/convert', access: 'user', tags, params: zIdParams,
    summary: 'Start (again) the PDF rendering of an office file; answers the fetch view with the conversion status and progress',
    rpc: StartConversion, toRpc: ({ call, params }) => ({ ...call, itemId: params.id }),
  }),
  downloadLibraryFile: defineComposedRoute({
    method: 'GET', path: '/api/library/:id/download', access: 'guest', tags, params: zIdParams, query: zFetchQuery, produces: 'redirect', response: z.null(),
    summary: "Redirect (302) to a short-lived presigned URL of the current version (or of the reader's watermarked copy), after checking the caller may open it; 403 when the download policy is view only",
  }),
  downloadLibraryFileBytes: defineFileRoute({
    method: 'GET', path: '/api/library/:id/file', access: 'guest', tags, params: zIdParams, query: zFetchQuery,
    summary: "The file as a download, streamed with its name: as stored, or the reader's watermarked copy (download policy); 403 when it is view only",
  }),
  printLibraryFile: defineRoute({
    method: 'POST', path: '/api/library/:id/print', access: 'guest', tags, params: zIdParams, query: zFetchQuery, answer: 'empty',
    summary: "The viewer printed the file (the organization's activity log records it); 403 when the download policy is view only",
    rpc: RecordPrint, toRpc: ({ call, params, query }) => ({ ...call, itemId: params.id, meetingId: query.meeting_id }),
  }),
  fileChanges: defineRoute({
    method: 'GET', path: '/api/library/:id/changes', access: 'user', tags, params: zIdParams, query: zChangesQuery,
    summary: "What changed in a file's current version since the version the reader opened before (or ?since=): pages added, removed, changed with their words, unchanged",
    rpc: GetFileChanges, toRpc: ({ call, params, query }) => ({ ...call, itemId: params.id, meetingId: query.meeting_id, since: query.since }),
  }),
  libraryDetails: defineRoute({
    method: 'GET', path: '/api/library/:id', access: 'user', tags, params: zIdParams,
    summary: 'Details of a file or folder: title, type, size, owner, modified, created, shared with, used in, versions',
    rpc: GetDetails, toRpc: ({ call, params }) => ({ ...call, itemId: params.id }),
  }),
  renameLibraryFile: defineRoute({
    method: 'PUT', path: '/api/library/:id', access: 'user', tags, params: zIdParams, body: zRenameBody, message: LibraryMessages.renamed, summary: 'Rename a file {name}',
    rpc: RenameItem, toRpc: ({ call, params, body }) => ({ ...call, itemId: params.id, folder: false, name: body.name }),
  }),
  moveLibraryFile: defineRoute({
    method: 'POST', path: '/api/library/:id/move', access: 'user', tags, params: zIdParams, body: zMoveBody, message: LibraryMessages.moved, summary: 'Move a file into a folder {dir} (null: the top)',
    rpc: MoveItem, toRpc: ({ call, params, body }) => ({ ...call, itemId: params.id, folder: false, dir: body.dir }),
  }),
  deleteLibraryFile: defineRoute({
    method: 'DELETE', path: '/api/library/:id', access: 'user', tags, params: zIdParams, answer: 'empty', message: LibraryMessages.deleted, summary: 'Delete a file (with its versions)',
    rpc: DeleteItem, toRpc: ({ call, params }) => ({ ...call, itemId: params.id, folder: false }),
  }),

  createDirectory: defineRoute({
    method: 'POST', path: '/api/directories', access: 'user', tags, body: zCreateDirectoryBody, message: LibraryMessages.folderCreated,
    summary: 'Create a folder {name, dir (parent), scope (private|organization), restricted}',
    rpc: CreateDirectory, toRpc: ({ call, body }) => ({ ...call, name: body.name, dir: body.dir, scope: body.scope, restricted: body.restricted }),
  }),
  openDirectory: defineRoute({
    method: 'GET', path: '/api/directories/:id', access: 'user', tags, params: zIdParams, query: zDirectoryQuery,
    summary: 'Open a folder: its folders (dirs) and files, and the breadcrumbs',
    rpc: ListLibrary, toRpc: ({ call, params, query }) => ({ ...call, tab: query.tab ?? 'my', type: query.type, dir: params.id }),
  }),
  renameDirectory: defineRoute({
    method: 'PUT', path: '/api/directories/:id', access: 'user', tags, params: zIdParams, body: zRenameBody, message: LibraryMessages.renamed, summary: 'Rename a folder {name}',
    rpc: RenameItem, toRpc: ({ call, params, body }) => ({ ...call, itemId: params.id, folder: true, name: body.name }),
  }),
  moveDirectory: defineRoute({
    method: 'POST', path: '/api/directories/:id/move', access: 'user', tags, params: zIdParams, body: zMoveBody, message: LibraryMessages.moved, summary: 'Move a folder into another {dir} (null: the top)',
    rpc: MoveItem, toRpc: ({ call, params, body }) => ({ ...call, itemId: params.id, folder: true, dir: body.dir }),
  }),
  deleteDirectory: defineRoute({
    method: 'DELETE', path: '/api/directories/:id', access: 'user', tags, params: zIdParams, answer: 'empty', message: LibraryMessages.folderDeleted, summary: 'Delete a folder with everything in it',
    rpc: DeleteItem, toRpc: ({ call, params }) => ({ ...call, itemId: params.id, folder: true }),
  }),

  shareLibraryItem: defineRoute({
    method: 'POST', path: '/api/share', access: 'user', tags, body: zShareBody, answer: { pick: 'shared_with' }, message: LibraryMessages.shared,
    summary: 'Share a file or folder {id, users: [user_id | {user_id, can_edit}]} (replaces the list); answers who it is shared with',
    rpc: ShareItem, toRpc: ({ call, body }) => ({ ...call, itemId: body.id, users: body.users }),
  }),
  sharedWith: defineRoute({
    method: 'GET', path: '/api/share/:id', access: 'user', tags, params: zIdParams, answer: { pick: 'shared_with' }, summary: 'Who a file or folder is shared with',
    rpc: SharedWithList, toRpc: ({ call, params }) => ({ ...call, itemId: params.id }),
  }),
  unshareLibraryItem: defineRoute({
    method: 'DELETE', path: '/api/share/:id/:user_id', access: 'user', tags, params: z.object({ id: zId, user_id: zId }), answer: { pick: 'shared_with' }, message: LibraryMessages.unshared,
    summary: 'Stop sharing a file or folder with one person',
    rpc: Unshare, toRpc: ({ call, params }) => ({ ...call, itemId: params.id, userId: params.user_id }),
  }),

  listFavorites: defineRoute({
    method: 'GET', path: '/api/lib-fav', access: 'user', tags, query: zFavoriteQuery, summary: "The favorites tab: the caller's starred folders and files",
    rpc: ListLibrary, toRpc: ({ call, query }) => ({ ...call, tab: 'favorite' as const, type: query.type }),
  }),
  setFavorite: defineRoute({
    method: 'POST', path: '/api/lib-fav', access: 'user', tags, body: zFavoriteBody, message: LibraryMessages.favorited,
    summary: 'Star or unstar a file or folder {id, favorite} (favorite missing: toggle)',
    rpc: SetFavorite, toRpc: ({ call, body }) => ({ ...call, itemId: body.id, favorite: body.favorite }),
  }),

  publicFile: defineFileRoute({
    method: 'GET', path: '/api/public/:path', access: 'public', tags: ['uploads'], params: z.object({ path: z.string().regex(/^[\w-]{1,100}\.(png|jpe?g|pdf)$/) }),
    summary: "A public file of the host's organization (its public/ folder in S3): images and documents shown without signing in",
  }),
} as const;
