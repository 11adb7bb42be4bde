import { Injectable } from '@nestjs/common';
import { AppPaths, type ResponseOf, type ListPendingVoters } from '@app/contracts';
import { Directory } from '../common/directory';
import { GuestTokens } from '../common/guest-tokens';
import { MeetingDb } from '../db/db';
import { DecisionsRepository } from '../repositories/decisions.repository';
import { MembersRepository } from '../repositories/members.repository';
import { rowHasVoted } from '../rules/ballot';
import { normalizeEmail } from '../rules/person';

/**
 * Who of a decision's voters has not voted yet, as addresses (ListPendingVoters): the notification service asks it
 * when a deadline reminder fires, so the reminder goes to those still to vote at that moment. Users' addresses come
 * from the directory (as the decision's e-mails do), guests' from their voter row; a guest of the meeting also gets
 * the path of their own page, their link made again (GuestTokens), never the members' page.
 */
@Injectable()
export class PendingVoters {
  constructor(
    private readonly db: MeetingDb,
    private readonly decisions: DecisionsRepository,
    private readonly members: MembersRepository,
    private readonly directory: Directory,
    private readonly guestTokens: GuestTokens,
  ) {}

  async list(orgId: string, decisionId: number): Promise<ResponseOf<typeof ListPendingVoters>> {
    const { rows, guests } = await this.db.tenant(orgId, async (s) => {
      const d = await this.decisions.get(s, decisionId);
      if (!d || d.isFulfilled) return { rows: [], guests: [] };
      const rows = (await this.decisions.votersOf(s, [decisionId])).filter((v) => !rowHasVoted(d.ballot, v));
      const guestEmails = new Set(rows.filter((v) => !v.userId && v.userEmail).map((v) => normalizeEmail(v.userEmail!)));
      const guests = d.meetingId !== null && guestEmails.size
        ? (await this.members.members(s, d.meetingId))
          .filter((m) => !m.userId && m.userEmail && guestEmails.has(normalizeEmail(m.userEmail)))
          .map((m) => {
            const token = this.guestTokens.recover(m);
            return { email: normalizeEmail(m.userEmail!), link: token ? AppPaths.guestMeeting(d.meetingId!, token) : null };
          })
        : [];
      return { rows, guests };
    });
    const users = await this.directory.usersById(orgId, rows.map((v) => v.userId));
    const emails = rows.map((v) => (v.userId ? users.get(v.userId)?.email ?? v.userEmail : v.userEmail)).filter((e): e is string => !!e);
    return { emails: [...new Set(emails.map(normalizeEmail))], guests };
  }
}
