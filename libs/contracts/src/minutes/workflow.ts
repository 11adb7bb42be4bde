import { z } from 'zod';
import { INT4_MAX, numeric, zOrgId, zServerDate } from '../core/common';
import { M } from '../core/validation';
import { zAppPath } from '../core/paths';
import { zMeetingRole } from '../meeting/roll-call';
import { zLocalDateTime } from '../meeting/meeting.http';
import { zRecipient } from '../organization/organization.events';
import { MinutesMessages } from './minutes.errors';
import { zMinutesItemType } from './item-types';

/**
 * The minutes workflow (docs/minutes.md#the-workflow, issue 27): each edition of a meeting's minutes goes
 * draft -> in_review (reviewers chosen by the owner comment per section) -> in_approval (an approval of the
 * approval service: the meeting's chair, then its secretary where the organization's `mom_secretary_signs` asks for it,
 * sign the draft PDF, which the approval seals) -> approved (ApprovalCompleted)
 * -> published (the sealed PDF becomes a minutes version, members are told, the minutes are locked). A correction
 * starts edition N+1 as a draft; every edition and every step stays in the history.
 */
export const MINUTES_WORKFLOW_STATES = ['draft', 'in_review', 'in_approval', 'approved', 'published'] as const;
export const zMinutesWorkflowState = z.enum(MINUTES_WORKFLOW_STATES);
export type MinutesWorkflowState = z.output<typeof zMinutesWorkflowState>;

/** what happened in the history: each step of each edition */
export const MINUTES_WORKFLOW_ACTIONS = ['started', 'review_requested', 'commented', 'approval_requested', 'approval_failed', 'approval_rejected', 'approved', 'published', 'correction_started', 'deadline_changed'] as const;
export const zMinutesWorkflowAction = z.enum(MINUTES_WORKFLOW_ACTIONS);
export type MinutesWorkflowAction = z.output<typeof zMinutesWorkflowAction>;

/** states in which the minutes may not be changed (conclusions, comments, Done, upload): the PDF under signature or published */
export const MINUTES_LOCKED_STATES: readonly MinutesWorkflowState[] = ['in_approval', 'approved', 'published'];

export const zReviewComment = z.object({
  id: z.number().int(),
  /** the section of the draft: a minutes item (the meeting, a talking point, a sub-point, a decision, an action) */
  type: zMinutesItemType,
  item_id: z.number().int(),
  comment: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  created_at: zServerDate,
});
export type ReviewComment = z.output<typeof zReviewComment>;

export const zWorkflowPerson = z.object({ user_id: z.number().int(), name: z.string() });

export const zWorkflowHistoryEntry = z.object({
  edition: z.number().int(),
  action: zMinutesWorkflowAction,
  state: zMinutesWorkflowState,
  actor_id: z.number().int().nullable(),
  actor_name: z.string(),
  note: z.string().nullable(),
  at: zServerDate,
});
export type WorkflowHistoryEntry = z.output<typeof zWorkflowHistoryEntry>;

export const zWorkflowEdition = z.object({
  number: z.number().int(),
  state: zMinutesWorkflowState,
  /** the minutes version sent for approval (its PDF is what the approvers sign) */
  draft_version: z.number().int().nullable(),
  /** the minutes version that is the signed, sealed PDF once published */
  published_version: z.number().int().nullable(),
  approval_id: z.number().int().nullable(),
  created_at: zServerDate,
});

/** what the actor may do in the workflow now (decided by the service; the web shows exactly these) */
export const zWorkflowPermissions = z.object({
  send_review: z.boolean(),
  review_comment: z.boolean(),
  send_approval: z.boolean(),
  publish: z.boolean(),
  correct: z.boolean(),
  /** the owner may change or clear the review's deadline (the edition is in review: PATCH .../minutes/review) */
  change_deadline: z.boolean().default(false),
  /** the minutes may be edited (not under signature, not published) */
  editable: z.boolean(),
});
export type WorkflowPermissions = z.output<typeof zWorkflowPermissions>;

/** the workflow part of GET /api/meetings/{id}/minutes (null before the minutes are available) */
export const zMinutesWorkflow = z.object({
  edition: z.number().int(),
  state: zMinutesWorkflowState,
  reviewers: z.array(zWorkflowPerson),
  approvers: z.array(zWorkflowPerson),
  approval_id: z.number().int().nullable(),
  /** the review comments of the current edition, per section (shown to the owner, the reviewers and the managers) */
  review_comments: z.array(zReviewComment),
  /** who the owner may choose as reviewers: the meeting's members (users, not guests), the owner excepted */
  candidates: z.array(zWorkflowPerson),
  /**
   * who signs when the owner sends this edition for approval, in order: the meeting's chair, then its secretary where
   * the organization asks for it (`mom_secretary_signs`); shown to the owner (empty for everyone else)
   */
  signers: z.array(zWorkflowPerson),
  /** the roles the meeting must name before the owner may send for approval (the owner's view; empty for everyone else) */
  signers_missing: z.array(zMeetingRole),
  /**
   * the owner names the missing signers in the approval request (`chair_user_id`, `secretary_user_id`): the meeting is
   * Archived, so its roles can no longer be named (docs/minutes.md#who-signs); false while they can, or none is missing
   */
  name_signers: z.boolean().default(false),
  /** whom the owner may name as a signer: the meeting's members who are users, the owner included (empty unless name_signers) */
  signer_candidates: z.array(zWorkflowPerson).default([]),
  permissions: zWorkflowPermissions,
  /**
   * the review's deadline (docs/minutes.md#review-deadline), in the meeting's time zone; null: none set. Reviewers
   * who have not commented by then are reminded before it; they may still comment after it while in review.
   */
  review_deadline: zServerDate.nullable().default(null),
  /** the deadline is set and has passed (the owner's card says so) */
  review_deadline_passed: z.boolean().default(false),
  /** the reviewers who have not commented on this edition yet, while it is in review (for whoever sees the comments) */
  review_pending: z.array(zWorkflowPerson).default([]),
  editions: z.array(zWorkflowEdition),
  /** every step of every edition, oldest first */
  history: z.array(zWorkflowHistoryEntry),
});
export type MinutesWorkflow = z.output<typeof zMinutesWorkflow>;

const userId = numeric(z.number({ error: M.invalid }).int(M.invalid).positive(M.invalid).max(INT4_MAX, M.invalid));
const people = (required: string) => z.array(userId, { error: required }).min(1, required).max(50);

/**
 * POST /api/meetings/{id}/minutes/review: the reviewers (user ids of the meeting's members) and, optionally, the review's
 * deadline in the meeting's time zone (a local date-time; it must be in the future: the service checks it against the
 * clock). Without `deadline` (or null) the review has none, and a deadline set before is dropped.
 */
export const zSendForReviewBody = z.object({ reviewers: people(MinutesMessages.reviewersRequired), deadline: zLocalDateTime.nullable().optional() }).strict();
/**
 * PATCH /api/meetings/{id}/minutes/review: the owner changes the deadline of the review under way (a local date-time in
 * the meeting's zone, strictly in the future: the service checks it against the clock), or clears it with null. The key
 * is required: an empty body is a field error, not a silent clear.
 */
export const zReviewDeadlineBody = z.object({ deadline: zLocalDateTime.nullable() }).strict();
/** POST /api/meetings/{id}/minutes/review_comments: a reviewer's comment on one section of the draft */
export const zReviewCommentBody = z
  .object({
    type: zMinutesItemType,
    item_id: userId,
    comment: z.string({ error: M.required }).trim().min(1, M.required).max(5000),
  })
  .strict();
export const zEmptyWorkflowBody = z.object({}).strict();
/**
 * POST /api/meetings/{id}/minutes/approval. The signers are the meeting's chair, then its secretary where the
 * organization asks for it (docs/minutes.md#who-signs); an `approvers` key is refused. Only for an Archived meeting
 * that never named a role does the owner name its holder here (`chair_user_id`, `secretary_user_id`: a member of the
 * meeting); otherwise the body is empty.
 */
export const zSendForApprovalBody = z.object({ chair_user_id: userId.optional(), secretary_user_id: userId.optional() }).strict();
export type SendForApprovalBody = z.output<typeof zSendForApprovalBody>;

/**
 * minutes.v1.review.requested: the owner sent an edition for review (again). `deadline` (ISO; null: none) is what the
 * notification service schedules the reviewers' reminder against; when it fires it asks ListPendingReviewers.
 */
/** what every e-mail about one edition of a meeting's minutes is addressed from: the organization, the meeting, the edition */
const zMinutesEditionEvent = z.object({
  orgId: zOrgId,
  orgSlug: z.string().min(1),
  orgName: z.string(),
  timeZone: z.string(),
  meetingId: z.number().int(),
  title: z.string(),
  edition: z.number().int(),
});

export const zMinutesReviewRequestedPayload = zMinutesEditionEvent.extend({
  deadline: z.string().nullable(),
  link: zAppPath,
  /** the edition's reviewers who are users still, each with their language */
  reviewers: z.array(zRecipient),
});

/**
 * What changed in a meeting's minutes workflow, for its open pages (minutes.v1.minutes.changed; docs/minutes.md#live):
 * the review (sent, commented, its deadline) or the approval (sent, its PDF's approval made, a signature, approved,
 * rejected), publication or a correction. No recipients: the gateways write a `minutes` change to the meeting's live
 * channels and each page asks for the minutes and the meeting's approvals again.
 */
export const MINUTES_CHANGES = ['review', 'comment', 'deadline', 'approval', 'signature', 'published', 'correction'] as const;
export type MinutesChange = (typeof MINUTES_CHANGES)[number];
export const zMinutesChangedPayload = z.object({
  orgId: zOrgId,
  meetingId: z.number().int(),
  change: z.enum(MINUTES_CHANGES),
  /** the user who made the change (null: a signer seen through the approval service's event, or the system) */
  byUserId: z.number().int().nullable(),
});

/** minutes.v1.minutes.published: the signed minutes of an edition are published; each member is told in their language */
export const zMinutesPublishedPayload = zMinutesEditionEvent.extend({
  version: z.number().int(),
  link: zAppPath,
  recipients: z.array(zRecipient),
});
