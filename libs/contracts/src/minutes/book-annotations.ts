import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zId, zLang, zTenant } from '../core/common';
import { defineRoute } from '../core/route';
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

/** GET /api/meetings/{id}/book/annotations?book= */
export const zBookSourceAnnotations = z.object({
  meeting_id: z.number().int(),
  book_library_id: z.number().int(),
  annotations: z.array(zBookSourceAnnotation),
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
};
