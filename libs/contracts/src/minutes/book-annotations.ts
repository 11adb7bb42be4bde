import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zId, zLang, zTenant } from '../core/common';
import { defineComposedRoute, defineRoute } from '../core/route';
import { zStrictId } from '../library/library.http';
import { zSharedAnnotation } from '../library/annotations';
import { zVariant } from '../organization/tenancy.rpc';

/**
 * The source files' annotations inside a board book (docs/annotations.md#the-board-book): each finished book records,
 * per agenda item, its attachments with their version and their pages in the book (`books.items`). A reader's answer
 * has the marks they may see on each attached file (the library's own list, with the reader's rights), only those of
 * the version the book holds (made on it or carried to it), each moved to its page in the book and marked with its
 * source. Read-only in the book: they are edited on the source file (`source.page` opens it there).
 */

/** where a mark comes from: the attached library file, its version in the book, its name and the page of the file */
export const zBookAnnotationSource = z.object({
  library_id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  page: z.number().int(),
});
export type BookAnnotationSource = z.output<typeof zBookAnnotationSource>;

/** a source file's mark with `page` the book's page; `can_edit`, `can_delete` false (read-only in the book) */
export const zBookSourceAnnotation = zSharedAnnotation.extend({ source: zBookAnnotationSource });
export type BookSourceAnnotation = z.output<typeof zBookSourceAnnotation>;

/** an attached file the reader may see as the book holds it: its version, its name and its pages in the book */
export const zBookSourceFile = z.object({ library_id: z.number().int(), version: z.number().int(), name: z.string(), start: z.number().int(), end: z.number().int() });
export type BookSourceFile = z.output<typeof zBookSourceFile>;

/** GET /api/meetings/{id}/book/annotations?book= */
export const zBookSourceAnnotations = z.object({
  meeting_id: z.number().int(),
  book_library_id: z.number().int(),
  annotations: z.array(zBookSourceAnnotation),
  /** the files whose marks the answer holds (those the reader may see, with pages in the book): the book's live channel listens to them */
  files: z.array(zBookSourceFile),
  /**
   * false for a book made before its files were recorded with it (no publication): where its files sit is not known,
   * so their marks cannot be shown in it (the viewer says so). A book made since, with or without its pages recorded, is true.
   */
  pages_known: z.boolean(),
});
export type BookSourceAnnotations = z.output<typeof zBookSourceAnnotations>;

export const GetBookSourceAnnotations = defineRpc({
  subject: 'minutes.v1.book-source-annotations',
  request: zTenant.extend({ variant: zVariant.optional(), lang: zLang.optional(), meetingId: zId, libraryId: zId }),
  response: zBookSourceAnnotations,
});

export const zBookAnnotationsQuery = z.object({ book: zStrictId });

export const BookAnnotationRoutes = {
  getBookSourceAnnotations: defineRoute({
    method: 'GET', path: '/api/meetings/:id/book/annotations', access: 'user', tags: ['minutes'], params: z.object({ id: zId }), query: zBookAnnotationsQuery,
    summary: "The annotations the reader may see on the board book's attached files ({book}: the book's library id), at their pages in the book, read-only",
    rpc: GetBookSourceAnnotations, toRpc: ({ call, params, query }) => ({ ...call, meetingId: params.id, libraryId: query.book }),
  }),
  /**
   * The book's source files' live channel (docs/annotations.md#live): the gateway asks for the reader's answer above
   * (its 404s before the stream opens) and listens to the annotation changes of the files it holds, as each file's own
   * channel does (the change's audience decides who hears it: a private mark never reaches another reader).
   */
  bookAnnotationsLive: defineComposedRoute({
    method: 'GET', path: '/api/meetings/:id/book/live', access: 'user', tags: ['minutes'], params: z.object({ id: zId }), query: zBookAnnotationsQuery, produces: 'file',
    summary: "Server-sent events of the board book's attached files the reader may see ({book}: the book's library id): ready and annotation messages (zFileLiveMessage, itemId the source file); Last-Event-ID asks for a resync",
    response: z.string(),
  }),
};
