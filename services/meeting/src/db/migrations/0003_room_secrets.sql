CREATE TABLE "meeting"."room_secrets" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting"."members" ADD COLUMN "token_issued_at" timestamp with time zone;--> statement-breakpoint
-- guest links issued before links expired count from now (they get the whole GUEST_LINK_DAYS from this migration)
UPDATE "meeting"."members" SET "token_issued_at" = now() WHERE "token_hash" IS NOT NULL;--> statement-breakpoint
-- ijmeet rooms made before the per-organization secret were an HMAC of `orgId:meetingId` under a deployment secret
-- with a public default: they are dropped, and each meeting gets a room under its organization's secret at its next join
DELETE FROM "meeting"."virtual_sessions" WHERE "provider" = 'ijmeet';
