import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ExtractFileText, LIBRARY_MAX_BYTES, type PayloadOf } from '@app/contracts';
import { CONFIG, Jobs, logger, ProcessJob, Sandbox, Storage, type JobContext } from '@app/platform';
import { AnnotationCarry } from '../common/annotation-carry';
import { LibraryDb } from '../common/library-db';
import { extractLimitsOf, zipLimitsOf, type LibraryConfig } from '../config';
import { FileTextRepository } from '../repositories/file-text.repository';
import { LibraryRepository, type ItemRow } from '../repositories/library.repository';
import { boundPages, textJobId, textSourceOf } from '../rules/text';
import { emailPages, pdfPages, sheetPages, TextRefused, textPages, type RawPages } from './text-extract';

/** files whose text the start-up backfill asks for at most, per start */
const BACKFILL_BATCH = 5000;

/**
 * The text of each file version, page by page, for the search box (docs/search.md#text-inside-files): once per
 * version, by the `library-text:extract-text` job. PDFs with pdftotext in the sandbox; office files from the PDF
 * the conversion job made (that job adds this one when it is done); .xlsx by their cells, a sheet a page; e-mails
 * by their text; text files as they are. The text kept is bounded (EXTRACT_MAX_TEXT_KB, EXTRACT_MAX_PAGES). State
 * on the item (`text_status`: pending, processing, done, failed; pages, truncated), shown by the viewer's fetch.
 * At start-up, files without text (uploaded before this job existed, or whose job Redis lost) get their job.
 */
@Injectable()
export class TextProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly db: LibraryDb,
    private readonly repo: LibraryRepository,
    private readonly text: FileTextRepository,
    private readonly storage: Storage,
    private readonly sandbox: Sandbox,
    private readonly jobs: Jobs,
    private readonly annotations: AnnotationCarry,
    @Inject(CONFIG) private readonly config: LibraryConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // in the background: a start never waits on it, and a failure is only logged (the next start tries again)
    void this.backfill().then(
      (n) => n && logger().info({ files: n }, 'file text: extraction jobs added for files without text'),
      (err: unknown) => logger().warn({ err }, 'file text: the backfill failed'),
    );
  }

  /** a job for every file of any organization whose text is not there yet (job ids: those Redis has are left alone) */
  async backfill(): Promise<number> {
    const rows = await this.db.unsafeGlobal((tx) => this.text.unsafeListWithoutText(tx, BACKFILL_BATCH));
    for (const r of rows) await this.jobs.add(ExtractFileText, { orgId: r.orgId, itemId: r.id, version: r.version }, { jobId: textJobId(r.orgId, r.id, r.version) });
    return rows.length;
  }

  private status(orgId: string, item: ItemRow, status: 'processing' | 'failed' | 'none'): Promise<void> {
    return this.db.tenant(orgId, (s) => this.text.setStatus(s, item.id, item.version, status));
  }

  @ProcessJob(ExtractFileText)
  async extract(p: PayloadOf<typeof ExtractFileText>, ctx: JobContext): Promise<void> {
    const item = await this.db.tenant(p.orgId, (s) => this.repo.get(s, p.itemId));
    // gone, or a newer version has its own job
    if (!item || item.isFolder || item.version !== p.version || !item.s3Key) return;
    const source = textSourceOf(item.kind, item.extension);
    if (!source) return this.status(p.orgId, item, 'none');
    if (source === 'converted-pdf' && item.conversionStatus !== 'done') {
      // the conversion job adds this one again when its PDF is there; a failed conversion leaves no text to read
      if (item.conversionStatus === 'failed') await this.status(p.orgId, item, 'failed');
      return;
    }
    try {
      await this.status(p.orgId, item, 'processing');
      const raw = await this.read(item, source);
      const { pages, truncated } = boundPages(raw.pages, { maxBytes: this.config.EXTRACT_MAX_TEXT_KB * 1024, maxPages: this.config.EXTRACT_MAX_PAGES });
      await this.db.tenant(p.orgId, async (s) => {
        const current = await this.repo.get(s, item.id, { lock: true });
        if (!current || current.version !== p.version) return;
        await this.text.replacePages(s, item.id, p.version, pages, truncated || raw.cut);
        // annotations made on an older version move to where their text now is (docs/annotations.md#new-versions)
        await this.annotations.toVersion(s, item.id, p.version, pages);
      });
    } catch (err) {
      if (err instanceof TextRefused) {
        logger().warn({ err, itemId: item.id }, 'file text refused');
        return this.status(p.orgId, item, 'failed');
      }
      logger().warn({ err, itemId: item.id, attempt: ctx.attempt }, 'file text extraction failed');
      if (ctx.attempt >= ctx.attemptsAllowed) await this.status(p.orgId, item, 'failed');
      throw err;
    }
  }

  private async read(item: ItemRow, source: NonNullable<ReturnType<typeof textSourceOf>>): Promise<RawPages> {
    const o = extractLimitsOf(this.config);
    switch (source) {
      case 'pdf':
        return pdfPages(this.sandbox, await this.storage.getBuffer(item.s3Key!, LIBRARY_MAX_BYTES), o);
      case 'converted-pdf':
        return pdfPages(this.sandbox, await this.storage.getBuffer(item.pdfKey!, this.config.CONVERT_MAX_PDF_MB * 1024 * 1024), o);
      case 'sheet':
        return sheetPages(await this.storage.getBuffer(item.s3Key!, LIBRARY_MAX_BYTES), zipLimitsOf(this.config), o.maxBytes);
      case 'email':
        return emailPages(await this.storage.getBuffer(item.s3Key!, LIBRARY_MAX_BYTES), item.extension).catch((e: unknown) => {
          throw new TextRefused(`the message cannot be read: ${e instanceof Error ? e.message : String(e)}`);
        });
      case 'text':
        return textPages(await this.storage.getBuffer(item.s3Key!, LIBRARY_MAX_BYTES), o.maxBytes);
    }
  }
}
