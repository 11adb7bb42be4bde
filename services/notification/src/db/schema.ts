import { bigint, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The notification service's own schema. Every table has org_id, so row-level security applies
 * (migrateService adds the tenant policy); repositories reach it only through Db.tenant(orgId).
 */
export const notification = pgSchema('notification');

/** Local copy of organization settings for e-mail (sender name, link host, time zone), fed by OrganizationUpdated. */
export const organizations = notification.table('organizations', {
  orgId: uuid('org_id').primaryKey(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  timeZone: text('time_zone').notNull(),
  logo: text('logo'),
  /** minutes before a meeting's start its reminder goes out (the organization's meeting_reminder_minutes; 0: none) */
  meetingReminderMinutes: integer('meeting_reminder_minutes').notNull().default(1440),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Local copy of users (address, language, status), fed by UserUpdated: a scheduled reminder uses the
 * person's current language and is not sent to a deactivated or deleted user.
 */
export const users = notification.table(
  'users',
  {
    orgId: uuid('org_id').notNull(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    lang: text('lang').notNull().default('en'),
    status: text('status').notNull().default('Active'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('users_email_idx').on(t.orgId, t.email)],
);

/** One row per e-mail the SMTP server accepted: the delivery log, and the marker that stops a re-run job from sending twice. */
export const emailLog = notification.table(
  'email_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    jobId: text('job_id').notNull(),
    sourceId: text('source_id').notNull(),
    template: text('template').notNull(),
    toEmail: text('to_email').notNull(),
    lang: text('lang').notNull(),
    subject: text('subject').notNull(),
    messageId: text('message_id').notNull(),
    attempts: integer('attempts').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_log_job_uq').on(t.orgId, t.jobId), index('email_log_to_idx').on(t.orgId, t.toEmail)],
);

/** In-app reminders of the home widget. */
export const reminders = notification.table(
  'reminders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    /** the user's e-mail address, lower case (events name people by address; the actor has one) */
    recipient: text('recipient').notNull(),
    type: text('type').notNull(),
    /** English message keys with {placeholders}, translated when listed */
    title: text('title').notNull(),
    message: text('message').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    link: text('link'),
    entityType: text('entity_type'),
    entityId: integer('entity_id'),
    meetingId: integer('meeting_id'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** (source, recipient): a redelivered event writes nothing new */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reminders_dedupe_uq').on(t.orgId, t.recipient, t.dedupeKey),
    index('reminders_recipient_idx').on(t.orgId, t.recipient, t.createdAt),
    index('reminders_entity_idx').on(t.orgId, t.entityType, t.entityId),
  ],
);

/** The current schedule of each deadline/due-date reminder; the delayed job checks it before doing anything. */
export const schedules = notification.table(
  'schedules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    fireAt: timestamp('fire_at', { withTimezone: true }),
    /** the delayed job that carries it; null when nothing is scheduled (closed, deleted, too late) */
    jobId: text('job_id'),
    status: text('status').notNull(),
    /** when the event that set this schedule happened: an older event arriving late changes nothing */
    sourceAt: timestamp('source_at', { withTimezone: true }).notNull(),
    /** what the reminder needs when it fires (title, link, recipients) */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('schedules_item_uq').on(t.orgId, t.kind, t.itemId)],
);
