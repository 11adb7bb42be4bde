import { z } from 'zod';
import { zId } from '../core/common';
import { defineFileRoute, defineRoute } from '../core/route';
import { MinutesMessages } from './minutes.errors';
import { zMomConclusionBody, zMomDownloadQuery, zMomSettingBody, zUploadMomBody } from './minutes.http';
import {
  AddReviewComment, ChangeReviewDeadline, GetMinutes, GetReport, MergeBook, PublishMinutes, SaveConclusions, SendMinutesForApproval, SendMinutesForReview, SetMinutesSetting, StartMinutesCorrection, StartReport,
  UploadMinutes,
} from './minutes.rpc';
import { zEmptyWorkflowBody, zReviewCommentBody, zReviewDeadlineBody, zSendForApprovalBody, zSendForReviewBody } from './workflow';

const tags = ['minutes'];
const zIdParams = z.object({ id: zId });

/**
 * The minutes of a meeting (docs/minutes.md): the setting, conclusions and comments, versions, the PDF.
 * Offered only while the meeting is Live or Archived.
 */
export const MinutesRoutes = {
  getMinutes: defineRoute({
    method: 'GET', path: '/api/meetings/:id/minutes', access: 'user', tags, params: zIdParams,
    summary: "The meeting's minutes: every item with its conclusion, active switch and comments, the setting, the versions (mom_versions), the PDF job's progress and what the actor may do",
    rpc: GetMinutes, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  setMinutesSetting: defineRoute({
    method: 'POST', path: '/api/meetings/:id/mom', access: 'user', tags, params: zIdParams, body: zMomSettingBody, message: 'Done',
    summary: "The meeting's minutes setting (mom_settings 0/1; toggled when absent): whether admins and editors may download the minutes PDF",
    rpc: SetMinutesSetting, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  saveConclusions: defineRoute({
    method: 'POST', path: '/api/meetings/:id/mom_conclusion', access: 'user', tags, params: zIdParams, body: zMomConclusionBody, upload: { kind: 'none' },
    message: MinutesMessages.saved,
    summary: 'Conclusions and comments (multipart or JSON: id, conclusions[n][type|id|conclusion|active|comment], isConclusion; done=1 makes a new PDF version, owner only)',
    rpc: SaveConclusions, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  sendMinutesForReview: defineRoute({
    method: 'POST', path: '/api/meetings/:id/minutes/review', access: 'user', tags, params: zIdParams, body: zSendForReviewBody, message: MinutesMessages.sentForReview,
    summary: 'The owner sends the draft minutes for review to members of the meeting (reviewers: user ids); draft -> in_review',
    rpc: SendMinutesForReview, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  changeReviewDeadline: defineRoute({
    method: 'PATCH', path: '/api/meetings/:id/minutes/review', access: 'user', tags, params: zIdParams, body: zReviewDeadlineBody, message: MinutesMessages.reviewDeadlineChanged,
    summary: "The owner changes the deadline of the review under way ({deadline}: a future local date-time in the meeting's zone) or clears it (null); the reviewers' reminder moves with it",
    rpc: ChangeReviewDeadline, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  addReviewComment: defineRoute({
    method: 'POST', path: '/api/meetings/:id/minutes/review_comments', access: 'user', tags, params: zIdParams, body: zReviewCommentBody, message: MinutesMessages.reviewCommented,
    summary: "A reviewer's comment on one section of the draft (type and item_id of a minutes item), while the minutes are in review",
    rpc: AddReviewComment, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  sendMinutesForApproval: defineRoute({
    method: 'POST', path: '/api/meetings/:id/minutes/approval', access: 'user', tags, params: zIdParams, body: zSendForApprovalBody, message: MinutesMessages.sentForApproval,
    summary: "The owner sends the edition's PDF for signature through the approval service (approvers in signing order); the minutes are locked",
    rpc: SendMinutesForApproval, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  publishMinutes: defineRoute({
    method: 'POST', path: '/api/meetings/:id/minutes/publish', access: 'user', tags, params: zIdParams, body: zEmptyWorkflowBody, message: MinutesMessages.published,
    summary: 'The owner publishes the approved minutes: the signed, sealed PDF becomes the newest version and the members are e-mailed',
    rpc: PublishMinutes, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  startMinutesCorrection: defineRoute({
    method: 'POST', path: '/api/meetings/:id/minutes/correction', access: 'user', tags, params: zIdParams, body: zEmptyWorkflowBody, message: MinutesMessages.correctionStarted,
    summary: 'The owner starts a correction of the published minutes: a new edition, a draft again, the history kept',
    rpc: StartMinutesCorrection, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  downloadMinutes: defineFileRoute({
    method: 'GET', path: '/api/meetings/:id/mom', access: 'user', tags, params: zIdParams, query: zMomDownloadQuery,
    summary: 'The minutes PDF (the newest version, or ?version=), named after the meeting title',
  }),
  uploadMinutes: defineRoute({
    method: 'POST', path: '/api/meetings/:id/upload_mom', access: 'user', tags, params: zIdParams, body: zUploadMomBody, message: MinutesMessages.uploaded,
    summary: 'A PDF of the library (library_id) becomes the next minutes version',
    rpc: UploadMinutes, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  mergeFiles: defineRoute({
    method: 'GET', path: '/api/meetings/actions/merge_files/:id', access: 'user', tags, params: zIdParams,
    summary: "The meeting's board book (cover, agenda with page numbers, every attachment in agenda order, bookmarks per section): made by a job when the agenda changed (status, progress), then its library id, URL, outline and number_of_files_merged",
    rpc: MergeBook, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  downloadBook: defineFileRoute({
    method: 'GET', path: '/api/downolad/:docId', access: 'user', tags, params: z.object({ docId: zId }),
    summary: 'A merged board book (its library id) as a PDF, for those who see its meeting',
  }),
  startReport: defineRoute({
    method: 'POST', path: '/api/decisions/:id/report', access: 'user', tags, params: zIdParams,
    summary: "Starts the resolution report of a decision or standalone resolution (A4 PDF of its content and attachments, in the Lang language): the job's state (stage, progress)",
    rpc: StartReport, toRpc: ({ call, params }) => ({ ...call, decisionId: params.id }),
  }),
  getReport: defineRoute({
    method: 'GET', path: '/api/resolution_reports/:id', access: 'user', tags, params: zIdParams,
    summary: 'A resolution report of the caller: status, stage (initializing, processing attachments, preparing content, generating, finalizing), progress, pages, file_name',
    rpc: GetReport, toRpc: ({ call, params }) => ({ ...call, reportId: params.id }),
  }),
  downloadReport: defineFileRoute({
    method: 'GET', path: '/api/resolution_reports/:id/download', access: 'user', tags, params: zIdParams,
    summary: 'The finished resolution report as a PDF named after the title with underscores',
  }),
} as const;
