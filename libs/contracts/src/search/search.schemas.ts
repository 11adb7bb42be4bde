import { z } from 'zod';
import { zFileKind } from '../library/library.kinds';
import { zTextIndex } from '../library/library.schemas';

/**
 * The one search box (docs/search.md): what kinds of things it finds. The meeting service answers meetings,
 * agenda items, decisions of meetings, standalone resolutions (a committee's, no meeting) and comments; the minutes
 * service the minutes of meetings (conclusions and their comments); the library service files (by name and text).
 */
export const SEARCH_KINDS = ['meeting', 'agenda_item', 'decision', 'resolution', 'comment', 'minutes', 'file'] as const;
export const zSearchKind = z.enum(SEARCH_KINDS);
export type SearchKind = z.output<typeof zSearchKind>;
export const MEETING_SEARCH_KINDS = ['meeting', 'agenda_item', 'decision', 'resolution', 'comment'] as const satisfies readonly SearchKind[];
export const MINUTES_SEARCH_KINDS = ['minutes'] as const satisfies readonly SearchKind[];
export const LIBRARY_SEARCH_KINDS = ['file'] as const satisfies readonly SearchKind[];

/** at most this many results per kind */
export const SEARCH_LIMIT = 20;

/** `GET /api/search?q=&kind=` */
export const zSearchQuery = z.object({
  q: z.string().trim().min(2).max(200),
  kind: zSearchKind.optional(),
});

export const zSearchPassage = z.object({
  text: z.string(),
  /** the match inside `text`: [start, end) */
  start: z.number().int(),
  end: z.number().int(),
});

export const zSearchHit = z.object({
  kind: zSearchKind,
  id: z.number().int(),
  title: z.string(),
  /** the passage that matched (the title or the text), the match marked by start/end */
  passage: zSearchPassage,
  /** the meeting the result belongs to (a meeting: itself; minutes: theirs; a standalone resolution: null) */
  meeting_id: z.number().int().nullable(),
  meeting_title: z.string().nullable(),
  /** files: the library's kind (pdf, word, ...), which decides the viewer */
  file_kind: zFileKind.nullable(),
  /** files: the page the match is on, when the text of the pages is known (null: the name matched) */
  page: z.number().int().nullable(),
  /** meetings: when it starts; other kinds: when it was made or changed */
  date: z.string().nullable(),
  /** files: the state of their text (pending, done, failed, truncated: only its beginning is searched); else null */
  text_index: zTextIndex.nullable(),
});
export type SearchHit = z.output<typeof zSearchHit>;

export const zSearchGroup = z.object({
  kind: zSearchKind,
  items: z.array(zSearchHit),
  /** more than SEARCH_LIMIT matched: the group shows the first ones */
  has_more: z.boolean(),
});
export type SearchGroup = z.output<typeof zSearchGroup>;

export const zSearchResults = z.object({
  q: z.string(),
  /** one group per kind searched that found something, in SEARCH_KINDS order */
  groups: z.array(zSearchGroup),
  /**
   * kinds that were to be searched but were not: their service did not answer (in SEARCH_KINDS order; empty when
   * everything asked answered). The groups are what the other services found.
   */
  missing: z.array(zSearchKind),
});
export type SearchResults = z.output<typeof zSearchResults>;

/** what each service's search RPC takes besides the tenant: the query and the kinds it should look at */
export const zServiceSearchRequest = {
  q: z.string().min(1).max(200),
  kinds: z.array(zSearchKind).min(1),
  limit: z.number().int().positive().max(100),
};
export const zServiceSearchReply = z.object({ groups: z.array(zSearchGroup) });
