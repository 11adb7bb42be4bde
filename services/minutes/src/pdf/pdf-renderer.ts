import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { tmpdir } from 'node:os';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CONFIG, logger } from '@app/platform';
import type { MinutesConfig } from '../config';

/**
 * HTML to PDF with the system Chromium (puppeteer-core; never downloaded). One warm browser per worker process,
 * started on first use and started again if it dies; pages are reused (a free list), so a render costs a
 * `setContent` and a `pdf`, not a browser start. Pages load nothing from the network (requests
 * other than the document are aborted) and the HTML forbids scripts (its Content-Security-Policy); every user text
 * in it is escaped. The browser's environment holds no variable of the service (PATH, HOME, LANG, TMPDIR only).
 * Tested in services/minutes/test/pdf-renderer.int-spec.ts.
 */
@Injectable()
export class PdfRenderer implements OnModuleDestroy {
  private browser: Promise<Browser> | null = null;
  private readonly idle: Page[] = [];

  constructor(@Inject(CONFIG) private readonly config: MinutesConfig) {}

  private launch(): Promise<Browser> {
    this.browser ??= puppeteer
      .launch({
        executablePath: this.config.PUPPETEER_EXECUTABLE_PATH,
        headless: true,
        // an environment built from nothing: the browser never holds the service's secrets (docs/security.md)
        env: { PATH: '/usr/bin:/bin', HOME: tmpdir(), LANG: 'C.UTF-8', TMPDIR: tmpdir() },
        args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--font-render-hinting=none', '--no-first-run', '--no-zygote'],
      })
      .then((b) => {
        b.on('disconnected', () => {
          this.browser = null;
          this.idle.length = 0;
        });
        return b;
      })
      .catch((e: unknown) => {
        this.browser = null;
        throw e;
      });
    return this.browser;
  }

  private async page(): Promise<Page> {
    const reused = this.idle.pop();
    if (reused && !reused.isClosed()) return reused;
    const page = await (await this.launch()).newPage();
    await page.setRequestInterception(true);
    page.on('request', (r) => {
      // only the document itself: no remote fonts, images or scripts
      if (r.url().startsWith('data:') || r.url() === 'about:blank') void r.continue();
      else void r.abort();
    });
    return page;
  }

  async pdf(html: string, opts: { footer?: string } = {}): Promise<Buffer> {
    const page = await this.page();
    try {
      await page.setContent(html, { waitUntil: 'load', timeout: this.config.RENDER_TIMEOUT_MS });
      const out = await page.pdf({
        format: 'A4',
        printBackground: true,
        preferCSSPageSize: true,
        displayHeaderFooter: !!opts.footer,
        headerTemplate: '<span></span>',
        footerTemplate: opts.footer ?? '<span></span>',
        timeout: this.config.RENDER_TIMEOUT_MS,
      });
      this.idle.push(page);
      return Buffer.from(out);
    } catch (e) {
      await page.close().catch((err: unknown) => logger().warn({ err }, 'a failed render page could not be closed'));
      throw e;
    }
  }

  async onModuleDestroy(): Promise<void> {
    const b = this.browser;
    this.browser = null;
    if (b) await (await b).close().catch((err: unknown) => logger().warn({ err }, 'chromium did not close'));
  }
}
