import { z } from 'zod';
import { zId, zLang, zOrgId, zTenant } from '../core/common';
import { defineJob, defineRpc } from '../core/define';
import { defineRoute } from '../core/route';
import { zVariant } from '../organization/tenancy.rpc';
import { zRoundResults } from '../meeting/evaluations';
import { zReportStatus } from './report';

/**
 * The PDF of an evaluation round's results (docs/evaluations.md#the-results-pdf): what the results page shows its
 * manager (per question the distribution, the average, the previous round; an anonymous round only as aggregates and
 * only from EVALUATION_MIN_ANSWERS answers, never a name; a named round each member's answers), in the request's
 * language, made by a job of the minutes service with its stage and percent, stored in S3 and handed out as a
 * presigned URL. Its routes are not in the spec (evaluations are not); docs/decisions.md records them.
 */
export const EVALUATION_REPORT_STAGES = ['initializing', 'preparing content', 'generating', 'finalizing'] as const;
export const zEvaluationReportStage = z.enum(EVALUATION_REPORT_STAGES);
export type EvaluationReportStage = z.output<typeof zEvaluationReportStage>;

export const zEvaluationReportState = z.object({
  id: z.number().int(),
  round_id: z.number().int(),
  title: z.string(),
  status: zReportStatus,
  stage: zEvaluationReportStage,
  /** 0..100, rounded up to one decimal */
  progress: z.number().min(0).max(100),
  pages: z.number().int().nullable(),
  file_name: z.string(),
  error: z.string().nullable(),
  /** once done: a presigned GET of the PDF in S3 (MINUTES_URL_TTL_SECONDS; asking again gives a fresh one), else null */
  url: z.string().nullable(),
});
export type EvaluationReportState = z.output<typeof zEvaluationReportState>;

/** what a report keeps: the results its requester was shown when asking (so the PDF holds nothing the page did not) */
export const zEvaluationReportSnapshot = zRoundResults;

const RR = <T extends z.ZodRawShape>(shape: T) => zTenant.extend({ variant: zVariant.optional(), lang: zLang.optional(), ...shape });
/** reads the results as the caller (GetRoundResults: 403/404 as the page) and queues the job */
export const StartEvaluationReport = defineRpc({ subject: 'minutes.v1.start-evaluation-report', request: RR({ roundId: zId }), response: zEvaluationReportState });
/** the caller's own report only (anyone else: 404) */
export const GetEvaluationReport = defineRpc({ subject: 'minutes.v1.get-evaluation-report', request: RR({ reportId: zId }), response: zEvaluationReportState });

/** One evaluation results PDF (`reportId`), on the resolution reports' queue; its stage on its row. */
export const RenderEvaluationReportJob = defineJob({
  queue: 'minutes-report',
  name: 'render-evaluation-report',
  owner: 'minutes',
  payload: z.object({ orgId: zOrgId, reportId: z.number().int().positive() }),
  attempts: 3,
  backoffMs: 3000,
});

const tags = ['evaluations'];
const zIdParams = z.object({ id: zId });
export const EvaluationReportRoutes = {
  startEvaluationReport: defineRoute({
    method: 'POST', path: '/api/evaluations/rounds/:id/report', access: 'user', tags, params: zIdParams,
    summary: "Starts the PDF of a round's results in the Lang language (the organization's admins, the committee's admins): the job's state (stage, progress)",
    rpc: StartEvaluationReport, toRpc: ({ call, params }) => ({ ...call, roundId: params.id }),
  }),
  getEvaluationReport: defineRoute({
    method: 'GET', path: '/api/evaluations/reports/:id', access: 'user', tags, params: zIdParams,
    summary: 'A results PDF of the caller: status, stage, progress, pages, file_name, and once done a presigned url',
    rpc: GetEvaluationReport, toRpc: ({ call, params }) => ({ ...call, reportId: params.id }),
  }),
} as const;
