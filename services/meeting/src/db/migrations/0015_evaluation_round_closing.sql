-- a round closed by its manager before the deadline (docs/evaluations.md#closing-a-round-early); both null otherwise
ALTER TABLE "meeting"."evaluation_rounds" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting"."evaluation_rounds" ADD COLUMN "closed_by" bigint;
