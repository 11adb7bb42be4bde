-- issue 27 (docs/meeting.md#the-record-of-a-board): conflicts of interest per agenda item, the mover and seconder of a decision, and resolution numbers YYYY/NNN per committee and year (a counter row per committee and year, locked by the upsert that takes the next)
CREATE TABLE "meeting"."conflicts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."conflicts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint NOT NULL,
	"talking_point_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"note" text,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."resolution_counters" (
	"org_id" uuid NOT NULL,
	"committee_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "resolution_counters_org_id_committee_id_year_pk" PRIMARY KEY("org_id","committee_id","year")
);
--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD COLUMN "resolution_year" integer;--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD COLUMN "resolution_seq" integer;--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD COLUMN "mover_user_id" bigint;--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD COLUMN "seconder_user_id" bigint;--> statement-breakpoint
ALTER TABLE "meeting"."conflicts" ADD CONSTRAINT "conflicts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."conflicts" ADD CONSTRAINT "conflicts_talking_point_id_talking_points_id_fk" FOREIGN KEY ("talking_point_id") REFERENCES "meeting"."talking_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conflicts_item_user_uq" ON "meeting"."conflicts" USING btree ("org_id","talking_point_id","user_id");--> statement-breakpoint
CREATE INDEX "conflicts_meeting_idx" ON "meeting"."conflicts" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "decisions_resolution_number_uq" ON "meeting"."decisions" USING btree ("org_id","committee_id","resolution_year","resolution_seq");