CREATE TABLE "minutes"."editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"base_version" integer DEFAULT 0 NOT NULL,
	"draft_version" integer,
	"approval_id" integer,
	"approvers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_version" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minutes"."review_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"edition_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minutes"."reviewers" (
	"org_id" uuid NOT NULL,
	"edition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minutes"."workflow_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"edition" integer NOT NULL,
	"action" text NOT NULL,
	"state" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"note" text,
	"dedupe" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "editions_number_idx" ON "minutes"."editions" USING btree ("org_id","meeting_id","number");--> statement-breakpoint
CREATE INDEX "editions_approval_idx" ON "minutes"."editions" USING btree ("org_id","approval_id");--> statement-breakpoint
CREATE INDEX "review_comments_edition_idx" ON "minutes"."review_comments" USING btree ("org_id","edition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviewers_edition_user_idx" ON "minutes"."reviewers" USING btree ("org_id","edition_id","user_id");--> statement-breakpoint
CREATE INDEX "workflow_events_meeting_idx" ON "minutes"."workflow_events" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_events_dedupe_idx" ON "minutes"."workflow_events" USING btree ("org_id","dedupe");