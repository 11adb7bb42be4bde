CREATE TABLE "minutes"."books" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"library_id" integer,
	"s3_key" text,
	"files_merged" integer DEFAULT 0 NOT NULL,
	"outlines" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "books_fingerprint_idx" ON "minutes"."books" USING btree ("org_id","meeting_id","fingerprint");--> statement-breakpoint
CREATE INDEX "books_library_idx" ON "minutes"."books" USING btree ("org_id","library_id");