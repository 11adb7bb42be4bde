/**
 * The library (docs/library.md): tab listings, folders, uploads, sharing, favorites, details, search, and the
 * viewers' calls. Types are the contract's (libs/contracts/src/library); nothing is re-mapped here except the
 * folder listing, which the four tabs and the picker read the same way.
 */
export type LibraryTab = 'mine' | 'shared' | 'organization' | 'favorites';
export const LIBRARY_TABS: readonly LibraryTab[] = ['mine', 'shared', 'organization', 'favorites'];

// PROVISIONAL until the library contracts land (replaced by RouteData<typeof Routes.…>)
export interface LibraryItem {
  id: number;
  name: string;
  type: string;
  size: number | null;
  file_url?: string | null;
  owner: { id?: number; name: string } | null;
  updated_at: string;
  created_at: string;
  can_edit: boolean;
  favorite: boolean;
  dir: number | null;
}
export interface LibraryListing {
  dirs: LibraryItem[];
  files: LibraryItem[];
}
export interface LibraryDetails extends LibraryItem {
  shared_with: { id: number; name: string }[];
  used_in: { kind: string; id: number; title: string; meeting_id?: number | null }[];
}
export interface Crumb {
  id: number;
  name: string;
}
export interface FetchedFile {
  file_url: string | null;
  outlines_data: { libraryName: string; entries: { name: string; start: number; end: number }[] } | null;
  message: string | null;
  name: string;
  type: string;
  can_edit: boolean;
}
export interface SheetJson {
  name: string;
  size: number;
  file_url: string | null;
  sheets: { name: string; rows: unknown[][] }[];
}
export interface ViewerFile {
  id: number;
  name: string;
  type: string;
  size: number | null;
  kind: 'pdf' | 'office' | 'email' | 'audio' | 'text' | 'excel' | 'other';
  file_url: string | null;
  /** office files: the PDF made for viewing, null while the conversion runs */
  pdf_url: string | null;
  conversion: { state: 'waiting' | 'active' | 'completed' | 'failed'; progress: number } | null;
  email: { from: string; to: string; cc: string; date: string; subject: string; html: string; attachments: { name: string; size: number; index: number }[] } | null;
  text: string | null;
}

import { request } from './client';
import { uploadWithProgress } from './upload';

type Env<T> = { data: T; message?: string | null };
const q = (o: Record<string, unknown>) => o as Record<string, string | number | boolean | null | undefined>;

export const libraryApi = {
  list: async (tab: LibraryTab, opts: { dir: number | null; search: string }): Promise<LibraryListing & { path: Crumb[]; restricted: boolean }> =>
    (await request<Env<LibraryListing & { path: Crumb[]; restricted: boolean }>>(`/library/tab/${tab}`, { query: q(opts) })).data,
  createFolder: async (name: string, parent: number | null, organization: boolean) => (await request<Env<unknown>>('/directories', { body: { name, parent_id: parent, organization } })).message ?? null,
  rename: async (id: number, folder: boolean, name: string) => (await request<Env<unknown>>(folder ? `/directories/${id}` : `/library/${id}`, { method: 'PUT', body: { name } })).message ?? null,
  remove: async (id: number, folder: boolean) => (await request<Env<unknown>>(folder ? `/directories/${id}` : `/library/${id}`, { method: 'DELETE' })).message ?? null,
  favorite: async (id: number, folder: boolean, on: boolean) => (await request<Env<unknown>>('/lib-fav', { body: { id, folder, favorite: on } })).message ?? null,
  sharedWith: async (id: number, folder: boolean) => (await request<Env<{ id: number; name: string }[]>>(`/share/${folder ? 'dir' : 'file'}/${id}`)).data,
  share: async (id: number, folder: boolean, users: number[]) => (await request<Env<unknown>>('/share', { body: { id, folder, users } })).message ?? null,
  details: async (id: number) => (await request<Env<LibraryDetails>>(`/library/${id}/details`)).data,
  upload: async (file: File, opts: { dir: number | null; onProgress(p: number): void; pdfOnly?: boolean }) => {
    const form = new FormData();
    form.append('file', file);
    if (opts.dir !== null) form.append('dir', String(opts.dir));
    const body = (await uploadWithProgress({ path: '/api/library', form, onProgress: opts.onProgress, query: opts.pdfOnly ? { pdf_only: 1 } : undefined })) as Env<unknown>;
    return body.message ?? null;
  },
  fetchFile: async (id: number, opts: { meetingId?: string | null; token?: string }) =>
    (await request<Env<FetchedFile>>(`/library/fetch/${id}`, { query: q({ meeting_id: opts.meetingId, token: opts.token }) })).data,
  saveVersion: async (id: number, pdf: Blob, name: string) => {
    const form = new FormData();
    form.append('file', new File([pdf], name, { type: 'application/pdf' }));
    return (await request<Env<unknown>>(`/library/update/${id}`, { form })).message ?? null;
  },
  sheet: async (id: number, opts: { token?: string }) => (await request<Env<SheetJson>>(`/library/excel_to_json/${id}`, { query: q({ token: opts.token }) })).data,
  viewer: async (id: number, opts: { meetingId?: string | null; token?: string }) =>
    (await request<Env<ViewerFile>>(`/library/view/${id}`, { query: q({ meeting_id: opts.meetingId, token: opts.token }) })).data,
};
