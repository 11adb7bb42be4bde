import { EVALUATION_REPORT_STAGES, REPORT_STAGES, type EvaluationReportStage, type ReportStage } from '@app/contracts';

/** where each stage of the resolution report starts on the progress bar (percent); the next one's start ends it */
export const STAGE_START: Readonly<Record<ReportStage, number>> = {
  initializing: 0,
  'processing attachments': 10,
  'preparing content': 50,
  generating: 60,
  finalizing: 90,
};

/**
 * A job's percent at `fraction` (0..1) of one of its `stages`, each starting at its `start` and ending where the next
 * starts (the last at 99: 100 is kept for done), rounded up to one decimal.
 */
export function progressIn<S extends string>(stages: readonly S[], start: Readonly<Record<S, number>>, stage: S, fraction: number): number {
  const i = stages.indexOf(stage);
  const from = start[stage];
  const to = i + 1 < stages.length ? start[stages[i + 1]] : 99;
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return Math.ceil((from + (to - from) * f) * 10) / 10;
}

/** the resolution report's percent at `fraction` (0..1) of a stage */
export const stageProgress = (stage: ReportStage, fraction: number): number => progressIn(REPORT_STAGES, STAGE_START, stage, fraction);

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

/** the evaluation PDF's percent at `fraction` (0..1) of a stage */
export const evaluationStageProgress = (stage: EvaluationReportStage, fraction: number): number => progressIn(EVALUATION_REPORT_STAGES, EVALUATION_STAGE_START, stage, fraction);
