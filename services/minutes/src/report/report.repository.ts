import { Injectable } from '@nestjs/common';
import { ReportJobRepository } from '../common/report-jobs';
import { reports } from '../db/schema';

export type ReportRow = typeof reports.$inferSelect;

/** Resolution reports (table `reports`); Scope first. */
@Injectable()
export class ReportRepository extends ReportJobRepository<typeof reports> {
  constructor() {
    super(reports);
  }
}
