import { z } from 'zod';
import type { Vote } from './meeting.constants';
import { quorumOf, type DecisionOutcome, type QuorumAnswer } from './quorum';

/**
 * Weights and outcome rules (docs/ballots.md#weights-and-outcome-rules): one definition for the meeting service, the
 * minutes and the web. A decision is carried under its `outcome_rule`, counting each voter once (`count_by: head`)
 * or by their weight in the committee (`weight`: shares). The defaults (simple majority by head) are the rule every
 * decision had before: Approved more than half of the votes cast, abstentions and Pending not counted.
 */
export const OUTCOME_RULES = ['simple_majority', 'majority_of_members', 'two_thirds', 'unanimity'] as const;
export const zOutcomeRule = z.enum(OUTCOME_RULES);
export type OutcomeRule = z.output<typeof zOutcomeRule>;
export const DEFAULT_OUTCOME_RULE: OutcomeRule = 'simple_majority';

export const COUNT_BY = ['head', 'weight'] as const;
export const zCountBy = z.enum(COUNT_BY);
export type CountBy = z.output<typeof zCountBy>;
export const DEFAULT_COUNT_BY: CountBy = 'head';

/** per vote value, how many voters (by head) or how much weight hold it */
export type VoteTotals = Record<Vote, number>;

export const emptyTotals = (): VoteTotals => ({ Approved: 0, Denied: 0, Abstained: 0, Pending: 0, Others: 0 });

/** totals of (vote, amount) pairs: amount 1 for a count by head, the voter's weight for a count by weight */
export function totalsOf(entries: Iterable<{ vote: Vote | string; amount: number }>): VoteTotals {
  const t = emptyTotals();
  for (const e of entries) if (e.vote in t) t[e.vote as Vote] += Number(e.amount);
  return t;
}

/** everyone who could vote (Pending included) */
export const totalOf = (t: VoteTotals): number => t.Approved + t.Denied + t.Abstained + t.Pending + t.Others;
/** the votes cast that decide: Approved, Denied and Others (abstentions and Pending are not counted) */
export const castOf = (t: VoteTotals): number => t.Approved + t.Denied + t.Others;

/** the quorum on totals: those who voted (anything but Pending, abstentions included) against everyone */
export const quorumOfTotals = (t: VoteTotals, quorumPercent: number): QuorumAnswer => quorumOf(totalOf(t) - t.Pending, totalOf(t), quorumPercent);

/**
 * Is the decision carried under `rule`, on these totals (by head or by weight)? Integer arithmetic, no rounding.
 * - simple_majority: Approved more than half of the votes cast (a tie fails);
 * - majority_of_members: Approved more than half of everyone who could vote, whether they voted or not;
 * - two_thirds: Approved at least two thirds of the votes cast, with at least one cast;
 * - unanimity: every vote cast is Approved, with at least one (an abstention does not break it).
 */
export function carried(t: VoteTotals, rule: OutcomeRule): boolean {
  const cast = castOf(t);
  switch (rule) {
    case 'simple_majority':
      return t.Approved * 2 > cast;
    case 'majority_of_members':
      return t.Approved * 2 > totalOf(t);
    case 'two_thirds':
      return cast > 0 && t.Approved * 3 >= cast * 2;
    case 'unanimity':
      return cast > 0 && t.Approved === cast;
  }
}

/** The outcome once voting has closed (null while open): No quorum first, then Passed or Rejected under the rule. */
export function outcomeOf(t: VoteTotals, rule: OutcomeRule, quorumPercent: number, votingClosed: boolean): DecisionOutcome | null {
  if (!votingClosed) return null;
  if (!quorumOfTotals(t, quorumPercent).met) return 'No quorum';
  return carried(t, rule) ? 'Passed' : 'Rejected';
}

/** the web's and the minutes' choice: show the count by weight beside the one by head when weights matter */
export const showsWeights = (d: { count_by: CountBy; total_weight: number; total_voters: number }): boolean => d.count_by === 'weight' || d.total_weight !== d.total_voters;
