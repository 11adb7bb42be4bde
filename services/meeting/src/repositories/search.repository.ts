import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { meetings } from '../db/schema';
import type { MeetingListFilter } from '../rules/visibility';
import type { Scope } from '../db/db';
import { meetingFilterSql } from './meetings.repository';

/** one row the search found: its text (title and body) and its meeting */
export interface SearchRow {
  id: number;
  title: string;
  body: string | null;
  meetingId: number;
  meetingTitle: string;
  at: Date | null;
}

type Raw = { id: string; title: string; body: string | null; meeting_id: string; meeting_title: string; at: Date | string | null };

/**
 * The search box's queries (docs/search.md): `pattern` is the folded query as a LIKE pattern (contracts'
 * foldSearchText, made a pattern by @app/platform's containsPattern), compared with `meeting.search_fold(...)` of the stored text, the very expression the
 * trigram indexes of migration 0005 hold. Only meetings the list filter admits (rules/visibility, the rule of the
 * meetings list) and their agenda items, decisions and comments; `limit` rows at most.
 */
@Injectable()
export class SearchRepository {
  private visible(s: Scope, filter: MeetingListFilter): SQL {
    return sql`(select ${meetings.id} from ${meetings} where ${meetingFilterSql(s.orgId, filter)})`;
  }

  private async run(s: Scope, q: SQL): Promise<SearchRow[]> {
    const r = await s.tx.execute<Raw>(q);
    return r.rows.map((x) => ({
      id: Number(x.id), title: x.title, body: x.body, meetingId: Number(x.meeting_id), meetingTitle: x.meeting_title,
      at: x.at === null ? null : new Date(x.at),
    }));
  }

  meetings(s: Scope, filter: MeetingListFilter, pattern: string, limit: number): Promise<SearchRow[]> {
    return this.run(s, sql`
      select m.id, m.title, m.description as body, m.id as meeting_id, m.title as meeting_title, m.start_at as at
      from meeting.meetings m
      where m.org_id = ${s.orgId} and m.id in ${this.visible(s, filter)}
        and meeting.search_fold(m.title || ' ' || coalesce(m.description, '')) like ${pattern}
      order by m.start_at desc nulls last, m.id desc limit ${limit}`);
  }

  agendaItems(s: Scope, filter: MeetingListFilter, pattern: string, limit: number): Promise<SearchRow[]> {
    return this.itemsOf(s, 'talking_points', filter, pattern, limit);
  }

  decisions(s: Scope, filter: MeetingListFilter, pattern: string, limit: number): Promise<SearchRow[]> {
    return this.itemsOf(s, 'decisions', filter, pattern, limit);
  }

  /** a meeting's titled items (talking points, decisions): one query, the table named from a fixed list */
  private itemsOf(s: Scope, table: 'talking_points' | 'decisions', filter: MeetingListFilter, pattern: string, limit: number): Promise<SearchRow[]> {
    return this.run(s, sql`
      select t.id, t.title, t.description as body, m.id as meeting_id, m.title as meeting_title, m.start_at as at
      from ${sql.raw(`meeting.${table}`)} t join meeting.meetings m on m.org_id = t.org_id and m.id = t.meeting_id
      where t.org_id = ${s.orgId} and t.meeting_id in ${this.visible(s, filter)}
        and meeting.search_fold(t.title || ' ' || coalesce(t.description, '')) like ${pattern}
      order by m.start_at desc nulls last, t.id desc limit ${limit}`);
  }

  comments(s: Scope, filter: MeetingListFilter, pattern: string, limit: number): Promise<SearchRow[]> {
    return this.run(s, sql`
      select c.id, coalesce(c.user_name, '') as title, c.comment as body, m.id as meeting_id, m.title as meeting_title, c.created_at as at
      from meeting.comments c join meeting.meetings m on m.org_id = c.org_id and m.id = c.meeting_id
      where c.org_id = ${s.orgId} and c.meeting_id in ${this.visible(s, filter)}
        and meeting.search_fold(c.comment) like ${pattern}
      order by c.created_at desc, c.id desc limit ${limit}`);
  }
}
