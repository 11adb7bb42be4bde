import { Injectable } from '@nestjs/common';
import type { ResponseOf, ListPendingVoters } from '@app/contracts';
import { Directory } from '../common/directory';
import { MeetingDb } from '../db/db';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { rowHasVoted } from '../rules/ballot';
import { normalizeEmail } from '../rules/person';

/**
 * Who of a decision's voters has not voted yet, as addresses (ListPendingVoters): the notification service asks it
 * when a deadline reminder fires, so the reminder goes to those still to vote at that moment. Users' addresses come
 * from the directory (as the decision's e-mails do), guests' from their voter row.
 */
@Injectable()
export class PendingVoters {
  constructor(private readonly db: MeetingDb, private readonly decisions: DecisionsRepository, private readonly directory: Directory) {}

  async list(orgId: string, decisionId: number): Promise<ResponseOf<typeof ListPendingVoters>> {
    const rows = await this.db.tenant(orgId, async (s) => {
      const d = await this.decisions.get(s, decisionId);
      if (!d || d.isFulfilled) return [];
      return (await this.decisions.votersOf(s, [decisionId])).filter((v) => !rowHasVoted(d.ballot, v));
    });
    const users = await this.directory.usersById(orgId, rows.map((v) => v.userId));
    const emails = rows.map((v) => (v.userId ? users.get(v.userId)?.email ?? v.userEmail : v.userEmail)).filter((e): e is string => !!e);
    return { emails: [...new Set(emails.map(normalizeEmail))] };
  }
}
