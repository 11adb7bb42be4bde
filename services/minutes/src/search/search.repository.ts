import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { foldedMatch } from '@app/platform';
import type { Scope } from '../common/minutes-db';
import type { TextHit } from '../rules/search';

type Raw = { meeting_id: string | number; item_type: string; item_id: string | number; text: string; rank: string | number; at: string | Date };

/**
 * The minutes' text for the search box (docs/search.md#minutes): conclusions and their comments that match the folded
 * query (@app/platform foldedMatch over `minutes.search_fold(...)`, the expressions the indexes of migration 0003
 * hold), best first, equal ranks newest first; `limit` rows at most, several may be of one meeting. Whose minutes the
 * actor may read is the service's to decide (it asks the meeting service).
 */
@Injectable()
export class MinutesSearchRepository {
  async find(s: Scope, folded: string, limit: number): Promise<TextHit[]> {
    const c = foldedMatch(sql.raw('minutes.search_fold(c.conclusion)'), folded);
    const n = foldedMatch(sql.raw('minutes.search_fold(n.comment)'), folded);
    const r = await s.tx.execute<Raw>(sql`
      select * from (
        select c.meeting_id, c.item_type, c.item_id, c.conclusion as text, ${c.rank} as rank, c.updated_at as at
          from minutes.conclusions c where c.org_id = ${s.orgId} and ${c.where}
        union all
        select n.meeting_id, n.item_type, n.item_id, n.comment as text, ${n.rank} as rank, n.created_at as at
          from minutes.comments n where n.org_id = ${s.orgId} and ${n.where}
      ) hits
      order by rank desc, at desc, meeting_id desc
      limit ${limit}`);
    return r.rows.map((x) => ({
      meetingId: Number(x.meeting_id), itemType: x.item_type, itemId: Number(x.item_id), text: x.text, rank: Number(x.rank), at: new Date(x.at),
    }));
  }
}
