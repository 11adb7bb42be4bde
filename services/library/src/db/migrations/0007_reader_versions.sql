CREATE TABLE "library"."reader_versions" (
	"org_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"last_version" integer NOT NULL,
	"seen_before" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_versions_org_id_item_id_user_id_pk" PRIMARY KEY("org_id","item_id","user_id")
);
