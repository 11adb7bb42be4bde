CREATE SCHEMA "minutes";
--> statement-breakpoint
CREATE TABLE "minutes"."comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minutes"."conclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"conclusion" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minutes"."renders" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"variant" text DEFAULT 'default' NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"error" text,
	"version_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minutes"."settings" (
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"mom_settings" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minutes"."versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"version" integer NOT NULL,
	"library_id" integer NOT NULL,
	"s3_key" text,
	"source" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"render_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "comments_meeting_idx" ON "minutes"."comments" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conclusions_item_idx" ON "minutes"."conclusions" USING btree ("org_id","meeting_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "renders_meeting_idx" ON "minutes"."renders" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settings_meeting_idx" ON "minutes"."settings" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "versions_number_idx" ON "minutes"."versions" USING btree ("org_id","meeting_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "versions_render_idx" ON "minutes"."versions" USING btree ("org_id","render_id");