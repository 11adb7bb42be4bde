CREATE TABLE "library"."download_policies" (
	"org_id" uuid NOT NULL,
	"level" text NOT NULL,
	"target_id" bigint NOT NULL,
	"policy" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_policies_org_id_level_target_id_pk" PRIMARY KEY("org_id","level","target_id")
);
