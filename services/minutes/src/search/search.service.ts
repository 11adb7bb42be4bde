import { Injectable } from '@nestjs/common';
import { AppError, foldSearchText, searchPassageOfWords, type Actor, type MeetingDetails, type RequestOf, type SearchGroup, type SearchMinutes } from '@app/contracts';
import { Meetings } from '../common/meetings';
import { MinutesDb } from '../common/minutes-db';
import { minutesItems } from '../rules/items';
import { minutesRightsOf } from '../rules/minutes-rights';
import { meetingsOf, minutesResults, type ReadableMinutes } from '../rules/search';
import { MinutesSearchRepository } from './search.repository';

/** conclusions and comments read before the meetings are asked about */
const CANDIDATES = 500;
/** at most this many meetings asked about a search, this many at a time */
export const MINUTES_SEARCH_MEETINGS = 40;
const AT_A_TIME = 8;

/**
 * The minutes side of the search box (docs/search.md#minutes): conclusions and comments of the minutes the actor may
 * read. The meeting service decides who sees a meeting (GetMeeting as the actor, the same call the minutes page
 * makes: 404 when they may not), and the minutes are read only while they are available (rules/minutes-rights:
 * statuses 3 and 5), on the items the minutes still have. One result a meeting, its best passage, best first.
 */
@Injectable()
export class MinutesSearchService {
  constructor(private readonly db: MinutesDb, private readonly meetings: Meetings, private readonly repo: MinutesSearchRepository) {}

  async search(req: RequestOf<typeof SearchMinutes>): Promise<{ groups: SearchGroup[] }> {
    const { orgId, actor, q, kinds, limit } = req;
    if (actor.kind !== 'user' || !actor.userId) throw new AppError('UNAUTHENTICATED');
    if (!kinds.includes('minutes')) return { groups: [] };
    const hits = await this.db.tenant(orgId, (s) => this.repo.find(s, foldSearchText(q.trim()), CANDIDATES));
    const ids = meetingsOf(hits).slice(0, MINUTES_SEARCH_MEETINGS);
    const readable = new Map<number, ReadableMinutes | null>();
    let results = minutesResults(hits, readable);
    for (let i = 0; i < ids.length && results.length <= limit; i += AT_A_TIME) {
      const batch = ids.slice(i, i + AT_A_TIME);
      const answers = await Promise.all(batch.map((id) => this.readable(orgId, actor, id)));
      batch.forEach((id, k) => readable.set(id, answers[k]));
      results = minutesResults(hits, readable);
    }
    const items = results.slice(0, limit).map(({ hit, meetingTitle, itemTitle }) => ({
      kind: 'minutes' as const, id: hit.meetingId, title: itemTitle,
      passage: searchPassageOfWords(hit.text, q) ?? { text: hit.text.slice(0, 120), start: 0, end: 0 },
      meeting_id: hit.meetingId, meeting_title: meetingTitle, file_kind: null, page: null, date: hit.at.toISOString(), text_index: null,
    }));
    return { groups: [{ kind: 'minutes', items, has_more: results.length > limit }] };
  }

  /** the meeting's minutes as the actor may read them, or null (not theirs to see, or not available) */
  private async readable(orgId: string, actor: Actor, meetingId: number): Promise<ReadableMinutes | null> {
    let m: MeetingDetails;
    try {
      m = await this.meetings.load(orgId, actor, meetingId);
    } catch (e) {
      // 404 (or a refusal): not theirs to see, so nothing of its minutes is; anything else fails the search
      if (e instanceof AppError && (e.code === 'NOT_FOUND' || e.status === 403 || e.status === 404)) return null;
      throw e;
    }
    // the setting decides the download only; availability is the status's
    return minutesRightsOf(actor, m, false).available ? { title: m.title, items: minutesItems(m) } : null;
  }
}
