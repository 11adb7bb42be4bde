CREATE TABLE "meeting"."record_summaries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."record_summaries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint NOT NULL,
	"summary" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting"."record_summaries" ADD CONSTRAINT "record_summaries_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_summaries_meeting_idx" ON "meeting"."record_summaries" USING btree ("org_id","meeting_id","id");