import { sql } from 'drizzle-orm';
import {
  bigint, boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid, varchar, date,
} from 'drizzle-orm/pg-core';

/**
 * The organization service's schema. `organizations` is the tenant registry itself (no org_id: the
 * host look-up crosses tenants); every other table carries `org_id` and gets row-level security from
 * migrateService/ensureTenantRls.
 */
export const organizationSchema = pgSchema('organization');

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const orgId = () => uuid('org_id').notNull();

export const organizations = organizationSchema.table('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: varchar('slug', { length: 63 }).notNull().unique(),
  name: varchar('name', { length: 191 }).notNull(),
  logo: text('logo'),
  website: varchar('website', { length: 255 }),
  location: varchar('location', { length: 255 }),
  timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
  variant: varchar('variant', { length: 16 }).notNull().default('default'),
  /** { na, approval_mode, nda, compress, mom } */
  modules: jsonb('modules').notNull().default(sql`'{}'::jsonb`),
  /** single sign-on provider settings (see sso/) */
  sso: jsonb('sso'),
  /** calendar integrations configured for the organization: { google?: {...}, outlook?: {...}, ical?: {...} } */
  integrations: jsonb('integrations').notNull().default(sql`'{}'::jsonb`),
  status: varchar('status', { length: 16 }).notNull().default('active'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const roles = organizationSchema.table(
  'roles',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 100 }).notNull(),
    /** 'admin' | 'member' for the built-in roles */
    builtin: varchar('builtin', { length: 16 }),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roles_org_name_uq').on(t.orgId, sql`lower(${t.name})`),
    uniqueIndex('roles_org_builtin_uq').on(t.orgId, t.builtin),
  ],
);

export const users = organizationSchema.table(
  'users',
  {
    id: id(),
    orgId: orgId(),
    name: varchar('name', { length: 191 }).notNull(),
    email: varchar('email', { length: 191 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    position: varchar('position', { length: 191 }),
    designation: varchar('designation', { length: 191 }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    image: text('image'),
    roleId: ref('role_id').references(() => roles.id),
    team: varchar('team', { length: 191 }),
    lang: varchar('lang', { length: 2 }).notNull().default('en'),
    /** Active | Inactive | Pending (invited, no password yet) */
    status: varchar('status', { length: 16 }).notNull().default('Pending'),
    emailVerifiedAt: ts('email_verified_at'),
    passwordHash: text('password_hash'),
    pinHash: text('pin_hash'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    /** the last TOTP time step accepted (a step is never accepted twice: replay) */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** consecutive failed second-factor codes of the account (any log_token), and when the last one failed: backoff */
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    secondFactorFailedAt: ts('second_factor_failed_at'),
    /** consecutive wrong PINs of the account (any device token): at PIN_MAX_FAILURES the device tokens are revoked */
    pinFailures: integer('pin_failures').notNull().default(0),
    /** single sign-on binding: the provider's issuer and subject (`sub`) this account signs in as */
    ssoIssuer: text('sso_issuer'),
    ssoSubject: text('sso_subject'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_org_email_uq').on(t.orgId, sql`lower(${t.email})`),
    index('users_org_role_idx').on(t.orgId, t.roleId),
    uniqueIndex('users_org_sso_subject_uq').on(t.orgId, t.ssoIssuer, t.ssoSubject),
  ],
);

/** Committees and boards (kind) with their quorum and status. */
export const committees = organizationSchema.table(
  'committees',
  {
    id: id(),
    orgId: orgId(),
    kind: varchar('kind', { length: 16 }).notNull().default('committee'),
    name: varchar('name', { length: 191 }).notNull(),
    description: text('description').notNull().default(''),
    quorum: integer('quorum').notNull().default(50),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    expirationDate: date('expiration_date', { mode: 'string' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('committees_org_kind_idx').on(t.orgId, t.kind)],
);

export const committeeMembers = organizationSchema.table(
  'committee_members',
  {
    orgId: orgId(),
    committeeId: ref('committee_id').notNull().references(() => committees.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** the member's weight (shares) when a decision of the committee is counted by weight (docs/ballots.md#weights-and-outcome-rules) */
    weight: integer('weight').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.committeeId, t.userId] }), index('committee_members_user_idx').on(t.orgId, t.userId)],
);

/** A board's committees. */
export const boardCommittees = organizationSchema.table(
  'board_committees',
  {
    orgId: orgId(),
    boardId: ref('board_id').notNull().references(() => committees.id, { onDelete: 'cascade' }),
    committeeId: ref('committee_id').notNull().references(() => committees.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.committeeId] })],
);

/** Single-use, expiring tokens, stored as SHA-256 hashes: invite, reset, verify, two_factor, pin, sso. */
export const userTokens = organizationSchema.table(
  'user_tokens',
  {
    id: id(),
    orgId: orgId(),
    userId: ref('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.orgId, t.purpose, t.tokenHash), index('user_tokens_user_idx').on(t.orgId, t.userId, t.purpose)],
);

/** Append-only record of administrative changes (GET /api/logs). */
export const activityLogs = organizationSchema.table(
  'activity_logs',
  {
    id: id(),
    orgId: orgId(),
    userId: ref('user_id'),
    username: varchar('username', { length: 191 }).notNull(),
    activity: text('activity').notNull(),
    /** the event an entry was written from (a library file's view, download, print, share): written once per event */
    eventId: text('event_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('activity_logs_org_created_idx').on(t.orgId, t.createdAt), uniqueIndex('activity_logs_org_event_uq').on(t.orgId, t.eventId)],
);

export const newsPosts = organizationSchema.table(
  'news_posts',
  {
    id: id(),
    orgId: orgId(),
    title: varchar('title', { length: 191 }).notNull(),
    url: text('url').notNull(),
    description: text('description').notNull(),
    committeeId: ref('committee_id').references(() => committees.id, { onDelete: 'set null' }),
    authorId: ref('author_id').references(() => users.id, { onDelete: 'set null' }),
    media: text('media').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('news_posts_org_created_idx').on(t.orgId, t.createdAt)],
);

export const newsLikes = organizationSchema.table(
  'news_likes',
  {
    orgId: orgId(),
    postId: ref('post_id').notNull().references(() => newsPosts.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const newsComments = organizationSchema.table(
  'news_comments',
  {
    id: id(),
    orgId: orgId(),
    postId: ref('post_id').notNull().references(() => newsPosts.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('news_comments_post_idx').on(t.orgId, t.postId)],
);

export const schema = { organizations, roles, users, committees, committeeMembers, boardCommittees, userTokens, activityLogs, newsPosts, newsLikes, newsComments };
export type OrgSchema = typeof schema;

