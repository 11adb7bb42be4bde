CREATE TABLE "library"."file_pages" (
	"org_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	"folded" text GENERATED ALWAYS AS (library.search_fold(text)) STORED NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, library.search_fold(text))) STORED NOT NULL,
	CONSTRAINT "file_pages_org_id_item_id_version_page_pk" PRIMARY KEY("org_id","item_id","version","page")
);
--> statement-breakpoint
ALTER TABLE "library"."items" ADD COLUMN "text_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "library"."items" ADD COLUMN "text_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "library"."items" ADD COLUMN "text_truncated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "file_pages_tsv_idx" ON "library"."file_pages" USING gin ("tsv");--> statement-breakpoint
-- the folded pages' trigram index (a phrase inside a word, as for names in 0002); without pg_trgm the same LIKE
-- scans the organization's pages and the tsvector index still serves the word query
DO $$
DECLARE ops text;
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX IF NOT EXISTS file_pages_folded_idx ON library.file_pages USING gin (folded %s)', ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'search: no trigram index on file pages (%), a phrase query scans the folded pages', SQLERRM;
END $$;
--> statement-breakpoint
-- The text of files extracted before this release is filled in at start-up (the library's TextBackfill): that pass
-- reads the files without text of every organization. A read-only policy beside tenant_isolation lets a
-- transaction that says so (SET LOCAL app.scope = 'text-backfill', only in FileTextRepository.unsafeListWithoutText)
-- see them. Nothing can be written through it.
CREATE POLICY items_text_backfill_read ON "library"."items" AS PERMISSIVE FOR SELECT
  USING (current_setting('app.scope', true) = 'text-backfill');
