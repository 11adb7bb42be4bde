-- issue 27 (docs/meeting.md#publishing-the-agenda): when the agenda was last published and how many times (above 1 the e-mail says it was updated)
ALTER TABLE "meeting"."meetings" ADD COLUMN "agenda_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting"."meetings" ADD COLUMN "agenda_edition" integer DEFAULT 0 NOT NULL;