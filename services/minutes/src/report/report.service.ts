import { Injectable } from '@nestjs/common';
import { AppError, GetDecision, GetMeeting, RenderReportJob, reportFileName, type GetReport, type Lang, type ReportFile, type ReportSnapshot, type ReportState, type RequestOf, type ResponseOf, type StartReport } from '@app/contracts';
import { Bus, Jobs } from '@app/platform';
import { MinutesDb } from '../common/minutes-db';
import { ReportRepository, type ReportRow } from './report.repository';

export const reportState = (r: ReportRow): ReportState => ({
  id: r.id,
  decision_id: r.decisionId,
  title: r.title,
  status: r.status as ReportState['status'],
  stage: r.stage as ReportState['stage'],
  progress: r.progress,
  pages: r.pages,
  file_name: reportFileName(r.title),
  error: r.error,
});

/**
 * The resolution report (docs/minutes.md#the-resolution-report). Starting one reads the resolution with the
 * actor's rights (the meeting service answers 404 for another organization's or an invisible one) and keeps that
 * payload on the row, so the report shows what the user saw when they asked; the RenderReport job does the rest.
 * A report belongs to whoever asked for it: anyone else gets 404 for it.
 */
@Injectable()
export class ReportService {
  constructor(private readonly db: MinutesDb, private readonly repo: ReportRepository, private readonly bus: Bus, private readonly jobs: Jobs) {}

  async start(c: RequestOf<typeof StartReport>): Promise<ReportState> {
    const userId = c.actor.userId;
    if (c.actor.kind !== 'user' || !userId) throw AppError.notFound('decision');
    const decision = await this.bus.request(GetDecision, { orgId: c.orgId, actor: c.actor, decisionId: c.decisionId, variant: c.variant, lang: c.lang });
    const lang: Lang = c.lang ?? 'en';
    // the report names the meeting by its title (who sees the decision sees its meeting: the same caller asks)
    const meetingTitle = decision.meeting_id ? (await this.bus.request(GetMeeting, { orgId: c.orgId, actor: c.actor, meetingId: decision.meeting_id, variant: c.variant })).title : null;
    const snapshot: ReportSnapshot = { ...decision, meeting_title: meetingTitle };
    const row = await this.db.command(c.orgId, async (s, after) => {
      const r = await this.repo.create(s, { decisionId: decision.id, userId, title: decision.title, lang, snapshot });
      after(() => this.jobs.add(RenderReportJob, { orgId: c.orgId, reportId: r.id }, { jobId: `report-${c.orgId}-${r.id}` }));
      return r;
    });
    return reportState(row);
  }

  private async mine(orgId: string, actor: RequestOf<typeof GetReport>['actor'], id: number): Promise<ReportRow> {
    const r = await this.db.tenant(orgId, (s) => this.repo.get(s, id));
    if (!r || actor.kind !== 'user' || r.userId !== actor.userId) throw AppError.notFound('report');
    return r;
  }

  async get(c: RequestOf<typeof GetReport>): Promise<ReportState> {
    return reportState(await this.mine(c.orgId, c.actor, c.reportId));
  }

  async file(c: RequestOf<typeof ReportFile>): Promise<ResponseOf<typeof ReportFile>> {
    const r = await this.mine(c.orgId, c.actor, c.reportId);
    if (r.status !== 'done' || !r.s3Key) throw AppError.notFound('report');
    return { key: r.s3Key, name: reportFileName(r.title) };
  }
}
