-- secret ballots (docs/ballots.md): the choices live apart from the voters, with a random receipt and nothing else
-- (no voter, no sequence id, no time); row-level security comes with org_id (ensureTenantRls)
CREATE TABLE "meeting"."secret_ballots" (
	"org_id" uuid NOT NULL,
	"decision_id" bigint NOT NULL,
	"receipt" varchar(32) NOT NULL,
	"choice" varchar(16) NOT NULL,
	CONSTRAINT "secret_ballots_org_id_decision_id_receipt_pk" PRIMARY KEY("org_id","decision_id","receipt")
);
--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD COLUMN "ballot" varchar(8) DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting"."voters" ADD COLUMN "has_voted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting"."secret_ballots" ADD CONSTRAINT "secret_ballots_decision_id_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "meeting"."decisions"("id") ON DELETE cascade ON UPDATE no action;