import { boolean, index, integer, pgSchema, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The presentation service's own schema. Every table has org_id, so row-level security applies (migrate adds
 * the tenant policy). Live room state lives in Redis, not here: only what a person writes is kept.
 */
export const presentation = pgSchema('presentation');

/** A note a person keeps on one slide of a presented document, private or shared with the meeting. */
export const notes = presentation.table(
  'notes',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    documentId: integer('document_id').notNull(),
    slideId: integer('slide_id').notNull(),
    userId: integer('user_id').notNull(),
    userName: text('user_name'),
    userImage: text('user_image'),
    annotation: text('annotation').notNull(),
    isPrivate: boolean('is_private').notNull().default(true),
    type: text('type').notNull().default('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notes_document_idx').on(t.orgId, t.meetingId, t.documentId, t.slideId)],
);

/** The slide images of one version of a presented document: made once by a job, kept in S3 (`s3Prefix`). */
export const slideSets = presentation.table(
  'slide_sets',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    documentId: integer('document_id').notNull(),
    version: text('version').notNull(),
    status: text('status').notNull().default('rendering'),
    progress: integer('progress').notNull().default(0),
    pages: integer('pages').notNull().default(0),
    /** a new attempt after a failure gets a new job id */
    attempt: integer('attempt').notNull().default(1),
    error: text('error'),
    s3Prefix: text('s3_prefix').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('slide_sets_version_idx').on(t.orgId, t.documentId, t.version)],
);
