import { z } from 'zod';
import { numeric } from '../core/common';
import { MEETING_ITEM_KINDS } from '../core/paths';

/** Meeting status ids (docs/product/meetings.md#statuses). 1, 2, 3 are open for editing; 4 and 5 lock everything. */
export const MeetingStatus = { Draft: 1, Scheduled: 2, Live: 3, Cancelled: 4, Archived: 5 } as const;
export type MeetingStatusId = (typeof MeetingStatus)[keyof typeof MeetingStatus];
export const MEETING_STATUS_IDS: readonly MeetingStatusId[] = [1, 2, 3, 4, 5];
export const zMeetingStatusId = numeric(z.number().int()).refine((n) => n >= 1 && n <= 5, 'The selected value is invalid.').transform((n) => n as MeetingStatusId);

export const MEETING_STATUS_INFO: Record<MeetingStatusId, { name: string; color: string; bgcolor: string }> = {
  1: { name: 'Draft', color: '#4b5563', bgcolor: '#f3f4f6' }, // 6.9:1 (#6b7280 read at 4.39:1, issue 25)
  2: { name: 'Scheduled', color: '#1d4ed8', bgcolor: '#dbeafe' },
  3: { name: 'Live', color: '#047857', bgcolor: '#d1fae5' },
  4: { name: 'Cancelled', color: '#b91c1c', bgcolor: '#fee2e2' },
  5: { name: 'Archived', color: '#374151', bgcolor: '#e5e7eb' },
};

/** Attendance (docs/product/meetings.md#participants-and-attendance): the ministry variant offers Delegate and Other instead of Not going and Maybe. */
export const ATTENDANCE_VALUES = ['Going', 'Pending', 'Not going', 'Maybe', 'Delegate', 'Other'] as const;
export const zAttendance = z.enum(ATTENDANCE_VALUES);
export type Attendance = z.output<typeof zAttendance>;

/** Votes (docs/product/votes.md#vote-values). */
export const VOTE_VALUES = ['Approved', 'Denied', 'Abstained', 'Pending', 'Others'] as const;
export const zVote = z.enum(VOTE_VALUES);
export type Vote = z.output<typeof zVote>;

/** Action participant status and the overall action state. */
export const ACTION_STATUS_VALUES = ['In Progress', 'Complete', 'Not Complete'] as const;
export const zActionStatus = z.enum(ACTION_STATUS_VALUES);
export type ActionStatus = z.output<typeof zActionStatus>;

export const PRIORITY_VALUES = ['High', 'Normal', 'Low'] as const;
export const zPriority = z.enum(PRIORITY_VALUES);
export type Priority = z.output<typeof zPriority>;

/** Action tracker groups (docs/product/actions.md#action-tracker). */
export const TRACKER_GROUPS = ['not_started', 'on_going', 'completed', 'overdue'] as const;
export const zTrackerGroup = z.enum(TRACKER_GROUPS);
export type TrackerGroup = z.output<typeof zTrackerGroup>;

/** Meeting member role when adding (Viewer or Editor = can_edit) and member types 1..4. */
export const MEMBER_ROLES = ['Viewer', 'Editor'] as const;
export const zMemberRole = z.enum(MEMBER_ROLES);
export type MemberRole = z.output<typeof zMemberRole>;
export const MEMBER_TYPES = { 1: 'Chairman', 2: 'CEO', 3: 'Secretary', 4: 'Member' } as const;
export type MemberType = keyof typeof MEMBER_TYPES;

export const VIRTUAL_TYPES = ['ijmeet', 'zoom'] as const;
export const zVirtualType = z.enum(VIRTUAL_TYPES);
export type VirtualType = z.output<typeof zVirtualType>;

/** Permission level for a meeting, strongest first (docs/product/meetings.md#permissions). */
export const PERMISSION_LEVELS = ['owner', 'committee_admin', 'editor', 'participant', 'none'] as const;
export const zPermissionLevel = z.enum(PERMISSION_LEVELS);
export type PermissionLevel = z.output<typeof zPermissionLevel>;

/** Agenda entry types (PUT /meetings/{id}/order and the agenda groups); the kinds a link to an item names (core/paths.ts). */
export const AGENDA_TYPES = MEETING_ITEM_KINDS;
export const zAgendaType = z.enum(AGENDA_TYPES);
export type AgendaType = z.output<typeof zAgendaType>;

/** What can be commented on: POST /{kind}/{id}/comment. */
export const COMMENT_KINDS = ['talkingpoints', 'subpoints', 'decisions', 'actions'] as const;
export const zCommentKind = z.enum(COMMENT_KINDS);
export type CommentKind = z.output<typeof zCommentKind>;

/** What can carry library attachments: POST /{kind}/{id}/attachment. */
export const ATTACHMENT_KINDS = ['talkingpoints', 'subpoints', 'decisions', 'actions'] as const;
export const zAttachmentKind = z.enum(ATTACHMENT_KINDS);
export type AttachmentKind = z.output<typeof zAttachmentKind>;

/** Virtual meetings of meetings starting on or before this day cannot be joined ('deadline_passed'). */
export const VIRTUAL_JOIN_CUTOFF = '2024-07-20';

/** Messages of docs/product/meetings.md that the server sends (English keys; ar/ru in meeting.messages.ts). */
export const MM = {
  durationPositive: 'duration must be > 0',
  durationSteps: 'duration must be in steps of 15 minutes',
  startSteps: 'The start date must be in steps of 15 minutes.',
  itemDuration: 'duration must be less than or equal meeting duration',
  incorrectDate: 'Incorrect date',
  afterStart: 'Date and time must be after start time {datetime}',
  dateFormat: 'The date must be in the format YYYY-MM-DD hh:mm A.',
  guestEmail: 'Organization.user.add.email.pattern',
  noteRequired: 'The note field is required.',
  commentRequired: 'The comment field is required.',
  ratingRequired: 'The rating field is required.',
  deadlinePassed: 'deadline_passed',
  deadlinePassedText: 'Deadline passed, you cannot join the meeting',
  statusReasonRequired: 'The status reason field is required.',
  reasonRequired: 'The reason field is required.',
  summaryEmpty: 'Summary cannot be empty',
  summarySaved: 'Summary saved successfully!',
  ballotLocked: 'The ballot cannot change once a vote is cast.',
  secretVotedOnce: 'You have already voted in this secret ballot; a secret vote cannot be changed.',
  secretOwnVote: 'In a secret ballot each voter votes for themselves.',
  secretNoPending: 'Choose a vote: Pending is not a choice in a secret ballot.',
  secretVoterVoted: 'A voter who has voted in a secret ballot cannot be removed.',
  secretNoComments: 'Comments are off on a secret ballot.',
  notSecretBallot: 'This decision is not a secret ballot.',
  ballotsNotYet: 'The ballots are published when voting closes.',
  secretNoReopen: 'A closed secret ballot with votes in it cannot open again.',
  outcomeRuleLocked: 'The outcome rule cannot change once a vote is cast.',
  countByLocked: 'How votes are counted cannot change once a vote is cast.',
  proxyNotMember: 'Choose a member of this meeting.',
  guestLinkGuest: 'Choose a guest of this meeting.',
  guestLinkFuture: 'The link must expire in the future.',
  proxySelf: 'A member cannot give their proxy to themselves.',
  proxyGivenAlready: 'This member has already given a proxy for this meeting.',
  proxyNoChains: 'A member who holds a proxy cannot pass it on.',
  proxyHolderGave: 'A member who has given their proxy cannot hold one.',
  proxyHolderFull: 'This member already holds as many proxies as allowed.',
  proxyStarted: 'The meeting has started: proxies can no longer be given or revoked.',
  chairNotSecretary: 'The chair and the secretary must be two different people.',
  rollCallLive: 'The roll call is taken while the meeting is live.',
  conflictNoVote: 'A conflict of interest is declared on this item for this voter: they cannot vote on its decisions.',
  moverNotSeconder: 'The mover and the seconder must be two different people.',
  conflictNotMember: 'Only a member of this meeting can declare a conflict of interest on its items.',
  agendaEmpty: 'Add a talking point to the agenda before publishing it.',
} as const;
