import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { AppError, GetOrganization, reportFileName, serverDate, type Actor, type RenderEvaluationReportJob, type RenderReportJob, type ReportState } from '@app/contracts';
import { Bus, CONFIG, Jobs, logger, Storage, type JobContext } from '@app/platform';
import type { MinutesConfig } from '../config';
import { evaluationReports, reports } from '../db/schema';
import { MinutesDb, type Scope } from './minutes-db';

/**
 * What the PDFs made by a job of this service share (docs/minutes.md#the-resolution-report): the resolution report
 * (table `reports`, migration 0002) and an evaluation round's results (`evaluation_reports`, 0006). Both tables keep
 * the same bookkeeping columns (the requester, the language, the snapshot, status, stage, progress, pages, S3 key,
 * error); only what the PDF is of differs (`decision_id`, `round_id`). The tables stay two; this is the code they
 * share: the row made and its job queued, the requester's own row, the job's stages on the row, the organization's
 * zone for the printed dates, the PDF stored in S3 and the row marked done or failed, the presigned URL of a finished one.
 */
export type ReportTable = typeof reports | typeof evaluationReports;

/** the bookkeeping columns every report row has */
export type ReportJobRow = Pick<typeof reports.$inferSelect, 'id' | 'orgId' | 'userId' | 'title' | 'lang' | 'snapshot' | 'status' | 'stage' | 'progress' | 'pages' | 's3Key' | 'error'>;
export type ReportJobPatch = Partial<Pick<ReportJobRow, 'status' | 'stage' | 'progress' | 'pages' | 's3Key' | 'error'>>;

/**
 * A report table's rows; Scope first. Each report's repository is one of these over its table. Drizzle's builders
 * are typed per table and do not accept a table chosen by a type parameter: the shared columns are read through
 * `reports`' column types (the same names and types in both).
 */
export class ReportJobRepository<T extends ReportTable> {
  constructor(private readonly table: T) {}

  private get t(): typeof reports {
    return this.table as unknown as typeof reports;
  }

  async create(s: Scope, v: Omit<T['$inferInsert'], 'orgId'>): Promise<T['$inferSelect']> {
    const [row] = await s.tx.insert(this.t).values({ orgId: s.orgId, ...(v as Omit<typeof reports.$inferInsert, 'orgId'>) }).returning();
    return row as T['$inferSelect'];
  }

  async get(s: Scope, id: number): Promise<T['$inferSelect'] | null> {
    const [row] = await s.tx.select().from(this.t).where(and(eq(this.t.orgId, s.orgId), eq(this.t.id, id)));
    return (row as T['$inferSelect'] | undefined) ?? null;
  }

  async update(s: Scope, id: number, patch: ReportJobPatch): Promise<void> {
    await s.tx.update(this.t).set({ ...patch, updatedAt: new Date() }).where(and(eq(this.t.orgId, s.orgId), eq(this.t.id, id)));
  }
}

/** the state fields every report answers (its route adds what it is of, and the evaluation PDF its URL) */
export function reportJobState<Stage extends string>(r: ReportJobRow) {
  return {
    id: r.id,
    title: r.title,
    status: r.status as ReportState['status'],
    stage: r.stage as Stage,
    progress: r.progress,
    pages: r.pages,
    file_name: reportFileName(r.title),
    error: r.error,
  };
}

/** how a report prints its dates (pdf/dates.ts): the organization's zone now, and the time the PDF is made in it */
export interface ReportPrinting {
  zone: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' in `zone` (UTC when none is known) */
  generatedAt: string;
}

/** what a report's job renders: its bytes and page count (the runner stores and records them) */
export interface RenderedPdf {
  bytes: Buffer;
  pages: number;
}

export interface ReportJobRun<Row extends ReportJobRow, Stage extends string> {
  /** the percent at `fraction` (0..1) of a stage (rules/report-progress.ts) */
  progress: (stage: Stage | 'initializing' | 'finalizing', fraction: number) => number;
  /** the S3 key under the organization, before its random part ('reports/report-7') */
  key: (report: Row) => string;
  /** the warning logged when an attempt fails */
  failure: string;
  /** the PDF from the row's snapshot; `stage` records a stage and how far into it the job is */
  render: (report: Row, stage: (stage: Stage, fraction?: number) => Promise<void>, printing: ReportPrinting) => Promise<RenderedPdf>;
}

@Injectable()
export class ReportJobs {
  constructor(
    private readonly db: MinutesDb,
    private readonly bus: Bus,
    private readonly jobs: Jobs,
    private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: MinutesConfig,
  ) {}

  /** the row, made in one transaction, and its job queued once that committed (job id `<prefix>-<org>-<id>`) */
  async queue<Row extends { id: number }>(
    orgId: string,
    create: (s: Scope) => Promise<Row>,
    job: typeof RenderReportJob | typeof RenderEvaluationReportJob,
    jobIdPrefix: string,
  ): Promise<Row> {
    return this.db.command(orgId, async (s, after) => {
      const r = await create(s);
      after(() => this.jobs.add(job, { orgId, reportId: r.id }, { jobId: `${jobIdPrefix}-${orgId}-${r.id}` }));
      return r;
    });
  }

  /** the caller's own report; none, or anyone else's: 404 */
  async mine<T extends ReportTable>(repo: ReportJobRepository<T>, orgId: string, actor: Actor, id: number): Promise<T['$inferSelect']> {
    const r = await this.db.tenant(orgId, (s) => repo.get(s, id));
    if (!r || actor.kind !== 'user' || r.userId !== actor.userId) throw AppError.notFound('report');
    return r;
  }

  /** a finished report's presigned GET (MINUTES_URL_TTL_SECONDS; asking again gives a fresh one), else null */
  async url(r: ReportJobRow): Promise<string | null> {
    return r.status === 'done' && r.s3Key ? this.storage.presignedGet(r.s3Key, this.config.MINUTES_URL_TTL_SECONDS) : null;
  }

  /** the organization's zone (its dates in the snapshot are in it) and the time now there */
  async printing(orgId: string): Promise<ReportPrinting> {
    const { organization } = await this.bus.request(GetOrganization, { orgId });
    const zone = organization?.time_zone ?? null;
    return { zone, generatedAt: serverDate(new Date(), zone)! };
  }

  /**
   * One attempt of a report's job: a finished report stops; else initializing, the renderer's stages, finalizing
   * (the PDF in S3 under a new key, the row done with its page count). A failed attempt records its error, marks
   * the row failed on the last attempt, and throws (BullMQ tries again).
   */
  async run<T extends ReportTable, Stage extends string>(
    repo: ReportJobRepository<T>,
    p: { orgId: string; reportId: number },
    ctx: JobContext,
    o: ReportJobRun<T['$inferSelect'], Stage>,
  ): Promise<void> {
    const report = await this.db.tenant(p.orgId, (s) => repo.get(s, p.reportId));
    if (!report || report.status === 'done') return;
    const update = (patch: ReportJobPatch) => this.db.tenant(p.orgId, (s) => repo.update(s, report.id, patch));
    const stage = (name: Stage | 'initializing' | 'finalizing', fraction = 0) => update({ status: 'running', stage: name, progress: o.progress(name, fraction) });
    try {
      await stage('initializing', 0.5);
      const { bytes, pages } = await o.render(report, stage, await this.printing(p.orgId));
      await stage('finalizing');
      const key = `${p.orgId}/${o.key(report)}-${randomUUID()}.pdf`;
      await this.storage.put(key, bytes, bytes.length, 'application/pdf');
      await update({ status: 'done', stage: 'finalizing', progress: 100, pages, s3Key: key, error: null });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      logger().warn({ err: e, reportId: p.reportId, attempt: ctx.attempt }, o.failure);
      const last = ctx.attempt >= ctx.attemptsAllowed;
      await update({ status: last ? 'failed' : 'running', error: message.slice(0, 500) });
      throw e;
    }
  }
}
