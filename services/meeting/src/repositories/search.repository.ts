import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { foldedMatch } from '@app/platform';
import { decisions, meetings } from '../db/schema';
import type { ResolutionListFilter } from '../rules/resolution-rights';
import type { MeetingListFilter } from '../rules/visibility';
import type { Scope } from '../db/db';
import { resolutionFilterSql } from './decisions.repository';
import { meetingFilterSql } from './meetings.repository';

/** one row the search found: its text (title and body), its meeting (null: a standalone resolution) and its rank */
export interface SearchRow {
  id: number;
  title: string;
  body: string | null;
  meetingId: number | null;
  meetingTitle: string | null;
  at: Date | null;
  rank: number;
}

type Raw = { id: string; title: string; body: string | null; meeting_id: string | null; meeting_title: string | null; at: Date | string | null; rank: string | number };

/** the folded title and description of a row, written as the indexes of migrations 0005 and 0009 hold it */
const titled = (alias: string) => ({
  doc: sql.raw(`meeting.search_fold(${alias}.title || ' ' || coalesce(${alias}.description, ''))`),
  title: sql.raw(`meeting.search_fold(${alias}.title)`),
});

/**
 * The search box's queries (docs/search.md): `folded` is the query folded by contracts' foldSearchText. A row
 * matches and is ranked by @app/platform's foldedMatch (every word of the query, or the phrase inside a word;
 * ts_rank, the phrase and the title counting more) over `meeting.search_fold(...)` of its text, the very
 * expressions the trigram and tsvector indexes of migrations 0005 and 0009 hold. Best first, equal ranks newest
 * first. Only meetings the list filter admits (rules/visibility, the rule of the meetings list) and their agenda
 * items, decisions and comments; standalone resolutions by the resolutions list's rule (rules/resolution-rights).
 * `limit` rows at most.
 */
@Injectable()
export class SearchRepository {
  private visible(s: Scope, filter: MeetingListFilter): SQL {
    return sql`(select ${meetings.id} from ${meetings} where ${meetingFilterSql(s.orgId, filter)})`;
  }

  private async run(s: Scope, q: SQL): Promise<SearchRow[]> {
    const r = await s.tx.execute<Raw>(q);
    return r.rows.map((x) => ({
      id: Number(x.id), title: x.title, body: x.body, meetingId: x.meeting_id === null ? null : Number(x.meeting_id), meetingTitle: x.meeting_title,
      at: x.at === null ? null : new Date(x.at), rank: Number(x.rank),
    }));
  }

  meetings(s: Scope, filter: MeetingListFilter, folded: string, limit: number): Promise<SearchRow[]> {
    const { doc, title } = titled('m');
    const { where, rank } = foldedMatch(doc, folded, title);
    return this.run(s, sql`
      select m.id, m.title, m.description as body, m.id as meeting_id, m.title as meeting_title, m.start_at as at, ${rank} as rank
      from meeting.meetings m
      where m.org_id = ${s.orgId} and m.id in ${this.visible(s, filter)} and ${where}
      order by rank desc, m.start_at desc nulls last, m.id desc limit ${limit}`);
  }

  agendaItems(s: Scope, filter: MeetingListFilter, folded: string, limit: number): Promise<SearchRow[]> {
    return this.itemsOf(s, 'talking_points', filter, folded, limit);
  }

  decisions(s: Scope, filter: MeetingListFilter, folded: string, limit: number): Promise<SearchRow[]> {
    return this.itemsOf(s, 'decisions', filter, folded, limit);
  }

  /** a meeting's titled items (talking points, decisions): one query, the table named from a fixed list */
  private itemsOf(s: Scope, table: 'talking_points' | 'decisions', filter: MeetingListFilter, folded: string, limit: number): Promise<SearchRow[]> {
    const { doc, title } = titled('t');
    const { where, rank } = foldedMatch(doc, folded, title);
    return this.run(s, sql`
      select t.id, t.title, t.description as body, m.id as meeting_id, m.title as meeting_title, m.start_at as at, ${rank} as rank
      from ${sql.raw(`meeting.${table}`)} t join meeting.meetings m on m.org_id = t.org_id and m.id = t.meeting_id
      where t.org_id = ${s.orgId} and t.meeting_id in ${this.visible(s, filter)} and ${where}
      order by rank desc, m.start_at desc nulls last, t.id desc limit ${limit}`);
  }

  /** standalone resolutions (no meeting) that the resolutions list shows the actor */
  resolutions(s: Scope, filter: ResolutionListFilter, folded: string, limit: number): Promise<SearchRow[]> {
    const { doc, title } = titled('t');
    const { where, rank } = foldedMatch(doc, folded, title);
    return this.run(s, sql`
      select t.id, t.title, t.description as body, null as meeting_id, null as meeting_title, t.created_at as at, ${rank} as rank
      from meeting.decisions t
      where t.org_id = ${s.orgId} and t.meeting_id is null
        and t.id in (select ${decisions.id} from ${decisions} where ${resolutionFilterSql(s.orgId, filter)}) and ${where}
      order by rank desc, t.created_at desc, t.id desc limit ${limit}`);
  }

  comments(s: Scope, filter: MeetingListFilter, folded: string, limit: number): Promise<SearchRow[]> {
    const { where, rank } = foldedMatch(sql.raw('meeting.search_fold(c.comment)'), folded);
    return this.run(s, sql`
      select c.id, coalesce(c.user_name, '') as title, c.comment as body, m.id as meeting_id, m.title as meeting_title, c.created_at as at, ${rank} as rank
      from meeting.comments c join meeting.meetings m on m.org_id = c.org_id and m.id = c.meeting_id
      where c.org_id = ${s.orgId} and c.meeting_id in ${this.visible(s, filter)} and ${where}
      order by rank desc, c.created_at desc, c.id desc limit ${limit}`);
  }
}
