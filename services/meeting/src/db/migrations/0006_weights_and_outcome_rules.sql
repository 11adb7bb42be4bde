-- weights and outcome rules (docs/ballots.md#weights-and-outcome-rules): a decision's rule and count, each voter's weight,
-- and the weight of each choice of a secret ballot as one total per choice (no weight per ballot row)
CREATE TABLE "meeting"."secret_weights" (
	"org_id" uuid NOT NULL,
	"decision_id" bigint NOT NULL,
	"choice" varchar(16) NOT NULL,
	"weight" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "secret_weights_org_id_decision_id_choice_pk" PRIMARY KEY("org_id","decision_id","choice")
);
--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD COLUMN "outcome_rule" varchar(24) DEFAULT 'simple_majority' NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD COLUMN "count_by" varchar(8) DEFAULT 'head' NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting"."voters" ADD COLUMN "weight" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting"."secret_weights" ADD CONSTRAINT "secret_weights_decision_id_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "meeting"."decisions"("id") ON DELETE cascade ON UPDATE no action;