import { Injectable } from '@nestjs/common';
import { GetEvaluationReport, StartEvaluationReport, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { EvaluationReportService } from './evaluation-report.service';

@Injectable()
export class EvaluationReportHandlers {
  constructor(private readonly reports: EvaluationReportService) {}

  @Rpc(StartEvaluationReport) start(r: RequestOf<typeof StartEvaluationReport>) { return this.reports.start(r); }
  @Rpc(GetEvaluationReport) get(r: RequestOf<typeof GetEvaluationReport>) { return this.reports.get(r); }
}
