import { Injectable } from '@nestjs/common';
import { AppError, foldSearchText, searchPassage, type RequestOf, type SearchGroup, type SearchHit, type SearchKind, type SearchMeetingRecords } from '@app/contracts';
import { containsPattern } from '@app/platform';
import { MeetingDb } from '../db/db';
import { Directory } from '../common/directory';
import { SearchRepository, type SearchRow } from '../repositories/search.repository';
import { meetingListFilter } from '../rules/visibility';

/** rich text as the words a passage shows */
const plain = (html: string | null): string => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');

/**
 * The meeting side of the search box (docs/search.md): meetings, agenda items, decisions and comments of the
 * meetings the actor may see, by the rule of the meetings list (rules/visibility: owner, member, the committee's
 * and the organization's administrators). Each result carries the passage that matched.
 */
@Injectable()
export class SearchService {
  constructor(private readonly db: MeetingDb, private readonly directory: Directory, private readonly repo: SearchRepository) {}

  async search(req: RequestOf<typeof SearchMeetingRecords>): Promise<{ groups: SearchGroup[] }> {
    const { orgId, actor, q, kinds, limit } = req;
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    const adminCommitteeIds = actor.isAdmin ? [] : (await this.directory.userCommittees(orgId, actor.userId)).admin.map((c) => c.id);
    const filter = meetingListFilter({ userId: actor.userId, isAdmin: actor.isAdmin, adminCommitteeIds, role: 'All' });
    const pattern = containsPattern(foldSearchText(q.trim()));
    return this.db.tenant(orgId, async (s) => {
      const groups: SearchGroup[] = [];
      for (const kind of kinds) {
        const find = this.finder(kind);
        if (!find) continue;
        const rows = await find(s, filter, pattern, limit + 1);
        groups.push({ kind, items: rows.slice(0, limit).map((r) => this.hit(kind, r, q)), has_more: rows.length > limit });
      }
      return { groups };
    });
  }

  private finder(kind: SearchKind) {
    switch (kind) {
      case 'meeting': return this.repo.meetings.bind(this.repo);
      case 'agenda_item': return this.repo.agendaItems.bind(this.repo);
      case 'decision': return this.repo.decisions.bind(this.repo);
      case 'comment': return this.repo.comments.bind(this.repo);
      default: return null;
    }
  }

  private hit(kind: SearchKind, r: SearchRow, q: string): SearchHit {
    const title = kind === 'comment' ? r.meetingTitle : r.title;
    const body = plain(r.body);
    const passage = (kind === 'comment' ? null : searchPassage(r.title, q)) ?? searchPassage(body, q) ?? { text: title, start: 0, end: 0 };
    return {
      kind, id: r.id, title, passage, meeting_id: r.meetingId, meeting_title: r.meetingTitle,
      file_kind: null, page: null, date: r.at ? r.at.toISOString() : null,
    };
  }
}
