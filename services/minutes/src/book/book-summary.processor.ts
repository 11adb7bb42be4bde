import { Inject, Injectable } from '@nestjs/common';
import { GetFileText, SummarizeBookJob, SYSTEM_ACTOR, type FileKind, type PayloadOf, type SummarySentence } from '@app/contracts';
import { Bus, CONFIG, Jobs, logger, ProcessJob, type JobContext } from '@app/platform';
import { MinutesDb } from '../common/minutes-db';
import type { MinutesConfig } from '../config';
import type { BookSummaryContent, BookSummarySource } from '../db/schema';
import { reusedItem } from '../rules/book-summary';
import { BOOK_LIMITS, SECTION_LIMITS, summarizeCited, textLanguage, type CitedSentence, type SourcePage } from '../rules/cited';
import { remoteSummary } from '../common/remote-summary';
import { BookSummaryRepository } from './book-summary.repository';

/** while a file's text is still being extracted the job comes back this many times, this long apart */
export const SUMMARY_WAIT_TURNS = 40;
export const SUMMARY_WAIT_MS = 3000;

/**
 * SummarizeBook (docs/book-summary.md): the text of every page of the book's files (the library's file_pages, read
 * through `library.v1.file-text` as the system with the meeting), then a summary of each section and of the whole
 * book, each sentence citing its file and page: the local extractive summarizer, or SUMMARIZER_URL's abstractive one
 * (each sentence checked against its page; when the endpoint fails, the local one). Progress on the row: 5..60 files
 * read, 60..95 summaries, 100 done.
 */
@Injectable()
export class SummarizeBookProcessor {
  constructor(
    private readonly db: MinutesDb,
    private readonly repo: BookSummaryRepository,
    private readonly bus: Bus,
    private readonly jobs: Jobs,
    @Inject(CONFIG) private readonly config: MinutesConfig,
  ) {}

  private set(orgId: string, id: number, patch: Parameters<BookSummaryRepository['update']>[2]) {
    return this.db.tenant(orgId, (s) => this.repo.update(s, id, patch));
  }

  @ProcessJob(SummarizeBookJob)
  async run(p: PayloadOf<typeof SummarizeBookJob>, ctx: JobContext): Promise<void> {
    const row = await this.db.tenant(p.orgId, (s) => this.repo.get(s, p.summaryId));
    if (!row || row.status === 'done') return;
    try {
      await this.set(p.orgId, row.id, { status: 'running', progress: 5, error: null });
      const pages: SourcePage[] = [];
      const kinds = new Map<number, FileKind>();
      for (const [doc, src] of row.sources.entries()) {
        const text = await this.bus.request(GetFileText, { orgId: p.orgId, actor: SYSTEM_ACTOR, itemId: src.library_id, meetingId: row.meetingId });
        if ((text.status === 'pending' || text.status === 'processing') && p.wait < SUMMARY_WAIT_TURNS) {
          // the library is still reading this file: come back later
          await this.set(p.orgId, row.id, { status: 'queued', progress: 5 });
          await this.jobs.add(SummarizeBookJob, { orgId: p.orgId, summaryId: row.id, wait: p.wait + 1 }, { jobId: `summary-${p.orgId}-${row.id}-${p.wait + 1}`, delayMs: SUMMARY_WAIT_MS });
          return;
        }
        kinds.set(doc, text.kind);
        // only the pages the book holds (a file's later version may have more)
        const inBook = src.end - src.start + 1;
        for (const pg of text.pages) if (pg.page <= inBook && pg.text.trim()) pages.push({ doc, page: pg.page, text: pg.text });
        await this.set(p.orgId, row.id, { progress: 5 + Math.floor(((doc + 1) / Math.max(1, row.sources.length)) * 55) });
      }
      const lang = textLanguage(pages.map((x) => x.text).join(' ').slice(0, 200_000));
      const sections = [...new Set(row.sources.map((s) => s.section))];
      // a book made again (a file's new version, an agenda change): the items whose files are the same are kept from
      // the previous summary, only the others (and the whole book) are summarized again (docs/book-summary.md#a-new-version)
      const found = await this.db.tenant(p.orgId, (s) => this.repo.doneBefore(s, row.meetingId, row.bookId));
      // only a summary made the same way (both local, or both asked of SUMMARIZER_URL) lends its items
      const prev = found && found.method === (this.config.SUMMARIZER_URL ? 'abstractive' : 'extractive') ? found : null;
      const kept = sections.map((sec) => (prev ? reusedItem(prev, row.sources.filter((s) => s.section === sec)) : null));
      const parts = [
        { pages, max: BOOK_LIMITS.maxSentences!, limits: BOOK_LIMITS },
        ...sections.map((sec, i) => ({ pages: kept[i] ? [] : pages.filter((x) => row.sources[x.doc].section === sec), max: SECTION_LIMITS.maxSentences!, limits: SECTION_LIMITS })),
      ];
      let method: 'extractive' | 'abstractive' = 'extractive';
      let made: CitedSentence[][] = parts.map((x) => summarizeCited(x.pages, x.limits));
      const url = this.config.SUMMARIZER_URL;
      if (url) {
        try {
          const remote: CitedSentence[][] = [];
          for (const [i, x] of parts.entries()) {
            if (i > 0 && kept[i - 1]) {
              remote.push([]);
              continue;
            }
            remote.push(await remoteSummary({ url, model: this.config.SUMMARIZER_MODEL, apiKey: this.config.SUMMARIZER_API_KEY, timeoutMs: this.config.SUMMARIZER_TIMEOUT_MS }, x.pages, lang, x.max));
            await this.set(p.orgId, row.id, { progress: 60 + Math.floor(((i + 1) / parts.length) * 35) });
          }
          made = remote;
          method = 'abstractive';
        } catch (e) {
          logger().warn({ err: e, summaryId: row.id }, 'the summarizer at SUMMARIZER_URL failed: the book gets the local summary');
        }
      }
      const cite = (c: CitedSentence): SummarySentence => citeOf(row.sources[c.doc], kinds.get(c.doc) ?? 'pdf', c);
      const content: BookSummaryContent = {
        book: made[0].map(cite),
        items: sections.map((sec, i) => {
          const mine = row.sources.filter((s) => s.section === sec);
          return { title: mine[0].title, library_ids: mine.map((s) => s.library_id), ...(mine[0].key ? { key: mine[0].key } : {}), sentences: kept[i] ?? made[i + 1].map(cite) };
        }),
      };
      await this.set(p.orgId, row.id, { status: 'done', progress: 100, method, lang, content, error: null });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      logger().warn({ err: e, summaryId: row.id, attempt: ctx.attempt }, 'the board book summary could not be made');
      await this.set(p.orgId, row.id, { status: ctx.attempt >= ctx.attemptsAllowed ? 'failed' : 'running', error: message.slice(0, 500) });
      throw e;
    }
  }
}

/** a sentence with its citation: the file, its page, and that page in the book */
function citeOf(src: BookSummarySource, kind: FileKind, c: CitedSentence): SummarySentence {
  return { text: c.text, cite: { library_id: src.library_id, name: src.name, file_kind: kind, page: c.page, book_page: src.start + c.page - 1 } };
}
