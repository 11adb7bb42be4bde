import { Injectable } from '@nestjs/common';
import { AppError, GetDecision, GetMeeting, RenderReportJob, reportFileName, type GetReport, type Lang, type ReportFile, type ReportSnapshot, type ReportState, type RequestOf, type ResponseOf, type StartReport } from '@app/contracts';
import { Bus } from '@app/platform';
import { reportJobState, ReportJobs } from '../common/report-jobs';
import { ReportRepository, type ReportRow } from './report.repository';

export const reportState = (r: ReportRow): ReportState => ({ ...reportJobState<ReportState['stage']>(r), decision_id: r.decisionId });

/**
 * The resolution report (docs/minutes.md#the-resolution-report). Starting one reads the resolution with the
 * actor's rights (the meeting service answers 404 for another organization's or an invisible one) and keeps that
 * payload on the row, so the report shows what the user saw when they asked; the RenderReport job does the rest.
 * A report belongs to whoever asked for it: anyone else gets 404 for it.
 */
@Injectable()
export class ReportService {
  constructor(private readonly repo: ReportRepository, private readonly bus: Bus, private readonly reports: ReportJobs) {}

  async start(c: RequestOf<typeof StartReport>): Promise<ReportState> {
    const userId = c.actor.userId;
    if (c.actor.kind !== 'user' || !userId) throw AppError.notFound('decision');
    const decision = await this.bus.request(GetDecision, { orgId: c.orgId, actor: c.actor, decisionId: c.decisionId, variant: c.variant, lang: c.lang });
    const lang: Lang = c.lang ?? 'en';
    // the report names the meeting by its title (who sees the decision sees its meeting: the same caller asks)
    const meetingTitle = decision.meeting_id ? (await this.bus.request(GetMeeting, { orgId: c.orgId, actor: c.actor, meetingId: decision.meeting_id, variant: c.variant })).title : null;
    const snapshot: ReportSnapshot = { ...decision, meeting_title: meetingTitle };
    const row = await this.reports.queue(c.orgId, (s) => this.repo.create(s, { decisionId: decision.id, userId, title: decision.title, lang, snapshot }), RenderReportJob, 'report');
    return reportState(row);
  }

  async get(c: RequestOf<typeof GetReport>): Promise<ReportState> {
    return reportState(await this.reports.mine(this.repo, c.orgId, c.actor, c.reportId));
  }

  async file(c: RequestOf<typeof ReportFile>): Promise<ResponseOf<typeof ReportFile>> {
    const r = await this.reports.mine(this.repo, c.orgId, c.actor, c.reportId);
    if (r.status !== 'done' || !r.s3Key) throw AppError.notFound('report');
    return { key: r.s3Key, name: reportFileName(r.title) };
  }
}
