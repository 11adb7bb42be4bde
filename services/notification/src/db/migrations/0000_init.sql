CREATE SCHEMA "notification";
--> statement-breakpoint
CREATE TABLE "notification"."email_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification"."email_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"job_id" text NOT NULL,
	"source_id" text NOT NULL,
	"template" text NOT NULL,
	"to_email" text NOT NULL,
	"lang" text NOT NULL,
	"subject" text NOT NULL,
	"message_id" text NOT NULL,
	"attempts" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification"."organizations" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"logo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification"."reminders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification"."reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"entity_type" text,
	"entity_id" integer,
	"meeting_id" integer,
	"due_at" timestamp with time zone,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification"."schedules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification"."schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"fire_at" timestamp with time zone,
	"job_id" text,
	"status" text NOT NULL,
	"source_at" timestamp with time zone NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification"."users" (
	"org_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_org_id_user_id_pk" PRIMARY KEY("org_id","user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "email_log_job_uq" ON "notification"."email_log" USING btree ("org_id","job_id");--> statement-breakpoint
CREATE INDEX "email_log_to_idx" ON "notification"."email_log" USING btree ("org_id","to_email");--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_dedupe_uq" ON "notification"."reminders" USING btree ("org_id","recipient","dedupe_key");--> statement-breakpoint
CREATE INDEX "reminders_recipient_idx" ON "notification"."reminders" USING btree ("org_id","recipient","created_at");--> statement-breakpoint
CREATE INDEX "reminders_entity_idx" ON "notification"."reminders" USING btree ("org_id","entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_item_uq" ON "notification"."schedules" USING btree ("org_id","kind","item_id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "notification"."users" USING btree ("org_id","email");