import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { RenderEvaluationReportJob, zEvaluationReportSnapshot, type EvaluationReportStage, type Lang, type PayloadOf } from '@app/contracts';
import { logger, ProcessJob, Storage, type JobContext } from '@app/platform';
import { MinutesDb } from '../common/minutes-db';
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
    private readonly db: MinutesDb,
    private readonly repo: EvaluationReportRepository,
    private readonly pdf: PdfRenderer,
    private readonly storage: Storage,
  ) {}

  private stage(orgId: string, id: number, stage: EvaluationReportStage, fraction = 0) {
    return this.db.tenant(orgId, (s) => this.repo.update(s, id, { status: 'running', stage, progress: evaluationStageProgress(stage, fraction) }));
  }

  @ProcessJob(RenderEvaluationReportJob)
  async render(p: PayloadOf<typeof RenderEvaluationReportJob>, ctx: JobContext): Promise<void> {
    const report = await this.db.tenant(p.orgId, (s) => this.repo.get(s, p.reportId));
    if (!report || report.status === 'done') return;
    try {
      await this.stage(p.orgId, report.id, 'initializing', 0.5);
      const results = zEvaluationReportSnapshot.parse(report.snapshot);
      const lang = report.lang as Lang;

      await this.stage(p.orgId, report.id, 'preparing content');
      const html = evaluationHtml({ results, lang, generatedAt: new Date().toISOString().slice(0, 16).replace('T', ' ') });

      await this.stage(p.orgId, report.id, 'generating');
      const printed = await this.pdf.pdf(html, { footer: footerHtml(lang) });
      const doc = await PDFDocument.load(printed);
      doc.setTitle(report.title);
      const bytes = Buffer.from(await doc.save());
      const pages = doc.getPageCount();

      await this.stage(p.orgId, report.id, 'finalizing');
      const key = `${p.orgId}/evaluation-reports/round-${report.roundId}-${report.id}-${randomUUID()}.pdf`;
      await this.storage.put(key, bytes, bytes.length, 'application/pdf');
      await this.db.tenant(p.orgId, (s) => this.repo.update(s, report.id, { status: 'done', stage: 'finalizing', progress: 100, pages, s3Key: key, error: null }));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      logger().warn({ err: e, reportId: p.reportId, attempt: ctx.attempt }, 'the evaluation results PDF could not be made');
      const last = ctx.attempt >= ctx.attemptsAllowed;
      await this.db.tenant(p.orgId, (s) => this.repo.update(s, report.id, { status: last ? 'failed' : 'running', error: message.slice(0, 500) }));
      throw e;
    }
  }
}
