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

/** the writing direction of the book's language */
export const dirOf = (lang: BookSummary['lang']): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');
