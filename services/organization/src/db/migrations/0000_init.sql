CREATE SCHEMA "organization";
--> statement-breakpoint
CREATE TABLE "organization"."activity_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization"."activity_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"user_id" bigint,
	"username" varchar(191) NOT NULL,
	"activity" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization"."board_committees" (
	"org_id" uuid NOT NULL,
	"board_id" bigint NOT NULL,
	"committee_id" bigint NOT NULL,
	CONSTRAINT "board_committees_board_id_committee_id_pk" PRIMARY KEY("board_id","committee_id")
);
--> statement-breakpoint
CREATE TABLE "organization"."committee_members" (
	"org_id" uuid NOT NULL,
	"committee_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	CONSTRAINT "committee_members_committee_id_user_id_pk" PRIMARY KEY("committee_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organization"."committees" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization"."committees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"kind" varchar(16) DEFAULT 'committee' NOT NULL,
	"name" varchar(191) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quorum" integer DEFAULT 50 NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization"."news_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization"."news_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"post_id" bigint NOT NULL,
	"user_id" bigint,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization"."news_likes" (
	"org_id" uuid NOT NULL,
	"post_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organization"."news_posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization"."news_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"title" varchar(191) NOT NULL,
	"url" text NOT NULL,
	"description" text NOT NULL,
	"committee_id" bigint,
	"author_id" bigint,
	"media" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization"."organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" varchar(63) NOT NULL,
	"name" varchar(191) NOT NULL,
	"logo" text,
	"website" varchar(255),
	"location" varchar(255),
	"time_zone" varchar(64) DEFAULT 'UTC' NOT NULL,
	"variant" varchar(16) DEFAULT 'default' NOT NULL,
	"modules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sso" jsonb,
	"integrations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "organization"."roles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization"."roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"builtin" varchar(16),
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization"."user_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization"."user_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization"."users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization"."users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"name" varchar(191) NOT NULL,
	"email" varchar(191) NOT NULL,
	"phone" varchar(20),
	"position" varchar(191),
	"designation" varchar(191),
	"date_of_birth" date,
	"image" text,
	"role_id" bigint,
	"team" varchar(191),
	"lang" varchar(2) DEFAULT 'en' NOT NULL,
	"status" varchar(16) DEFAULT 'Pending' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"password_hash" text,
	"pin_hash" text,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"two_factor_secret" text,
	"two_factor_pending_secret" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization"."board_committees" ADD CONSTRAINT "board_committees_board_id_committees_id_fk" FOREIGN KEY ("board_id") REFERENCES "organization"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."board_committees" ADD CONSTRAINT "board_committees_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "organization"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."committee_members" ADD CONSTRAINT "committee_members_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "organization"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."committee_members" ADD CONSTRAINT "committee_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "organization"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."news_comments" ADD CONSTRAINT "news_comments_post_id_news_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "organization"."news_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."news_comments" ADD CONSTRAINT "news_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "organization"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."news_likes" ADD CONSTRAINT "news_likes_post_id_news_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "organization"."news_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."news_likes" ADD CONSTRAINT "news_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "organization"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."news_posts" ADD CONSTRAINT "news_posts_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "organization"."committees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."news_posts" ADD CONSTRAINT "news_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "organization"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "organization"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization"."users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "organization"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_org_created_idx" ON "organization"."activity_logs" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "committee_members_user_idx" ON "organization"."committee_members" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "committees_org_kind_idx" ON "organization"."committees" USING btree ("org_id","kind");--> statement-breakpoint
CREATE INDEX "news_comments_post_idx" ON "organization"."news_comments" USING btree ("org_id","post_id");--> statement-breakpoint
CREATE INDEX "news_posts_org_created_idx" ON "organization"."news_posts" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_org_name_uq" ON "organization"."roles" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_org_builtin_uq" ON "organization"."roles" USING btree ("org_id","builtin");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_uq" ON "organization"."user_tokens" USING btree ("org_id","purpose","token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "organization"."user_tokens" USING btree ("org_id","user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_email_uq" ON "organization"."users" USING btree ("org_id",lower("email"));--> statement-breakpoint
CREATE INDEX "users_org_role_idx" ON "organization"."users" USING btree ("org_id","role_id");