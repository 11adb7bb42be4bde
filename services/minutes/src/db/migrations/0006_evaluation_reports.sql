CREATE TABLE "minutes"."evaluation_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"round_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'initializing' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"pages" integer,
	"s3_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "evaluation_reports_user_idx" ON "minutes"."evaluation_reports" USING btree ("org_id","user_id","round_id");