import { MeetingStatus, VOTE_VALUES, percentUp, voteNeedsReason, type Tally, type Variant, type Vote } from '@app/contracts';
import { isOpenStatus } from './status-machine';
import { isMinistry } from './variant';

/**
 * Voting rules (docs/product/votes.md#voting-open-and-closed). Voting is open while the deadline is in the future and the
 * decision is not fulfilled; a meeting-bound decision also needs its meeting in status 1, 2 or 3 (our
 * reading, docs/decisions.md: Live meetings vote; 4 and 5 lock everything); a decision whose allow-voting switch is
 * off (decisionable = 0, set in the tender variant) takes no votes, whatever host it is reached through. A voter must be one of the decision's voters and, for a meeting decision, a member
 * of the meeting.
 */
export type VoteClosedReason = 'deadline' | 'fulfilled' | 'meeting_status' | 'not_decisionable';
export type VoteRefusedReason = VoteClosedReason | 'not_voter' | 'not_member' | 'conflict';

export interface DecisionFacts {
  deadline: Date;
  isFulfilled: boolean;
  decisionable: boolean;
  /** null for a standalone resolution */
  meetingStatusId: number | null;
}

export function votingClosedReason(d: DecisionFacts, now: Date): VoteClosedReason | null {
  if (d.isFulfilled) return 'fulfilled';
  if (d.deadline.getTime() <= now.getTime()) return 'deadline';
  if (d.meetingStatusId !== null && !isOpenStatus(d.meetingStatusId)) return 'meeting_status';
  // a rule of the decision itself: not the variant of the host it is reached through (issue 25, item 14)
  if (!d.decisionable) return 'not_decisionable';
  return null;
}

export const votingOpen = (d: DecisionFacts, now: Date): boolean => votingClosedReason(d, now) === null;

export interface VoterFacts {
  /** the voter is one of the decision's voters */
  isVoter: boolean;
  /** member of the meeting (always true for a standalone resolution) */
  isMember: boolean;
  /** the voter declared a conflict of interest on the decision's agenda item (rules/record.ts) */
  conflicted?: boolean;
}

export function voteGate(d: DecisionFacts, v: VoterFacts, now: Date): { open: true } | { open: false; reason: VoteRefusedReason } {
  const closed = votingClosedReason(d, now);
  if (closed) return { open: false, reason: closed };
  if (!v.isVoter) return { open: false, reason: 'not_voter' };
  if (!v.isMember) return { open: false, reason: 'not_member' };
  if (v.conflicted) return { open: false, reason: 'conflict' };
  return { open: true };
}

/**
 * OPEN while voting is open, otherwise DUE (docs/product/votes.md#voting-open-and-closed): a passed deadline, an ended
 * resolution, a cancelled or archived meeting, a decision without voting (decisionable = 0). A label never says OPEN where
 * voting is closed (an archived meeting's resolution, an ended one beside its outcome).
 */
export const decisionState = (d: DecisionFacts, now: Date): 'DUE' | 'OPEN' => (votingClosedReason(d, now) === null ? 'OPEN' : 'DUE');

/** a reason is required for Denied and Others; none is kept while Pending */
export function voteReasonError(vote: Vote, reason: string | null | undefined): boolean {
  return voteNeedsReason(vote) && !(reason ?? '').trim();
}
export const keptReason = (vote: Vote, reason: string | null | undefined): string | null => (vote === 'Pending' ? null : (reason ?? '').trim() || null);

/** counts per vote value with percentages rounded up to one decimal */
export function tallies(votes: readonly Vote[], variant: Variant = 'default'): Tally[] {
  const total = votes.length;
  return VOTE_VALUES.map((vote) => {
    const count = votes.filter((v) => v === vote).length;
    return { vote, label: voteLabel(vote, variant), count, percentage: percentUp(count, total) };
  });
}

/** hide/unhide: a member of the meeting, once the meeting is Live and not every voter is Pending */
export function canChangeVisibility(f: { isMember: boolean; meetingStatusId: number | null; votes: readonly Vote[] }): boolean {
  return f.isMember && f.meetingStatusId === MeetingStatus.Live && f.votes.some((v) => v !== 'Pending');
}

/** Abstained is shown as 'Postponed to next meeting' in the ministry and tender variants */
export const voteLabel = (vote: Vote, variant: Variant): string => (vote === 'Abstained' && isMinistry(variant) ? 'Postponed to next meeting' : vote);
