-- issue 27 (docs/meeting.md#running-the-meeting): the chair and secretary of a meeting (one each), Start/End times, the roll call and when its quorum was reached
ALTER TABLE "meeting"."meetings" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting"."meetings" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting"."meetings" ADD COLUMN "quorum_reached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting"."members" ADD COLUMN "meeting_role" varchar(16);--> statement-breakpoint
ALTER TABLE "meeting"."members" ADD COLUMN "roll_call" varchar(16);--> statement-breakpoint
ALTER TABLE "meeting"."members" ADD COLUMN "roll_call_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting"."members" ADD COLUMN "roll_call_by" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "members_meeting_role_uq" ON "meeting"."members" USING btree ("org_id","meeting_id","meeting_role") WHERE meeting_role IS NOT NULL;