CREATE SCHEMA "presentation";
--> statement-breakpoint
CREATE TABLE "presentation"."notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"meeting_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"slide_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text,
	"user_image" text,
	"annotation" text NOT NULL,
	"is_private" boolean DEFAULT true NOT NULL,
	"type" text DEFAULT 'note' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notes_document_idx" ON "presentation"."notes" USING btree ("org_id","meeting_id","document_id","slide_id");