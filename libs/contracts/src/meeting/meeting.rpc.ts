import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zAppPath } from '../core/paths';
import { zId, zLang, zOk, zOrgId, zPageMeta, zTenant } from '../core/common';
import { zVariant } from '../organization/tenancy.rpc';
import { zServiceSearchReply, zServiceSearchRequest } from '../search/search.schemas';
import { zAttachmentKind, zCommentKind } from './meeting.constants';
import {
  zActionBody, zActionStatusBody, zAddMemberBody, zAttendanceBody, zCalendarQuery, zChangeStatusBody, zChangeTypeBody, zCommentBody, zGuestLinkBody,
  zDecisionBody, zFulfilledBody, zGuestNameBody, zMeetingBody, zMeetingListQuery, zNoteBody, zNotifyBody, zOrderBody, zRateBody,
  zSingleDecisionsQuery, zSummaryBody, zTalkingPointBody, zTrackerQuery, zVisibilityBody, zVoteBody,
} from './meeting.http';
import {
  zActionPayload, zActivity, zAnalytics, zAttachment, zCalendarEntry, zComment, zDecisionPayload, zVoteResult, zBallotList, zHome, zMeetingDetails, zMeetingPage,
  zMemberPayload, zParticipantLink, zTalkingPointPayload, zTracker,
} from './meeting.schemas';

/**
 * RPCs of the meeting service (subjects meeting.v1.<verb>). Every request carries orgId and the actor
 * (zTenant), the host's variant (moe/tender change some rules) and the request language (for e-mails to
 * guests). HTTP bodies travel under `body`, validated with the same schema as at the gateway.
 */
export const zMeetingRequest = zTenant.extend({ variant: zVariant.optional(), lang: zLang.optional() });
const R = <T extends z.ZodRawShape>(shape: T) => zMeetingRequest.extend(shape);

const zMembers = z.object({ items: z.array(zMemberPayload) });

// ---------- meetings ----------
export const ListMeetings = defineRpc({ subject: 'meeting.v1.list-meetings', request: R({ query: zMeetingListQuery }), response: zMeetingPage });
/**
 * `ndaPreview`: the meeting page's own read (GET /api/meetings/{id}) answers a person who has not accepted the NDA with
 * the title and date only; without it (every other service's access check) such a person gets NDA_NOT_ACCEPTED.
 */
export const GetMeeting = defineRpc({ subject: 'meeting.v1.get-meeting', request: R({ meetingId: zId, ndaPreview: z.literal(true).optional() }), response: zMeetingDetails });
/** the guest's meeting, found by the token of the actor (GET /meeting/guest/{token}) */
export const GetGuestMeeting = defineRpc({ subject: 'meeting.v1.get-guest-meeting', request: R({}), response: zMeetingDetails });
export const CreateMeeting = defineRpc({ subject: 'meeting.v1.create-meeting', request: R({ body: zMeetingBody }), response: zMeetingDetails });
export const UpdateMeeting = defineRpc({ subject: 'meeting.v1.update-meeting', request: R({ meetingId: zId, body: zMeetingBody }), response: zMeetingDetails });
export const DeleteMeeting = defineRpc({ subject: 'meeting.v1.delete-meeting', request: R({ meetingId: zId }), response: zOk });
export const CopyMeeting = defineRpc({ subject: 'meeting.v1.copy-meeting', request: R({ meetingId: zId }), response: zMeetingDetails });
export const ChangeMeetingStatus = defineRpc({
  subject: 'meeting.v1.change-status',
  request: R({ meetingId: zId, body: zChangeStatusBody }),
  response: z.object({ meeting: zMeetingDetails, message: z.string() }),
});
export const ReorderAgenda = defineRpc({ subject: 'meeting.v1.reorder-agenda', request: R({ meetingId: zId, order: zOrderBody }), response: zMeetingDetails });
/** NDA acceptance: a member names the meeting; a guest is found by the token */
export const AcceptNda = defineRpc({ subject: 'meeting.v1.accept-nda', request: R({ meetingId: zId.optional() }), response: zMeetingDetails });
export const GetAnalytics = defineRpc({ subject: 'meeting.v1.get-analytics', request: R({ meetingId: zId }), response: zAnalytics });
export const RateMeeting = defineRpc({ subject: 'meeting.v1.rate-meeting', request: R({ meetingId: zId, body: zRateBody }), response: zAnalytics });
export const JoinVirtual = defineRpc({ subject: 'meeting.v1.join-virtual', request: R({ meetingId: zId }), response: zParticipantLink });
export const SaveNote = defineRpc({ subject: 'meeting.v1.save-note', request: R({ meetingId: zId, body: zNoteBody }), response: z.object({ note: z.string() }) });
/** the recorder's voice-note summary, saved on the meeting */
export const SaveRecordSummary = defineRpc({
  subject: 'meeting.v1.save-record-summary',
  request: R({ meetingId: zId, body: zSummaryBody }),
  response: z.object({ summary: z.string(), recordsummarize: z.array(z.object({ id: z.number().int(), summary: z.string(), created_at: z.string() })) }),
});
export const ListActivities = defineRpc({ subject: 'meeting.v1.list-activities', request: R({ meetingId: zId }), response: z.object({ items: z.array(zActivity) }) });
export const GetCalendar = defineRpc({ subject: 'meeting.v1.get-calendar', request: R({ query: zCalendarQuery }), response: z.object({ items: z.array(zCalendarEntry) }) });
export const GetHome = defineRpc({ subject: 'meeting.v1.get-home', request: R({}), response: zHome });

// ---------- members ----------
export const ListMembers = defineRpc({ subject: 'meeting.v1.list-members', request: R({ meetingId: zId }), response: zMembers });
export const AddMembers = defineRpc({ subject: 'meeting.v1.add-members', request: R({ meetingId: zId, body: zAddMemberBody }), response: zMembers });
export const SetGuestName = defineRpc({ subject: 'meeting.v1.set-guest-name', request: R({ meetingId: zId, body: zGuestNameBody }), response: zMembers });
export const RemoveMember = defineRpc({
  subject: 'meeting.v1.remove-member',
  request: R({ meetingId: zId, userId: zId.optional(), memberId: zId.optional(), userEmail: z.string().trim().toLowerCase().optional() }),
  response: zMembers,
});
export const AddCommitteeMembers = defineRpc({ subject: 'meeting.v1.add-committee-members', request: R({ meetingId: zId }), response: zMembers });
/** revoke a guest's link or set its expiry (the meeting's owner, its committee's admins, the organization's administrators) */
export const SetGuestLink = defineRpc({ subject: 'meeting.v1.set-guest-link', request: R({ meetingId: zId, body: zGuestLinkBody }), response: zMembers });
export const ChangeMemberType = defineRpc({ subject: 'meeting.v1.change-member-type', request: R({ meetingId: zId, body: zChangeTypeBody }), response: zMembers });
/** own attendance (asAdmin false) or another member's (adminchangestatus) */
export const ChangeAttendance = defineRpc({
  subject: 'meeting.v1.change-attendance',
  request: R({ meetingId: zId, body: zAttendanceBody, asAdmin: z.boolean().default(false) }),
  response: zMembers,
});

// ---------- agenda ----------
export const GetTalkingPoint = defineRpc({ subject: 'meeting.v1.get-talking-point', request: R({ meetingId: zId, talkingPointId: zId }), response: zTalkingPointPayload });
export const CreateTalkingPoint = defineRpc({ subject: 'meeting.v1.create-talking-point', request: R({ meetingId: zId, body: zTalkingPointBody }), response: zTalkingPointPayload });
export const UpdateTalkingPoint = defineRpc({
  subject: 'meeting.v1.update-talking-point',
  request: R({ meetingId: zId, talkingPointId: zId, body: zTalkingPointBody }),
  response: zTalkingPointPayload,
});
export const DeleteTalkingPoint = defineRpc({ subject: 'meeting.v1.delete-talking-point', request: R({ meetingId: zId, talkingPointId: zId }), response: zOk });
export const DeleteSubpoint = defineRpc({ subject: 'meeting.v1.delete-subpoint', request: R({ meetingId: zId, talkingPointId: zId, subpointId: zId }), response: zTalkingPointPayload });
export const AddAttachment = defineRpc({
  subject: 'meeting.v1.add-attachment',
  request: R({ kind: zAttachmentKind, itemId: zId, libraryId: zId }),
  response: z.object({ attachments: z.array(zAttachment) }),
});
export const RemoveAttachment = defineRpc({
  subject: 'meeting.v1.remove-attachment',
  request: R({ kind: zAttachmentKind, libraryId: zId, itemId: zId.optional() }),
  response: z.object({ attachments: z.array(zAttachment) }),
});

// ---------- decisions (meeting-bound: meetingId; standalone resolutions: meetingId null) ----------
export const GetDecision = defineRpc({ subject: 'meeting.v1.get-decision', request: R({ decisionId: zId, standalone: z.boolean().default(false) }), response: zDecisionPayload });
export const CreateDecision = defineRpc({ subject: 'meeting.v1.create-decision', request: R({ meetingId: zId.nullable(), body: zDecisionBody }), response: zDecisionPayload });
export const UpdateDecision = defineRpc({
  subject: 'meeting.v1.update-decision',
  request: R({ meetingId: zId.nullable(), decisionId: zId, body: zDecisionBody }),
  response: zDecisionPayload,
});
/** a closed secret ballot's published list (docs/ballots.md) */
export const GetBallots = defineRpc({ subject: 'meeting.v1.get-ballots', request: R({ decisionId: zId }), response: zBallotList });
/**
 * Service to service (no actor: the notification service's deadline reminder asks it when the reminder fires): the
 * e-mail addresses, lower case, of the decision's voters who have not voted yet. None when the decision is gone or
 * its voting has ended. Whoever votes meanwhile is simply not among them: nobody rewrites a recipient list per vote.
 * `guests`: those of them who are guests of the meeting, each with the path of their own page (their link made
 * again: docs/meeting.md#guests), or null when it cannot be made (the e-mail then points to their invitation);
 * a guest never gets the members' page, which needs an account.
 */
export const ListPendingVoters = defineRpc({
  subject: 'meeting.v1.list-pending-voters',
  request: z.object({ orgId: zOrgId, decisionId: zId }),
  response: z.object({ emails: z.array(z.string()), guests: z.array(z.object({ email: z.string(), link: zAppPath.nullable() })).default([]) }),
});
/**
 * Service to service (no actor: the notification service's meeting reminder asks it when the reminder fires,
 * docs/notification.md#meeting-reminders): who is reminded of a meeting that starts at `startsAt` (the time the
 * reminder was set for). Nobody, and `meeting` null, unless the meeting still exists, is Scheduled and starts then
 * (a moved meeting's reminder was moved with it). Then each participant who has not declined ('Not going'): users
 * with the meeting's page, guests whose link still works with their own page (their link made again, or null when
 * it cannot be made: the e-mail then points to their invitation).
 */
export const ListMeetingReminderRecipients = defineRpc({
  subject: 'meeting.v1.list-meeting-reminder-recipients',
  request: z.object({ orgId: zOrgId, meetingId: zId, startsAt: z.string() }),
  response: z.object({
    meeting: z.object({ title: z.string(), startsAt: z.string(), location: z.string().nullable(), virtual: z.boolean() }).nullable(),
    recipients: z.array(z.object({ email: z.string(), name: z.string().nullable(), lang: zLang, guest: z.boolean(), link: zAppPath.nullable() })),
  }),
});
export const DeleteDecision = defineRpc({ subject: 'meeting.v1.delete-decision', request: R({ meetingId: zId.nullable(), decisionId: zId }), response: zOk });
export const CastVote = defineRpc({ subject: 'meeting.v1.cast-vote', request: R({ decisionId: zId, standalone: z.boolean().default(false), body: zVoteBody }), response: zVoteResult });
export const SetDecisionVisibility = defineRpc({ subject: 'meeting.v1.set-decision-visibility', request: R({ decisionId: zId, body: zVisibilityBody }), response: zDecisionPayload });
/** end (is_fulfilled true) or resume voting */
export const SetDecisionFulfilled = defineRpc({
  subject: 'meeting.v1.set-decision-fulfilled',
  request: R({ decisionId: zId, standalone: z.boolean().default(false), body: zFulfilledBody }),
  response: zDecisionPayload,
});
export const ListArchivedDecisions = defineRpc({ subject: 'meeting.v1.list-archived-decisions', request: R({ meetingId: zId }), response: z.object({ items: z.array(zDecisionPayload) }) });
export const ListSingleDecisions = defineRpc({
  subject: 'meeting.v1.list-single-decisions',
  request: R({ query: zSingleDecisionsQuery }),
  response: z.object({ items: z.array(zDecisionPayload), meta: zPageMeta }),
});

// ---------- actions ----------
export const GetAction = defineRpc({ subject: 'meeting.v1.get-action', request: R({ actionId: zId }), response: zActionPayload });
export const CreateAction = defineRpc({ subject: 'meeting.v1.create-action', request: R({ meetingId: zId, body: zActionBody }), response: zActionPayload });
export const UpdateAction = defineRpc({ subject: 'meeting.v1.update-action', request: R({ meetingId: zId, actionId: zId, body: zActionBody }), response: zActionPayload });
export const DeleteAction = defineRpc({ subject: 'meeting.v1.delete-action', request: R({ meetingId: zId, actionId: zId }), response: zOk });
export const ChangeActionStatus = defineRpc({ subject: 'meeting.v1.change-action-status', request: R({ actionId: zId, body: zActionStatusBody }), response: zActionPayload });
export const GetActionTracker = defineRpc({ subject: 'meeting.v1.get-action-tracker', request: R({ query: zTrackerQuery }), response: zTracker });

// ---------- comments ----------
export const AddComment = defineRpc({ subject: 'meeting.v1.add-comment', request: R({ kind: zCommentKind, itemId: zId, body: zCommentBody }), response: zComment });
export const DeleteComment = defineRpc({ subject: 'meeting.v1.delete-comment', request: R({ commentId: zId }), response: zOk });
export const NotifyComment = defineRpc({
  subject: 'meeting.v1.notify-comment',
  request: R({ kind: zCommentKind, itemId: zId, commentId: zId, body: zNotifyBody }),
  response: z.object({ notified: z.number().int() }),
});

/** the search box's meeting side (docs/search.md): meetings, agenda items, decisions, standalone resolutions and comments the actor may see */
export const SearchMeetingRecords = defineRpc({
  subject: 'meeting.v1.search',
  request: zTenant.extend(zServiceSearchRequest),
  response: zServiceSearchReply,
});
