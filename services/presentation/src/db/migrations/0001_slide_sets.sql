CREATE TABLE "presentation"."slide_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"document_id" integer NOT NULL,
	"version" text NOT NULL,
	"status" text DEFAULT 'rendering' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"error" text,
	"s3_prefix" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "slide_sets_version_idx" ON "presentation"."slide_sets" USING btree ("org_id","document_id","version");