import { DEFAULT_WEIGHT, MM, totalsOf, type CountBy, type OutcomeRule, type Vote, type VoteTotals } from '@app/contracts';

/**
 * Weights and outcome rules (docs/ballots.md#weights-and-outcome-rules): what the meeting service decides about a
 * decision's count. The outcome rule itself is one definition in libs/contracts (meeting/outcome.ts). Pure; the
 * table tests are in counting.spec.ts.
 */

/** a voter's weight: their weight in the decision's committee, 1 for anyone else (a guest, a non-member) */
export function voterWeight(committee: { weights?: ReadonlyArray<{ user_id: number; weight: number }> } | null | undefined, userId: number | null): number {
  if (userId === null) return DEFAULT_WEIGHT;
  return committee?.weights?.find((w) => w.user_id === userId)?.weight ?? DEFAULT_WEIGHT;
}

/** the rule and count an edit leaves: the body's, or the current ones when left out; a change once a vote is cast is refused */
export function countingAfterEdit(f: {
  current: { outcomeRule: OutcomeRule; countBy: CountBy };
  wanted: { outcome_rule?: OutcomeRule; count_by?: CountBy };
  anyVote: boolean;
}): { ok: true; outcomeRule: OutcomeRule; countBy: CountBy } | { ok: false; errors: Partial<Record<'outcome_rule' | 'count_by', string>> } {
  const outcomeRule = f.wanted.outcome_rule ?? f.current.outcomeRule;
  const countBy = f.wanted.count_by ?? f.current.countBy;
  const errors: Partial<Record<'outcome_rule' | 'count_by', string>> = {};
  if (f.anyVote && outcomeRule !== f.current.outcomeRule) errors.outcome_rule = MM.outcomeRuleLocked;
  if (f.anyVote && countBy !== f.current.countBy) errors.count_by = MM.countByLocked;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, outcomeRule, countBy };
}

type Row = { vote: string; hasVoted: boolean; weight: number };

/**
 * The weight behind each value of a decision, from its voter rows: an open ballot's rows as they are; a secret
 * ballot's chosen weight from its totals per choice (secret_weights) and, as Pending, the weight of the voters who
 * have not voted. Nothing in it is per voter.
 */
export function weightTotals(ballot: string, rows: readonly Row[], secretWeights: ReadonlyArray<{ vote: string; w: number }>): VoteTotals {
  if (ballot !== 'secret') return totalsOf(rows.map((r) => ({ vote: r.vote, amount: r.weight })));
  const t = totalsOf(secretWeights.filter((c) => c.vote !== 'Pending').map((c) => ({ vote: c.vote, amount: c.w })));
  t.Pending = rows.filter((r) => !r.hasVoted).reduce((a, r) => a + r.weight, 0);
  return t;
}

/**
 * The same from grouped counts (the answer to a vote reads no voter list): `counts` holds each value's voters and
 * their weight; a secret ballot's rows all hold Pending, so what the choices do not take is still Pending.
 */
export function weightTotalsFromCounts(ballot: string, counts: ReadonlyArray<{ vote: string; w: number }>, secretWeights: ReadonlyArray<{ vote: string; w: number }>): VoteTotals {
  if (ballot !== 'secret') return totalsOf(counts.map((c) => ({ vote: c.vote, amount: c.w })));
  const t = totalsOf(secretWeights.filter((c) => c.vote !== 'Pending').map((c) => ({ vote: c.vote, amount: c.w })));
  const all = counts.reduce((a, c) => a + Number(c.w), 0);
  t.Pending = Math.max(0, all - (t.Approved + t.Denied + t.Abstained + t.Others));
  return t;
}

/** a count by head as totals */
export const headTotals = (votes: readonly Vote[]): VoteTotals => totalsOf(votes.map((vote) => ({ vote, amount: 1 })));
