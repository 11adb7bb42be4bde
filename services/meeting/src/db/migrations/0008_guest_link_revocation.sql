-- a guest's link: an expiry set by the meeting's owner or an administrator, and its revocation (issue 27; docs/security.md#guest-links-and-calendar-feeds)
ALTER TABLE "meeting"."members" ADD COLUMN "guest_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting"."members" ADD COLUMN "guest_revoked_at" timestamp with time zone;