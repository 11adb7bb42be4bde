import { AppPaths } from '@app/contracts';
import type { SearchResult } from '../../api/search';
import { viewerPath } from '../library/file-kinds';

/**
 * Where a search result opens: a meeting, or the meeting of an agenda item (at the item), decision, comment or
 * minutes; a standalone resolution on the resolutions page, open; a file in its viewer (with the page when the match
 * is on one).
 */
export function resultLink(r: SearchResult): string | null {
  if (r.kind === 'file') {
    if (!r.file_kind) return null;
    const to = viewerPath(r.file_kind, r.id, { name: r.title });
    if (!to || r.page === null) return to;
    return `${to}${to.includes('?') ? '&' : '?'}page=${r.page}`;
  }
  if (r.kind === 'resolution') return AppPaths.resolution(r.id);
  if (r.meeting_id === null) return null;
  // an agenda item of the search is a talking point (decisions are their own kind)
  if (r.kind === 'agenda_item') return AppPaths.meeting(r.meeting_id, { kind: 'talking_point', id: r.id });
  return AppPaths.meeting(r.meeting_id);
}
