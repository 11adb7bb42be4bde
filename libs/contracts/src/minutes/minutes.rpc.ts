import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zId, zLang, zOrgId, zTenant } from '../core/common';
import { zVariant } from '../organization/tenancy.rpc';
import { zServiceSearchReply, zServiceSearchRequest } from '../search/search.schemas';
import { zMomConclusionBody, zMomSettingBody, zUploadMomBody } from './minutes.http';
import { zBookState, zMinutesState } from './minutes.schemas';
import { zReportState } from './report';
import { zEmptyWorkflowBody, zReviewCommentBody, zReviewDeadlineBody, zSendForApprovalBody, zSendForReviewBody } from './workflow';

/**
 * RPCs of the minutes service (subjects minutes.v1.<verb>). The meeting's data comes from the meeting service
 * (GetMeeting, as the actor: it decides who sees the meeting); files are library files. No file bytes here.
 */
const R = <T extends z.ZodRawShape>(shape: T) => zTenant.extend({ variant: zVariant.optional(), lang: zLang.optional(), meetingId: zId, ...shape });

export const GetMinutes = defineRpc({ subject: 'minutes.v1.get-minutes', request: R({}), response: zMinutesState });
export const SetMinutesSetting = defineRpc({ subject: 'minutes.v1.set-setting', request: R({ body: zMomSettingBody }), response: zMinutesState });
export const SaveConclusions = defineRpc({ subject: 'minutes.v1.save-conclusions', request: R({ body: zMomConclusionBody }), response: zMinutesState });
export const UploadMinutes = defineRpc({ subject: 'minutes.v1.upload-minutes', request: R({ body: zUploadMomBody }), response: zMinutesState });

/** The workflow of the minutes (docs/minutes.md#the-workflow): each answers the minutes' state with its `workflow`. */
export const SendMinutesForReview = defineRpc({ subject: 'minutes.v1.send-for-review', request: R({ body: zSendForReviewBody }), response: zMinutesState });
/** the owner changes or clears the deadline of the review under way (the reviewers' reminder moves with it) */
export const ChangeReviewDeadline = defineRpc({ subject: 'minutes.v1.change-review-deadline', request: R({ body: zReviewDeadlineBody }), response: zMinutesState });
export const AddReviewComment = defineRpc({ subject: 'minutes.v1.add-review-comment', request: R({ body: zReviewCommentBody }), response: zMinutesState });
/** creates the approval (approval.v1.create as the owner) of the edition's PDF */
export const SendMinutesForApproval = defineRpc({ subject: 'minutes.v1.send-for-approval', request: R({ body: zSendForApprovalBody }), response: zMinutesState, timeoutMs: 30_000 });
/** the sealed PDF of the approval becomes the published minutes version (copied in S3, registered in the library) */
export const PublishMinutes = defineRpc({ subject: 'minutes.v1.publish', request: R({ body: zEmptyWorkflowBody }), response: zMinutesState, timeoutMs: 30_000 });
export const StartMinutesCorrection = defineRpc({ subject: 'minutes.v1.start-correction', request: R({ body: zEmptyWorkflowBody }), response: zMinutesState });

/**
 * Where the gateway reads a version's bytes from (checked for the actor: download rights): the S3 key when the
 * service stored it, else a short-lived URL of the library file; `name` is the file name (the meeting's title).
 */
export const MinutesFile = defineRpc({
  subject: 'minutes.v1.minutes-file',
  request: R({ version: zId.optional() }),
  response: z.object({ key: z.string().nullable(), url: z.string(), name: z.string() }),
});

/** the meeting's board book for its current agenda: made by the MergeBook job when missing (anyone who sees the meeting) */
export const MergeBook = defineRpc({ subject: 'minutes.v1.merge-book', request: R({}), response: zBookState });
/** where a board book's bytes are, for GET /api/downolad/{docId} (the reader must see its meeting) */
export const BookFile = defineRpc({
  subject: 'minutes.v1.book-file',
  request: zTenant.extend({ variant: zVariant.optional(), lang: zLang.optional(), docId: zId }),
  /** meetingId: the book's meeting (the library's download of the book decides its policy and watermark with it) */
  response: z.object({ key: z.string(), name: z.string(), meetingId: z.number().int() }),
});

/**
 * The Redis key of a meeting's minutes-fields generation: the minutes service adds one to it after every committed
 * change of what MeetingMinutesFields answers (the setting, the versions, the meeting's conclusion, the board book);
 * the gateway keeps an answer only while the generation it was asked under is still the current one
 * (docs/minutes.md, "The minutes fields of the meeting details").
 */
export const minutesFieldsGenerationKey = (orgId: string, meetingId: number): string => `mfields:${orgId}:${meetingId}`;

/**
 * The minutes' fields of the meeting details (mom_settings, mom_versions, can_commit, mom_conclusion,
 * agenda_merged_file, number_of_files_merged), composed by the gateway into GET /api/meetings/{id}: it passes the
 * facts of the details it already has (who owns and administers the meeting, the caller's member row, the status),
 * so the meeting is not read twice; the minutes service decides from them.
 */
export const MeetingMinutesFields = defineRpc({
  subject: 'minutes.v1.meeting-fields',
  request: zTenant.extend({
    meeting: z.object({
      id: zId,
      owner_id: z.number().int(),
      admin_ids: z.array(z.number().int()),
      member: z.object({ can_edit: z.boolean() }).nullable(),
      meeting_status_id: z.number().int(),
      mom: z.union([z.literal(0), z.literal(1)]),
      /** the organization's zone, which the meeting details carry: the versions' dates are answered in it */
      time_zone: z.string(),
    }),
  }),
  response: z.object({
    mom_settings: z.union([z.literal(0), z.literal(1)]),
    mom_versions: z.array(z.object({ file_url: z.string(), updated_at: z.string() })),
    can_commit: z.boolean(),
    mom_conclusion: z.string().nullable(),
    agenda_merged_file: z.string().nullable(),
    number_of_files_merged: z.number().int(),
  }),
});

/**
 * The resolution report (docs/minutes.md#the-resolution-report). StartReport reads the resolution with the
 * actor's rights (404 when they may not see it) and queues the job; GetReport and ReportFile answer only the user
 * who asked for the report (404 for anyone else).
 */
const RR = <T extends z.ZodRawShape>(shape: T) => zTenant.extend({ variant: zVariant.optional(), lang: zLang.optional(), ...shape });
export const StartReport = defineRpc({ subject: 'minutes.v1.start-report', request: RR({ decisionId: zId }), response: zReportState });
export const GetReport = defineRpc({ subject: 'minutes.v1.get-report', request: RR({ reportId: zId }), response: zReportState });
export const ReportFile = defineRpc({ subject: 'minutes.v1.report-file', request: RR({ reportId: zId }), response: z.object({ key: z.string(), name: z.string() }) });

/**
 * The search box's minutes side (docs/search.md#minutes): the conclusions and comments of the minutes the actor may
 * read (the meeting is theirs to see, as GetMeeting decides, and its minutes are available: statuses 3 and 5), one
 * result a meeting, its best passage first.
 */
export const SearchMinutes = defineRpc({
  subject: 'minutes.v1.search',
  request: zTenant.extend(zServiceSearchRequest),
  response: zServiceSearchReply,
});

/**
 * Service to service (no actor: the notification service's review reminder asks it when the reminder fires): the
 * e-mail addresses, lower case, of the reviewers of the meeting's edition `edition` who have not commented on it. None
 * when that edition is no longer the current one or no longer in review (sent for approval, rejected, published).
 */
export const ListPendingReviewers = defineRpc({
  subject: 'minutes.v1.list-pending-reviewers',
  request: z.object({ orgId: zOrgId, meetingId: zId, edition: z.number().int().positive() }),
  response: z.object({ emails: z.array(z.string()) }),
});
