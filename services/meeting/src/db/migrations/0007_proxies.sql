CREATE TABLE "meeting"."proxies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."proxies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint NOT NULL,
	"from_member_id" bigint NOT NULL,
	"to_member_id" bigint NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting"."proxies" ADD CONSTRAINT "proxies_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."proxies" ADD CONSTRAINT "proxies_from_member_id_members_id_fk" FOREIGN KEY ("from_member_id") REFERENCES "meeting"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."proxies" ADD CONSTRAINT "proxies_to_member_id_members_id_fk" FOREIGN KEY ("to_member_id") REFERENCES "meeting"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_meeting_from_uq" ON "meeting"."proxies" USING btree ("org_id","meeting_id","from_member_id");--> statement-breakpoint
CREATE INDEX "proxies_meeting_to_idx" ON "meeting"."proxies" USING btree ("org_id","meeting_id","to_member_id");