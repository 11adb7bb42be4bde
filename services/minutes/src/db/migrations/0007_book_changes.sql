CREATE TABLE "minutes"."book_reads" (
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"book_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minutes"."file_versions" (
	"org_id" uuid NOT NULL,
	"library_id" integer NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "minutes"."books" ADD COLUMN "items" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "book_reads_reader_idx" ON "minutes"."book_reads" USING btree ("org_id","meeting_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_versions_file_idx" ON "minutes"."file_versions" USING btree ("org_id","library_id");