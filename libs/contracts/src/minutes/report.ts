import { z } from 'zod';
import { zDecisionPayload } from '../meeting/meeting.schemas';

/**
 * The resolution report (docs/minutes.md#the-resolution-report): one resolution (a meeting's decision or a
 * standalone resolution) with its content and attachments as an A4 portrait PDF, made by a job whose stage and
 * percent the web shows (platform.md §4: initializing, processing attachments, preparing content, generating,
 * finalizing).
 */
export const REPORT_STAGES = ['initializing', 'processing attachments', 'preparing content', 'generating', 'finalizing'] as const;
export const zReportStage = z.enum(REPORT_STAGES);
export type ReportStage = z.output<typeof zReportStage>;

export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const zReportStatus = z.enum(REPORT_STATUSES);

/** above this many pages the web shows an info toast that processing may take a moment (platform.md §9) */
export const REPORT_LONG_PAGES = 50;

export const zReportState = z.object({
  id: z.number().int(),
  decision_id: z.number().int(),
  title: z.string(),
  status: zReportStatus,
  stage: zReportStage,
  /** 0..100, rounded up; the web shows one decimal */
  progress: z.number().min(0).max(100),
  /** the PDF's page count once generated */
  pages: z.number().int().nullable(),
  /** the download's file name: the title with underscores (reportFileName) */
  file_name: z.string(),
  error: z.string().nullable(),
});
export type ReportState = z.output<typeof zReportState>;

/**
 * The report's file name: the title with runs of white space as underscores (platform.md §9, "file name is the
 * title with underscores"); characters no file system accepts are dropped; at most 150 characters; `.pdf`.
 */
export function reportFileName(title: string): string {
  const base = title
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/[\\/:*?"<>|]+/g, '')
    .replace(/\p{Cc}+/gu, '')
    .trim()
    .replace(/ +/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 150);
  return `${base || 'resolution'}.pdf`;
}

/** what a report keeps of its resolution: the payload its requester saw, and the title of its meeting (null: standalone) */
export const zReportSnapshot = zDecisionPayload.extend({ meeting_title: z.string().nullable().default(null) });
export type ReportSnapshot = z.input<typeof zReportSnapshot>;
