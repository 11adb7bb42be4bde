ALTER TABLE "organization"."users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "organization"."users" ADD COLUMN "second_factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization"."users" ADD COLUMN "second_factor_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization"."users" ADD COLUMN "pin_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organization"."users" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
ALTER TABLE "organization"."users" ADD COLUMN "sso_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_sso_subject_uq" ON "organization"."users" USING btree ("org_id","sso_issuer","sso_subject");