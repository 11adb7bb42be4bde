import { routePath, Routes, type RouteData } from '@app/contracts';
import { api, apiCommand } from './client';
import { uploadWithProgress } from './upload';

/**
 * The library (docs/library-web.md): tab listings, folders, uploads, sharing, favorites, details, search, and the
 * viewers' calls. Types are the contract's (libs/contracts/src/library); nothing is re-mapped here.
 */
export type LibraryListing = RouteData<typeof Routes.listLibrary>;
export type LibraryItem = LibraryListing['files'][number];
export type LibraryTab = LibraryListing['tab'];
export type LibraryDetails = RouteData<typeof Routes.libraryDetails>;
export type SharedWith = RouteData<typeof Routes.sharedWith>[number];
export type LibraryFetch = RouteData<typeof Routes.fetchLibraryFile>;
export type SheetJson = RouteData<typeof Routes.excelToJson>;
export type EmailView = RouteData<typeof Routes.libraryEmail>;

/** the four tabs of the library page, in order */
export const LIBRARY_TABS: readonly LibraryTab[] = ['my', 'shared', 'organization', 'favorite'];

/** A guest's token link (`?token=`) goes with the viewers' calls. */
type Guest = { token?: string };

export const libraryApi = {
  /** a tab, or a folder of it; with a search text, the matching files and folders the caller may see */
  list: (tab: LibraryTab, opts: { dir: number | null; search: string }): Promise<LibraryListing> =>
    opts.search ? api(Routes.searchLibrary, { query: { search: opts.search, tab } }) : api(Routes.listLibrary, { query: { tab, dir: opts.dir ?? undefined } }),
  createFolder: async (name: string, dir: number | null, tab: LibraryTab) =>
    (await apiCommand(Routes.createDirectory, { body: { name, dir: dir ?? undefined, scope: tab === 'organization' ? 'organization' : undefined } })).message,
  rename: async (item: LibraryItem, name: string) =>
    item.kind === 'folder' ? (await apiCommand(Routes.renameDirectory, { params: { id: item.id }, body: { name } })).message : (await apiCommand(Routes.renameLibraryFile, { params: { id: item.id }, body: { name } })).message,
  remove: async (item: LibraryItem) =>
    item.kind === 'folder' ? (await apiCommand(Routes.deleteDirectory, { params: { id: item.id } })).message : (await apiCommand(Routes.deleteLibraryFile, { params: { id: item.id } })).message,
  favorite: async (item: LibraryItem, favorite: boolean) => (await apiCommand(Routes.setFavorite, { body: { id: item.id, favorite } })).message,
  sharedWith: (id: number): Promise<SharedWith[]> => api(Routes.sharedWith, { params: { id } }),
  /** the list replaces who it is shared with: the people it had, plus the new ones */
  share: async (id: number, users: { user_id: number; can_edit: boolean; expires_at?: string }[]) => (await apiCommand(Routes.shareLibraryItem, { body: { id, users } })).message,
  unshare: async (id: number, userId: number) => (await apiCommand(Routes.unshareLibraryItem, { params: { id, user_id: userId } })).message,
  details: (id: number): Promise<LibraryDetails> => api(Routes.libraryDetails, { params: { id } }),
  /** POST /api/library (multipart `file`) with the upload's progress; answers the new file and the server's message */
  upload: async (file: File, opts: { dir: number | null; tab?: LibraryTab; pdfOnly?: boolean; onProgress(percent: number): void; signal?: AbortSignal }) => {
    // the fields before the file: the gateway streams the file to S3 as it arrives and can refuse it sooner
    const form = new FormData();
    if (opts.dir !== null) form.append('dir', String(opts.dir));
    if (opts.tab === 'organization') form.append('scope', 'organization');
    if (opts.pdfOnly) form.append('pdf_only', '1');
    form.append('file', file);
    const body = (await uploadWithProgress({ path: routePath(Routes.uploadLibraryFile), form, onProgress: opts.onProgress, signal: opts.signal })) as { message?: string; data?: unknown };
    const parsed = Routes.uploadLibraryFile.response.safeParse(body?.data);
    return { item: parsed.success ? parsed.data : null, message: typeof body?.message === 'string' ? body.message : null };
  },
  fetchFile: (id: number, opts: Guest & { meetingId?: number | null }): Promise<LibraryFetch> =>
    api(Routes.fetchLibraryFile, { params: { docId: id }, query: { meeting_id: opts.meetingId ?? undefined }, token: opts.token }),
  /** the file as a download (GET /api/library/{id}/file): as stored, or the reader's watermarked copy; 403 when view only */
  download: (id: number, opts: Guest & { meetingId?: number | null }): Promise<Blob> =>
    api(Routes.downloadLibraryFileBytes, { params: { id }, query: { meeting_id: opts.meetingId ?? undefined }, token: opts.token }),
  /** the viewer printed the file: the organization's activity log records it (403 when view only) */
  print: (id: number, opts: Guest & { meetingId?: number | null }): Promise<unknown> =>
    api(Routes.printLibraryFile, { params: { id }, query: { meeting_id: opts.meetingId ?? undefined }, token: opts.token }),
  /** an edited PDF becomes the file's next version (POST /api/library/update/{id}, multipart `file`) */
  saveVersion: async (id: number, pdf: Blob, name: string, meetingId?: number | null) => {
    const form = new FormData();
    if (meetingId) form.append('meeting_id', String(meetingId));
    form.append('file', new File([pdf], name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`, { type: 'application/pdf' }));
    return (await apiCommand(Routes.updateLibraryFile, { params: { id }, form })).message;
  },
  convert: (id: number): Promise<LibraryFetch> => api(Routes.convertLibraryFile, { params: { id } }),
  sheet: (id: number, opts: Guest): Promise<SheetJson> => api(Routes.excelToJson, { params: { id }, token: opts.token }),
  email: (id: number, opts: Guest): Promise<EmailView> => api(Routes.libraryEmail, { params: { id }, token: opts.token }),
  /** one attachment of a stored e-mail as a download (its place in the view's list); the message's download policy applies (403 view only) */
  emailAttachment: (id: number, index: number, opts: Guest & { meetingId?: number | null }): Promise<Blob> =>
    api(Routes.libraryEmailAttachment, { params: { id, index }, query: { meeting_id: opts.meetingId ?? undefined }, token: opts.token }),
};
