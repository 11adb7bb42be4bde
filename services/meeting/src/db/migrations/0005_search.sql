-- The search box (docs/search.md): the text folding of libs/contracts search.fold.ts as an immutable SQL function
-- (lowercase; Arabic diacritics and tatweel removed; أ إ آ ٱ → ا, ى → ي, ة → ه; ё → е), and trigram GIN indexes
-- on the folded text of what the meeting service searches. Without pg_trgm (an engine that lacks it) the indexes
-- are left out and the same queries scan the organization's rows (LIKE on the folded expression).
CREATE OR REPLACE FUNCTION "meeting"."search_fold"(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT translate(
    lower(regexp_replace(t, '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]', '', 'g')),
    'أإآٱىةё', 'اااايهе')
$$;
--> statement-breakpoint
DO $$
DECLARE ops text;
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX IF NOT EXISTS meetings_search_idx ON meeting.meetings USING gin (meeting.search_fold(title || '' '' || coalesce(description, '''')) %s)', ops);
  EXECUTE format('CREATE INDEX IF NOT EXISTS talking_points_search_idx ON meeting.talking_points USING gin (meeting.search_fold(title || '' '' || coalesce(description, '''')) %s)', ops);
  EXECUTE format('CREATE INDEX IF NOT EXISTS decisions_search_idx ON meeting.decisions USING gin (meeting.search_fold(title || '' '' || coalesce(description, '''')) %s)', ops);
  EXECUTE format('CREATE INDEX IF NOT EXISTS comments_search_idx ON meeting.comments USING gin (meeting.search_fold(comment) %s)', ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'search: no trigram indexes (%), the search scans the folded text', SQLERRM;
END $$;
