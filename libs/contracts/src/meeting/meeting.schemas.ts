import { zConflict, zMotionPerson } from './record';
import { z } from 'zod';
import { zPageMeta, zServerDate } from '../core/common';
import {
  zActionStatus, zAgendaType, zAttendance, zMemberRole, zPermissionLevel, zPriority, zTrackerGroup, zVirtualType, zVote,
} from './meeting.constants';
import { zDecisionOutcome, zQuorumInfo } from './quorum';
import { zChairControls, zMeetingRole, zRollCall, zRollCallMark } from './roll-call';
import { zProxyList } from './proxy.schemas';
import { zBallot, zBallotEntry, zReceipt } from './ballots';
import { zCountBy, zOutcomeRule } from './outcome';
import { zElectionPayload } from './election';

/**
 * What the meeting service answers (docs/product/meetings.md#what-a-meeting-holds field names). Every payload carries the flags the
 * web renders (`permissions` on a meeting; can_vote, voting_open, locked... on items): the web never
 * re-derives a rule.
 */

const zNum01 = z.union([z.literal(0), z.literal(1)]);

export const zMeetingStatusInfo = z.object({ id: z.number().int(), name: z.string(), color: z.string(), bgcolor: z.string() });

export const zUserRef = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  designation: z.string().nullable(),
  role: z.number().int().nullable(),
  guest: z.boolean(),
  type: z.string().nullable(),
});
export type UserRef = z.output<typeof zUserRef>;

/** a person on an item (viewer, presenter, voter, participant) */
export const zPerson = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  user: zUserRef.nullable(),
});
export type Person = z.output<typeof zPerson>;

export const zAttachment = z.object({
  id: z.number().int(),
  library_id: z.number().int(),
  name: z.string().nullable(),
  size: z.number().nullable(),
  file_url: z.string().nullable(),
  library: z.object({ id: z.number().int(), name: z.string().nullable(), size: z.number().nullable(), file_url: z.string().nullable() }),
});
export type Attachment = z.output<typeof zAttachment>;

export const zComment = z.object({
  id: z.number().int(),
  comment: z.string(),
  body: z.string(),
  content: z.string(),
  commented_type: z.string(),
  commented_id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  user_name: z.string().nullable(),
  user_image: z.string().nullable(),
  created_at: zServerDate,
  can_delete: z.boolean(),
});
export type Comment = z.output<typeof zComment>;

export const zMemberPayload = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  meeting_id: z.number().int(),
  user_id: z.number().int().nullable(),
  user: zUserRef.nullable(),
  user_email: z.string().nullable(),
  guest_name: z.string().nullable(),
  guest_title: z.string().nullable(),
  organization_guest: zNum01,
  /** Viewer or Editor */
  type: zMemberRole,
  /** 1 Chairman, 2 CEO, 3 Secretary, 4 Member */
  member_type: z.number().int().nullable(),
  can_edit: zNum01,
  is_owner: z.boolean(),
  attendance_status: zAttendance,
  status_reason: z.string().nullable(),
  reason: z.string().nullable(),
  nda_accepted: z.boolean(),
  /** the meeting's chair or secretary (issue 27, docs/meeting.md#running-the-meeting), null for everyone else */
  meeting_role: zMeetingRole.nullable().default(null),
  /** the roll call's mark (present, remote, absent, excused), null while not marked */
  roll_call: zRollCallMark.nullable().default(null),
  /** flags for the participants drawer */
  can_change_type: z.boolean(),
  can_remove: z.boolean(),
  can_change_attendance: z.boolean(),
  /**
   * a guest's link as the meeting's owner and administrators see it (null for users, and for everyone else):
   * live, expired, ended (the meeting was cancelled or archived) or revoked; until when it works (local time)
   */
  guest_link: z
    .object({ state: z.enum(['live', 'expired', 'ended', 'revoked']), expires_at: z.string().nullable(), can_revoke: z.boolean() })
    .nullish(),
});
export type MemberPayload = z.output<typeof zMemberPayload>;

/** `label` is the wording of the variant (Abstained reads 'Postponed to next meeting' in moe and tender) */
export const zTally = z.object({ vote: zVote, label: z.string(), count: z.number().int(), percentage: z.number() });
export type Tally = z.output<typeof zTally>;

export const zVoter = zPerson.extend({
  user: zUserRef.nullable(),
  vote: zVote,
  vote_label: z.string(),
  reason: z.string().nullable(),
  updated_at: zServerDate,
  /** the voter's weight in the committee, as the decision counts it */
  weight: z.number().int().default(1),
  /** the actor may change this vote (their own, or any as an administrator) */
  can_change: z.boolean(),
  /** the voter has voted: in a secret ballot the only thing known of a voter (their vote shows as Pending, the reason null) */
  has_voted: z.boolean(),
  /** an open election: the numbers of the candidates this voter chose (null before they vote, in a secret ballot, or not an election) */
  choices: z.array(z.number().int()).nullable().default(null),
});
export type Voter = z.output<typeof zVoter>;

export const zDecisionPayload = z.object({
  agenda_type: z.literal('decision'),
  id: z.number().int(),
  meeting_id: z.number().int().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  committee_id: z.number().int().nullable(),
  committee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  deadline: zServerDate,
  decisionable: zNum01,
  tender_number: z.string().nullable(),
  /** open: who voted what is shown; secret: only who has voted, and the tallies once voting has closed (docs/ballots.md) */
  ballot: zBallot,
  /**
   * the outcome rule and how votes are counted (docs/ballots.md#weights-and-outcome-rules); locked with the ballot
   * (`ballot_locked`). These fields have defaults so that a payload of the version before (a queued report job, a
   * service not yet deployed) still parses.
   */
  outcome_rule: zOutcomeRule.default('simple_majority'),
  count_by: zCountBy.default('head'),
  /** an election (docs/ballots.md#elections): its seats and candidates with the results per candidate; null when the decision is not one */
  election: zElectionPayload.nullable().default(null),
  /** how many voters have voted */
  votes_cast: z.number().int(),
  /** a vote has been cast: the ballot kind can no longer change */
  ballot_locked: z.boolean(),
  /** a secret ballot whose voting has closed: GET /api/decisions/{id}/ballots answers its list */
  ballots_published: z.boolean(),
  talkingpoint_id: z.number().int().nullable(),
  talkingpoint_subpoint_id: z.number().int().nullable(),
  attachments: z.array(zAttachment),
  voters: z.array(zVoter),
  comments: z.array(zComment),
  is_fulfilled: z.boolean(),
  is_visible: zNum01,
  rownum: z.number().int(),
  created_at: zServerDate,
  updated_at: zServerDate,
  created_by: z.number().int().nullable(),
  /** DUE when the deadline is at or before now, else OPEN */
  state: z.enum(['DUE', 'OPEN']),
  voting_open: z.boolean(),
  /** why voting is closed (deadline, fulfilled, meeting_status, not_decisionable, not_voter) */
  voting_closed_reason: z.string().nullable(),
  can_vote: z.boolean(),
  can_vote_for_others: z.boolean(),
  my_vote: zVote.nullable(),
  /** by head: how many voters hold each value (a secret ballot: once final) */
  tallies: z.array(zTally),
  total_voters: z.number().int(),
  /** by weight: the weight that holds each value (`count` is a weight; shown when tallies are) */
  weight_tallies: z.array(zTally).default([]),
  /** the weight of all the voters */
  total_weight: z.number().int().default(0),
  /** the committee's quorum against the voters who voted (docs/product/votes.md#quorum-and-outcome), by head or by weight as `count_by` */
  quorum: zQuorumInfo,
  /** No quorum, Passed or Rejected under `outcome_rule` and `count_by` once voting has closed; null while it is open */
  outcome: zDecisionOutcome.nullable(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_end: z.boolean(),
  can_resume: z.boolean(),
  can_change_visibility: z.boolean(),
  can_comment: z.boolean(),
  can_add_attachments: z.boolean(),
  /** the resolution number YYYY/NNN per committee and year (docs/meeting.md#the-record-of-a-board); null for a decision made before numbering */
  resolution_number: z.string().nullable().default(null),
  /** who moved and who seconded the motion; null when not recorded */
  mover: zMotionPerson.nullable().default(null),
  seconder: zMotionPerson.nullable().default(null),
  /** the owner, a committee admin or the chair may record the mover and seconder now */
  can_set_motion: z.boolean().default(false),
  /** the caller declared a conflict of interest on this decision's agenda item: they cannot vote on it */
  my_conflict: z.boolean().default(false),
});
export type DecisionPayload = z.output<typeof zDecisionPayload>;

/** A decision without its lists (attachments, voters, comments): what a vote changes, at any board size. */
export const zDecisionSummary = zDecisionPayload.omit({ attachments: true, voters: true, comments: true });
export type DecisionSummary = z.output<typeof zDecisionSummary>;

/**
 * The answer to a vote: the decision's summary (tallies, my vote, what I may do now) and the voter row
 * that changed. Not the whole decision: when 400 members vote at once, 400 answers of 400 voters each
 * would be 160,000 rows on the wire for a dialog that shows one (docs/decisions.md).
 */
export const zVoteResult = zDecisionSummary.extend({
  voter: zVoter,
  /** a secret ballot: the voter's receipt, answered this once and kept nowhere with their name (docs/ballots.md) */
  receipt: zReceipt.nullable(),
});
export type VoteResult = z.output<typeof zVoteResult>;

/** GET /api/decisions/{id}/ballots: a closed secret ballot's (receipt, choice) list in canonical order and its SHA-256 */
export const zBallotList = z.object({
  decision_id: z.number().int(),
  count: z.number().int(),
  entries: z.array(zBallotEntry),
  /** SHA-256 (hex) of the canonical text: one line `<receipt> <choice>\n` per entry, sorted by receipt */
  hash: z.string(),
  algorithm: z.literal('sha256'),
  tallies: z.array(zTally),
});
export type BallotList = z.output<typeof zBallotList>;

export const zActionParticipant = zPerson.extend({
  status: zActionStatus,
  reason: z.string().nullable(),
  updated_at: zServerDate,
  can_change_status: z.boolean(),
});

export const zActionPayload = z.object({
  agenda_type: z.literal('action'),
  id: z.number().int(),
  meeting_id: z.number().int(),
  meeting: z.object({ id: z.number().int(), title: z.string(), start_date: zServerDate, meeting_status_id: z.number().int() }).nullable(),
  title: z.string(),
  description: z.string().nullable(),
  priority: zPriority,
  open_till: zServerDate,
  progress: z.number().int(),
  attachments: z.array(zAttachment),
  talkingpoint_id: z.number().int().nullable(),
  talkingpoint_subpoint_id: z.number().int().nullable(),
  participants: z.array(zActionParticipant),
  comments: z.array(zComment),
  rownum: z.number().int(),
  created_at: zServerDate,
  updated_at: zServerDate,
  /** overall state (docs/product/actions.md#overall-state) */
  status: zActionStatus,
  /** open_till has passed: no editing, no attachments, no status changes */
  locked: z.boolean(),
  group: zTrackerGroup,
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_change_status: z.boolean(),
  can_comment: z.boolean(),
  can_add_attachments: z.boolean(),
});
export type ActionPayload = z.output<typeof zActionPayload>;

export const zSubpointPayload = z.object({
  id: z.number().int(),
  sub_id: z.number().int(),
  subpoint_id: z.number().int(),
  meeting_talking_point_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  duration: z.number().int(),
  presenter: zPerson.nullable(),
  subpoint_viewers: z.array(zPerson),
  attachments: z.array(zAttachment),
  decision: z.array(zDecisionPayload),
  comments: z.array(zComment),
  rownum: z.number().int(),
});

export const zTalkingPointPayload = z.object({
  agenda_type: z.literal('talking_point'),
  id: z.number().int(),
  meeting_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  duration: z.number().int(),
  /** this item plus its sub-points */
  total_duration: z.number().int(),
  /**
   * when the item is planned to start (local time of the organization): the meeting's start plus the total durations of
   * the talking points before it in agenda order (issue 27; decisions and actions on the agenda take no time)
   */
  planned_start: zServerDate,
  /** files attached to the item and to its sub-points */
  files_count: z.number().int(),
  viewers: z.array(zPerson),
  presenters: z.array(zPerson),
  attachments: z.array(zAttachment),
  subpoints: z.array(zSubpointPayload),
  decisions: z.array(zDecisionPayload),
  actions: z.array(zActionPayload),
  comments: z.array(zComment),
  rownum: z.number().int(),
  mom_conclusion: z.string().nullable(),
  mom_active: z.boolean(),
  created_at: zServerDate,
  updated_at: zServerDate,
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_comment: z.boolean(),
  can_add_attachments: z.boolean(),
  /** conflicts of interest declared on this item (docs/meeting.md#the-record-of-a-board) */
  conflicts: z.array(zConflict).default([]),
  /** the caller may declare (or withdraw) their own conflict on this item now */
  can_declare_conflict: z.boolean().default(false),
});
export type TalkingPointPayload = z.output<typeof zTalkingPointPayload>;

export const zAgendaGroup = z.object({
  agenda_type: zAgendaType,
  agenda_type_id: z.number().int(),
  row_num: z.number().int(),
  data: z.array(z.union([zTalkingPointPayload, zDecisionPayload, zActionPayload])),
});
export type AgendaGroup = z.output<typeof zAgendaGroup>;

export const zActivity = z.object({
  id: z.number().int(),
  activity: z.string(),
  created_at: zServerDate,
  user: z.object({ id: z.number().int().nullable(), name: z.string().nullable(), image: z.string().nullable() }),
});

/** docs/product/meetings.md#permissions table plus the other docs/product/meetings.md#permissions rules, computed by the service for the actor. */
export const zMeetingPermissions = z.object({
  level: zPermissionLevel,
  /** statuses 1-3 */
  open: z.boolean(),
  isGuest: z.boolean(),
  editMeeting: z.boolean(),
  editButtons: z.boolean(),
  minutesEditButton: z.boolean(),
  editInMinutes: z.boolean(),
  addCommentsInMinutes: z.boolean(),
  userCanEdit: z.boolean(),
  changeStatus: z.boolean(),
  /** statuses the actor may move the meeting to now */
  allowedStatuses: z.array(z.number().int()),
  deleteMeeting: z.boolean(),
  copyMeeting: z.boolean(),
  manageParticipants: z.boolean(),
  reorderAgenda: z.boolean(),
  /** create buttons for agenda, resolutions and actions */
  createItems: z.boolean(),
  /** the create buttons first need at least one participant */
  needsMembers: z.boolean(),
  changeAttendance: z.boolean(),
  respondForOthers: z.boolean(),
  manageMinutes: z.boolean(),
  seeActivity: z.boolean(),
  seeNotes: z.boolean(),
  addNotes: z.boolean(),
  seeRecorder: z.boolean(),
  addAttachments: z.boolean(),
  comment: z.boolean(),
  rate: z.boolean(),
  joinVirtual: z.boolean(),
  /** the NDA modal must be shown */
  acceptNda: z.boolean(),
  seeHiddenDecisions: z.boolean(),
  /** the tender variant's allow-voting switch (decisionable) and tender number on decisions */
  allowVotingSwitch: z.boolean(),
});
export type MeetingPermissions = z.output<typeof zMeetingPermissions>;

const zMeetingCore = {
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  committee_id: z.number().int(),
  committee: z.object({ id: z.number().int(), name: z.string(), status: z.string() }).nullable(),
  owner_id: z.number().int(),
  owner: z.object({ id: z.number().int(), name: z.string().nullable(), image: z.string().nullable() }),
  status: zMeetingStatusInfo,
  meeting_status_id: z.number().int(),
  status_reason: z.string().nullable(),
  start_date: zServerDate,
  end_date: zServerDate.nullable(),
  duration: z.number().int().nullable(),
  location: z.string().nullable(),
  virtual: zNum01,
  virtual_type: zVirtualType.nullable(),
  attendance_status: zAttendance.nullable(),
  created_at: zServerDate,
  updated_at: zServerDate,
};

export const zMeetingSummary = z.object({
  ...zMeetingCore,
  members_count: z.number().int(),
  /** the actor's relation: Organizer (owner), Editor, Participate, Admin */
  role: z.enum(['Organizer', 'Editor', 'Participate', 'Admin']),
  permissions: zMeetingPermissions,
});
export type MeetingSummary = z.output<typeof zMeetingSummary>;

export const zOnlineData = z.object({
  online_data: z.object({ meeting_id: z.string(), start_url: z.string().nullable(), join_url: z.string().nullable() }),
});

export const zMeetingDetails = z.object({
  ...zMeetingCore,
  admins: z.array(z.object({ id: z.number().int(), pivot: z.object({ user_id: z.number().int() }) })),
  members: z.array(zMemberPayload),
  guest_member: z.array(zMemberPayload),
  agendas: z.array(zAgendaGroup),
  archived_decisions: z.array(zDecisionPayload),
  activities: z.array(zActivity),
  note: z.string().nullable(),
  total_duration: z.number().int(),
  zoom: z.array(zOnlineData),
  ijmeet: z.array(zOnlineData),
  nda: zNum01,
  nda_required: z.boolean(),
  nda_accepted: z.boolean(),
  mom: zNum01,
  mom_settings: zNum01,
  mom_conclusion: z.string().nullable(),
  mom_versions: z.array(z.object({ file_url: z.string(), updated_at: zServerDate })),
  can_commit: z.boolean(),
  summary: z.string().nullable(),
  comments: z.array(zComment),
  agenda_merged_file: z.string().nullable(),
  number_of_files_merged: z.number().int(),
  recordsummarize: z.array(z.object({ id: z.number().int(), summary: z.string(), created_at: zServerDate })),
  current_member: zMemberPayload.nullable(),
  /** the attendance answers of this variant (Delegate and Other replace Not going and Maybe in moe/tender) */
  attendance_options: z.array(zAttendance),
  /** the vote values with this variant's wording */
  vote_options: z.array(z.object({ value: zVote, label: z.string() })),
  variant: z.enum(['default', 'moe', 'tender']),
  time_zone: z.string(),
  my_rating: z.object({ rating: z.number().int(), comment: z.string() }).nullable(),
  permissions: zMeetingPermissions,
  /** members marked Going, or represented by a member marked Going, against the committee's quorum (docs/product/votes.md#quorum-and-outcome) */
  attendance_quorum: zQuorumInfo,
  /** who represents whom (docs/meeting.md#proxies): the list GET /api/meetings/{id}/proxies answers */
  proxies: zProxyList,
  /** Start meeting / End meeting (issue 27): when it went Live and when it ended from the chair (local time), else null */
  started_at: zServerDate.nullable(),
  ended_at: zServerDate.nullable(),
  /** Publish the agenda (issue 27): when it was last published (local time), null before; how many times (0: never; above 1, an update) */
  agenda_published_at: zServerDate.nullable(),
  agenda_edition: z.number().int(),
  /** the roll call and its quorum; once taken, `attendance_quorum` is the roll call's */
  roll_call: zRollCall,
  /** what the caller may do from the chair now */
  chair_controls: zChairControls,
});
export type MeetingDetails = z.output<typeof zMeetingDetails>;

export const zMeetingPage = z.object({ items: z.array(zMeetingSummary), meta: zPageMeta });

export const zAnalytics = z.object({
  meeting_id: z.number().int(),
  members: z.object({ total: z.number().int(), guests: z.number().int() }),
  attendance: z.array(z.object({ status: zAttendance, count: z.number().int(), percentage: z.number() })),
  agenda: z.object({ talking_points: z.number().int(), subpoints: z.number().int(), decisions: z.number().int(), actions: z.number().int(), total_duration: z.number().int(), duration: z.number().int().nullable() }),
  decisions: z.array(z.object({ id: z.number().int(), title: z.string(), state: z.enum(['DUE', 'OPEN']), is_fulfilled: z.boolean(), tallies: z.array(zTally), total_voters: z.number().int() })),
  votes: z.array(zTally),
  actions: z.array(z.object({ status: zActionStatus, count: z.number().int(), percentage: z.number() })),
  comments: z.number().int(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int(), distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })) }),
  my_rating: z.object({ rating: z.number().int(), comment: z.string() }).nullable(),
});

export const zTracker = z.object({
  not_started: z.array(zActionPayload),
  on_going: z.array(zActionPayload),
  completed: z.array(zActionPayload),
  overdue: z.array(zActionPayload),
  counts: z.object({ not_started: z.number().int(), on_going: z.number().int(), completed: z.number().int(), overdue: z.number().int() }),
});

export const zCalendarEntry = z.object({
  id: z.number().int(),
  title: z.string(),
  start_date: zServerDate,
  end_date: zServerDate.nullable(),
  duration: z.number().int().nullable(),
  location: z.string().nullable(),
  virtual: zNum01,
  status: zMeetingStatusInfo,
  meeting_status_id: z.number().int(),
  committee: z.object({ id: z.number().int(), name: z.string(), status: z.string() }).nullable(),
});

const zHomeItem = z.object({
  id: z.number().int(),
  title: z.string(),
  meeting_id: z.number().int().nullable(),
  meeting_title: z.string().nullable(),
  date: zServerDate.nullable(),
  status: z.string().nullable(),
});

export const zHome = z.object({
  ongoing: z.array(zCalendarEntry),
  pending: z.array(zCalendarEntry),
  draft: z.array(zCalendarEntry),
  my_agenda: z.object({ agenda: z.array(zHomeItem), decisions: z.array(zHomeItem), actions: z.array(zHomeItem) }),
  upcoming: z.array(zCalendarEntry),
});

export const zParticipantLink = z.object({ name: z.string(), participant_id: z.string(), participant_url: z.string(), provider: zVirtualType });
