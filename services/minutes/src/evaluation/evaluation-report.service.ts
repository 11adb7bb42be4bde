import { Inject, Injectable } from '@nestjs/common';
import {
  AppError, GetRoundResults, localized, RenderEvaluationReportJob, reportFileName,
  type EvaluationReportState, type GetEvaluationReport, type Lang, type RequestOf, type StartEvaluationReport,
} from '@app/contracts';
import { Bus, CONFIG, Jobs, Storage } from '@app/platform';
import { MinutesDb } from '../common/minutes-db';
import type { MinutesConfig } from '../config';
import { EvaluationReportRepository, type EvaluationReportRow } from './evaluation-report.repository';

/**
 * The PDF of an evaluation round's results (docs/evaluations.md#the-results-pdf). Starting one reads the results as
 * the caller (the meeting service's GetRoundResults: 403 for a member asked in the round, 404 for anyone else, an
 * anonymous round's aggregates only from 3 answers) and keeps that answer on the row; RenderEvaluationReportJob
 * prints it. A report is its requester's: anyone else gets 404. Once done its state carries a presigned URL.
 */
@Injectable()
export class EvaluationReportService {
  constructor(
    private readonly db: MinutesDb,
    private readonly repo: EvaluationReportRepository,
    private readonly bus: Bus,
    private readonly jobs: Jobs,
    private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: MinutesConfig,
  ) {}

  private async state(r: EvaluationReportRow): Promise<EvaluationReportState> {
    return {
      id: r.id,
      round_id: r.roundId,
      title: r.title,
      status: r.status as EvaluationReportState['status'],
      stage: r.stage as EvaluationReportState['stage'],
      progress: r.progress,
      pages: r.pages,
      file_name: reportFileName(r.title),
      error: r.error,
      url: r.status === 'done' && r.s3Key ? await this.storage.presignedGet(r.s3Key, this.config.MINUTES_URL_TTL_SECONDS) : null,
    };
  }

  async start(c: RequestOf<typeof StartEvaluationReport>): Promise<EvaluationReportState> {
    const userId = c.actor.userId;
    if (c.actor.kind !== 'user' || !userId) throw AppError.notFound('round');
    const results = await this.bus.request(GetRoundResults, { orgId: c.orgId, actor: c.actor, roundId: c.roundId, variant: c.variant, lang: c.lang });
    const lang: Lang = c.lang ?? 'en';
    const row = await this.db.command(c.orgId, async (s, after) => {
      const r = await this.repo.create(s, { roundId: results.round.id, userId, title: localized(results.round.title, lang), lang, snapshot: results });
      after(() => this.jobs.add(RenderEvaluationReportJob, { orgId: c.orgId, reportId: r.id }, { jobId: `evaluation-report-${c.orgId}-${r.id}` }));
      return r;
    });
    return this.state(row);
  }

  async get(c: RequestOf<typeof GetEvaluationReport>): Promise<EvaluationReportState> {
    const r = await this.db.tenant(c.orgId, (s) => this.repo.get(s, c.reportId));
    if (!r || c.actor.kind !== 'user' || r.userId !== c.actor.userId) throw AppError.notFound('report');
    return this.state(r);
  }
}
