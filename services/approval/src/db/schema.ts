import type { Lang } from '@app/contracts';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The approval service's own schema. Every table has org_id, so row-level security applies (the migration
 * runner forces the tenant policy); repositories reach it only through ApprovalDb.tenant(orgId).
 */
export const approval = pgSchema('approval');

/** An approval: a title, its documents (library files) and its ordered assignees. */
export const approvals = approval.table(
  'approvals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    /** pending, partly signed, fully signed, rejected */
    status: text('status').notNull().default('pending'),
    senderId: integer('sender_id'),
    senderName: text('sender_name').notNull().default(''),
    committeeId: integer('committee_id'),
    meetingId: integer('meeting_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approvals_sender_idx').on(t.orgId, t.senderId), index('approvals_meeting_idx').on(t.orgId, t.meetingId)],
);

/** A document of an approval: a library file; each signature adds a version of it in the library. */
export const documents = approval.table(
  'documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    approvalId: bigint('approval_id', { mode: 'number' }).notNull(),
    libraryId: integer('library_id').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** 1 new, 2 partly signed, 3 fully signed, 4 approved */
    status: integer('status').notNull().default(1),
    /** the library version of the latest signed state (1: as sent) */
    version: integer('version').notNull().default(1),
    /** S3 key of the latest signed state */
    s3Key: text('s3_key'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('documents_approval_library_uq').on(t.orgId, t.approvalId, t.libraryId)],
);

/** Who signs, step by step: a member (user_id) or a guest (e-mail, name and the hash of their token). */
export const assignees = approval.table(
  'assignees',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    approvalId: bigint('approval_id', { mode: 'number' }).notNull(),
    step: integer('step').notNull(),
    userId: integer('user_id'),
    userName: text('user_name'),
    userEmail: text('user_email'),
    userImage: text('user_image'),
    userPosition: text('user_position'),
    guestName: text('guest_name'),
    /**
     * a guest's language for every e-mail to them (the request to sign, the sealed documents): the language of the
     * request that created the approval (docs/approval.md#guests-language); 'en' for members, who use the directory's
     */
    guestLang: text('guest_lang').$type<Lang>().notNull().default('en'),
    tokenHash: text('token_hash'),
    committeeId: integer('committee_id'),
    /** 1 needs to sign, 2 signed, 3 rejected */
    status: integer('status').notNull().default(1),
    canEdit: boolean('can_edit').notNull().default(false),
    comment: text('comment'),
    actedAt: timestamp('acted_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assignees_approval_idx').on(t.orgId, t.approvalId),
    index('assignees_user_idx').on(t.orgId, t.userId),
    uniqueIndex('assignees_token_uq').on(t.tokenHash),
  ],
);

/** Every state a document went through: SHA-256 of the bytes before and after each signature, and the seal. */
export const versions = approval.table(
  'versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    approvalId: bigint('approval_id', { mode: 'number' }).notNull(),
    libraryId: integer('library_id').notNull(),
    version: integer('version').notNull(),
    assigneeId: bigint('assignee_id', { mode: 'number' }),
    byName: text('by_name').notNull(),
    /** sent, signed, sealed */
    action: text('action').notNull(),
    shaBefore: text('sha_before'),
    sha256: text('sha256').notNull(),
    s3Key: text('s3_key').notNull(),
    /** the step that wrote it (`sign:<assignee>:doc:<document>`, `seal:doc:<document>`): a retried job writes it once */
    idemKey: text('idem_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('versions_approval_idx').on(t.orgId, t.approvalId), uniqueIndex('versions_idem_uq').on(t.orgId, t.idemKey)],
);

/**
 * The PDF work of one signature, written with the decision by the sign request and done by the SignApprovalJob:
 * what to stamp (the image, placements and lines) and where the work stands (status, stage, progress).
 */
export const signJobs = approval.table(
  'sign_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    approvalId: bigint('approval_id', { mode: 'number' }).notNull(),
    assigneeId: bigint('assignee_id', { mode: 'number' }).notNull(),
    /** queued, running, done, failed */
    status: text('status').notNull().default('queued'),
    /** queued, stamping, sealing, done */
    stage: text('stage').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** the signature image as a data URL (png or jpeg, checked by content) */
    image: text('image').notNull(),
    placements: jsonb('placements').notNull().default([]),
    signerName: text('signer_name').notNull(),
    signerTitle: text('signer_title'),
    reason: text('reason'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_jobs_approval_idx').on(t.orgId, t.approvalId), uniqueIndex('sign_jobs_assignee_uq').on(t.orgId, t.assigneeId)],
);

/** A user's saved signatures and stamps (small png/jpeg data URLs). */
export const signatures = approval.table(
  'signatures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signatures_user_idx').on(t.orgId, t.userId)],
);

/** The organization's sealing key (PKCS#12, sealed with a key derived from AUTH_SECRET), made at first use. */
export const signingKeys = approval.table(
  'signing_keys',
  {
    orgId: uuid('org_id').notNull(),
    sealedP12: text('sealed_p12').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId] })],
);


/**
 * Boxes placed on a document's pages for an assignee (the signing page, docs/approval.md#placements): by the sender
 * when creating the approval, or by the assignee saving a draft. In PDF points of the page, top-left origin.
 */
export const placements = approval.table(
  'placements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    approvalId: bigint('approval_id', { mode: 'number' }).notNull(),
    assigneeId: bigint('assignee_id', { mode: 'number' }).notNull(),
    libraryId: integer('library_id').notNull(),
    pageNum: integer('page_num').notNull(),
    /** signature or stamp */
    type: text('type').notNull(),
    px: doublePrecision('px').notNull(),
    py: doublePrecision('py').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    pageWidth: doublePrecision('page_width').notNull(),
    pageHeight: doublePrecision('page_height').notNull(),
    /** { displayOnBottom, showName, showTitle, showDate, showReason, applyToAll } */
    options: jsonb('options').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('placements_approval_idx').on(t.orgId, t.approvalId, t.assigneeId)],
);
