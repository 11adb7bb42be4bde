import { AppError, ballotsHash, canonicalBallots, type BallotList, type DecisionPayload, type Vote } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { Scope } from '../db/db';
import type { DecisionRow } from '../db/schema';
import { SecretBallotsRepository } from '../repositories/secret-ballots.repository';
import { ballotsRefusal } from '../rules/ballot';

/**
 * GET /api/decisions/{id}/ballots (docs/ballots.md#the-published-list): a closed secret ballot's (receipt, choice)
 * list sorted by receipt, its SHA-256 and the tallies. `seen` is the decision as the caller sees it (the use case's
 * `get`, which answers 404 to whoever may not see the decision): the list goes to whoever may see the decision.
 */
@Injectable()
export class BallotListView {
  constructor(private readonly ballots: SecretBallotsRepository) {}

  async list(s: Scope, d: DecisionRow, seen: DecisionPayload): Promise<BallotList> {
    const refusal = ballotsRefusal({ ballot: d.ballot, final: seen.ballots_published });
    if (refusal) throw AppError.validation({ [refusal.field]: refusal.message });
    const entries = canonicalBallots((await this.ballots.entries(s, d.id)).map((e) => ({ receipt: e.receipt, choice: e.choice as Vote })));
    return { decision_id: d.id, count: entries.length, entries, hash: await ballotsHash(entries), algorithm: 'sha256', tallies: seen.tallies };
  }
}
