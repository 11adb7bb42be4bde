import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zId, zLang, zOk, zTenant } from '../core/common';
import { defineRoute } from '../core/route';
import { zOptDir, zStrictId } from '../library/library.http';
import { zVariant } from '../organization/tenancy.rpc';

/**
 * What changed in a meeting's board book since a publication (docs/minutes.md#what-changed-in-the-book): each
 * finished book is a publication that records, per agenda item, its attachments (library id and version). The
 * reader's answer compares the newest publication with the one they last opened (or, never opened, the previous
 * one): items new, removed, changed (an attachment added, removed, a new version, the title renamed) or unchanged.
 */

/** what happened to one agenda item between two publications */
export const zBookItemStatus = z.enum(['new', 'changed', 'removed', 'unchanged']);
export type BookItemStatus = z.output<typeof zBookItemStatus>;

export const zBookChangeKind = z.enum(['file_added', 'file_removed', 'new_version', 'renamed']);
export type BookChangeKind = z.output<typeof zBookChangeKind>;

/** one change of an item: a file (its id, name, version and the version before) or the item's old title */
export const zBookItemChange = z.object({
  kind: zBookChangeKind,
  library_id: z.number().int().nullable(),
  name: z.string().nullable(),
  version: z.number().int().nullable(),
  from_version: z.number().int().nullable(),
  old_title: z.string().nullable(),
});
export type BookItemChange = z.output<typeof zBookItemChange>;

export const zBookItemChanges = z.object({
  /** the agenda item (stable across publications) */
  key: z.string(),
  /** its title as the newest book prints it (a removed item: as the older one did) */
  title: z.string(),
  status: zBookItemStatus,
  changes: z.array(zBookItemChange),
});
export type BookItemChanges = z.output<typeof zBookItemChanges>;

/** GET /api/meetings/{id}/book/changes */
export const zBookChanges = z.object({
  meeting_id: z.number().int(),
  /** the newest finished book (null: none yet) */
  book_library_id: z.number().int().nullable(),
  /** the publication compared with (null: nothing to compare with, the first book) */
  since_library_id: z.number().int().nullable(),
  /** `opened`: the book the reader last opened; `previous`: they never opened one, the publication before; null with since_library_id null */
  since: z.enum(['opened', 'previous']).nullable(),
  /** the newest book's items in its order, then the removed ones; only those the reader may see */
  items: z.array(zBookItemChanges),
});
export type BookChanges = z.output<typeof zBookChanges>;

const zCallOf = zTenant.extend({ variant: zVariant.optional(), lang: zLang.optional(), meetingId: zId });

export const GetBookChanges = defineRpc({
  subject: 'minutes.v1.book-changes',
  request: zCallOf.extend({ since: zId.optional() }),
  response: zBookChanges,
});

/** the reader (a signed-in user, or a guest by their token link) opened this book (a library id of one of the meeting's books): "since you last opened" counts from it */
export const MarkBookOpened = defineRpc({
  subject: 'minutes.v1.book-opened',
  request: zCallOf.extend({ libraryId: zId }),
  response: zOk,
});

export const zBookChangesQuery = z.object({ since: zOptDir });
export const zBookOpenedBody = z.object({ library_id: zStrictId });

export const BookChangesRoutes = {
  getBookChanges: defineRoute({
    method: 'GET', path: '/api/meetings/:id/book/changes', access: 'guest', tags: ['minutes'], params: z.object({ id: zId }), query: zBookChangesQuery,
    summary: "Which agenda items of the meeting's newest board book are new, removed or changed (attachment added, removed, new version; title) since the book the reader last opened, the previous one, or ?since= (a book's library id)",
    rpc: GetBookChanges, toRpc: ({ call, params, query }) => ({ ...call, meetingId: params.id, since: query.since }),
  }),
  markBookOpened: defineRoute({
    method: 'POST', path: '/api/meetings/:id/book/opened', access: 'guest', tags: ['minutes'], params: z.object({ id: zId }), body: zBookOpenedBody,
    summary: 'The reader opened this board book {library_id}: the changes are counted from it next time',
    rpc: MarkBookOpened, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, libraryId: body.library_id }),
  }),
};
