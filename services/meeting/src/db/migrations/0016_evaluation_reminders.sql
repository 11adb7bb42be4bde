-- the reminders chosen when a round is sent, minutes before its deadline, largest first (docs/evaluations.md#reminders);
-- null for rounds sent before the choice existed (they keep the one reminder they were given)
ALTER TABLE "meeting"."evaluation_rounds" ADD COLUMN "reminder_minutes" integer[];