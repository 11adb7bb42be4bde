ALTER TABLE "minutes"."book_reads" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "minutes"."book_reads" ADD COLUMN "guest_member_id" integer;--> statement-breakpoint
ALTER TABLE "minutes"."book_reads" ADD COLUMN "keys" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "book_reads_guest_idx" ON "minutes"."book_reads" USING btree ("org_id","meeting_id","guest_member_id");--> statement-breakpoint
ALTER TABLE "minutes"."book_reads" ADD CONSTRAINT "book_reads_one_reader" CHECK ((user_id is null) <> (guest_member_id is null));