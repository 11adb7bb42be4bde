-- shared annotations (issue 29; docs/annotations.md): one row per highlight, note, drawing or reply; RLS added by the migration runner
CREATE TABLE "library"."shared_annotations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library"."shared_annotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"parent_id" bigint,
	"version" integer NOT NULL,
	"page" integer NOT NULL,
	"kind" text NOT NULL,
	"geometry" jsonb,
	"quote" text,
	"text" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#ffdd00' NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"people" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"author_id" integer NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"orphaned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "shared_annotations_item_idx" ON "library"."shared_annotations" USING btree ("org_id","item_id","page");--> statement-breakpoint
CREATE INDEX "shared_annotations_parent_idx" ON "library"."shared_annotations" USING btree ("org_id","parent_id");