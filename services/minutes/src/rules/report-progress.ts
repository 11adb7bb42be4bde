import { EVALUATION_REPORT_STAGES, REPORT_STAGES, type EvaluationReportStage, type ReportStage } from '@app/contracts';

/** where each stage of the resolution report starts on the progress bar (percent); the next one's start ends it */
export const STAGE_START: Readonly<Record<ReportStage, number>> = {
  initializing: 0,
  'processing attachments': 10,
  'preparing content': 50,
  generating: 60,
  finalizing: 90,
};

/** the report's percent at `fraction` (0..1) of a stage, rounded up to one decimal; 100 is kept for done */
export function stageProgress(stage: ReportStage, fraction: number): number {
  const i = REPORT_STAGES.indexOf(stage);
  const from = STAGE_START[stage];
  const to = i + 1 < REPORT_STAGES.length ? STAGE_START[REPORT_STAGES[i + 1]] : 99;
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return Math.ceil((from + (to - from) * f) * 10) / 10;
}

/**
 * The page each attachment starts on in the report (1-based): they follow the report's own `bodyPages` pages in
 * order; a file without a PDF (pages null) is not part of it (null).
 */
export function attachmentStarts(bodyPages: number, pages: readonly (number | null)[]): (number | null)[] {
  let next = bodyPages + 1;
  return pages.map((n) => {
    if (n === null) return null;
    const start = next;
    next += n;
    return start;
  });
}

/** where each stage of an evaluation results PDF starts (percent); it has no attachments, so printing takes the most */
export const EVALUATION_STAGE_START: Readonly<Record<EvaluationReportStage, number>> = {
  initializing: 0,
  'preparing content': 10,
  generating: 30,
  finalizing: 90,
};

/** the evaluation PDF's percent at `fraction` (0..1) of a stage, rounded up to one decimal; 100 is kept for done */
export function evaluationStageProgress(stage: EvaluationReportStage, fraction: number): number {
  const i = EVALUATION_REPORT_STAGES.indexOf(stage);
  const from = EVALUATION_STAGE_START[stage];
  const to = i + 1 < EVALUATION_REPORT_STAGES.length ? EVALUATION_STAGE_START[EVALUATION_REPORT_STAGES[i + 1]] : 99;
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return Math.ceil((from + (to - from) * f) * 10) / 10;
}
