import { Inject, Injectable } from '@nestjs/common';
import { ConvertToPdf, type PayloadOf } from '@app/contracts';
import { CONFIG, logger, ProcessJob, Storage, type JobContext } from '@app/platform';
import { LibraryDb } from '../common/library-db';
import type { LibraryConfig } from '../config';
import { LibraryRepository } from '../library/library.repository';
import { officeToPdf } from './convert';

/**
 * Office files (word, excel, powerpoint) to PDF for the viewer. Progress is kept on the item (10 started,
 * 60 converted, 100 stored), so the viewer's fetch shows it; a version that is no longer current is skipped.
 */
@Injectable()
export class ConvertProcessor {
  constructor(
    private readonly db: LibraryDb,
    private readonly repo: LibraryRepository,
    private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: LibraryConfig,
  ) {}

  private progress(orgId: string, itemId: number, conversionStatus: string, conversionProgress: number, pdfKey?: string): Promise<unknown> {
    return this.db.tenant(orgId, (s) => this.repo.update(s, itemId, { conversionStatus, conversionProgress, ...(pdfKey ? { pdfKey } : {}) }));
  }

  @ProcessJob(ConvertToPdf)
  async convert(p: PayloadOf<typeof ConvertToPdf>, ctx: JobContext): Promise<void> {
    const item = await this.db.tenant(p.orgId, (s) => this.repo.get(s, p.itemId));
    if (!item || item.version !== p.version || !item.s3Key || item.conversionStatus === 'done') return;
    try {
      await this.progress(p.orgId, item.id, 'processing', 10);
      const pdf = await officeToPdf(await this.storage.getBuffer(item.s3Key), item.extension ?? 'bin', { soffice: this.config.SOFFICE_PATH, timeoutMs: this.config.CONVERT_TIMEOUT_MS });
      await this.progress(p.orgId, item.id, 'processing', 60);
      const key = `${item.s3Key.replace(/\.[^./]+$/, '')}.v${p.version}.pdf`;
      await this.storage.put(key, pdf, pdf.length, 'application/pdf');
      const current = await this.db.tenant(p.orgId, (s) => this.repo.get(s, p.itemId));
      if (!current || current.version !== p.version) {
        await this.storage.remove(key);
        return;
      }
      await this.progress(p.orgId, item.id, 'done', 100, key);
    } catch (err) {
      logger().warn({ err, itemId: item.id, attempt: ctx.attempt }, 'office to PDF conversion failed');
      const last = ctx.attempt >= ctx.attemptsAllowed;
      await this.progress(p.orgId, item.id, last ? 'failed' : 'pending', 0);
      throw err;
    }
  }
}
