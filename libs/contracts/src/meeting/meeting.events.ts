import { z } from 'zod';
import { defineEvent } from '../core/define';
import { zLang, zOrgId } from '../core/common';
import { zAppPath } from '../core/paths';
import { zRecipient } from '../organization/organization.events';
import { zActionStatus, zVote } from './meeting.constants';
import { zDecisionOutcome } from './quorum';
import { zElectionOutcome } from './election';

/**
 * Events of the meeting service (stream MEETING). Each carries orgId, the organization's slug, name and
 * time zone, the recipients (email, name, lang) and app paths (`link`: an AppPaths value, never a full
 * URL; the notification service puts it on the organization's host with orgUrl), so the notification
 * service never calls back.
 * Dates: `startsAt`/`deadline`/`openTill` are ISO instants (for scheduling reminders); the `*Local`
 * twins are 'YYYY-MM-DD HH:mm:ss' in the organization's `timeZone` (for the e-mail text).
 */
const zOrgInfo = { orgId: zOrgId, orgSlug: z.string().min(1), orgName: z.string(), timeZone: z.string() };
const zActorInfo = z.object({ userId: z.number().int().nullable(), name: z.string().nullable(), email: z.string().nullable() });
const zMeetingInfo = {
  meetingId: z.number().int(),
  title: z.string(),
  startsAt: z.string(),
  startLocal: z.string(),
  location: z.string().nullable(),
  virtual: z.boolean(),
  /** minutes (the invitation's .ics ends the event after them; null: 60) */
  duration: z.number().int().nullable().default(null),
  /** the meeting page (AppPaths.meeting; a guest's AppPaths.guestMeeting with their token) */
  link: zAppPath,
};

export const MeetingScheduled = defineEvent({
  subject: 'meeting.v1.meeting.scheduled',
  payload: z.object({ ...zOrgInfo, ...zMeetingInfo, by: zActorInfo, recipients: z.array(zRecipient) }),
});

/** The fields of a meeting whose change MeetingUpdated names (the e-mail lists them in the reader's language). */
export const zMeetingChange = z.enum(['title', 'description', 'committee', 'start_date', 'duration', 'location', 'virtual']);
export type MeetingChange = z.output<typeof zMeetingChange>;

export const MeetingUpdated = defineEvent({
  subject: 'meeting.v1.meeting.updated',
  payload: z.object({ ...zOrgInfo, ...zMeetingInfo, by: zActorInfo, changes: z.array(zMeetingChange), recipients: z.array(zRecipient) }),
});

export const MeetingCancelled = defineEvent({
  subject: 'meeting.v1.meeting.cancelled',
  payload: z.object({ ...zOrgInfo, ...zMeetingInfo, by: zActorInfo, reason: z.string(), recipients: z.array(zRecipient) }),
});

/** one item of a published agenda as the e-mail prints it */
export const zPublishedAgendaItem = z.object({
  title: z.string(),
  /** planned start, 'YYYY-MM-DD HH:mm:ss' in the organization's time zone */
  startLocal: z.string(),
  /** minutes, the item with its sub-points */
  duration: z.number().int(),
  presenters: z.array(z.string()),
  files: z.number().int(),
});
export type PublishedAgendaItem = z.output<typeof zPublishedAgendaItem>;

/**
 * Publish the agenda (issue 27): the agenda as it stands, to the meeting's members (users), and one event per invited
 * guest whose link works (`guest`: their `link` and `bookLink` are their own page with their token, the items only what
 * the guest page shows them, none before they accepted the NDA). `edition` counts the publications: above 1 the e-mail
 * says the agenda was updated. `bookLink` is the meeting page's board book (a link: the book's bytes never travel with
 * the e-mail).
 */
export const AgendaPublished = defineEvent({
  subject: 'meeting.v1.agenda.published',
  payload: z.object({
    ...zOrgInfo, ...zMeetingInfo, edition: z.number().int().min(1), note: z.string().nullable(),
    items: z.array(zPublishedAgendaItem), bookLink: zAppPath, by: zActorInfo, recipients: z.array(zRecipient),
    guest: z.boolean().default(false),
  }),
});

/** One per invited person; a guest's link carries their token (AppPaths.guestMeeting). */
export const MemberInvited = defineEvent({
  subject: 'meeting.v1.member.invited',
  payload: z.object({
    ...zOrgInfo,
    ...zMeetingInfo,
    memberId: z.number().int(),
    guest: z.boolean(),
    by: zActorInfo,
    recipient: zRecipient,
  }),
});

/** POST /{kind}/{id}/comment/{comment_id}/notify: the chosen participants get the comment by e-mail. */
export const CommentNotified = defineEvent({
  subject: 'meeting.v1.comment.notified',
  payload: z.object({
    ...zOrgInfo,
    meetingId: z.number().int().nullable(),
    meetingTitle: z.string().nullable(),
    itemKind: z.string(),
    itemId: z.number().int(),
    itemTitle: z.string(),
    commentId: z.number().int(),
    comment: z.string(),
    by: zActorInfo,
    /** the item in its meeting (AppPaths.meeting with the item), or AppPaths.decisions for a standalone one */
    link: zAppPath,
    recipients: z.array(zRecipient),
  }),
});

const zDecisionInfo = {
  decisionId: z.number().int(),
  meetingId: z.number().int().nullable(),
  title: z.string(),
  deadline: z.string(),
  deadlineLocal: z.string(),
  link: zAppPath,
};

/** Voting opened (created, resumed) or its deadline moved: (re)schedule the deadline reminder. */
export const DecisionOpened = defineEvent({
  subject: 'meeting.v1.decision.opened',
  payload: z.object({
    ...zOrgInfo, ...zDecisionInfo, reason: z.enum(['created', 'resumed', 'rescheduled']), by: zActorInfo, recipients: z.array(zRecipient),
    /** the meeting's title (null: a standalone resolution): the e-mail names the meeting */
    meetingTitle: z.string().nullable().default(null),
    /**
     * each guest among the recipients with their own page (AppPaths.guestMeeting with their token), or null when the
     * token is not known here (it is stored as a hash: known only when it is minted, at scheduling)
     */
    guestLinks: z.array(z.object({ email: z.email(), link: zAppPath.nullable() })).default([]),
  }),
});

/**
 * Voting ended, or the decision was deleted: drop its reminder. An ended decision carries its outcome and
 * whether quorum was met (docs/product/votes.md#quorum-and-outcome); a deleted one has neither.
 */
export const DecisionClosed = defineEvent({
  subject: 'meeting.v1.decision.closed',
  payload: z.object({
    ...zOrgInfo, ...zDecisionInfo, reason: z.enum(['ended', 'deleted']), by: zActorInfo, recipients: z.array(zRecipient),
    outcome: zDecisionOutcome.optional(),
    quorumMet: z.boolean().optional(),
    /** the final count when voting ended (the e-mail to the voters shows it) */
    tallies: z.array(z.object({ vote: zVote, count: z.number().int(), percentage: z.number() })).optional(),
    /** an election that ended: its results per candidate (an election has no outcome: its voters learn these) */
    election: zElectionOutcome.optional(),
  }),
});

const zActionInfo = {
  actionId: z.number().int(),
  meetingId: z.number().int(),
  meetingTitle: z.string(),
  title: z.string(),
  priority: z.string(),
  openTill: z.string(),
  openTillLocal: z.string(),
  link: zAppPath,
};

/** New participants of an action (created, or added on edit); also when open_till moves (reason rescheduled, all participants). */
export const ActionAssigned = defineEvent({
  subject: 'meeting.v1.action.assigned',
  payload: z.object({ ...zOrgInfo, ...zActionInfo, reason: z.enum(['assigned', 'rescheduled']), by: zActorInfo, recipients: z.array(zRecipient) }),
});

export const ActionStatusChanged = defineEvent({
  subject: 'meeting.v1.action.status-changed',
  payload: z.object({
    ...zOrgInfo,
    ...zActionInfo,
    participant: zActorInfo,
    /**
     * the participant's language, for their due reminder when they reopen their part (a user's own; a guest's stored
     * on their member row, docs/meeting.md#guests-language); absent from events written before it was carried
     */
    participantLang: zLang.optional(),
    status: zActionStatus,
    overallStatus: zActionStatus,
    by: zActorInfo,
    /** the action's creator and the meeting owner */
    recipients: z.array(zRecipient),
  }),
});

/** The action was deleted or is complete: drop its due reminder. */
export const ActionClosed = defineEvent({
  subject: 'meeting.v1.action.closed',
  payload: z.object({ ...zOrgInfo, ...zActionInfo, reason: z.enum(['completed', 'deleted']), by: zActorInfo }),
});

/**
 * What changed in a meeting, for its open pages (the live channel, docs/meeting.md#live-updates). `minutes` is never in a
 * MeetingChanged: the gateways send it for the minutes service's MinutesChanged (docs/minutes.md#live).
 */
export const LIVE_CHANGE_KINDS = ['vote', 'decision', 'members', 'meeting', 'comment', 'agenda', 'action', 'minutes'] as const;
export const zLiveChangeKind = z.enum(LIVE_CHANGE_KINDS);
export type LiveChangeKind = z.output<typeof zLiveChangeKind>;

/**
 * Something on a meeting's page changed (a vote, a decision, members or attendance, the meeting or its status, a
 * comment). No recipients: the gateways fan it out to the pages open on the meeting, each page refetches what it shows.
 * `members` changes make the gateways re-check who may still listen.
 */
export const MeetingChanged = defineEvent({
  subject: 'meeting.v1.meeting.changed',
  payload: z.object({
    orgId: zOrgId,
    meetingId: z.number().int(),
    kind: zLiveChangeKind,
    decisionId: z.number().int().nullable(),
    /** a vote's new tallies (the same for every viewer), so a vote dialog updates without a request */
    tallies: z.array(z.object({ vote: zVote, count: z.number().int(), percentage: z.number() })).optional(),
    /** the user who made the change (null for guests and the system) */
    byUserId: z.number().int().nullable(),
  }),
});

/** What changed on a standalone resolution, for the resolutions pages open on it. */
export const RESOLUTION_CHANGE_KINDS = ['vote', 'decision', 'comment'] as const;
export const zResolutionChangeKind = z.enum(RESOLUTION_CHANGE_KINDS);
export type ResolutionChangeKind = z.infer<typeof zResolutionChangeKind>;

/**
 * Something on a standalone resolution changed (a vote, created, edited, ended, resumed, deleted): the gateways
 * push it to the resolutions pages open in the organization whose user may see the resolution (`viewerIds`, or an
 * organization administrator). `viewerIds` is who may see it when the change was made: the committee's admins and
 * members, its creator and its voters (docs/meeting.md#live-updates).
 */
export const ResolutionChanged = defineEvent({
  subject: 'meeting.v1.resolution.changed',
  payload: z.object({
    orgId: zOrgId,
    decisionId: z.number().int(),
    committeeId: z.number().int(),
    kind: zResolutionChangeKind,
    tallies: z.array(z.object({ vote: zVote, count: z.number().int(), percentage: z.number() })).optional(),
    byUserId: z.number().int().nullable(),
    viewerIds: z.array(z.number().int()),
  }),
});
