-- The search box (docs/search.md): the text folding of libs/contracts search.fold.ts as an immutable SQL function
-- (the meeting schema has its own copy: each service owns its schema) and a trigram GIN index on the folded names.
-- Without pg_trgm the index is left out and the same query scans the organization's items.
CREATE OR REPLACE FUNCTION "library"."search_fold"(t text) RETURNS text
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
  EXECUTE format('CREATE INDEX IF NOT EXISTS items_search_idx ON library.items USING gin (library.search_fold(name) %s)', ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'search: no trigram index (%), the search scans the folded names', SQLERRM;
END $$;
