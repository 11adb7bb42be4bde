import { Injectable } from '@nestjs/common';
import { GetReport, ReportFile, StartReport, type RequestOf } from '@app/contracts';
import { Rpc } from '@app/platform';
import { ReportService } from './report.service';

@Injectable()
export class ReportHandlers {
  constructor(private readonly reports: ReportService) {}

  @Rpc(StartReport) start(r: RequestOf<typeof StartReport>) { return this.reports.start(r); }
  @Rpc(GetReport) get(r: RequestOf<typeof GetReport>) { return this.reports.get(r); }
  @Rpc(ReportFile) file(r: RequestOf<typeof ReportFile>) { return this.reports.file(r); }
}
