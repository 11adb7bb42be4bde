import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError, MM, RECEIPT_BYTES, base32, electionChoiceText, type Ballot, type CountBy, type OutcomeRule, type StoredElection, type Vote } from '@app/contracts';
import type { Scope } from '../db/db';
import type { DecisionRow, VoterRow } from '../db/schema';
import { SecretBallotsRepository } from '../repositories/secret-ballots.repository';
import { ballotAfterEdit, reopenRefusal, rowHasVoted, secretFinal, secretVoteRefusal } from '../rules/ballot';
import { personKey } from '../rules/person';
import { countingAfterEdit } from '../rules/counting';
import { electionAfterEdit } from '../rules/election';

/**
 * What both kinds of decision (a meeting's and a standalone resolution) do about secret ballots
 * (docs/ballots.md): the ballot an edit leaves, and a secret vote with its receipt.
 */
@Injectable()
export class SecretVotes {
  constructor(private readonly ballots: SecretBallotsRepository) {}

  /**
   * The ballot, outcome rule and count after an edit (409 `ballot`, `outcome_rule`, `count_by` once a vote is cast
   * and one would change), and in a secret ballot no voter who has voted may leave the list (409 `voters`): their
   * choice is counted and cannot be taken out. `anyVote`: the voters' weights are fixed from the first vote.
   */
  async afterEdit(
    s: Scope, d: DecisionRow, wanted: { ballot?: Ballot; outcome_rule?: OutcomeRule; count_by?: CountBy; election?: StoredElection | null }, before: VoterRow[],
    after: Array<{ userId: number | null; userEmail: string | null }>, deadline: Date,
  ): Promise<{ ballot: Ballot; outcomeRule: OutcomeRule; countBy: CountBy; election: StoredElection | null; anyVote: boolean }> {
    const anyVote = await this.ballots.anyVote(s, d.id);
    const r = ballotAfterEdit({ current: d.ballot as Ballot, wanted: wanted.ballot, anyVote });
    const c = countingAfterEdit({ current: { outcomeRule: d.outcomeRule as OutcomeRule, countBy: d.countBy as CountBy }, wanted, anyVote });
    const e = electionAfterEdit({ current: d.election ?? null, wanted: wanted.election, anyVote });
    if (!r.ok || !c.ok || !e.ok) throw AppError.validation({ ...(r.ok ? {} : { [r.field]: r.message }), ...(c.ok ? {} : c.errors), ...(e.ok ? {} : e.errors) });
    const now = new Date();
    const reopen = reopenRefusal({ ballot: d.ballot, anyVote, finalBefore: secretFinal(d, now), openAfter: !secretFinal({ isFulfilled: d.isFulfilled, deadline }, now) }, 'deadline');
    if (reopen) throw AppError.validation({ [reopen.field]: reopen.message });
    if (d.ballot === 'secret') {
      const keep = new Set(after.map((p) => personKey(p)));
      if (before.some((v) => rowHasVoted('secret', v) && !keep.has(v.voterKey))) throw AppError.validation({ voters: MM.secretVoterVoted });
    }
    return { ballot: r.ballot, outcomeRule: c.outcomeRule, countBy: c.countBy, election: e.election, anyVote };
  }

  /** resuming voting (is_fulfilled 0) on a final secret ballot with votes in it is refused (reopenRefusal) */
  async checkResume(s: Scope, d: DecisionRow, isFulfilled: boolean): Promise<void> {
    if (d.ballot !== 'secret' || isFulfilled || !d.isFulfilled) return;
    const now = new Date();
    const anyVote = await this.ballots.anyVote(s, d.id);
    const r = reopenRefusal({ ballot: d.ballot, anyVote, finalBefore: true, openAfter: !secretFinal({ isFulfilled: false, deadline: d.deadline }, now) }, 'is_fulfilled');
    if (r) throw AppError.validation({ [r.field]: r.message });
  }

  /** a secret vote (the gate already passed): the mark, the choice under a new receipt; answers the receipt */
  /** `choices`: an election's chosen candidate numbers (the ballot's choice is their text, electionChoiceText) */
  async cast(s: Scope, d: DecisionRow, t: { key: string; forOther: boolean; byProxy?: boolean }, vote: Vote, voterRow: VoterRow | undefined, choices: number[] | null = null): Promise<string> {
    const refusal = secretVoteRefusal({ vote, forOther: t.forOther, byProxy: t.byProxy, alreadyVoted: !!voterRow?.hasVoted });
    if (refusal) throw AppError.validation({ [refusal.field]: refusal.message });
    const receipt = (await this.castMany(s, d, [{ key: t.key, vote, choices }])).get(t.key);
    // none: another vote of this voter committed first (the mark is only set once)
    if (!receipt) throw SecretVotes.votedAlready();
    return receipt;
  }

  /**
   * Secret votes whose rules have passed (secretVoteRefusal included), each voter once: one write of the marks, the
   * weights and the list for all of them (SecretBallotsRepository.cast). Answers each stored vote's receipt by voter
   * key; a voter missing from the answer had voted already (a vote of theirs committed first) and nothing of this
   * vote was written.
   */
  async castMany(s: Scope, d: DecisionRow, votes: Array<{ key: string; vote: Vote; choices: number[] | null }>): Promise<Map<string, string>> {
    const entries = votes.map((v) => ({
      voterKey: v.key, receipt: base32(randomBytes(RECEIPT_BYTES)), choice: v.choices ? electionChoiceText(v.choices) : v.vote, weighs: { vote: v.vote, candidates: v.choices ?? [] },
    }));
    const marked = await this.ballots.cast(s, d.id, entries);
    return new Map(entries.filter((e) => marked.has(e.voterKey)).map((e) => [e.voterKey, e.receipt]));
  }

  /** the refusal of a second secret vote by one voter (409 `vote`) */
  static votedAlready(): AppError {
    const again = secretVoteRefusal({ vote: 'Approved', forOther: false, alreadyVoted: true })!;
    return AppError.validation({ [again.field]: again.message });
  }
}
