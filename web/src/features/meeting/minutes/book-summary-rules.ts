import type { BookSummary, SummaryCitation } from '@app/contracts';
import { viewerPath } from '../../library/file-kinds';

/**
 * Where a summary's citation opens: the file's viewer at the cited page (as a search result does: viewerPath with
 * `page=`), through the meeting for its members.
 */
export function citationHref(cite: SummaryCitation, meetingId: number): string | null {
  const to = viewerPath(cite.file_kind, cite.library_id, { meetingId, name: cite.name });
  if (!to) return null;
  return `${to}${to.includes('?') ? '&' : '?'}page=${cite.page}`;
}

/** the summary is still being made (ask again) */
export const summaryWorking = (s: BookSummary | null | undefined): boolean => !!s && (s.status === 'queued' || s.status === 'running');

/** ask again: being made, or of an older book than the agenda now (being made again) */
export const summaryPolling = (s: BookSummary | null | undefined): boolean => summaryWorking(s) || !!s?.stale;

/** sentences to show: a made summary, or the older one shown (stale) while the new one is made */
export const summaryShown = (s: BookSummary): boolean => s.status === 'done' || (!!s.stale && !!s.made_at);

/** the writing direction of the book's language */
export const dirOf = (lang: BookSummary['lang']): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');
