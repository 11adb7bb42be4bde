import { type Actor, type ActionPayload, type ActionStatus, type Attachment, type Comment, type DecisionPayload, type DirectoryUser, type MeetingPermissions, type DirectoryCommittee, type MemberPayload, type Person, type TalkingPointPayload, type UserRef, type Variant, type Vote, type Attendance, type LibraryFileRef, type MemberRole, type DecisionSummary, type Voter, type VoteResult, type VoteTotals, type OutcomeRule, type CountBy, type Tally, type ElectionPayload, type MeetingRole, type MotionPerson, resolutionNumber, VOTE_VALUES, electionResult, DEFAULT_QUORUM, outcomeOf, percentUp, quorumOfTotals, quorumInfo, instantToLocal, totalOf } from '@app/contracts';
import type {
  ActionParticipantRow, ActionRow, AttachmentRow, CommentRow, ConflictRow, DecisionRow, ItemPersonRow, MeetingRow, MemberRow, SubpointRow, TalkingPointRow, VoterRow,
} from '../db/schema';
import type { Scope } from '../db/db';
import { emailKey, personKey } from '../rules/person';
import { decisionState, tallies, voteLabel, votingClosedReason } from '../rules/vote-gate';
import { overallActionStatus, trackerGroup } from '../rules/action-state';
import { actionRights } from '../rules/action-rights';
import { canChangeVoterRow, decisionRights } from '../rules/decision-rights';
import { memberRights } from '../rules/member-rights';
import { guestLinkOf, guestLinkView, managesGuestLinks } from '../rules/guest-link';
import { canDeleteComment } from '../rules/comment-rights';
import { resolutionRights } from '../rules/resolution-rights';
import { canEditItems } from '../rules/permissions';
import { showsHiddenDecisions } from '../rules/status-machine';
import { rowHasVoted, ruleVotes, secretFinal, showsTallies } from '../rules/ballot';
import { totalDuration } from '../rules/durations';
import { canDeclareConflict, canSetMotion, conflictBars, type RecordFacts } from '../rules/record';
import { plannedStarts } from '../rules/agenda-times';
import { headTotals, weightTotals, weightTotalsFromCounts } from '../rules/counting';

/** everything of a meeting's items, loaded once, from which payloads are built */
export interface ItemsBundle {
  talkingPoints: TalkingPointRow[];
  subpoints: SubpointRow[];
  people: ItemPersonRow[];
  decisions: DecisionRow[];
  voters: VoterRow[];
  /** secret ballots: how many choices of each value (the choices themselves are never in a bundle) */
  secretCounts: Array<{ decisionId: number; vote: string; n: number; w: number }>;
  /** elections: per candidate, the ballots that chose them and their weight (docs/ballots.md#elections) */
  candidateCounts: CandidateCount[];
  actions: ActionRow[];
  participants: ActionParticipantRow[];
  attachments: AttachmentRow[];
  comments: CommentRow[];
  /** conflicts of interest declared on the items' talking points (docs/meeting.md#the-record-of-a-board) */
  conflicts: ConflictRow[];
  /** the attached library files (name, size, file_url), when the library answered */
  files?: ReadonlyMap<number, LibraryFileRef>;
}
export type CandidateCount = { decisionId: number; id: number; n: number; w: number };

/** the elections' counts per candidate: an open election's from its voters' rows, a secret one's from its ballots */
export async function candidateCountsOf(
  s: Scope, ds: readonly DecisionRow[],
  repos: { candidateCounts(s: Scope, ids: number[]): Promise<CandidateCount[]> }, secret: { candidateCounts(s: Scope, ids: number[]): Promise<CandidateCount[]> },
): Promise<CandidateCount[]> {
  const elections = ds.filter((d) => d.election);
  return [
    ...(await repos.candidateCounts(s, elections.filter((d) => d.ballot !== 'secret').map((d) => d.id))),
    ...(await secret.candidateCounts(s, elections.filter((d) => d.ballot === 'secret').map((d) => d.id))),
  ];
}
export const emptyBundle = (): ItemsBundle => ({ talkingPoints: [], subpoints: [], people: [], decisions: [], voters: [], secretCounts: [], candidateCounts: [], actions: [], participants: [], attachments: [], comments: [], conflicts: [] });

export type ViewCommittee = Pick<DirectoryCommittee, 'id' | 'name' | 'admin_ids' | 'member_ids'> & { quorum?: number };

/** who is looking, and what they may do: the context every payload is built in */
export interface ViewCtx {
  tz: string;
  now: Date;
  variant: Variant;
  actor: Actor;
  /** 'u:<id>' / 'e:<email>' of the actor */
  actorKey: string | null;
  users: ReadonlyMap<number, DirectoryUser>;
  /** member rows of the meeting by person key (guest names) */
  membersByKey: Map<string, MemberRow>;
  committees: Map<number, ViewCommittee>;
  /** null for standalone resolutions */
  meeting: MeetingRow | null;
  perms: MeetingPermissions | null;
  /** the actor is a member (or the owner) of the meeting */
  isMember: boolean;
  /** voter keys of the members whose proxy the actor holds for this meeting (rules/proxy.ts) */
  represented?: ReadonlySet<string>;
  /** GUEST_LINK_DAYS (a guest's link without an expiry of its own) */
  guestLinkDays?: number;
  /** the conflicts of interest declared on the meeting's items (none outside a meeting) */
  conflicts?: readonly ConflictRow[];
}

export const local = (d: Date, tz: string): string => instantToLocal(d, tz);

export function userRef(userId: number | null, email: string | null, ctx: Pick<ViewCtx, 'users' | 'membersByKey'>): UserRef | null {
  if (userId) {
    const u = ctx.users.get(userId);
    return {
      id: userId, name: u?.name ?? null, image: u?.image ?? null, position: u?.position ?? null, email: u?.email ?? null, designation: u?.designation ?? null,
      role: u?.role_id ?? null, guest: false, type: 'user',
    };
  }
  if (email) {
    const m = ctx.membersByKey.get(emailKey(email));
    return { id: null, name: m?.guestName ?? email, image: null, position: m?.guestTitle ?? null, email, designation: null, role: null, guest: true, type: 'guest' };
  }
  return null;
}

export function person(row: { id: number; userId: number | null; userEmail: string | null }, ctx: ViewCtx): Person {
  return { id: row.id, user_id: row.userId, user_email: row.userEmail, user: userRef(row.userId, row.userEmail, ctx) };
}

export function attachment(a: AttachmentRow, files?: ReadonlyMap<number, LibraryFileRef>): Attachment {
  const f = files?.get(a.libraryId);
  const lib: Attachment['library'] = { id: a.libraryId, name: f?.name ?? null, size: f?.size ?? null, file_url: f?.file_url ?? null };
  return { id: a.id, library_id: a.libraryId, name: lib.name, size: lib.size, file_url: lib.file_url, library: lib };
}

export function comment(c: CommentRow, ctx: ViewCtx): Comment {
  const mine = ctx.actorKey !== null && ctx.actorKey === personKey(c);
  const kind = c.talkingPointId ? 'talkingpoints' : c.subpointId ? 'subpoints' : c.decisionId ? 'decisions' : 'actions';
  const target = c.talkingPointId ?? c.subpointId ?? c.decisionId ?? c.actionId ?? 0;
  const user = c.userId ? ctx.users.get(c.userId) : undefined;
  return {
    id: c.id, comment: c.comment, body: c.comment, content: c.comment, commented_type: kind, commented_id: target, user_id: c.userId, user_email: c.userEmail,
    user_name: user?.name ?? c.userName, user_image: user?.image ?? null, created_at: local(c.createdAt, ctx.tz),
    can_delete: canDeleteComment({ mine, meetingStatusId: ctx.meeting?.statusId ?? null }),
  };
}

export function memberPayload(m: MemberRow, ctx: ViewCtx, me: MemberRow | null): MemberPayload {
  const rights = memberRights({
    level: ctx.perms?.level ?? 'none', isGuest: !!ctx.perms?.isGuest, open: !!ctx.perms?.open, statusId: ctx.meeting?.statusId ?? 0,
    respondForOthers: !!ctx.perms?.respondForOthers, mine: !!me && me.id === m.id, rowIsOwner: m.isOwner,
  });
  return {
    id: m.id, member_id: m.id, meeting_id: m.meetingId, user_id: m.userId, user: userRef(m.userId, m.userEmail, ctx), user_email: m.userEmail,
    guest_name: m.guestName, guest_title: m.guestTitle, organization_guest: m.organizationGuest ? 1 : 0, type: m.role as MemberRole, member_type: m.memberType,
    can_edit: m.role === 'Editor' ? 1 : 0, is_owner: m.isOwner, attendance_status: m.attendance as Attendance, status_reason: m.attendanceReason, reason: m.attendanceReason,
    nda_accepted: !!m.ndaAcceptedAt,
    meeting_role: (m.meetingRole as MemberPayload['meeting_role']) ?? null,
    roll_call: (m.rollCall as MemberPayload['roll_call']) ?? null,
    can_change_type: rights.changeType,
    can_remove: rights.remove,
    can_change_attendance: rights.changeAttendance,
    guest_link: guestLinkPayload(m, ctx),
  };
}

/** a guest's link for the meeting's managers (rules/guest-link.ts); null for users and for everyone else */
function guestLinkPayload(m: MemberRow, ctx: ViewCtx): MemberPayload['guest_link'] {
  const level = ctx.perms?.level ?? 'none';
  if (m.userId !== null || !ctx.meeting || !managesGuestLinks(level)) return null;
  const v = guestLinkView(guestLinkOf(m, ctx.meeting.statusId), ctx.now, ctx.guestLinkDays ?? 30, level);
  return { state: v.state, expires_at: v.ends ? local(v.ends, ctx.tz) : null, can_revoke: v.canRevoke };
}

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

export function decisionPayload(d: DecisionRow, b: ItemsBundle, ctx: ViewCtx): DecisionPayload {
  const vs = b.voters.filter((v) => v.decisionId === d.id);
  const mine = ctx.actorKey ? vs.find((v) => v.voterKey === ctx.actorKey) : undefined;
  const counts = b.secretCounts.filter((c) => c.decisionId === d.id);
  const proxyVoter = vs.some((v) => ctx.represented?.has(v.voterKey));
  const candidates = b.candidateCounts.filter((c) => c.decisionId === d.id);
  const summary = decisionSummary(d, { votes: ruleVotes(d.ballot, vs, counts), weights: weightTotals(d.ballot, vs, counts), cast: vs.filter((v) => rowHasVoted(d.ballot, v)).length, mine, proxyVoter, candidates }, ctx);
  return {
    ...summary,
    attachments: b.attachments.filter((a) => a.decisionId === d.id).map((x) => attachment(x, b.files)),
    voters: vs.map((v) => voterPayload(d, v, summary.voting_open, ctx)),
    // comments are off on a secret ballot: what a voter writes next to their vote could tell it
    comments: d.ballot === 'secret' ? [] : b.comments.filter((c) => c.decisionId === d.id).map((c) => comment(c, ctx)),
  };
}

/**
 * The answer to a vote (docs/decisions.md): the summary, from the counts of each value, and the row of
 * the voter `voterKey`. `rows` holds that voter's row and the actor's (when the actor is a voter).
 */
export function voteResult(
  d: DecisionRow, agg: { rows: VoterRow[]; counts: Array<{ vote: string; n: number; w: number }>; secretCounts?: Array<{ vote: string; n: number; w: number }>; candidates?: CandidateCount[] },
  ctx: ViewCtx, voterKey: string, receipt: string | null = null,
): VoteResult {
  const row = agg.rows.find((v) => v.decisionId === d.id && v.voterKey === voterKey);
  if (!row) throw new Error(`no voter ${voterKey} on decision ${d.id}`);
  const mine = ctx.actorKey ? agg.rows.find((v) => v.decisionId === d.id && v.voterKey === ctx.actorKey) : undefined;
  const list = voteList(d.ballot, agg.counts, agg.secretCounts);
  const proxyVoter = agg.rows.some((v) => v.decisionId === d.id && ctx.represented?.has(v.voterKey));
  const summary = decisionSummary(d, { votes: list.votes, weights: list.weights, cast: list.cast, mine, proxyVoter, candidates: agg.candidates ?? [], heads: list.heads, talliesOf: list.talliesOf }, ctx);
  return { ...summary, voter: voterPayload(d, row, summary.voting_open, ctx), receipt };
}

/** a decision's votes as its rules see them, from the counts of each value, and what a summary derives from them */
interface VoteList {
  ballot: string;
  votes: Vote[];
  weights: VoteTotals;
  cast: number;
  heads: VoteTotals;
  tallies: Map<Variant, Tally[]>;
}
/** per counts array, then per secret counts array: the answers of a batch of votes share both (VoteBatcher) */
const voteLists = new WeakMap<object, WeakMap<object, VoteList>>();
const NO_SECRET_COUNTS: Array<{ vote: string; n: number; w: number }> = [];

/**
 * The votes of a decision expanded from its counts and counted, once per counts array: the answers of a batch share
 * them, where each answer used to expand the counts to one value per voter and count them again (O(voters) per vote:
 * docs/performance.md, P2). The caller gets its own copies of what it may hand on.
 */
function voteList(ballot: string, counts: Array<{ vote: string; n: number; w: number }>, secretCounts: Array<{ vote: string; n: number; w: number }> = NO_SECRET_COUNTS) {
  let bySecret = voteLists.get(counts);
  if (!bySecret) voteLists.set(counts, (bySecret = new WeakMap()));
  let l = bySecret.get(secretCounts);
  if (!l || l.ballot !== ballot) {
    const expand = (cs: Array<{ vote: string; n: number }>) => cs.flatMap((c) => Array<Vote>(Number(c.n)).fill(c.vote as Vote));
    // a secret ballot's voter rows all hold Pending: its votes are the counted choices, and Pending for the others
    // (a voter who has voted cannot leave the list, so each choice is one of its voters)
    const total = counts.reduce((a, c) => a + Number(c.n), 0);
    const chosen = expand(secretCounts);
    const votes = ballot === 'secret' ? [...chosen, ...Array<Vote>(Math.max(0, total - chosen.length)).fill('Pending')] : expand(counts);
    l = { ballot, votes, weights: weightTotalsFromCounts(ballot, counts, secretCounts), cast: votes.filter((v) => v !== 'Pending').length, heads: headTotals(votes), tallies: new Map() };
    bySecret.set(secretCounts, l);
  }
  const list = l;
  return {
    votes: list.votes, cast: list.cast, weights: { ...list.weights }, heads: { ...list.heads },
    talliesOf: (variant: Variant): Tally[] => {
      let t = list.tallies.get(variant);
      if (!t) list.tallies.set(variant, (t = tallies(list.votes, variant)));
      return t.map((x) => ({ ...x }));
    },
  };
}

function voterPayload(d: DecisionRow, v: VoterRow, open: boolean, ctx: ViewCtx): Voter {
  const secret = d.ballot === 'secret';
  // the holder of this voter's proxy votes for them, in a secret ballot too (docs/ballots.md#proxies)
  const proxy = !!ctx.represented?.has(v.voterKey);
  const vote = (secret ? 'Pending' : v.vote) as Vote;
  return {
    ...person({ id: v.id, userId: v.userId, userEmail: v.userEmail }, ctx),
    vote, vote_label: voteLabel(vote, ctx.variant), reason: secret ? null : v.reason, updated_at: local(v.updatedAt, ctx.tz), weight: v.weight,
    // a secret vote is cast once (docs/ballots.md): a voter who has voted has nothing to change
    can_change: !(secret && v.hasVoted) && !(secret && v.voterKey !== ctx.actorKey && !proxy)
      && (canChangeVoterRow({ votingOpen: open, ownRow: v.voterKey === ctx.actorKey, isMember: ctx.isMember, isOrgAdmin: ctx.actor.kind === 'user' && ctx.actor.isAdmin }) || (open && proxy)),
    has_voted: rowHasVoted(d.ballot, v),
    // an open election shows each voter's choices, as an open ballot shows each vote
    choices: d.election && !secret ? (v.choices ?? null) : null,
  };
}

/**
 * An election's part of the payload (docs/ballots.md#elections): the candidates with their counts while the results
 * are shown (an open election always, a secret one once final), and who is elected or tied once voting has closed
 * with the quorum met (electionResult).
 */
function electionPayload(d: DecisionRow, f: { counts: CandidateCount[]; shown: boolean; decided: boolean; mine: VoterRow | undefined }): ElectionPayload | null {
  const e = d.election;
  if (!e) return null;
  const byId = new Map(f.counts.map((c) => [c.id, c]));
  const tallies = e.candidates.map((c) => ({ id: c.id, votes: byId.get(c.id)?.n ?? 0, weight: byId.get(c.id)?.w ?? 0 }));
  const r = f.shown && f.decided ? electionResult(e.seats, tallies, d.countBy as CountBy) : { elected: new Set<number>(), tied: new Set<number>(), tiedSeats: 0 };
  return {
    seats: e.seats,
    candidates: e.candidates.map((c, i): ElectionPayload['candidates'][number] => ({
      id: c.id, user_id: c.user_id, name: c.name, votes: f.shown ? tallies[i].votes : null, weight: f.shown ? tallies[i].weight : null, elected: r.elected.has(c.id), tied: r.tied.has(c.id),
    })),
    results_shown: f.shown,
    tied_seats: r.tiedSeats,
    my_choices: d.ballot === 'secret' ? null : (f.mine?.choices ?? null),
  };
}

/** the weight behind each value as tallies (`count` is a weight), in the order and with the labels of the count by head */
function weightTallies(t: VoteTotals, variant: Variant): Tally[] {
  const total = totalOf(t);
  return VOTE_VALUES.map((vote) => ({ vote, label: voteLabel(vote, variant), count: t[vote], percentage: percentUp(t[vote], total) }));
}

/**
 * Everything about a decision but its lists, from its row, the votes its rules see (ruleVotes), the weight behind
 * each value (docs/ballots.md#weights-and-outcome-rules) and how many have voted.
 */
function decisionSummary(
  d: DecisionRow,
  s: { votes: Vote[]; weights: VoteTotals; cast: number; mine: VoterRow | undefined; proxyVoter?: boolean; candidates?: CandidateCount[]; heads?: VoteTotals; talliesOf?: (variant: Variant) => Tally[] },
  ctx: ViewCtx,
): DecisionSummary {
  const { votes, mine: mineRow } = s;
  const secret = d.ballot === 'secret';
  const final = secretFinal(d, ctx.now);
  const statusId = ctx.meeting?.statusId ?? null;
  const facts = { deadline: d.deadline, isFulfilled: d.isFulfilled, decisionable: d.decisionable, meetingStatusId: statusId };
  const closed = votingClosedReason(facts, ctx.now);
  const open = closed === null;
  const committee = ctx.committees.get(d.committeeId);
  const quorumPct = committee?.quorum ?? DEFAULT_QUORUM;
  const inMeeting = !!(ctx.meeting && ctx.perms);
  const shown = showsTallies(d.ballot, final);
  const countBy = d.countBy as CountBy;
  const counted = countBy === 'weight' ? s.weights : (s.heads ?? headTotals(votes));
  const r = decisionRights({
    votingOpen: open, deadline: d.deadline, now: ctx.now, isFulfilled: d.isFulfilled, decisionable: d.decisionable, meetingStatusId: statusId, isMember: ctx.isMember, isVoter: !!mineRow,
    isOrgAdmin: ctx.actor.kind === 'user' && ctx.actor.isAdmin, votes,
    perms: inMeeting ? ctx.perms : null,
    resolution: inMeeting ? null : resolutionRights({
      actor: ctx.actor, committee: committee ?? null, createdBy: d.createdBy, isVoter: !!mineRow,
    }),
  });
  return {
    agenda_type: 'decision',
    id: d.id, meeting_id: d.meetingId, title: d.title, description: d.description, committee_id: d.committeeId,
    committee: committee ? { id: committee.id, name: committee.name } : null,
    deadline: local(d.deadline, ctx.tz), decisionable: d.decisionable ? 1 : 0, tender_number: d.tenderNumber,
    talkingpoint_id: d.talkingPointId, talkingpoint_subpoint_id: d.subpointId,
    is_fulfilled: d.isFulfilled, is_visible: d.isVisible ? 1 : 0, rownum: d.rowNum,
    created_at: local(d.createdAt, ctx.tz), updated_at: local(d.updatedAt, ctx.tz), created_by: d.createdBy,
    state: decisionState(facts, ctx.now),
    voting_open: open, voting_closed_reason: closed,
    ballot: secret ? 'secret' : 'open', votes_cast: s.cast, ballot_locked: s.cast > 0, ballots_published: secret && final,
    // a secret vote is cast once, for oneself
    can_vote: r.vote && !(secret && !!mineRow?.hasVoted),
    // an admin for anyone (open ballots); the holder of a voter's proxy for them (either kind)
    can_vote_for_others: (r.voteForOthers && !secret) || (open && !!s.proxyVoter),
    my_vote: secret ? null : ((mineRow?.vote as Vote | undefined) ?? null),
    outcome_rule: d.outcomeRule as OutcomeRule, count_by: countBy,
    tallies: shown ? (s.talliesOf?.(ctx.variant) ?? tallies(votes, ctx.variant)) : [], total_voters: votes.length,
    weight_tallies: shown ? weightTallies(s.weights, ctx.variant) : [], total_weight: totalOf(s.weights),
    quorum: quorumInfo(quorumOfTotals(counted, quorumPct), quorumPct),
    // an election has no Passed or Rejected: its result is per candidate (only No quorum is said here)
    outcome: d.election ? (outcomeOf(counted, d.outcomeRule as OutcomeRule, quorumPct, !open) === 'No quorum' ? 'No quorum' : null) : outcomeOf(counted, d.outcomeRule as OutcomeRule, quorumPct, !open),
    election: electionPayload(d, { counts: s.candidates ?? [], shown, decided: !open && quorumOfTotals(counted, quorumPct).met, mine: mineRow }),
    can_edit: r.edit, can_delete: r.delete, can_end: r.end, can_resume: r.resume,
    can_change_visibility: r.changeVisibility, can_comment: r.comment && !secret, can_add_attachments: r.addAttachments,
    resolution_number: resolutionNumber(d.resolutionYear, d.resolutionSeq),
    mover: motionPerson(d.moverUserId, ctx), seconder: motionPerson(d.seconderUserId, ctx),
    can_set_motion: inMeeting && canSetMotion(recordFacts(ctx)),
    my_conflict: conflictBars(ctx.conflicts ?? [], d.talkingPointId, ctx.actor.userId ?? null),
  };
}

const motionPerson = (userId: number | null, ctx: ViewCtx): MotionPerson | null => (userId === null ? null : { user_id: userId, name: ctx.users.get(userId)?.name ?? null });

/** what rules/record.ts asks of the reader, from the view's context */
function recordFacts(ctx: ViewCtx): RecordFacts {
  const me = ctx.actorKey ? ctx.membersByKey.get(ctx.actorKey) : undefined;
  return {
    level: ctx.perms?.level ?? 'none', isGuest: ctx.actor.kind !== 'user', isMemberUser: !!me && me.userId !== null,
    role: (me?.meetingRole as MeetingRole | null | undefined) ?? null, statusId: ctx.meeting?.statusId ?? 0,
  };
}

export function actionPayload(a: ActionRow, b: ItemsBundle, ctx: ViewCtx, meeting?: MeetingRow | null): ActionPayload {
  const ps = b.participants.filter((p) => p.actionId === a.id);
  const statuses = ps.map((p) => p.status as ActionStatus);
  const m = meeting ?? ctx.meeting;
  const rightsOf = (isParticipant: boolean) => actionRights({ openTill: a.openTill, now: ctx.now, meetingStatusId: m?.statusId ?? null, perms: ctx.perms, isParticipant });
  const r = rightsOf(ps.some((p) => p.participantKey === ctx.actorKey));
  const locked = r.locked;
  return {
    agenda_type: 'action',
    id: a.id, meeting_id: a.meetingId,
    meeting: m ? { id: m.id, title: m.title, start_date: local(m.startAt, ctx.tz), meeting_status_id: m.statusId } : null,
    title: a.title, description: a.description, priority: a.priority as ActionPayload['priority'], open_till: local(a.openTill, ctx.tz), progress: a.progress,
    attachments: b.attachments.filter((x) => x.actionId === a.id).map((x) => attachment(x, b.files)),
    talkingpoint_id: a.talkingPointId, talkingpoint_subpoint_id: a.subpointId,
    participants: ps.map((p): ActionPayload['participants'][number] => ({
      ...person({ id: p.id, userId: p.userId, userEmail: p.userEmail }, ctx),
      status: p.status as ActionStatus, reason: p.reason, updated_at: local(p.updatedAt, ctx.tz),
      can_change_status: rightsOf(p.participantKey === ctx.actorKey).changeOwnStatus,
    })),
    comments: b.comments.filter((c) => c.actionId === a.id).map((c) => comment(c, ctx)),
    rownum: a.rowNum, created_at: local(a.createdAt, ctx.tz), updated_at: local(a.updatedAt, ctx.tz),
    status: overallActionStatus(statuses, a.openTill, ctx.now),
    locked,
    group: trackerGroup({ statuses, anyStatusChanged: ps.some((p) => p.statusChangedAt !== null), progress: a.progress, openTill: a.openTill, now: ctx.now }),
    can_edit: r.edit, can_delete: r.delete,
    can_change_status: r.changeOwnStatus,
    can_comment: r.comment, can_add_attachments: r.addAttachments,
  };
}

/** the planned starts of a bundle's talking points (rules/agenda-times.ts), computed once per bundle */
const startsOfBundle = new WeakMap<ItemsBundle, Map<number, Date>>();
function plannedStartOf(tp: TalkingPointRow, b: ItemsBundle, ctx: ViewCtx): Date {
  const start = ctx.meeting?.startAt ?? tp.createdAt;
  let starts = startsOfBundle.get(b);
  if (!starts) {
    const minutes = new Map<number, number>(b.talkingPoints.map((t) => [t.id, t.duration || 0]));
    for (const sp of b.subpoints) minutes.set(sp.talkingPointId, (minutes.get(sp.talkingPointId) ?? 0) + (sp.duration || 0));
    starts = plannedStarts(start, b.talkingPoints.map((t) => ({ id: t.id, rowNum: t.rowNum, minutes: minutes.get(t.id) ?? 0 })));
    startsOfBundle.set(b, starts);
  }
  return starts.get(tp.id) ?? start;
}

export function talkingPointPayload(tp: TalkingPointRow, b: ItemsBundle, ctx: ViewCtx, visibleDecision: (d: DecisionRow) => boolean): TalkingPointPayload {
  const sps = b.subpoints.filter((s) => s.talkingPointId === tp.id);
  const peopleOf = (f: (p: ItemPersonRow) => boolean) => b.people.filter(f).map((p) => person(p, ctx));
  const perms = ctx.perms;
  const canEdit = !!perms && canEditItems(perms);
  const decisionsOfTp = b.decisions.filter((d) => d.talkingPointId === tp.id && visibleDecision(d));
  return {
    agenda_type: 'talking_point',
    id: tp.id, meeting_id: tp.meetingId, title: tp.title, description: tp.description, duration: tp.duration,
    total_duration: totalDuration([{ duration: tp.duration, subpoints: sps }]),
    planned_start: local(plannedStartOf(tp, b, ctx), ctx.tz),
    files_count: b.attachments.filter((a) => a.talkingPointId === tp.id || (a.subpointId !== null && sps.some((s) => s.id === a.subpointId))).length,
    viewers: peopleOf((p) => p.talkingPointId === tp.id && p.role === 'viewer'),
    presenters: peopleOf((p) => p.talkingPointId === tp.id && p.role === 'presenter'),
    attachments: b.attachments.filter((a) => a.talkingPointId === tp.id).map((x) => attachment(x, b.files)),
    subpoints: sps.map((s): TalkingPointPayload['subpoints'][number] => {
      const presenter = b.people.find((p) => p.subpointId === s.id && p.role === 'presenter');
      return {
        id: s.id, sub_id: s.id, subpoint_id: s.id, meeting_talking_point_id: tp.id, title: s.title, description: s.description, duration: s.duration,
        presenter: presenter ? person(presenter, ctx) : null,
        subpoint_viewers: peopleOf((p) => p.subpointId === s.id && p.role === 'viewer'),
        attachments: b.attachments.filter((a) => a.subpointId === s.id).map((x) => attachment(x, b.files)),
        decision: decisionsOfTp.filter((d) => d.subpointId === s.id).map((d) => decisionPayload(d, b, ctx)),
        comments: b.comments.filter((c) => c.subpointId === s.id).map((c) => comment(c, ctx)),
        rownum: s.rowNum,
      };
    }),
    decisions: decisionsOfTp.filter((d) => !d.subpointId).map((d) => decisionPayload(d, b, ctx)),
    actions: b.actions.filter((a) => a.talkingPointId === tp.id).map((a) => actionPayload(a, b, ctx)),
    comments: b.comments.filter((c) => c.talkingPointId === tp.id).map((c) => comment(c, ctx)),
    rownum: tp.rowNum, mom_conclusion: tp.momConclusion, mom_active: tp.momActive,
    created_at: local(tp.createdAt, ctx.tz), updated_at: local(tp.updatedAt, ctx.tz),
    can_edit: canEdit, can_delete: canEdit, can_comment: !!perms?.comment, can_add_attachments: !!perms?.addAttachments,
    conflicts: b.conflicts.filter((c) => c.talkingPointId === tp.id).map((c): TalkingPointPayload['conflicts'][number] => ({ user_id: c.userId, name: ctx.users.get(c.userId)?.name ?? null, note: c.note, declared_at: local(c.declaredAt, ctx.tz) })),
    can_declare_conflict: canDeclareConflict(recordFacts(ctx)),
  };
}

/** the agenda: talking points and the decisions/actions not attached to a talking point, by row number */
export function agendaGroups(b: ItemsBundle, ctx: ViewCtx, visibleDecision: (d: DecisionRow) => boolean) {
  type Entry = { agenda_type: 'talking_point' | 'decision' | 'action'; agenda_type_id: number; row_num: number; id: number; data: Array<TalkingPointPayload | DecisionPayload | ActionPayload> };
  const entries: Entry[] = [
    ...b.talkingPoints.map((tp) => ({ agenda_type: 'talking_point' as const, agenda_type_id: tp.id, row_num: tp.rowNum, id: tp.id, data: [talkingPointPayload(tp, b, ctx, visibleDecision)] })),
    ...b.decisions.filter((d) => !d.talkingPointId && visibleDecision(d)).map((d) => ({ agenda_type: 'decision' as const, agenda_type_id: d.id, row_num: d.rowNum, id: d.id, data: [decisionPayload(d, b, ctx)] })),
    ...b.actions.filter((a) => !a.talkingPointId).map((a) => ({ agenda_type: 'action' as const, agenda_type_id: a.id, row_num: a.rowNum, id: a.id, data: [actionPayload(a, b, ctx)] })),
  ];
  const typeRank = { talking_point: 0, decision: 1, action: 2 };
  entries.sort((x, y) => x.row_num - y.row_num || typeRank[x.agenda_type] - typeRank[y.agenda_type] || x.id - y.id);
  return entries.map(({ id: _id, ...e }) => e);
}

/** decisions shown on the agenda: visible ones, or all of them once the meeting is archived */
export const agendaShowsDecision = (meetingStatusId: number) => (d: { isVisible: boolean }): boolean => d.isVisible || showsHiddenDecisions(meetingStatusId);

export { byId };
