import { Injectable } from '@nestjs/common';
import { ReportJobRepository } from '../common/report-jobs';
import { evaluationReports } from '../db/schema';

export type EvaluationReportRow = typeof evaluationReports.$inferSelect;

/** Evaluation results PDFs (table `evaluation_reports`); Scope first. */
@Injectable()
export class EvaluationReportRepository extends ReportJobRepository<typeof evaluationReports> {
  constructor() {
    super(evaluationReports);
  }
}
