import { sql } from 'drizzle-orm';
import type { Lang, StoredElection } from '@app/contracts';
import { bigint, boolean, index, integer, jsonb, pgSchema, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * The meeting service's schema. Every table carries `org_id` (row-level security from
 * migrateService/ensureTenantRls); ids are identities; user ids point at the organization service's
 * users (no foreign key across services); guests are rows with a user_email and no user_id.
 */
export const meetingSchema = pgSchema('meeting');

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const orgId = () => uuid('org_id').notNull();

export const meetings = meetingSchema.table(
  'meetings',
  {
    id: id(),
    orgId: orgId(),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description'),
    committeeId: ref('committee_id').notNull(),
    ownerId: ref('owner_id').notNull(),
    statusId: smallint('status_id').notNull().default(1),
    statusReason: text('status_reason'),
    startAt: ts('start_at').notNull(),
    /** minutes; null when not given */
    duration: integer('duration'),
    location: varchar('location', { length: 255 }),
    virtual: boolean('virtual').notNull().default(false),
    virtualType: varchar('virtual_type', { length: 16 }),
    /** minutes module flags (the minutes service owns their content) */
    mom: boolean('mom').notNull().default(false),
    momSettings: boolean('mom_settings').notNull().default(false),
    copiedFrom: ref('copied_from'),
    /** Start meeting / End meeting (issue 27): when the meeting went Live and when it ended (Archived) from the chair */
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    /** when the roll call's quorum was last reached (rules: nextReachedAt); null while it is not met */
    quorumReachedAt: ts('quorum_reached_at'),
    /** Publish the agenda (issue 27): when it was last published and how many times (above 1: an update) */
    agendaPublishedAt: ts('agenda_published_at'),
    agendaEdition: integer('agenda_edition').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('meetings_org_start_idx').on(t.orgId, t.startAt),
    index('meetings_org_owner_idx').on(t.orgId, t.ownerId),
    index('meetings_org_committee_idx').on(t.orgId, t.committeeId),
  ],
);

export const members = meetingSchema.table(
  'members',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
    userId: ref('user_id'),
    /** guests: lower-cased e-mail */
    userEmail: varchar('user_email', { length: 255 }),
    guestName: varchar('guest_name', { length: 255 }),
    guestTitle: varchar('guest_title', { length: 255 }),
    /**
     * a guest's language for the e-mails sent later with no request behind them (reminders, the published agenda): the
     * language of the request that invited them (a new link sets it again); 'en' for users' rows, which use the directory's
     */
    guestLang: varchar('guest_lang', { length: 2 }).$type<Lang>().notNull().default('en'),
    organizationGuest: boolean('organization_guest').notNull().default(false),
    /** Viewer or Editor (Editor = can_edit) */
    role: varchar('role', { length: 16 }).notNull().default('Viewer'),
    /** 1 Chairman, 2 CEO, 3 Secretary, 4 Member */
    memberType: smallint('member_type'),
    isOwner: boolean('is_owner').notNull().default(false),
    attendance: varchar('attendance', { length: 16 }).notNull().default('Pending'),
    attendanceReason: text('attendance_reason'),
    /** sha256 of a guest's link token (the token itself is only sent in the invitation) */
    tokenHash: varchar('token_hash', { length: 64 }),
    /** when the guest's link token was issued: it works GUEST_LINK_DAYS from then (docs/security.md) */
    tokenIssuedAt: ts('token_issued_at'),
    /** a guest's link: an expiry set by the owner or an administrator (replaces GUEST_LINK_DAYS), and its revocation */
    guestExpiresAt: ts('guest_expires_at'),
    guestRevokedAt: ts('guest_revoked_at'),
    ndaAcceptedAt: ts('nda_accepted_at'),
    /** the meeting's chair or secretary (one each: the partial unique index), null for everyone else */
    meetingRole: varchar('meeting_role', { length: 16 }),
    /** the roll call: present, remote, absent or excused (null: not marked), when and by whom */
    rollCall: varchar('roll_call', { length: 16 }),
    rollCallAt: ts('roll_call_at'),
    rollCallBy: ref('roll_call_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_meeting_role_uq').on(t.orgId, t.meetingId, t.meetingRole).where(sql`meeting_role IS NOT NULL`),
    uniqueIndex('members_meeting_user_uq').on(t.orgId, t.meetingId, t.userId),
    uniqueIndex('members_meeting_email_uq').on(t.orgId, t.meetingId, t.userEmail),
    uniqueIndex('members_token_uq').on(t.tokenHash),
    index('members_org_user_idx').on(t.orgId, t.userId),
  ],
);

/**
 * Proxies (issue 28, docs/meeting.md#proxies): a member who gives theirs to another member of the same meeting, for
 * that meeting only. Rows name the two member rows, so removing either member removes the proxy. One given per
 * member (the unique index); how many one member may hold, no chains and not to oneself are rules/proxy.ts.
 */
export const proxies = meetingSchema.table(
  'proxies',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
    fromMemberId: ref('from_member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    toMemberId: ref('to_member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    /** who recorded it: the giver, or the meeting's owner or an organization admin for them */
    createdBy: ref('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proxies_meeting_from_uq').on(t.orgId, t.meetingId, t.fromMemberId),
    index('proxies_meeting_to_idx').on(t.orgId, t.meetingId, t.toMemberId),
  ],
);
export type ProxyRow = typeof proxies.$inferSelect;

export const talkingPoints = meetingSchema.table(
  'talking_points',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description'),
    duration: integer('duration').notNull().default(60),
    rowNum: integer('row_num').notNull().default(0),
    momConclusion: text('mom_conclusion'),
    momActive: boolean('mom_active').notNull().default(true),
    createdBy: ref('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('talking_points_meeting_idx').on(t.orgId, t.meetingId)],
);

export const subpoints = meetingSchema.table(
  'subpoints',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
    talkingPointId: ref('talking_point_id').notNull().references(() => talkingPoints.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description'),
    duration: integer('duration').notNull().default(0),
    rowNum: integer('row_num').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subpoints_tp_idx').on(t.orgId, t.talkingPointId)],
);

/** viewers and presenters of talking points, presenter and viewers of sub-points */
export const itemPeople = meetingSchema.table(
  'item_people',
  {
    id: id(),
    orgId: orgId(),
    talkingPointId: ref('talking_point_id').references(() => talkingPoints.id, { onDelete: 'cascade' }),
    subpointId: ref('subpoint_id').references(() => subpoints.id, { onDelete: 'cascade' }),
    /** viewer | presenter */
    role: varchar('role', { length: 16 }).notNull(),
    userId: ref('user_id'),
    userEmail: varchar('user_email', { length: 255 }),
  },
  (t) => [index('item_people_tp_idx').on(t.orgId, t.talkingPointId), index('item_people_sp_idx').on(t.orgId, t.subpointId), index('item_people_user_idx').on(t.orgId, t.userId)],
);

export const decisions = meetingSchema.table(
  'decisions',
  {
    id: id(),
    orgId: orgId(),
    /** null for a standalone (committee-level) resolution */
    meetingId: ref('meeting_id').references(() => meetings.id, { onDelete: 'cascade' }),
    committeeId: ref('committee_id').notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description'),
    deadline: ts('deadline').notNull(),
    decisionable: boolean('decisionable').notNull().default(true),
    tenderNumber: varchar('tender_number', { length: 100 }),
    /** 'open' or 'secret' (docs/ballots.md); locked once a vote is cast */
    ballot: varchar('ballot', { length: 8 }).notNull().default('open'),
    /** the outcome rule and how votes are counted (docs/ballots.md#weights-and-outcome-rules); locked once a vote is cast */
    outcomeRule: varchar('outcome_rule', { length: 24 }).notNull().default('simple_majority'),
    countBy: varchar('count_by', { length: 8 }).notNull().default('head'),
    /** an election (docs/ballots.md#elections): seats and candidates (numbered 1..n); null when not one; locked once a vote is cast */
    election: jsonb('election').$type<StoredElection>(),
    talkingPointId: ref('talking_point_id').references(() => talkingPoints.id, { onDelete: 'set null' }),
    subpointId: ref('subpoint_id').references(() => subpoints.id, { onDelete: 'set null' }),
    isFulfilled: boolean('is_fulfilled').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    rowNum: integer('row_num').notNull().default(0),
    /** the resolution number YYYY/NNN per committee and year, allocated when the decision is created (docs/decisions.md); null for a decision made before numbering */
    resolutionYear: integer('resolution_year'),
    resolutionSeq: integer('resolution_seq'),
    /** who moved and who seconded the motion (users who are members of the meeting), set by the chair or the owner */
    moverUserId: ref('mover_user_id'),
    seconderUserId: ref('seconder_user_id'),
    createdBy: ref('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('decisions_meeting_idx').on(t.orgId, t.meetingId), index('decisions_committee_idx').on(t.orgId, t.committeeId),
    uniqueIndex('decisions_resolution_number_uq').on(t.orgId, t.committeeId, t.resolutionYear, t.resolutionSeq),
  ],
);

/** the last resolution number given per committee and year: one row, locked by the upsert that takes the next number */
export const resolutionCounters = meetingSchema.table(
  'resolution_counters',
  {
    orgId: orgId(),
    committeeId: ref('committee_id').notNull(),
    year: integer('year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.committeeId, t.year] })],
);

/** a conflict of interest a member declares on an agenda item: they cannot vote on its decisions; printed in the minutes */
export const conflicts = meetingSchema.table(
  'conflicts',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
    talkingPointId: ref('talking_point_id').notNull().references(() => talkingPoints.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull(),
    note: text('note'),
    declaredAt: ts('declared_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conflicts_item_user_uq').on(t.orgId, t.talkingPointId, t.userId), index('conflicts_meeting_idx').on(t.orgId, t.meetingId)],
);
export type ConflictRow = typeof conflicts.$inferSelect;

/** voters and their votes: one row per (decision, voter); a vote is an upsert on that key */
export const voters = meetingSchema.table(
  'voters',
  {
    id: id(),
    orgId: orgId(),
    decisionId: ref('decision_id').notNull().references(() => decisions.id, { onDelete: 'cascade' }),
    /** 'u:<user id>' or 'e:<e-mail>' */
    voterKey: varchar('voter_key', { length: 300 }).notNull(),
    userId: ref('user_id'),
    userEmail: varchar('user_email', { length: 255 }),
    vote: varchar('vote', { length: 16 }).notNull().default('Pending'),
    reason: text('reason'),
    /** an administrator who voted on this voter's behalf */
    votedBy: ref('voted_by'),
    /** the voter has voted (a secret ballot keeps `vote` Pending and the choice in secret_ballots, apart) */
    hasVoted: boolean('has_voted').notNull().default(false),
    /** the voter's weight in the decision's committee, taken when the voters are set, fixed from the first vote */
    weight: integer('weight').notNull().default(1),
    /** an open election: the numbers of the candidates chosen (null until the voter votes; never in a secret one) */
    choices: integer('choices').array(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('voters_decision_voter_uq').on(t.orgId, t.decisionId, t.voterKey), index('voters_user_idx').on(t.orgId, t.userId)],
);

/**
 * The choices of secret ballots (docs/ballots.md#what-is-stored): a random receipt and a choice, nothing else. No
 * voter, no id of a sequence, no time: nothing to join with `voters`. Each vote rewrites the decision's rows in a
 * random order (SecretBallotsRepository.cast), so neither the rows' physical order nor their transaction ids follow
 * the order of the votes.
 */
export const secretBallots = meetingSchema.table(
  'secret_ballots',
  {
    orgId: orgId(),
    decisionId: ref('decision_id').notNull().references(() => decisions.id, { onDelete: 'cascade' }),
    /** 160 random bits in base32 (32 characters) */
    receipt: varchar('receipt', { length: 32 }).notNull(),
    /** a vote value, or an election's chosen candidate numbers ('1,3', '-' for none: electionChoiceText) */
    choice: varchar('choice', { length: 400 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.decisionId, t.receipt] })],
);
export type SecretBallotRow = typeof secretBallots.$inferSelect;

/**
 * The weight of each choice of a secret ballot (docs/ballots.md#weights-in-a-secret-ballot): one total per
 * (decision, choice), added to by each vote. No weight is kept per ballot row: a weight that only one voter holds
 * would join that voter's row in `voters` to their line in `secret_ballots`.
 */
export const secretWeights = meetingSchema.table(
  'secret_weights',
  {
    orgId: orgId(),
    decisionId: ref('decision_id').notNull().references(() => decisions.id, { onDelete: 'cascade' }),
    choice: varchar('choice', { length: 16 }).notNull(),
    weight: bigint('weight', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.decisionId, t.choice] })],
);

export const actions = meetingSchema.table(
  'actions',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    description: text('description'),
    priority: varchar('priority', { length: 16 }).notNull().default('Low'),
    openTill: ts('open_till').notNull(),
    progress: integer('progress').notNull().default(0),
    talkingPointId: ref('talking_point_id').references(() => talkingPoints.id, { onDelete: 'set null' }),
    subpointId: ref('subpoint_id').references(() => subpoints.id, { onDelete: 'set null' }),
    rowNum: integer('row_num').notNull().default(0),
    createdBy: ref('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('actions_meeting_idx').on(t.orgId, t.meetingId)],
);

export const actionParticipants = meetingSchema.table(
  'action_participants',
  {
    id: id(),
    orgId: orgId(),
    actionId: ref('action_id').notNull().references(() => actions.id, { onDelete: 'cascade' }),
    participantKey: varchar('participant_key', { length: 300 }).notNull(),
    userId: ref('user_id'),
    userEmail: varchar('user_email', { length: 255 }),
    status: varchar('status', { length: 16 }).notNull().default('In Progress'),
    reason: text('reason'),
    /** set on the first status change (tracker: not started vs on going) */
    statusChangedAt: ts('status_changed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('action_participants_uq').on(t.orgId, t.actionId, t.participantKey), index('action_participants_user_idx').on(t.orgId, t.userId)],
);

/** library files attached to an item (exactly one of the item columns is set) */
export const attachments = meetingSchema.table(
  'attachments',
  {
    id: id(),
    orgId: orgId(),
    talkingPointId: ref('talking_point_id').references(() => talkingPoints.id, { onDelete: 'cascade' }),
    subpointId: ref('subpoint_id').references(() => subpoints.id, { onDelete: 'cascade' }),
    decisionId: ref('decision_id').references(() => decisions.id, { onDelete: 'cascade' }),
    actionId: ref('action_id').references(() => actions.id, { onDelete: 'cascade' }),
    libraryId: ref('library_id').notNull(),
    createdBy: ref('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('attachments_library_idx').on(t.orgId, t.libraryId)],
);

export const comments = meetingSchema.table(
  'comments',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').references(() => meetings.id, { onDelete: 'cascade' }),
    talkingPointId: ref('talking_point_id').references(() => talkingPoints.id, { onDelete: 'cascade' }),
    subpointId: ref('subpoint_id').references(() => subpoints.id, { onDelete: 'cascade' }),
    decisionId: ref('decision_id').references(() => decisions.id, { onDelete: 'cascade' }),
    actionId: ref('action_id').references(() => actions.id, { onDelete: 'cascade' }),
    userId: ref('user_id'),
    userEmail: varchar('user_email', { length: 255 }),
    userName: varchar('user_name', { length: 255 }),
    comment: text('comment').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('comments_meeting_idx').on(t.orgId, t.meetingId)],
);

/** a user's private note on a meeting (rich text as a JSON string) */
export const notes = meetingSchema.table(
  'notes',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull(),
    note: text('note').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notes_meeting_user_uq').on(t.orgId, t.meetingId, t.userId)],
);

/** an entry for every change of a meeting or a standalone resolution */
export const activities = meetingSchema.table(
  'activities',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').references(() => meetings.id, { onDelete: 'cascade' }),
    decisionId: ref('decision_id').references(() => decisions.id, { onDelete: 'cascade' }),
    userId: ref('user_id'),
    userName: varchar('user_name', { length: 255 }),
    activity: text('activity').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('activities_meeting_idx').on(t.orgId, t.meetingId, t.id), index('activities_decision_idx').on(t.orgId, t.decisionId)],
);

export const ratings = meetingSchema.table(
  'ratings',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ratings_meeting_user_uq').on(t.orgId, t.meetingId, t.userId)],
);

/** the provider's session of a virtual meeting (created on the first join) */
export const virtualSessions = meetingSchema.table(
  'virtual_sessions',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    externalId: varchar('external_id', { length: 255 }).notNull(),
    startUrl: text('start_url'),
    joinUrl: text('join_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('virtual_sessions_meeting_uq').on(t.orgId, t.meetingId)],
);

/** summaries of voice-note recordings of a meeting (the recorder card; the summarizer is outside) */
export const recordSummaries = meetingSchema.table(
  'record_summaries',
  {
    id: id(),
    orgId: orgId(),
    meetingId: ref('meeting_id').notNull().references(() => meetings.id, { onDelete: 'cascade' }),
    summary: text('summary').notNull(),
    createdBy: ref('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('record_summaries_meeting_idx').on(t.orgId, t.meetingId, t.id)],
);

/**
 * Each user's private calendar feed (docs/product/meetings.md#calendar-feed): the token's SHA-256 finds the feed,
 * the token itself is kept sealed (OUTBOX_KEY) so the integrations page can show the address again.
 */
export const calendarFeeds = meetingSchema.table(
  'calendar_feeds',
  {
    id: id(),
    orgId: orgId(),
    userId: ref('user_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    tokenSealed: text('token_sealed').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_user_uq').on(t.orgId, t.userId), uniqueIndex('calendar_feeds_token_uq').on(t.orgId, t.tokenHash)],
);

/**
 * Each organization's video-room secret (ijmeet room keys and links are an HMAC under it): 32 random bytes made at
 * first use, kept sealed with SecretBox under AUTH_SECRET (bound to the organization); never stored or logged in plain.
 */
export const roomSecrets = meetingSchema.table('room_secrets', {
  orgId: orgId().primaryKey(),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Evaluations and questionnaires (docs/evaluations.md). A questionnaire is built once and sent in rounds; a round
 * keeps the questions as sent (a snapshot), the committee's members at that moment (`evaluation_recipients`: who has
 * answered, and when) and the answers. The answers of an anonymous round are in `evaluation_anonymous_answers`:
 * no user, no id of a sequence, no time, no default, rewritten in a random order by every answer
 * (EvaluationsRepository.answerAnonymously), so nothing joins a recipient to a sheet. A named round's answers carry
 * their author (`evaluation_named_answers`).
 */
export const questionnaires = meetingSchema.table(
  'questionnaires',
  {
    id: id(),
    orgId: orgId(),
    title: jsonb('title').notNull(),
    description: jsonb('description'),
    anonymous: boolean('anonymous').notNull(),
    sections: jsonb('sections').notNull(),
    createdBy: ref('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('questionnaires_org_idx').on(t.orgId, t.id)],
);

export const evaluationRounds = meetingSchema.table(
  'evaluation_rounds',
  {
    id: id(),
    orgId: orgId(),
    questionnaireId: ref('questionnaire_id').notNull().references(() => questionnaires.id, { onDelete: 'cascade' }),
    committeeId: ref('committee_id').notNull(),
    committeeName: varchar('committee_name', { length: 255 }).notNull(),
    anonymous: boolean('anonymous').notNull(),
    title: jsonb('title').notNull(),
    description: jsonb('description'),
    sections: jsonb('sections').notNull(),
    deadline: ts('deadline').notNull(),
    sentBy: ref('sent_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** closed by a manager before its deadline (docs/evaluations.md#closing-a-round-early); null while it runs to the deadline */
    closedAt: ts('closed_at'),
    closedBy: ref('closed_by'),
    /** the reminders chosen when it was sent, minutes before the deadline, largest first (docs/evaluations.md#reminders);
     *  null for rounds sent before the choice existed */
    reminderMinutes: integer('reminder_minutes').array(),
  },
  (t) => [index('evaluation_rounds_questionnaire_idx').on(t.orgId, t.questionnaireId, t.id)],
);

/** the members a round was sent to, and whether (when) each has answered: never what */
export const evaluationRecipients = meetingSchema.table(
  'evaluation_recipients',
  {
    orgId: orgId(),
    roundId: ref('round_id').notNull().references(() => evaluationRounds.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull(),
    answeredAt: ts('answered_at'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.roundId, t.userId] }), index('evaluation_recipients_user_idx').on(t.orgId, t.userId)],
);

/** a named round's answers, each with its member */
export const evaluationNamedAnswers = meetingSchema.table(
  'evaluation_named_answers',
  {
    orgId: orgId(),
    roundId: ref('round_id').notNull().references(() => evaluationRounds.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull(),
    answers: jsonb('answers').notNull(),
    answeredAt: ts('answered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.roundId, t.userId] })],
);

/** an anonymous round's answer sheets: the round and the answers, nothing else (see above) */
export const evaluationAnonymousAnswers = meetingSchema.table(
  'evaluation_anonymous_answers',
  {
    orgId: orgId(),
    roundId: ref('round_id').notNull().references(() => evaluationRounds.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').notNull(),
  },
  (t) => [index('evaluation_anonymous_answers_round_idx').on(t.orgId, t.roundId)],
);

export const schema = {
  calendarFeeds, roomSecrets,
  questionnaires, evaluationRounds, evaluationRecipients, evaluationNamedAnswers, evaluationAnonymousAnswers,
  meetings, members, proxies, talkingPoints, subpoints, itemPeople, decisions, resolutionCounters, conflicts, voters, actions, actionParticipants, attachments, comments, notes,
  activities, ratings, virtualSessions, recordSummaries,
};
export type MeetingRow = typeof meetings.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type TalkingPointRow = typeof talkingPoints.$inferSelect;
export type SubpointRow = typeof subpoints.$inferSelect;
export type ItemPersonRow = typeof itemPeople.$inferSelect;
export type DecisionRow = typeof decisions.$inferSelect;
export type VoterRow = typeof voters.$inferSelect;
export type ActionRow = typeof actions.$inferSelect;
export type ActionParticipantRow = typeof actionParticipants.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;

void sql;
