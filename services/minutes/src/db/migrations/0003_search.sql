-- The search box's minutes side (docs/search.md#minutes): the text folding of libs/contracts search.fold.ts as an
-- immutable SQL function (the meeting and library schemas have the same one), a trigram GIN index (the phrase, also
-- inside a word; when pg_trgm exists) and a tsvector GIN index (every word) on the folded conclusions and comments.
CREATE OR REPLACE FUNCTION "minutes"."search_fold"(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT translate(
    lower(regexp_replace(t, '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]', '', 'g')),
    'أإآٱىةё', 'اااايهе')
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS conclusions_search_tsv_idx ON minutes.conclusions USING gin (to_tsvector('simple'::regconfig, minutes.search_fold(conclusion)));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS comments_search_tsv_idx ON minutes.comments USING gin (to_tsvector('simple'::regconfig, minutes.search_fold(comment)));
--> statement-breakpoint
DO $$
DECLARE ops text;
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX IF NOT EXISTS conclusions_search_idx ON minutes.conclusions USING gin (minutes.search_fold(conclusion) %s)', ops);
  EXECUTE format('CREATE INDEX IF NOT EXISTS comments_search_idx ON minutes.comments USING gin (minutes.search_fold(comment) %s)', ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'search: no trigram indexes (%), the search scans the folded text', SQLERRM;
END $$;
