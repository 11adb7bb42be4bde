CREATE TABLE "minutes"."book_summaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"method" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"sources" jsonb NOT NULL,
	"content" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "book_summaries_book_idx" ON "minutes"."book_summaries" USING btree ("org_id","book_id");--> statement-breakpoint
CREATE INDEX "book_summaries_meeting_idx" ON "minutes"."book_summaries" USING btree ("org_id","meeting_id");