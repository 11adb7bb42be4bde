import { z } from 'zod';
import { M, req } from '../core/validation';
import { decimalToNumber, numeric, zId, zPageQuery } from '../core/common';
import { formatLocal, parseLocalDateTime, parseMonth } from '../core/dates';
import {
  MM, zActionStatus, zAgendaType, zAttendance, zMeetingStatusId, zMemberRole, zPriority, zVirtualType, zVote,
} from './meeting.constants';
import { zBallot } from './ballots';
import { zCountBy, zOutcomeRule } from './outcome';
import { EM, MAX_CANDIDATES, zElectionBody } from './election';
import { voteNeedsReason } from './vote.rules';

/**
 * HTTP bodies and queries of docs/product/meetings.md#api, with the field names the web sends. The gateway validates
 * with these; the RPC requests extend them, so every transform here accepts its own output.
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** '' and null are missing; decimal strings are numbers; anything else is left for the number schema to refuse */
const blankNumber = (v: unknown) => decimalToNumber(blankToUndefined(v));

/** a required, trimmed text; unlike req.text() the length message stays a length message */
export const zText = (max = 255) => z.string({ error: M.required }).trim().min(1, M.required).max(max, M.tooLong.replace('{max}', String(max)));
export const zOptText = (max = 20000) => z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(max, M.tooLong.replace('{max}', String(max))).optional());
export const zOptId = z.preprocess(blankToUndefined, req.id().optional());
export const zBool01 = z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : v), req.bool01().optional());

/** local date-time in one of the accepted forms -> 'YYYY-MM-DD HH:mm:ss' */
export const zLocalDateTime = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .refine((s) => parseLocalDateTime(s) !== null, MM.dateFormat)
  .transform((s) => formatLocal(parseLocalDateTime(s)!));

/** a person picked in a form: a user id, a guest e-mail, or { user_id } / { user_email } */
export const zPersonRef = z.preprocess(
  (v) => {
    if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v.trim()))) return { user_id: Number(v) };
    if (typeof v === 'string') return { user_email: v };
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const user = o.user as Record<string, unknown> | undefined;
      const id = o.user_id ?? user?.id ?? (o.user_email || o.email ? undefined : o.id);
      const email = o.user_email ?? o.email;
      return { user_id: id === null || id === '' ? undefined : id, user_email: email === null || email === '' ? undefined : email };
    }
    return v;
  },
  z
    .object({
      user_id: req.id().optional(),
      user_email: z.string().trim().toLowerCase().pipe(z.email(MM.guestEmail)).optional(),
    })
    .refine((p) => p.user_id !== undefined || p.user_email !== undefined, M.required)
    .transform((p) => ({ user_id: p.user_id ?? null, user_email: p.user_id !== undefined ? null : (p.user_email ?? null) })),
);
export type PersonRef = z.output<typeof zPersonRef>;
const zPeople = (required: boolean) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), required ? z.array(zPersonRef).min(1, M.required) : z.array(zPersonRef));

/** library ids of attachments (`attachments` or `attachment_ids`, numbers or { id | library_id }) */
export const zLibraryIds = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' && !Array.isArray(x) ? ((x as Record<string, unknown>).library_id ?? (x as Record<string, unknown>).id) : x)) : v),
  z.array(req.id()).max(100),
);

/** minutes; at most 100,000 (about ten weeks) so sums stay far inside the database's integer */
const MAX_MINUTES = 100_000;
const zDuration = z.preprocess(blankNumber, z.number({ error: M.number }).int(M.integer).min(0, M.tooSmall.replace('{min}', '0')).max(MAX_MINUTES, M.tooBig.replace('{max}', String(MAX_MINUTES))).optional());

// ---------- meetings ----------

export const zMeetingBody = z
  .object({
    title: zText(255),
    committee_id: req.id(),
    description: zOptText(20000),
    start_date: zLocalDateTime,
    duration: z.preprocess(
      blankNumber,
      z
        .number({ error: M.number })
        .int(M.integer)
        .refine((n) => n > 0, MM.durationPositive)
        .refine((n) => n <= 0 || n % 15 === 0, MM.durationSteps)
        .refine((n) => n <= MAX_MINUTES, M.tooBig.replace('{max}', String(MAX_MINUTES)))
        .optional(),
    ),
    location: zOptText(255),
    virtual: zBool01,
    virtual_type: z.preprocess(blankToUndefined, zVirtualType.optional()),
  })
  .refine((b) => {
    const minute = Number(String(b.start_date).slice(14, 16));
    return Number.isNaN(minute) || minute % 15 === 0;
  }, { path: ['start_date'], message: MM.startSteps })
  .refine(
    (b) => {
      const virtual = b.virtual === true || !!b.virtual_type;
      return virtual || (typeof b.location === 'string' && b.location.trim().length > 0);
    },
    { path: ['location'], message: M.required, when: () => true },
  );
export type MeetingBody = z.output<typeof zMeetingBody>;

export const zMeetingListQuery = zPageQuery.extend({
  role: z.preprocess(blankToUndefined, z.enum(['All', 'Organizer', 'Editor', 'Participate']).default('All')),
  status: z.preprocess(blankToUndefined, zMeetingStatusId.optional()),
  committee_id: zOptId,
  /** the calendar's month 'YYYY/MM': every meeting of that month, not paged */
  date: z.preprocess(blankToUndefined, z.string().refine((s) => parseMonth(s) !== null, M.invalid).optional()),
});
export type MeetingListQuery = z.output<typeof zMeetingListQuery>;

export const zChangeStatusBody = z
  .object({
    meeting_status_id: zMeetingStatusId,
    reason: z.preprocess(blankToUndefined, z.string().trim().max(2000).optional()),
    status_reason: z.preprocess(blankToUndefined, z.string().trim().max(2000).optional()),
  })
  .transform((b) => ({ meeting_status_id: b.meeting_status_id, reason: (b.reason || b.status_reason || '').trim() }))
  .refine((b) => b.reason.length > 0, { path: ['reason'], message: MM.statusReasonRequired });

export const zOrderBody = z.preprocess(
  (v) => (Array.isArray(v) ? v : v && typeof v === 'object' ? ((v as Record<string, unknown>).order ?? (v as Record<string, unknown>).items ?? (v as Record<string, unknown>).data) : v),
  z
    .array(
      z.object({
        type: z.preprocess((t) => (t === 'talkingpoint' || t === 'talkingpoints' || t === 'talking-point' ? 'talking_point' : t === 'decisions' ? 'decision' : t === 'actions' ? 'action' : t), zAgendaType),
        type_id: req.id(),
      }),
    )
    .min(1, M.required)
    .max(1000),
);

export const zRateBody = z.object({
  rating: z.preprocess(blankNumber, z.number({ error: MM.ratingRequired }).int(M.integer).min(1, MM.ratingRequired).max(5, M.tooBig.replace('{max}', '5'))),
  comment: z.string({ error: M.required }).trim().min(1, M.required).max(2000),
});

/** POST /app/activity/meetings/{id}/record-summarize: trimmed; empty is refused */
export const zSummaryBody = z.object({
  summary: z.string({ error: MM.summaryEmpty }).trim().min(1, MM.summaryEmpty).max(100_000),
});

export const zNoteBody = z.object({
  /** the editor's JSON as a string, or the JSON object itself (stored as its string); arrays, numbers and booleans are refused */
  note: z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : v ?? ''), z.string().max(200_000)),
});

// ---------- members ----------

export const zAddMemberBody = z
  .object({
    user_id: z.preprocess((v) => (v === '' || v === null ? undefined : Array.isArray(v) ? v : v === undefined ? undefined : [v]), z.array(req.id()).max(500).optional()),
    user_email: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().pipe(z.email(MM.guestEmail)).optional()),
    organization_guest: zBool01,
    type: z.preprocess(blankToUndefined, zMemberRole.default('Viewer')),
    member_type: z.preprocess(blankToUndefined, numeric(z.number().int().min(1, M.oneOf).max(4, M.oneOf).optional())),
    guest_name: zOptText(255),
    guest_title: zOptText(255),
  })
  .refine((b) => (b.user_id && b.user_id.length > 0) || !!b.user_email, { path: ['user_id'], message: M.required });

export const zGuestNameBody = z.object({
  guest_name: zText(255),
  guest_title: zOptText(255),
  user_email: z.string({ error: M.required }).trim().toLowerCase().pipe(z.email(MM.guestEmail)),
});

/** a member row named by user_id, member_id (the row id) or user_email (guests) */
const zMemberSelector = {
  user_id: zOptId,
  member_id: zOptId,
  user_email: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().pipe(z.email(MM.guestEmail)).optional()),
};

export const zChangeTypeBody = z
  .object({
    ...zMemberSelector,
    type: z.preprocess((v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v), z.union([zMemberRole, z.number().int().min(1).max(4)], { error: M.oneOf })),
  })
  .refine((b) => b.user_id || b.member_id || b.user_email, { path: ['user_id'], message: M.required });

/** a guest's link (owner and administrators): revoke it, or set until when it works (local time; null: the default) */
export const zGuestLinkBody = z
  .object({
    member_id: req.id(),
    revoke: z.literal(true).optional(),
    expires_at: z.preprocess((v) => (v === '' ? null : v), zLocalDateTime.nullable().optional()),
  })
  .refine((b) => b.revoke !== undefined || b.expires_at !== undefined, { path: ['revoke'], message: M.required });
export type GuestLinkBody = z.output<typeof zGuestLinkBody>;

export const zAttendanceBody = z.object({
  ...zMemberSelector,
  status: zAttendance,
  reason: zOptText(2000),
});

// ---------- agenda ----------

const zSubpointBody = z.object({
  /** server id when editing an existing sub-point (sub_id / subpoint_id; `id` is the client's temporary id) */
  subpoint_id: zOptId,
  sub_id: zOptId,
  title: zText(255),
  description: zOptText(20000),
  duration: zDuration,
  presenter: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), zPersonRef),
  subpoint_viewers: zPeople(true),
  attachments: zLibraryIds,
});

export const zTalkingPointBody = z
  .object({
    title: zText(255),
    description: zOptText(50000),
    duration: zDuration,
    viewers: zPeople(true),
    presenters: zPeople(true),
    attachments: zLibraryIds,
    attachment_ids: zLibraryIds,
    subpoints: z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(zSubpointBody).max(100)),
  })
  .transform(({ attachment_ids, ...b }) => ({ ...b, attachments: [...new Set([...b.attachments, ...attachment_ids])], attachment_ids: [] as number[] }));
export type TalkingPointBody = z.output<typeof zTalkingPointBody>;

// ---------- decisions ----------

export const zDecisionBody = z
  .object({
    title: zText(255),
    description: zOptText(50000),
    deadline: zLocalDateTime,
    voters: zPeople(true),
    talkingpoint_id: zOptId,
    talkingpoint_subpoint_id: zOptId,
    attachments: zLibraryIds,
    attachment_ids: zLibraryIds,
    decisionable: zBool01,
    tender_number: zOptText(100),
    /** open (the default on create) or secret; left out on edit: unchanged; locked once a vote is cast */
    ballot: z.preprocess(blankToUndefined, zBallot.optional()),
    /** the outcome rule (docs/ballots.md#weights-and-outcome-rules): simple_majority (the default on create), majority_of_members, two_thirds, unanimity; left out on edit: unchanged; locked once a vote is cast */
    outcome_rule: z.preprocess(blankToUndefined, zOutcomeRule.optional()),
    /** head (the default on create) or weight: each voter once, or by their weight in the committee; as outcome_rule on edit */
    count_by: z.preprocess(blankToUndefined, zCountBy.optional()),
    /**
     * an election (docs/ballots.md#elections): `{ seats, candidates: [{ user_id } | { name }] }`; null: not an election;
     * left out on create: not one, on edit: unchanged; locked once a vote is cast
     */
    election: zElectionBody.nullable().optional(),
    /** standalone resolutions: required on create, locked on edit */
    committee_id: zOptId,
  })
  .transform(({ attachment_ids, ...b }) => ({ ...b, attachments: [...new Set([...b.attachments, ...attachment_ids])], attachment_ids: [] as number[] }));
export type DecisionBody = z.output<typeof zDecisionBody>;

export const zVoteBody = z
  .object({
    /** required unless the decision is an election (then `choices`; `vote` follows from them) */
    vote: zVote.optional(),
    /** an election's vote: the numbers of the candidates chosen (0 to seats, each once) */
    choices: z.array(req.id()).max(MAX_CANDIDATES).optional(),
    reason: zOptText(2000),
    /** an administrator votes for another voter */
    user_id: zOptId,
    /** a guest voter (matched by the token) or an administrator voting for a guest */
    user_email: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().pipe(z.email(MM.guestEmail)).optional()),
  })
  .refine((b) => b.vote !== undefined || b.choices !== undefined, { path: ['vote'], message: M.required })
  .refine((b) => b.choices === undefined || new Set(b.choices).size === b.choices.length, { path: ['choices'], message: EM.choicesTwice })
  .refine((b) => b.choices !== undefined || b.vote === undefined || !voteNeedsReason(b.vote) || !!b.reason, { path: ['reason'], message: MM.reasonRequired })
  // an election's ballot is Approved when it names a candidate, Abstained when blank (who has voted, the quorum)
  .transform((b) => ({ ...b, vote: b.choices === undefined ? b.vote! : b.choices.length ? ('Approved' as const) : ('Abstained' as const) }));
export type VoteBody = z.output<typeof zVoteBody>;

export const zVisibilityBody = z.object({ is_visible: req.bool01() });
export const zFulfilledBody = z.object({ is_fulfilled: req.bool01() });

export const zSingleDecisionsQuery = zPageQuery.extend({
  committee_id: zOptId,
  state: z.preprocess(blankToUndefined, z.enum(['OPEN', 'DUE']).optional()),
  /** ended (fulfilled) resolutions only */
  archived: zBool01,
});

// ---------- actions ----------

export const zActionBody = z
  .object({
    title: zText(255),
    description: zOptText(50000),
    participants: zPeople(true),
    open_till: zLocalDateTime,
    priority: z.preprocess(blankToUndefined, zPriority.default('Low')),
    progress: z.preprocess(blankNumber, z.number({ error: M.number }).int(M.integer).min(0, M.tooSmall.replace('{min}', '0')).max(100, M.tooBig.replace('{max}', '100')).optional()),
    talkingpoint_id: zOptId,
    talkingpoint_subpoint_id: zOptId,
    attachments: zLibraryIds,
    attachment_ids: zLibraryIds,
  })
  .transform(({ attachment_ids, ...b }) => ({ ...b, attachments: [...new Set([...b.attachments, ...attachment_ids])], attachment_ids: [] as number[] }));
export type ActionBody = z.output<typeof zActionBody>;

export const zActionStatusBody = z
  .object({
    status: zActionStatus,
    reason: zOptText(2000),
    user_id: zOptId,
    user_email: z.preprocess(blankToUndefined, z.string().trim().toLowerCase().pipe(z.email(MM.guestEmail)).optional()),
  });

export const zTrackerQuery = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(['deadline', 'meeting_date', 'priority']).default('deadline')),
  meeting_status: z.preprocess(blankToUndefined, zMeetingStatusId.optional()),
  user_id: zOptId,
});

// ---------- attachments, comments ----------

export const zAttachmentBody = z.object({ library_id: req.id() });

export const zCommentBody = z
  .preprocess(
    (v) => {
      if (!v || typeof v !== 'object') return v;
      const o = v as Record<string, unknown>;
      return { comment: o.comment ?? o.body ?? o.content };
    },
    z.object({ comment: z.string({ error: MM.commentRequired }).trim().min(1, MM.commentRequired).max(5000) }),
  );

export const zNotifyBody = z.object({ participants: zPeople(true) });

export const zCalendarQuery = z.object({
  date: z.string({ error: M.required }).refine((s) => parseMonth(s) !== null, M.invalid),
});

/** DELETE /{actions|talkingpoints}/attachment/{library_id}?item_id= — which item, when the file is attached to several */
export const zDetachQuery = z.object({ item_id: zId.optional() });
/** DELETE /meetings/{id}/members/{user_id}?member_id= — the member row, for guests without a user id */
export const zRemoveMemberQuery = z.object({ member_id: zId.optional() });
