import { Injectable } from '@nestjs/common';
import { AppError, foldSearchText, searchPassage, searchPassageOfWords, type RequestOf, type SearchGroup, type SearchHit, type SearchKind, type SearchMeetingRecords } from '@app/contracts';
import { MeetingDb, type Scope } from '../db/db';
import { Directory } from '../common/directory';
import { SearchRepository, type SearchRow } from '../repositories/search.repository';
import { resolutionListFilter, type ResolutionListFilter } from '../rules/resolution-rights';
import { meetingListFilter, type MeetingListFilter } from '../rules/visibility';

/** rich text as the words a passage shows */
const plain = (html: string | null): string => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');

/**
 * The meeting side of the search box (docs/search.md): meetings, agenda items, decisions and comments of the
 * meetings the actor may see, by the rule of the meetings list (rules/visibility: owner, member, the committee's
 * and the organization's administrators), and standalone resolutions by the rule of the resolutions list
 * (rules/resolution-rights: the committee's administrators and members, its creator, its voters, the organization's
 * administrators). Ranked (repositories/search.repository). Each result carries the passage that matched.
 */
@Injectable()
export class SearchService {
  constructor(private readonly db: MeetingDb, private readonly directory: Directory, private readonly repo: SearchRepository) {}

  async search(req: RequestOf<typeof SearchMeetingRecords>): Promise<{ groups: SearchGroup[] }> {
    const { orgId, actor, q, kinds, limit } = req;
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    const mine = actor.isAdmin ? { admin: [], member: [] } : await this.directory.userCommittees(orgId, actor.userId);
    const filter = meetingListFilter({ userId: actor.userId, isAdmin: actor.isAdmin, adminCommitteeIds: [...mine.admin].map((c) => c.id), role: 'All' });
    const resolutions = resolutionListFilter({ userId: actor.userId, isAdmin: actor.isAdmin, committeeIds: [...new Set([...mine.admin, ...mine.member].map((c) => c.id))] });
    const folded = foldSearchText(q.trim());
    return this.db.tenant(orgId, async (s) => {
      const groups: SearchGroup[] = [];
      for (const kind of kinds) {
        const rows = await this.find(s, kind, { filter, resolutions }, folded, limit + 1);
        if (!rows) continue;
        groups.push({ kind, items: rows.slice(0, limit).map((r) => this.hit(kind, r, q)), has_more: rows.length > limit });
      }
      return { groups };
    });
  }

  private find(s: Scope, kind: SearchKind, f: { filter: MeetingListFilter; resolutions: ResolutionListFilter }, folded: string, limit: number): Promise<SearchRow[]> | null {
    switch (kind) {
      case 'meeting': return this.repo.meetings(s, f.filter, folded, limit);
      case 'agenda_item': return this.repo.agendaItems(s, f.filter, folded, limit);
      case 'decision': return this.repo.decisions(s, f.filter, folded, limit);
      case 'resolution': return this.repo.resolutions(s, f.resolutions, folded, limit);
      case 'comment': return this.repo.comments(s, f.filter, folded, limit);
      default: return null;
    }
  }

  private hit(kind: SearchKind, r: SearchRow, q: string): SearchHit {
    const title = kind === 'comment' ? (r.meetingTitle ?? '') : r.title;
    const body = plain(r.body);
    // a row found by its words apart (not the phrase) shows its longest word that is there
    const passage = (kind === 'comment' ? null : searchPassage(r.title, q)) ?? searchPassageOfWords(body, q) ?? searchPassageOfWords(r.title, q) ?? { text: title, start: 0, end: 0 };
    return {
      kind, id: r.id, title, passage, meeting_id: r.meetingId, meeting_title: r.meetingTitle,
      file_kind: null, page: null, date: r.at ? r.at.toISOString() : null, text_index: null,
    };
  }
}
