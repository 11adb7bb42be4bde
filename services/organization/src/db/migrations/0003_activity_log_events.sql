-- a library file's view, download, print or share in the activity log, written once per event (docs/library.md#activity-log)
ALTER TABLE "organization"."activity_logs" ADD COLUMN "event_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_logs_org_event_uq" ON "organization"."activity_logs" USING btree ("org_id","event_id");