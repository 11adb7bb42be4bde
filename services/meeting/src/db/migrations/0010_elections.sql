-- elections (docs/ballots.md#elections): a decision's seats and numbered candidates, an open election voter's chosen
-- numbers, and a secret election ballot's choice text ('1,3', '-' for none) in secret_ballots (widened; no rewrite)
ALTER TABLE "meeting"."secret_ballots" ALTER COLUMN "choice" SET DATA TYPE varchar(400);--> statement-breakpoint
ALTER TABLE "meeting"."decisions" ADD COLUMN "election" jsonb;--> statement-breakpoint
ALTER TABLE "meeting"."voters" ADD COLUMN "choices" integer[];