import type { LibraryItem } from '../../api/library';
import { jsonResponse, on } from '../../test/fetch';

/** Library answers for the web tests, typed by the library's types. */
export function anItem(id: number, name: string, type: string, over: Partial<LibraryItem> = {}): LibraryItem {
  return {
    id,
    name,
    type,
    size: 2048,
    file_url: null,
    owner: { id: 1, name: 'Ada Admin' },
    updated_at: '2026-11-20 10:00:00',
    created_at: '2026-11-19 10:00:00',
    can_edit: true,
    favorite: false,
    dir: null,
    ...over,
  } satisfies LibraryItem;
}
export const aFolder = (id: number, name: string, over: Partial<LibraryItem> = {}) => anItem(id, name, 'folder', { size: null, ...over });
export const aPdf = (id: number, name: string, over: Partial<LibraryItem> = {}) => anItem(id, name, 'application/pdf', over);
export const aDocx = (id: number, name: string, over: Partial<LibraryItem> = {}) => anItem(id, name, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', over);

export interface ListingFixture {
  dirs: LibraryItem[];
  files: LibraryItem[];
  path?: { id: number; name: string }[];
  restricted?: boolean;
}

/** GET of a tab's listing: `listing(tab, dir, search)` decides the answer */
export function onListing(listing: (tab: string, dir: string | null, search: string | null) => ListingFixture | number) {
  return on('GET', /^\/api\/library\/tab\/\w+$/, (call) => {
    const u = new URL(call.url, 'http://localhost');
    const tab = u.pathname.split('/').pop()!;
    const r = listing(tab, u.searchParams.get('dir'), u.searchParams.get('search'));
    if (typeof r === 'number') return jsonResponse(r, { success: false, message: 'Internal Server Error' });
    return jsonResponse(200, { success: true, data: { path: [], restricted: false, ...r } });
  });
}
export const onDelete = (id: number, folder = false) => on('DELETE', folder ? `/api/directories/${id}` : `/api/library/${id}`, () => jsonResponse(200, { success: true, message: 'File deleted successfully', data: null }));
export const onFavorite = () => on('POST', '/api/lib-fav', () => jsonResponse(200, { success: true, message: null, data: null }));
