CREATE SCHEMA "library";
--> statement-breakpoint
CREATE TABLE "library"."annotations" (
	"org_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"annotation" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotations_org_id_item_id_user_id_pk" PRIMARY KEY("org_id","item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "library"."favorites" (
	"org_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_org_id_user_id_item_id_pk" PRIMARY KEY("org_id","user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "library"."items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library"."items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"parent_id" bigint,
	"is_folder" boolean NOT NULL,
	"name" text NOT NULL,
	"scope" text DEFAULT 'private' NOT NULL,
	"owner_id" integer,
	"owner_name" text DEFAULT '' NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"kind" text,
	"mime" text,
	"extension" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"s3_key" text,
	"version" integer DEFAULT 1 NOT NULL,
	"conversion_status" text DEFAULT 'none' NOT NULL,
	"conversion_progress" integer DEFAULT 0 NOT NULL,
	"pdf_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library"."shares" (
	"org_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"user_email" text,
	"user_image" text,
	"can_edit" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_org_id_item_id_user_id_pk" PRIMARY KEY("org_id","item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "library"."usages" (
	"org_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"usage_type" text NOT NULL,
	"usage_id" integer NOT NULL,
	"title" text NOT NULL,
	"meeting_id" integer,
	"meeting_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usages_org_id_usage_type_usage_id_item_id_pk" PRIMARY KEY("org_id","usage_type","usage_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "library"."versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library"."versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"s3_key" text NOT NULL,
	"size" bigint NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"meeting_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "items_parent_idx" ON "library"."items" USING btree ("org_id","parent_id");--> statement-breakpoint
CREATE INDEX "items_owner_idx" ON "library"."items" USING btree ("org_id","owner_id");--> statement-breakpoint
CREATE INDEX "items_scope_idx" ON "library"."items" USING btree ("org_id","scope");--> statement-breakpoint
CREATE INDEX "shares_user_idx" ON "library"."shares" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "usages_item_idx" ON "library"."usages" USING btree ("org_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "versions_item_version_uq" ON "library"."versions" USING btree ("org_id","item_id","version");