import { Injectable } from '@nestjs/common';
import { PDFDocument } from 'pdf-lib';
import { RenderReportJob, zReportSnapshot, type Lang, type PayloadOf, type ReportStage } from '@app/contracts';
import { ProcessJob, type JobContext } from '@app/platform';
import { LibraryPdfs } from '../common/library-pdfs';
import { ReportJobs } from '../common/report-jobs';
import type { reports } from '../db/schema';
import { footerHtml } from '../pdf/minutes-html';
import { writeOutline, type OutlineNode } from '../pdf/outline';
import { PdfRenderer } from '../pdf/pdf-renderer';
import { reportHtml, reportWords, type ReportAttachmentLine } from '../pdf/report-html';
import { attachmentStarts, stageProgress } from '../rules/report-progress';
import { ReportRepository } from './report.repository';

/**
 * RenderReport: the resolution (as the user saw it when asking) with its attachments as one A4 portrait PDF.
 * Stages on the report row (platform.md §4): initializing; processing attachments (each file's PDF read from the
 * library); preparing content (the HTML); generating (Chromium prints it, measured once so the attachments table
 * names the page each file starts on, then pdf-lib appends the files and writes bookmarks); finalizing (S3, done).
 * A retry of a finished report stops; a retry mid-way makes the whole PDF again under a new key (ReportJobs.run).
 */
@Injectable()
export class RenderReportProcessor {
  constructor(
    private readonly reports: ReportJobs,
    private readonly repo: ReportRepository,
    private readonly pdf: PdfRenderer,
    private readonly files: LibraryPdfs,
  ) {}

  @ProcessJob(RenderReportJob)
  render(p: PayloadOf<typeof RenderReportJob>, ctx: JobContext): Promise<void> {
    return this.reports.run<typeof reports, ReportStage>(this.repo, p, ctx, {
      progress: stageProgress,
      key: (report) => `reports/report-${report.id}`,
      failure: 'the resolution report could not be made',
      render: async (report, stage, { zone, generatedAt }) => {
        const d = zReportSnapshot.parse(report.snapshot);
        const lang = report.lang as Lang;

        await stage('processing attachments');
        const files: { name: string; doc: PDFDocument | null }[] = [];
        for (const [i, a] of d.attachments.entries()) {
          const doc = await this.files.load(p.orgId, a.library_id, d.meeting_id ?? undefined);
          files.push({ name: a.name ?? a.library.name ?? `#${a.library_id}`, doc });
          await stage('processing attachments', (i + 1) / d.attachments.length);
        }

        await stage('preparing content');
        const lines = (bodyPages: number): ReportAttachmentLine[] => {
          const starts = attachmentStarts(bodyPages, files.map((f) => f.doc?.getPageCount() ?? null));
          return files.map((f, i) => ({ name: f.name, start: starts[i], pages: f.doc?.getPageCount() ?? 0 }));
        };
        const html = (bodyPages: number) => reportHtml({ decision: d, attachments: lines(bodyPages), lang, generatedAt, zone });
        const footer = footerHtml(lang);

        await stage('generating');
        // printed once to count the report's own pages, then with the pages the attachments start on
        let bodyPages = (await PDFDocument.load(await this.pdf.pdf(html(1), { footer }))).getPageCount();
        let body = await PDFDocument.load(await this.pdf.pdf(html(bodyPages), { footer }));
        if (body.getPageCount() !== bodyPages) {
          bodyPages = body.getPageCount();
          body = await PDFDocument.load(await this.pdf.pdf(html(bodyPages), { footer }));
        }
        await stage('generating', 0.5);
        const out = await PDFDocument.create();
        out.setTitle(d.title);
        for (const page of await out.copyPages(body, body.getPageIndices())) out.addPage(page);
        const W = reportWords(lang);
        const children: OutlineNode[] = [];
        for (const f of files) {
          if (!f.doc) continue;
          children.push({ title: f.name, page: out.getPageCount() });
          for (const page of await out.copyPages(f.doc, f.doc.getPageIndices())) out.addPage(page);
        }
        writeOutline(out, [{ title: d.title, page: 0 }, ...(children.length ? [{ title: W.attachments, page: children[0].page, children }] : [])]);
        return { bytes: Buffer.from(await out.save()), pages: out.getPageCount() };
      },
    });
  }
}
