CREATE SCHEMA "meeting";
--> statement-breakpoint
CREATE TABLE "meeting"."action_participants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."action_participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"action_id" bigint NOT NULL,
	"participant_key" varchar(300) NOT NULL,
	"user_id" bigint,
	"user_email" varchar(255),
	"status" varchar(16) DEFAULT 'In Progress' NOT NULL,
	"reason" text,
	"status_changed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text,
	"priority" varchar(16) DEFAULT 'Low' NOT NULL,
	"open_till" timestamp with time zone NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"talking_point_id" bigint,
	"subpoint_id" bigint,
	"row_num" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."activities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint,
	"decision_id" bigint,
	"user_id" bigint,
	"user_name" varchar(255),
	"activity" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"talking_point_id" bigint,
	"subpoint_id" bigint,
	"decision_id" bigint,
	"action_id" bigint,
	"library_id" bigint NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint,
	"talking_point_id" bigint,
	"subpoint_id" bigint,
	"decision_id" bigint,
	"action_id" bigint,
	"user_id" bigint,
	"user_email" varchar(255),
	"user_name" varchar(255),
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint,
	"committee_id" bigint NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text,
	"deadline" timestamp with time zone NOT NULL,
	"decisionable" boolean DEFAULT true NOT NULL,
	"tender_number" varchar(100),
	"talking_point_id" bigint,
	"subpoint_id" bigint,
	"is_fulfilled" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"row_num" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."item_people" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."item_people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"talking_point_id" bigint,
	"subpoint_id" bigint,
	"role" varchar(16) NOT NULL,
	"user_id" bigint,
	"user_email" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "meeting"."meetings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."meetings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text,
	"committee_id" bigint NOT NULL,
	"owner_id" bigint NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"status_reason" text,
	"start_at" timestamp with time zone NOT NULL,
	"duration" integer,
	"location" varchar(255),
	"virtual" boolean DEFAULT false NOT NULL,
	"virtual_type" varchar(16),
	"mom" boolean DEFAULT false NOT NULL,
	"mom_settings" boolean DEFAULT false NOT NULL,
	"copied_from" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint NOT NULL,
	"user_id" bigint,
	"user_email" varchar(255),
	"guest_name" varchar(255),
	"guest_title" varchar(255),
	"organization_guest" boolean DEFAULT false NOT NULL,
	"role" varchar(16) DEFAULT 'Viewer' NOT NULL,
	"member_type" smallint,
	"is_owner" boolean DEFAULT false NOT NULL,
	"attendance" varchar(16) DEFAULT 'Pending' NOT NULL,
	"attendance_reason" text,
	"token_hash" varchar(64),
	"nda_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"note" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."ratings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."subpoints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."subpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint NOT NULL,
	"talking_point_id" bigint NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text,
	"duration" integer DEFAULT 0 NOT NULL,
	"row_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."talking_points" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."talking_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text,
	"duration" integer DEFAULT 60 NOT NULL,
	"row_num" integer DEFAULT 0 NOT NULL,
	"mom_conclusion" text,
	"mom_active" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."virtual_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."virtual_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"meeting_id" bigint NOT NULL,
	"provider" varchar(16) NOT NULL,
	"external_id" varchar(255) NOT NULL,
	"start_url" text,
	"join_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."voters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."voters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"decision_id" bigint NOT NULL,
	"voter_key" varchar(300) NOT NULL,
	"user_id" bigint,
	"user_email" varchar(255),
	"vote" varchar(16) DEFAULT 'Pending' NOT NULL,
	"reason" text,
	"voted_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting"."action_participants" ADD CONSTRAINT "action_participants_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "meeting"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."actions" ADD CONSTRAINT "actions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."actions" ADD CONSTRAINT "actions_talking_point_id_talking_points_id_fk" FOREIGN KEY ("talking_point_id") REFERENCES "meeting"."talking_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."actions" ADD CONSTRAINT "actions_subpoint_id_subpoints_id_fk" FOREIGN KEY ("subpoint_id") REFERENCES "meeting"."subpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."activities" ADD CONSTRAINT "activities_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."activities" ADD CONSTRAINT "activities_decision_id_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "meeting"."decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."attachments" ADD CONSTRAINT "attachments_talking_point_id_talking_points_id_fk" FOREIGN KEY ("talking_point_id") REFERENCES "meeting"."talking_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."attachments" ADD CONSTRAINT "attachments_subpoint_id_subpoints_id_fk" FOREIGN KEY ("subpoint_id") REFERENCES "meeting"."subpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."attachments" ADD CONSTRAINT "attachments_decision_id_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "meeting"."decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."attachments" ADD CONSTRAINT "attachments_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "meeting"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."comments" ADD CONSTRAINT "comments_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."comments" ADD CONSTRAINT "comments_talking_point_id_talking_points_id_fk" FOREIGN KEY ("talking_point_id") REFERENCES "meeting"."talking_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."comments" ADD CONSTRAINT "comments_subpoint_id_subpoints_id_fk" FOREIGN KEY ("subpoint_id") REFERENCES "meeting"."subpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."comments" ADD CONSTRAINT "comments_decision_id_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "meeting"."decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."comments" ADD CONSTRAINT "comments_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "meeting"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD CONSTRAINT "decisions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD CONSTRAINT "decisions_talking_point_id_talking_points_id_fk" FOREIGN KEY ("talking_point_id") REFERENCES "meeting"."talking_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD CONSTRAINT "decisions_subpoint_id_subpoints_id_fk" FOREIGN KEY ("subpoint_id") REFERENCES "meeting"."subpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."item_people" ADD CONSTRAINT "item_people_talking_point_id_talking_points_id_fk" FOREIGN KEY ("talking_point_id") REFERENCES "meeting"."talking_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."item_people" ADD CONSTRAINT "item_people_subpoint_id_subpoints_id_fk" FOREIGN KEY ("subpoint_id") REFERENCES "meeting"."subpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."members" ADD CONSTRAINT "members_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."notes" ADD CONSTRAINT "notes_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."ratings" ADD CONSTRAINT "ratings_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."subpoints" ADD CONSTRAINT "subpoints_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."subpoints" ADD CONSTRAINT "subpoints_talking_point_id_talking_points_id_fk" FOREIGN KEY ("talking_point_id") REFERENCES "meeting"."talking_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."talking_points" ADD CONSTRAINT "talking_points_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."virtual_sessions" ADD CONSTRAINT "virtual_sessions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "meeting"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."voters" ADD CONSTRAINT "voters_decision_id_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "meeting"."decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "action_participants_uq" ON "meeting"."action_participants" USING btree ("org_id","action_id","participant_key");--> statement-breakpoint
CREATE INDEX "action_participants_user_idx" ON "meeting"."action_participants" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "actions_meeting_idx" ON "meeting"."actions" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE INDEX "activities_meeting_idx" ON "meeting"."activities" USING btree ("org_id","meeting_id","id");--> statement-breakpoint
CREATE INDEX "activities_decision_idx" ON "meeting"."activities" USING btree ("org_id","decision_id");--> statement-breakpoint
CREATE INDEX "attachments_library_idx" ON "meeting"."attachments" USING btree ("org_id","library_id");--> statement-breakpoint
CREATE INDEX "comments_meeting_idx" ON "meeting"."comments" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE INDEX "decisions_meeting_idx" ON "meeting"."decisions" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE INDEX "decisions_committee_idx" ON "meeting"."decisions" USING btree ("org_id","committee_id");--> statement-breakpoint
CREATE INDEX "item_people_tp_idx" ON "meeting"."item_people" USING btree ("org_id","talking_point_id");--> statement-breakpoint
CREATE INDEX "item_people_sp_idx" ON "meeting"."item_people" USING btree ("org_id","subpoint_id");--> statement-breakpoint
CREATE INDEX "item_people_user_idx" ON "meeting"."item_people" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "meetings_org_start_idx" ON "meeting"."meetings" USING btree ("org_id","start_at");--> statement-breakpoint
CREATE INDEX "meetings_org_owner_idx" ON "meeting"."meetings" USING btree ("org_id","owner_id");--> statement-breakpoint
CREATE INDEX "meetings_org_committee_idx" ON "meeting"."meetings" USING btree ("org_id","committee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_meeting_user_uq" ON "meeting"."members" USING btree ("org_id","meeting_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_meeting_email_uq" ON "meeting"."members" USING btree ("org_id","meeting_id","user_email");--> statement-breakpoint
CREATE UNIQUE INDEX "members_token_uq" ON "meeting"."members" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "members_org_user_idx" ON "meeting"."members" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notes_meeting_user_uq" ON "meeting"."notes" USING btree ("org_id","meeting_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_meeting_user_uq" ON "meeting"."ratings" USING btree ("org_id","meeting_id","user_id");--> statement-breakpoint
CREATE INDEX "subpoints_tp_idx" ON "meeting"."subpoints" USING btree ("org_id","talking_point_id");--> statement-breakpoint
CREATE INDEX "talking_points_meeting_idx" ON "meeting"."talking_points" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_sessions_meeting_uq" ON "meeting"."virtual_sessions" USING btree ("org_id","meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voters_decision_voter_uq" ON "meeting"."voters" USING btree ("org_id","decision_id","voter_key");--> statement-breakpoint
CREATE INDEX "voters_user_idx" ON "meeting"."voters" USING btree ("org_id","user_id");