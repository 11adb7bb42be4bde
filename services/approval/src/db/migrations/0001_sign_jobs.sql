CREATE TABLE "approval"."sign_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval"."sign_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"approval_id" bigint NOT NULL,
	"assignee_id" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"image" text NOT NULL,
	"placements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signer_name" text NOT NULL,
	"signer_title" text,
	"reason" text,
	"signed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval"."versions" ADD COLUMN "idem_key" text;--> statement-breakpoint
CREATE INDEX "sign_jobs_approval_idx" ON "approval"."sign_jobs" USING btree ("org_id","approval_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_jobs_assignee_uq" ON "approval"."sign_jobs" USING btree ("org_id","assignee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "versions_idem_uq" ON "approval"."versions" USING btree ("org_id","idem_key");