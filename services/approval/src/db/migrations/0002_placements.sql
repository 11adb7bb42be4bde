CREATE TABLE "approval"."placements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval"."placements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"approval_id" bigint NOT NULL,
	"assignee_id" bigint NOT NULL,
	"library_id" integer NOT NULL,
	"page_num" integer NOT NULL,
	"type" text NOT NULL,
	"px" double precision NOT NULL,
	"py" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"page_width" double precision NOT NULL,
	"page_height" double precision NOT NULL,
	"options" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "placements_approval_idx" ON "approval"."placements" USING btree ("org_id","approval_id","assignee_id");