-- a guest's language, the inviting request's (docs/meeting.md#guests-language); rows already there get 'en'
ALTER TABLE "meeting"."members" ADD COLUMN "guest_lang" varchar(2) DEFAULT 'en' NOT NULL;