import { Inject, Injectable } from '@nestjs/common';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RenderSlides, type PayloadOf } from '@app/contracts';
import { CONFIG, ProcessJob, Sandbox, Storage, logger, type JobContext } from '@app/platform';
import { PresentationDb } from '../common/presentation-db';
import type { PresentationConfig } from '../config';
import { inspectPdf, renderPage, slideKeys } from './render';
import { SlidesRepository } from './slides.repository';

/**
 * RenderSlides: the PDF from S3 to a temporary folder, page count (pdfinfo), each page as a slide and a
 * thumbnail (pdftoppm) into S3, progress on the slide set after each page. A PDF with more pages than
 * SLIDE_MAX_PAGES, or one poppler cannot read, ends as failed (the viewer still shows the PDF itself).
 */
@Injectable()
export class SlidesProcessor {
  constructor(
    private readonly db: PresentationDb,
    private readonly repo: SlidesRepository,
    private readonly storage: Storage,
    private readonly sandbox: Sandbox,
    @Inject(CONFIG) private readonly config: PresentationConfig,
  ) {}

  @ProcessJob(RenderSlides)
  async render(p: PayloadOf<typeof RenderSlides>, ctx: JobContext): Promise<void> {
    const set = await this.db.tenant(p.orgId, (s) => this.repo.find(s, p.documentId, p.version));
    if (!set || set.status === 'ready') return;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'slides-'));
    const c = this.config;
    const o = { pdftoppm: c.PDFTOPPM_PATH, dpi: c.SLIDE_DPI, thumbWidth: c.THUMB_WIDTH, timeoutMs: c.SLIDE_PAGE_TIMEOUT_MS, maxSide: c.SLIDE_MAX_SIDE_PX };
    try {
      const file = path.join(dir, 'source.pdf');
      await fs.writeFile(file, await this.storage.getBuffer(p.source, c.SLIDE_MAX_SOURCE_MB * 1024 * 1024));
      const { pages, boxes } = await inspectPdf(this.sandbox, file, this.config.SLIDE_MAX_PAGES, o);
      if (pages < 1 || pages > this.config.SLIDE_MAX_PAGES) throw new Error(`the PDF has ${pages} pages (at most ${this.config.SLIDE_MAX_PAGES} are made into slides)`);
      await this.db.tenant(p.orgId, (s) => this.repo.update(s, set.id, { pages, progress: 1 }));
      for (let n = 1; n <= pages; n++) {
        const box = boxes[n - 1];
        if (!box) throw new Error(`pdfinfo gave no size for page ${n}`);
        const made = await renderPage(this.sandbox, file, n, box, path.join(dir, `p${n}`), o);
        const keys = slideKeys(set.s3Prefix, n);
        await this.storage.put(keys.slide, await fs.readFile(made.slide), undefined, 'image/png');
        await this.storage.put(keys.thumb, await fs.readFile(made.thumb), undefined, 'image/png');
        await Promise.all([fs.rm(made.slide, { force: true }), fs.rm(made.thumb, { force: true })]);
        const progress = Math.min(99, Math.floor((n / pages) * 100));
        if (n === pages || n % 5 === 0) await this.db.tenant(p.orgId, (s) => this.repo.update(s, set.id, { progress }));
      }
      await this.db.tenant(p.orgId, (s) => this.repo.update(s, set.id, { status: 'ready', progress: 100, pages, error: null }));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      logger().warn({ err: e, documentId: p.documentId, attempt: ctx.attempt }, 'slides could not be made');
      if (ctx.attempt >= ctx.attemptsAllowed) await this.db.tenant(p.orgId, (s) => this.repo.update(s, set.id, { status: 'failed', error: message.slice(0, 500) }));
      throw e;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
