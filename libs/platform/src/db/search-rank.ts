import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from './like';

/**
 * The search box's match and rank of a folded text (docs/search.md#ranking), the rule the library's pages follow,
 * for the services that search rows (meeting, minutes). `doc` is the service's fold function over the row's text,
 * written exactly as its indexes are (`<schema>.search_fold(...)`: the trigram index serves the LIKE, the
 * `to_tsvector('simple', <doc>)` index the words); `title`, when the row has one, the fold of its title alone.
 *
 * A row matches when its text has every word of the query (`plainto_tsquery('simple', …)`, in any order) or the
 * query as a phrase, also inside a word (`LIKE '%…%'`). Its rank: `ts_rank(…, 32)` (0..1) plus 0.5 when the
 * phrase itself is there, plus 1 when the title has the phrase (a title says what the row is about, as a file's
 * name does). `folded`: the query folded by contracts' foldSearchText.
 */
export function foldedMatch(doc: SQL, folded: string, title?: SQL): { where: SQL; rank: SQL } {
  const pattern = containsPattern(folded);
  const tsq = sql`plainto_tsquery('simple'::regconfig, ${folded})`;
  const tsv = sql`to_tsvector('simple'::regconfig, ${doc})`;
  const titleBonus = title ? sql` + case when ${title} like ${pattern} then 1 else 0 end` : sql``;
  return {
    where: sql`(${tsv} @@ ${tsq} or ${doc} like ${pattern})`,
    rank: sql`(ts_rank(${tsv}, ${tsq}, 32) + case when ${doc} like ${pattern} then 0.5 else 0 end${titleBonus})`,
  };
}
