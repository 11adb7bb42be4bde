import { roundUpOneDecimal, voteNeedsReason, VOTE_VALUES, type Tally, type Vote } from '@app/contracts';

/**
 * Pure display rules of the vote dialog and the tally (docs/product/votes.md). The server decides who
 * may vote and when (can_vote, voting_open); these only shape what the dialog shows and asks for.
 */

/** a reason is asked for with Denied and Others (the contracts' rule, as the server checks it) */
export const reasonRequired = voteNeedsReason;

/** the reason box is disabled while the vote is Pending */
export function reasonDisabled(vote: Vote): boolean {
  return vote === 'Pending';
}

/** green Approved, red Denied, blue Abstained, yellow Pending, grey Others: shades that white tag text reads on at 4.5:1 or more */
export const VOTE_COLOURS: Record<Vote, string> = {
  Approved: '#15803d',
  Denied: '#b91c1c',
  Abstained: '#1d4ed8',
  Pending: '#a16207',
  Others: '#4b5563',
};

/** '33.4%' */
export function percentLabel(percentage: number, lang = 'en'): string {
  const n = roundUpOneDecimal(percentage);
  return `${new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n)}%`;
}

export interface DonutSlice {
  vote: Vote;
  label: string;
  count: number;
  percentage: number;
  colour: string;
  /** start and end as fractions of the circle */
  from: number;
  to: number;
}

/** the tallies the server sent, in the fixed vote order, as circle fractions (empty slices kept with zero width) */
export function donutSlices(tallies: readonly Tally[]): DonutSlice[] {
  const total = tallies.reduce((s, t) => s + t.count, 0);
  let at = 0;
  return VOTE_VALUES.map((vote) => {
    const t = tallies.find((x) => x.vote === vote);
    const count = t?.count ?? 0;
    const share = total > 0 ? count / total : 0;
    const slice = { vote, label: t?.label ?? vote, count, percentage: t?.percentage ?? 0, colour: VOTE_COLOURS[vote], from: at, to: at + share };
    at += share;
    return slice;
  });
}

/** 'Select all' shows with more than 5 people (more than 1 on a sub-point) */
export function selectAllShown(people: number, onSubpoint = false): boolean {
  return people > (onSubpoint ? 1 : 5);
}
