import { EM, choicesRefusal, type ElectionBody, type StoredElection } from '@app/contracts';

/**
 * Elections (docs/ballots.md#elections): what the meeting service decides about a decision's election. The result
 * rule itself is one definition in libs/contracts (meeting/election.ts). Pure; table tests in election.spec.ts.
 */

type Refusal = Record<string, string>;

/** a candidate named by user id must be a member (or an admin) of the decision's committee */
export function candidatesRefusal(body: ElectionBody | null | undefined, committee: { admin_ids: readonly number[]; member_ids: readonly number[] } | null): Refusal | null {
  if (!body) return null;
  const ok = new Set([...(committee?.admin_ids ?? []), ...(committee?.member_ids ?? [])]);
  return body.candidates.some((c) => c.user_id !== undefined && !ok.has(c.user_id)) ? { 'election.candidates': EM.candidateNotMember } : null;
}

/** the election as stored: candidates numbered 1..n in the order given; a member's name as the directory has it now */
export function storedElection(body: ElectionBody, nameOf: (userId: number) => string | null | undefined): StoredElection {
  return {
    seats: body.seats,
    candidates: body.candidates.map((c, i) => ({ id: i + 1, user_id: c.user_id ?? null, name: c.name ?? nameOf(c.user_id!) ?? `#${c.user_id}` })),
  };
}

const same = (a: StoredElection | null, b: StoredElection | null): boolean =>
  a === b || (!!a && !!b && a.seats === b.seats && a.candidates.length === b.candidates.length && a.candidates.every((c, i) => c.user_id === b.candidates[i].user_id && (c.user_id !== null || c.name === b.candidates[i].name)));

/**
 * The election an edit leaves: left out (undefined) keeps it, null removes it, a body replaces it; once a vote is cast
 * any change is refused (409 `election`). A member's name that changed in the directory is no change.
 */
export function electionAfterEdit(f: { current: StoredElection | null; wanted: StoredElection | null | undefined; anyVote: boolean }): { ok: true; election: StoredElection | null } | { ok: false; errors: Refusal } {
  if (f.wanted === undefined) return { ok: true, election: f.current };
  if (f.anyVote && !same(f.current, f.wanted)) return { ok: false, errors: { election: EM.electionLocked } };
  return { ok: true, election: f.anyVote ? f.current : f.wanted };
}

/**
 * A vote's choices against the decision: an election needs `choices` (0..seats known candidates, each once);
 * any other decision refuses them. Answers the choices to store (null when not an election).
 */
export function electionVote(
  election: StoredElection | null, choices: readonly number[] | undefined,
): { ok: true; choices: number[] | null } | { ok: false; errors: Refusal; params?: Record<string, number> } {
  if (!election) return choices === undefined ? { ok: true, choices: null } : { ok: false, errors: { choices: EM.notElection } };
  if (choices === undefined) return { ok: false, errors: { choices: EM.choicesNeeded } };
  const refusal = choicesRefusal(election, choices);
  return refusal ? { ok: false, errors: { choices: refusal }, params: { seats: election.seats } } : { ok: true, choices: [...choices].sort((a, b) => a - b) };
}
