import type { RouteData, Routes } from '@app/contracts';
import type { LibraryItem, LibraryListing } from '../../api/library';
import { jsonResponse, on } from '../../test/fetch';

/** Library answers for the web tests, typed by the contract (a renamed field breaks them). */
type Kind = LibraryItem['kind'];
const MIME: Record<Kind, string> = {
  folder: 'folder',
  pdf: 'application/pdf',
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  powerpoint: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  text: 'text/plain',
  audio: 'audio/mpeg',
  email: 'message/rfc822',
};

export function anItem(id: number, name: string, kind: Kind, over: Partial<LibraryItem> = {}): LibraryItem {
  return {
    id,
    name,
    type: MIME[kind],
    kind,
    extension: kind === 'folder' ? null : (name.split('.').pop() ?? null),
    file_url: null,
    size: kind === 'folder' ? 0 : 2048,
    owner: { id: 1, name: 'Ada Admin' },
    scope: 'private',
    dir: null,
    can_edit: true,
    favorite: false,
    hidden: false,
    restricted: false,
    version: 1,
    conversion: { status: 'none', progress: 0 },
    shared_with: [],
    created_at: '2026-11-19 10:00:00',
    updated_at: '2026-11-20 10:00:00',
    ...over,
  } satisfies LibraryItem;
}
export const aFolder = (id: number, name: string, over: Partial<LibraryItem> = {}) => anItem(id, name, 'folder', over);
export const aPdf = (id: number, name: string, over: Partial<LibraryItem> = {}) => anItem(id, name, 'pdf', over);
export const aDocx = (id: number, name: string, over: Partial<LibraryItem> = {}) => anItem(id, name, 'word', over);

export function aListing(over: Partial<LibraryListing> = {}): LibraryListing {
  return { tab: 'my', dir: null, breadcrumbs: [], dirs: [], files: [], ...over } satisfies RouteData<typeof Routes.listLibrary>;
}

/**
 * GET /api/library (a tab or a folder) and GET /api/library/search: `listing({ tab, dir, search })` decides
 * the answer; a number answers that status.
 */
export function onListing(listing: (q: { tab: string; dir: string | null; search: string | null }) => Partial<LibraryListing> | number) {
  return on('GET', /^\/api\/library(\/search)?$/, (call) => {
    const u = new URL(call.url, 'http://localhost');
    const r = listing({ tab: u.searchParams.get('tab') ?? 'my', dir: u.searchParams.get('dir'), search: u.searchParams.get('search') });
    if (typeof r === 'number') return jsonResponse(r, { success: false, message: 'Internal Server Error' });
    return jsonResponse(200, { success: true, data: aListing(r) });
  });
}
export const onFavorite = () => on('POST', '/api/lib-fav', (call) => jsonResponse(200, { success: true, message: 'Favorites updated', data: anItem(Number((call.body as { id: number }).id), 'x.pdf', 'pdf') }));
