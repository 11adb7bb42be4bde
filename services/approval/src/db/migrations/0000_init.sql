CREATE SCHEMA "approval";
--> statement-breakpoint
CREATE TABLE "approval"."approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval"."approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"sender_id" integer,
	"sender_name" text DEFAULT '' NOT NULL,
	"committee_id" integer,
	"meeting_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval"."assignees" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval"."assignees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"approval_id" bigint NOT NULL,
	"step" integer NOT NULL,
	"user_id" integer,
	"user_name" text,
	"user_email" text,
	"user_image" text,
	"user_position" text,
	"guest_name" text,
	"token_hash" text,
	"committee_id" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"can_edit" boolean DEFAULT false NOT NULL,
	"comment" text,
	"acted_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval"."documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval"."documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"approval_id" bigint NOT NULL,
	"library_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"s3_key" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval"."signatures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval"."signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval"."signing_keys" (
	"org_id" uuid NOT NULL,
	"sealed_p12" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_keys_org_id_pk" PRIMARY KEY("org_id")
);
--> statement-breakpoint
CREATE TABLE "approval"."versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval"."versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"approval_id" bigint NOT NULL,
	"library_id" integer NOT NULL,
	"version" integer NOT NULL,
	"assignee_id" bigint,
	"by_name" text NOT NULL,
	"action" text NOT NULL,
	"sha_before" text,
	"sha256" text NOT NULL,
	"s3_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "approvals_sender_idx" ON "approval"."approvals" USING btree ("org_id","sender_id");--> statement-breakpoint
CREATE INDEX "approvals_meeting_idx" ON "approval"."approvals" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE INDEX "assignees_approval_idx" ON "approval"."assignees" USING btree ("org_id","approval_id");--> statement-breakpoint
CREATE INDEX "assignees_user_idx" ON "approval"."assignees" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignees_token_uq" ON "approval"."assignees" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_approval_library_uq" ON "approval"."documents" USING btree ("org_id","approval_id","library_id");--> statement-breakpoint
CREATE INDEX "signatures_user_idx" ON "approval"."signatures" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "versions_approval_idx" ON "approval"."versions" USING btree ("org_id","approval_id");