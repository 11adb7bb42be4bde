import { z } from 'zod';
import { M, req } from '../core/validation';
import type { CountBy } from './outcome';

/**
 * Elections (docs/ballots.md#elections): a decision that fills `seats` seats among its candidates (members of the
 * committee or free names). Each voter chooses up to `seats` candidates; the result is per candidate, and a tie at
 * the last seat is shown as a tie. One definition for the meeting service, the minutes and the web.
 */

export const MAX_CANDIDATES = 100;
export const MAX_CANDIDATE_NAME = 120;

export const EM = {
  seatsRange: 'The seats must be a whole number from 1 to the number of candidates.',
  candidateOne: 'A candidate is a member (user_id) or a name, not both.',
  candidateTwice: 'A candidate is listed more than once.',
  candidateNotMember: 'A candidate must be a member of the committee.',
  electionLocked: 'The election cannot change once a vote is cast.',
  choicesTwice: 'A candidate is chosen more than once.',
  choicesTooMany: 'Choose at most {seats} candidates.',
  choicesUnknown: 'Choose among the candidates of this election.',
  choicesNeeded: 'This decision is an election: send the candidates you choose (choices).',
  notElection: 'This decision is not an election.',
} as const;

/** a candidate as the create and edit bodies name it: a member of the committee, or a free name */
export const zCandidateRef = z
  .object({
    user_id: req.id().optional(),
    name: z.string({ error: M.string }).trim().min(1, M.required).max(MAX_CANDIDATE_NAME, M.tooLong.replace('{max}', String(MAX_CANDIDATE_NAME))).optional(),
  })
  .strict()
  .refine((c) => (c.user_id === undefined) !== (c.name === undefined), EM.candidateOne);
export type CandidateRef = z.output<typeof zCandidateRef>;

/** a candidate's identity for "listed twice": a member by id, a name without regard to case; null when malformed */
const candidateKey = (c: Partial<CandidateRef> | null | undefined): string | null =>
  !c || typeof c !== 'object' ? null : c.user_id !== undefined ? `u:${String(c.user_id)}` : typeof c.name === 'string' ? `n:${c.name.trim().toLocaleLowerCase()}` : null;

/** the election fields of a decision's create and edit bodies */
export const zElectionBody = z
  .object({
    seats: z.number({ error: M.number }).int(M.integer),
    candidates: z.array(zCandidateRef).min(1, M.required).max(MAX_CANDIDATES, M.tooBig.replace('{max}', String(MAX_CANDIDATES))),
  })
  .strict()
  // zod runs this even when a field failed: it reads the input defensively (a 409, never a 500)
  .superRefine((e, ctx) => {
    const cs: unknown[] = Array.isArray(e.candidates) ? e.candidates : [];
    if (cs.length && typeof e.seats === 'number' && Number.isInteger(e.seats) && (e.seats < 1 || e.seats > cs.length)) ctx.addIssue({ code: 'custom', path: ['seats'], message: EM.seatsRange });
    const keys = cs.map((c) => candidateKey(c as Partial<CandidateRef>)).filter((k): k is string => k !== null);
    if (new Set(keys).size !== keys.length) ctx.addIssue({ code: 'custom', path: ['candidates'], message: EM.candidateTwice });
  });
export type ElectionBody = z.output<typeof zElectionBody>;

/** a candidate as stored on the decision: its number (1..n, the order given), a member or a free name */
export interface StoredCandidate {
  id: number;
  user_id: number | null;
  name: string;
}
export interface StoredElection {
  seats: number;
  candidates: StoredCandidate[];
}

export const zCandidate = z.object({
  /** the candidate's number on this decision (1..n): what a vote's `choices` name */
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  /** voters who chose this candidate (null while a secret election's results are withheld) */
  votes: z.number().int().nullable(),
  /** the weight of those voters */
  weight: z.number().int().nullable(),
  /** elected: only once voting has closed with the quorum met */
  elected: z.boolean(),
  /** tied for the last seat(s) with others: not elected, the tie is for the committee to break */
  tied: z.boolean(),
});
export type Candidate = z.output<typeof zCandidate>;

export const zElectionPayload = z.object({
  seats: z.number().int(),
  candidates: z.array(zCandidate),
  /** the results per candidate are shown (an open election: always; a secret one: once final) */
  results_shown: z.boolean(),
  /** the seats the tie is for (0 when there is no tie at the last seat) */
  tied_seats: z.number().int(),
  /** the actor's own choices in an open election (null when they have not voted, or in a secret one) */
  my_choices: z.array(z.number().int()).nullable(),
});
export type ElectionPayload = z.output<typeof zElectionPayload>;

/**
 * A closed election's results as the e-mail to its voters gives them (the DecisionClosed event, the election-closed
 * e-mail): each candidate with their votes, elected or tied (a tie for the last seat(s) is shown as a tie).
 */
export const zElectionOutcome = z.object({
  seats: z.number().int(),
  /** the seats the tie is for (0: no tie) */
  tiedSeats: z.number().int(),
  candidates: z.array(z.object({ name: z.string(), votes: z.number().int(), elected: z.boolean(), tied: z.boolean() })),
});
export type ElectionOutcome = z.output<typeof zElectionOutcome>;

/** an election's payload as its outcome, when its results are shown (null otherwise: a secret one still withheld) */
export function electionOutcome(e: ElectionPayload | null | undefined): ElectionOutcome | null {
  if (!e || !e.results_shown) return null;
  return { seats: e.seats, tiedSeats: e.tied_seats, candidates: e.candidates.map((c) => ({ name: c.name, votes: c.votes ?? 0, elected: c.elected, tied: c.tied })) };
}

/** the choice text of a secret election ballot: the chosen numbers in ascending order with commas, '-' for none */
export const electionChoiceText = (choices: readonly number[]): string => (choices.length ? [...choices].sort((a, b) => a - b).join(',') : '-');
export const zElectionChoice = z.string().regex(/^(-|[1-9]\d{0,2}(,[1-9]\d{0,2})*)$/);
/** the numbers a choice text names */
export const electionChoices = (text: string): number[] => (text === '-' ? [] : text.split(',').map(Number));

/**
 * What is wrong with a vote's choices, or null: more than `seats`, a number twice, or a number that is no candidate.
 * 0 choices is a blank ballot (it counts toward the quorum, for no candidate).
 */
export function choicesRefusal(e: StoredElection, choices: readonly number[]): string | null {
  if (new Set(choices).size !== choices.length) return EM.choicesTwice;
  // the message keeps {seats}: the caller passes it as a parameter (the sentence is the translation key)
  if (choices.length > e.seats) return EM.choicesTooMany;
  const ids = new Set(e.candidates.map((c) => c.id));
  if (choices.some((c) => !ids.has(c))) return EM.choicesUnknown;
  return null;
}

export interface ElectionTally {
  id: number;
  votes: number;
  weight: number;
}

/**
 * Who is elected (the rule, table-tested in election.spec.ts). Candidates are ranked by votes (by head) or by
 * weight (`count_by: weight`). With `seats` = k, let c be the count of the k-th ranked candidate:
 * - a candidate above c is elected;
 * - the candidates at c are elected when they all fit in the seats left; otherwise they are **tied** for those
 *   seats: none of them is elected and `tiedSeats` says how many seats the tie is for;
 * - a candidate nobody chose (count 0) is never elected nor tied: a seat nobody voted for stays empty.
 */
export function electionResult(
  seats: number, tallies: readonly ElectionTally[], countBy: CountBy,
): { elected: Set<number>; tied: Set<number>; tiedSeats: number } {
  const count = (t: ElectionTally) => (countBy === 'weight' ? t.weight : t.votes);
  const ranked = tallies.filter((t) => count(t) > 0).sort((a, b) => count(b) - count(a));
  const elected = new Set<number>();
  const tied = new Set<number>();
  if (ranked.length <= seats) {
    for (const t of ranked) elected.add(t.id);
    return { elected, tied, tiedSeats: 0 };
  }
  const cut = count(ranked[seats - 1]);
  const above = ranked.filter((t) => count(t) > cut);
  const at = ranked.filter((t) => count(t) === cut);
  for (const t of above) elected.add(t.id);
  const left = seats - above.length;
  if (at.length <= left) {
    for (const t of at) elected.add(t.id);
    return { elected, tied, tiedSeats: 0 };
  }
  for (const t of at) tied.add(t.id);
  return { elected, tied, tiedSeats: left };
}

/** per candidate, how many entries of a published secret election list chose them (the web's and anyone's recount) */
export function countElectionBallots(entries: ReadonlyArray<{ choice: string }>): Map<number, number> {
  const out = new Map<number, number>();
  for (const e of entries) for (const c of electionChoices(e.choice)) out.set(c, (out.get(c) ?? 0) + 1);
  return out;
}
