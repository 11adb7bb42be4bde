import { z } from 'zod';
import { defineJob, defineRpc } from '../core/define';
import { zId, zLang, zOrgId, zTenant } from '../core/common';
import { defineRoute } from '../core/route';
import { zFileKind } from '../library/library.kinds';
import { zVariant } from '../organization/tenancy.rpc';

/**
 * The board book's summary with citations (docs/book-summary.md): made by the SummarizeBook job once the book is
 * made, from the text of each file's pages (the library's file_pages); every sentence cites the file and page it
 * came from. Machine-made, always: the web says so.
 */

export const zBookSummaryStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type BookSummaryStatus = z.output<typeof zBookSummaryStatus>;

/** where a sentence came from: a library file of the book and its page, and the same page in the merged book */
export const zSummaryCitation = z.object({
  library_id: z.number().int().positive(),
  /** the file's name when the book was summarized */
  name: z.string(),
  /** which viewer opens the file (a PDF, or an office file's PDF rendering) */
  file_kind: zFileKind,
  /** the page of the file (1-based) */
  page: z.number().int().min(1),
  /** the same page in the merged book (1-based) */
  book_page: z.number().int().min(1),
});
export type SummaryCitation = z.output<typeof zSummaryCitation>;

export const zSummarySentence = z.object({ text: z.string().min(1), cite: zSummaryCitation });
export type SummarySentence = z.output<typeof zSummarySentence>;

/** one agenda item of the book (a section: its title as the book prints it) and the summary of its files */
export const zSummarySection = z.object({
  title: z.string(),
  sentences: z.array(zSummarySentence),
  /** its files changed since it was summarized (a new version, a file added or removed): no sentences until it is made again */
  stale: z.boolean().optional(),
});
export type SummarySection = z.output<typeof zSummarySection>;

export const zSummaryMethod = z.enum(['extractive', 'abstractive']);

/** GET /api/meetings/{id}/book/summary */
export const zBookSummary = z.object({
  meeting_id: z.number().int(),
  /** the summarized book's library file (the book viewer's docId) */
  book_library_id: z.number().int().nullable(),
  status: zBookSummaryStatus,
  progress: z.number().int().min(0).max(100),
  /** extractive (local, sentences of the files themselves) or abstractive (SUMMARIZER_URL, each sentence checked) */
  method: zSummaryMethod.nullable(),
  /** always true: the summary is made by a machine and the web marks it so */
  machine_made: z.literal(true),
  /** the book's language: the language most of its files' text is written in */
  lang: zLang,
  /** the whole book */
  book: z.array(zSummarySentence),
  /** each agenda item with files, in the book's order (only those the reader may see) */
  items: z.array(zSummarySection),
  error: z.string().nullable(),
  made_at: z.string().nullable(),
  /**
   * the summary is of an older book than the agenda now (a file's new version, an item changed): being made again.
   * The items that changed are answered without sentences (`stale`), and no sentence cites a file that changed.
   */
  stale: z.boolean().optional(),
});
export type BookSummary = z.output<typeof zBookSummary>;

export const GetBookSummary = defineRpc({
  subject: 'minutes.v1.book-summary',
  request: zTenant.extend({ variant: zVariant.optional(), lang: zLang.optional(), meetingId: zId }),
  response: zBookSummary,
});

/**
 * The summary of one board book (`summaryId`, a row made when the book was): reads the text of its files' pages
 * from the library, ranks or asks SUMMARIZER_URL, keeps progress on the row. While a file's text is still being
 * extracted it adds itself again, delayed (`wait` counts those turns).
 */
export const SummarizeBookJob = defineJob({
  queue: 'minutes-book',
  name: 'summarize-book',
  owner: 'minutes',
  payload: z.object({ orgId: zOrgId, summaryId: z.number().int().positive(), wait: z.number().int().min(0).default(0) }),
  attempts: 3,
  backoffMs: 3000,
});

export const BookSummaryRoutes = {
  getBookSummary: defineRoute({
    method: 'GET', path: '/api/meetings/:id/book/summary', access: 'user', tags: ['minutes'], params: z.object({ id: zId }),
    summary: "The summary of the meeting's newest board book, each sentence citing a file and page (machine-made; 404 when the meeting has no book; status and progress while it is made)",
    rpc: GetBookSummary, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
};
