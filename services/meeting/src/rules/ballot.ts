import { MM, type Ballot, type Vote } from '@app/contracts';

/**
 * Secret ballots (docs/ballots.md): what the service decides about a decision's ballot kind and a secret vote.
 * Pure; the table tests are in ballot.spec.ts.
 */

/** has this voter row voted? An open ballot keeps the vote on the row; a secret one only the mark */
export const rowHasVoted = (ballot: Ballot | string, row: { vote: string; hasVoted: boolean }): boolean =>
  ballot === 'secret' ? row.hasVoted : row.vote !== 'Pending';

/**
 * The votes a decision's aggregate rules see (quorum, outcome, who may hide it): an open ballot's votes as they
 * are; a secret ballot's counted choices and one Pending per voter who has not voted. Nothing in it is per voter.
 */
export function ruleVotes(ballot: Ballot | string, rows: ReadonlyArray<{ vote: string; hasVoted: boolean }>, secretCounts: ReadonlyArray<{ vote: string; n: number }>): Vote[] {
  if (ballot !== 'secret') return rows.map((r) => r.vote as Vote);
  const notVoted = rows.filter((r) => !r.hasVoted).length;
  return [...secretCounts.flatMap((c) => Array<Vote>(Number(c.n)).fill(c.vote as Vote)), ...Array<Vote>(notVoted).fill('Pending')];
}

/**
 * A secret ballot is final once it is ended or its close date has passed (not when the meeting's status pauses
 * voting): only then are its tallies and its list shown, and it cannot open again once a vote is in it.
 */
export const secretFinal = (d: { isFulfilled: boolean; deadline: Date }, now: Date): boolean => d.isFulfilled || d.deadline.getTime() <= now.getTime();

/**
 * Tallies of a secret ballot are shown once it is final: shown while it is open, each change of the count next to a
 * new name in "who has voted" would tell that voter's choice. An open ballot shows them always.
 */
export const showsTallies = (ballot: Ballot | string, final: boolean): boolean => ballot !== 'secret' || final;

/**
 * A final secret ballot with votes in it does not open again (resumed, or its close date moved into the future):
 * closing it, reading the tallies and opening it again would tell the next voter's choice by difference.
 */
export function reopenRefusal(f: { ballot: Ballot | string; anyVote: boolean; finalBefore: boolean; openAfter: boolean }, field: 'is_fulfilled' | 'deadline'): { field: typeof field; message: string } | null {
  return f.ballot === 'secret' && f.anyVote && f.finalBefore && f.openAfter ? { field, message: MM.secretNoReopen } : null;
}

/** the ballot an edit leaves: the body's, or the current one when left out; a change once any vote is cast is refused */
export function ballotAfterEdit(f: { current: Ballot; wanted: Ballot | undefined; anyVote: boolean }): { ok: true; ballot: Ballot } | { ok: false; field: 'ballot'; message: string } {
  const ballot = f.wanted ?? f.current;
  if (ballot !== f.current && f.anyVote) return { ok: false, field: 'ballot', message: MM.ballotLocked };
  return { ok: true, ballot };
}

/**
 * a secret vote is refused when: Pending is chosen, it is cast for another (unless by the holder of their proxy, who
 * casts it as the voter would: docs/ballots.md#proxies), or the voter has already voted
 */
export function secretVoteRefusal(f: { vote: Vote; forOther: boolean; byProxy?: boolean; alreadyVoted: boolean }): { field: 'vote' | 'user_id'; message: string } | null {
  if (f.forOther && !f.byProxy) return { field: 'user_id', message: MM.secretOwnVote };
  if (f.vote === 'Pending') return { field: 'vote', message: MM.secretNoPending };
  if (f.alreadyVoted) return { field: 'vote', message: MM.secretVotedOnce };
  return null;
}

/** the published list of a decision: only a secret ballot, only once it is final */
export function ballotsRefusal(f: { ballot: Ballot | string; final: boolean }): { field: 'ballot'; message: string } | null {
  if (f.ballot !== 'secret') return { field: 'ballot', message: MM.notSecretBallot };
  if (!f.final) return { field: 'ballot', message: MM.ballotsNotYet };
  return null;
}
