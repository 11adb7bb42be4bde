CREATE TABLE "meeting"."evaluation_anonymous_answers" (
	"org_id" uuid NOT NULL,
	"round_id" bigint NOT NULL,
	"answers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."evaluation_named_answers" (
	"org_id" uuid NOT NULL,
	"round_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"answers" jsonb NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "evaluation_named_answers_org_id_round_id_user_id_pk" PRIMARY KEY("org_id","round_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meeting"."evaluation_recipients" (
	"org_id" uuid NOT NULL,
	"round_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "evaluation_recipients_org_id_round_id_user_id_pk" PRIMARY KEY("org_id","round_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "meeting"."evaluation_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."evaluation_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"questionnaire_id" bigint NOT NULL,
	"committee_id" bigint NOT NULL,
	"committee_name" varchar(255) NOT NULL,
	"anonymous" boolean NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb,
	"sections" jsonb NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"sent_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting"."questionnaires" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting"."questionnaires_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb,
	"anonymous" boolean NOT NULL,
	"sections" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting"."evaluation_anonymous_answers" ADD CONSTRAINT "evaluation_anonymous_answers_round_id_evaluation_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "meeting"."evaluation_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."evaluation_named_answers" ADD CONSTRAINT "evaluation_named_answers_round_id_evaluation_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "meeting"."evaluation_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."evaluation_recipients" ADD CONSTRAINT "evaluation_recipients_round_id_evaluation_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "meeting"."evaluation_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting"."evaluation_rounds" ADD CONSTRAINT "evaluation_rounds_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "meeting"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_anonymous_answers_round_idx" ON "meeting"."evaluation_anonymous_answers" USING btree ("org_id","round_id");--> statement-breakpoint
CREATE INDEX "evaluation_recipients_user_idx" ON "meeting"."evaluation_recipients" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "evaluation_rounds_questionnaire_idx" ON "meeting"."evaluation_rounds" USING btree ("org_id","questionnaire_id","id");--> statement-breakpoint
CREATE INDEX "questionnaires_org_idx" ON "meeting"."questionnaires" USING btree ("org_id","id");