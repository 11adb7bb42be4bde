import { Inject, Injectable } from '@nestjs/common';
import { ConvertToPdf, ExtractFileText, LIBRARY_MAX_BYTES, type PayloadOf } from '@app/contracts';
import { CONFIG, Jobs, logger, ProcessJob, Sandbox, Storage, type JobContext } from '@app/platform';
import { LibraryDb } from '../common/library-db';
import { zipLimitsOf, type LibraryConfig } from '../config';
import { LibraryRepository } from '../repositories/library.repository';
import { ConversionRefused, officeToPdf } from './convert';
import { textJobId } from '../rules/text';

/**
 * Office files (word, excel, powerpoint) to PDF for the viewer. Progress is kept on the item (10 started,
 * 60 converted, 100 stored), so the viewer's fetch shows it; a version that is no longer current is skipped.
 * Once the PDF is stored, the search box's text is read from it (the `library-text` job, text.processor.ts); a
 * conversion that fails leaves the text `failed` too.
 */
@Injectable()
export class ConvertProcessor {
  constructor(
    private readonly db: LibraryDb,
    private readonly repo: LibraryRepository,
    private readonly storage: Storage,
    private readonly sandbox: Sandbox,
    private readonly jobs: Jobs,
    @Inject(CONFIG) private readonly config: LibraryConfig,
  ) {}

  private progress(orgId: string, itemId: number, conversionStatus: string, conversionProgress: number, pdfKey?: string): Promise<unknown> {
    const text = conversionStatus === 'failed' ? { textStatus: 'failed' } : {};
    return this.db.tenant(orgId, (s) => this.repo.update(s, itemId, { conversionStatus, conversionProgress, ...text, ...(pdfKey ? { pdfKey } : {}) }));
  }

  @ProcessJob(ConvertToPdf)
  async convert(p: PayloadOf<typeof ConvertToPdf>, ctx: JobContext): Promise<void> {
    const item = await this.db.tenant(p.orgId, (s) => this.repo.get(s, p.itemId));
    if (!item || item.version !== p.version || !item.s3Key || item.conversionStatus === 'done') return;
    try {
      await this.progress(p.orgId, item.id, 'processing', 10);
      const c = this.config;
      const source = await this.storage.getBuffer(item.s3Key, LIBRARY_MAX_BYTES);
      const pdf = await officeToPdf(this.sandbox, source, item.extension ?? 'bin', {
        soffice: c.SOFFICE_PATH,
        timeoutMs: c.CONVERT_TIMEOUT_MS,
        memoryBytes: c.CONVERT_MEMORY_MB * 1024 * 1024,
        maxPdfBytes: c.CONVERT_MAX_PDF_MB * 1024 * 1024,
        zip: zipLimitsOf(c),
      });
      await this.progress(p.orgId, item.id, 'processing', 60);
      const key = `${item.s3Key.replace(/\.[^./]+$/, '')}.v${p.version}.pdf`;
      await this.storage.put(key, pdf, pdf.length, 'application/pdf');
      const current = await this.db.tenant(p.orgId, (s) => this.repo.get(s, p.itemId));
      if (!current || current.version !== p.version) {
        await this.storage.remove(key);
        return;
      }
      await this.progress(p.orgId, item.id, 'done', 100, key);
      await this.jobs.add(ExtractFileText, { orgId: p.orgId, itemId: item.id, version: p.version }, { jobId: textJobId(p.orgId, item.id, p.version) });
    } catch (err) {
      if (err instanceof ConversionRefused) {
        // a bomb or a damaged archive: another attempt would refuse it again
        logger().warn({ err, itemId: item.id, reason: err.reason }, 'office file refused for conversion');
        await this.progress(p.orgId, item.id, 'failed', 0);
        return;
      }
      logger().warn({ err, itemId: item.id, attempt: ctx.attempt }, 'office to PDF conversion failed');
      const last = ctx.attempt >= ctx.attemptsAllowed;
      await this.progress(p.orgId, item.id, last ? 'failed' : 'pending', 0);
      throw err;
    }
  }
}
