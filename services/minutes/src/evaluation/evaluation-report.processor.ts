import { Injectable } from '@nestjs/common';
import { PDFDocument } from 'pdf-lib';
import { RenderEvaluationReportJob, zEvaluationReportSnapshot, type EvaluationReportStage, type Lang, type PayloadOf } from '@app/contracts';
import { ProcessJob, type JobContext } from '@app/platform';
import { ReportJobs } from '../common/report-jobs';
import type { evaluationReports } from '../db/schema';
import { evaluationHtml } from '../pdf/evaluation-html';
import { footerHtml } from '../pdf/minutes-html';
import { PdfRenderer } from '../pdf/pdf-renderer';
import { evaluationStageProgress } from '../rules/report-progress';
import { EvaluationReportRepository } from './evaluation-report.repository';

/**
 * RenderEvaluationReport: the results the requester was shown, as one A4 portrait PDF. Stages on the row:
 * initializing (the snapshot read back and checked against the contract), preparing content (the HTML, with the
 * anonymity rule applied again), generating (Chromium prints it), finalizing (S3, done with its page count). A retry
 * of a finished report stops; a retry mid-way prints again under a new key.
 */
@Injectable()
export class RenderEvaluationReportProcessor {
  constructor(
    private readonly reports: ReportJobs,
    private readonly repo: EvaluationReportRepository,
    private readonly pdf: PdfRenderer,
  ) {}

  @ProcessJob(RenderEvaluationReportJob)
  render(p: PayloadOf<typeof RenderEvaluationReportJob>, ctx: JobContext): Promise<void> {
    return this.reports.run<typeof evaluationReports, EvaluationReportStage>(this.repo, p, ctx, {
      progress: evaluationStageProgress,
      key: (report) => `evaluation-reports/round-${report.roundId}-${report.id}`,
      failure: 'the evaluation results PDF could not be made',
      render: async (report, stage, { zone, generatedAt }) => {
        const results = zEvaluationReportSnapshot.parse(report.snapshot);
        const lang = report.lang as Lang;

        await stage('preparing content');
        const html = evaluationHtml({ results, lang, generatedAt, zone });

        await stage('generating');
        const printed = await this.pdf.pdf(html, { footer: footerHtml(lang) });
        const doc = await PDFDocument.load(printed);
        doc.setTitle(report.title);
        return { bytes: Buffer.from(await doc.save()), pages: doc.getPageCount() };
      },
    });
  }
}
