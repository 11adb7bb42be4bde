import { Injectable } from '@nestjs/common';
import {
  AppError, GetRoundResults, localized, RenderEvaluationReportJob,
  type EvaluationReportState, type GetEvaluationReport, type Lang, type RequestOf, type StartEvaluationReport,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { reportJobState, ReportJobs } from '../common/report-jobs';
import { EvaluationReportRepository, type EvaluationReportRow } from './evaluation-report.repository';

/**
 * The PDF of an evaluation round's results (docs/evaluations.md#the-results-pdf). Starting one reads the results as
 * the caller (the meeting service's GetRoundResults: 403 for a member asked in the round, 404 for anyone else, an
 * anonymous round's aggregates only from 3 answers) and keeps that answer on the row; RenderEvaluationReportJob
 * prints it. A report is its requester's: anyone else gets 404. Once done its state carries a presigned URL.
 */
@Injectable()
export class EvaluationReportService {
  constructor(private readonly repo: EvaluationReportRepository, private readonly bus: Bus, private readonly reports: ReportJobs) {}

  private async state(r: EvaluationReportRow): Promise<EvaluationReportState> {
    return { ...reportJobState<EvaluationReportState['stage']>(r), round_id: r.roundId, url: await this.reports.url(r) };
  }

  async start(c: RequestOf<typeof StartEvaluationReport>): Promise<EvaluationReportState> {
    const userId = c.actor.userId;
    if (c.actor.kind !== 'user' || !userId) throw AppError.notFound('round');
    const results = await this.bus.request(GetRoundResults, { orgId: c.orgId, actor: c.actor, roundId: c.roundId, variant: c.variant, lang: c.lang });
    const lang: Lang = c.lang ?? 'en';
    const row = await this.reports.queue(
      c.orgId,
      (s) => this.repo.create(s, { roundId: results.round.id, userId, title: localized(results.round.title, lang), lang, snapshot: results }),
      RenderEvaluationReportJob,
      'evaluation-report',
    );
    return this.state(row);
  }

  async get(c: RequestOf<typeof GetEvaluationReport>): Promise<EvaluationReportState> {
    return this.state(await this.reports.mine(this.repo, c.orgId, c.actor, c.reportId));
  }
}
