-- a share's expiry (issue 27): past it the share gives nothing (docs/library.md#shares)
ALTER TABLE "library"."shares" ADD COLUMN "expires_at" timestamp with time zone;