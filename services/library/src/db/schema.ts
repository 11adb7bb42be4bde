import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OutlineEntry } from '@app/contracts';

/**
 * The library service's own schema. Every table has org_id, so row-level security applies (the migration
 * runner forces the tenant policy); repositories reach it only through LibraryDb.tenant(orgId).
 */
export const library = pgSchema('library');

/** Folders and files in one id space (a listing and a picker mix them). A file's bytes are in S3 under `s3_key`. */
export const items = library.table(
  'items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    isFolder: boolean('is_folder').notNull(),
    name: text('name').notNull(),
    /** 'private' (the owner's library) or 'organization' (the organization library) */
    scope: text('scope').notNull().default('private'),
    ownerId: integer('owner_id'),
    ownerName: text('owner_name').notNull().default(''),
    restricted: boolean('restricted').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    kind: text('kind'),
    mime: text('mime'),
    extension: text('extension'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    s3Key: text('s3_key'),
    version: integer('version').notNull().default(1),
    /** office files: the PDF rendering for the viewer (none, pending, processing, done, failed) */
    conversionStatus: text('conversion_status').notNull().default('none'),
    conversionProgress: integer('conversion_progress').notNull().default(0),
    pdfKey: text('pdf_key'),
    /** the text of the current version for the search box (none, pending, processing, done, failed): file_pages */
    textStatus: text('text_status').notNull().default('none'),
    textPages: integer('text_pages').notNull().default(0),
    textTruncated: boolean('text_truncated').notNull().default(false),
    /** a made PDF's sections (the board book): name, start and end page; null for uploads */
    outlines: jsonb('outlines').$type<OutlineEntry[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('items_parent_idx').on(t.orgId, t.parentId), index('items_owner_idx').on(t.orgId, t.ownerId), index('items_scope_idx').on(t.orgId, t.scope)],
);

/** Every saved version of a file (the item holds the current one); older versions stay. */
export const versions = library.table(
  'versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    s3Key: text('s3_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdBy: integer('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    meetingId: integer('meeting_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('versions_item_version_uq').on(t.orgId, t.itemId, t.version)],
);

/** Who an item is shared with (a shared folder shares what is in it). Name, e-mail and image as the directory gave them. */
export const shares = library.table(
  'shares',
  {
    orgId: uuid('org_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    userName: text('user_name').notNull(),
    userEmail: text('user_email'),
    userImage: text('user_image'),
    canEdit: boolean('can_edit').notNull().default(false),
    /** the share ends then (null: until it is removed); an expired share gives nothing (rules/access.ts) */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.itemId, t.userId] }), index('shares_user_idx').on(t.orgId, t.userId)],
);

export const favorites = library.table(
  'favorites',
  {
    orgId: uuid('org_id').notNull(),
    userId: integer('user_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId, t.itemId] })],
);

/** One user's annotations of one file (the viewer's JSON). */
export const annotations = library.table(
  'annotations',
  {
    orgId: uuid('org_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    annotation: text('annotation').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.itemId, t.userId] })],
);

/** Where a file is attached (talking point, sub-point, decision, action): the file's "used in". */
export const usages = library.table(
  'usages',
  {
    orgId: uuid('org_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    usageType: text('usage_type').notNull(),
    usageId: integer('usage_id').notNull(),
    title: text('title').notNull(),
    meetingId: integer('meeting_id'),
    meetingTitle: text('meeting_title'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.usageType, t.usageId, t.itemId] }), index('usages_item_idx').on(t.orgId, t.itemId)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The text of a file version, one row per page (a PDF's page, an office file's page of its PDF rendering, a
 * spreadsheet's sheet; an e-mail or a text file is page 1), extracted once by the `library-text` job for the search
 * box (docs/search.md#text-inside-files). `folded` is `search_fold(text)` and `tsv` its 'simple' tsvector, both
 * computed by PostgreSQL (generated columns), so the rule is the SQL function's; GIN indexes on each (pg_trgm on
 * `folded` when the extension exists, migration 0003). Every version's pages are kept (what changed between two
 * versions, docs/library.md#what-changed); the search reads only the current version's.
 */
export const filePages = library.table(
  'file_pages',
  {
    orgId: uuid('org_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    page: integer('page').notNull(),
    text: text('text').notNull(),
    folded: text('folded').notNull().generatedAlwaysAs(sql`library.search_fold(text)`),
    tsv: tsvector('tsv').notNull().generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, library.search_fold(text))`),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.itemId, t.version, t.page] }), index('file_pages_tsv_idx').using('gin', t.tsv)],
);

/**
 * Download policies (docs/library.md#download-policy): one row per level that has a setting of its own; a level
 * without a row inherits. `target_id` is the committee, folder or file id, 0 for the organization.
 */
export const downloadPolicies = library.table(
  'download_policies',
  {
    orgId: uuid('org_id').notNull(),
    /** organization, committee, folder or file */
    level: text('level').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    /** view_only, download or watermarked */
    policy: text('policy').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.level, t.targetId] })],
);

/**
 * Shared annotations (docs/annotations.md): one row per highlight, note, drawing or reply on a page of a file's
 * PDF, geometry normalized to 0..1 of the unrotated page. `visibility` private (the author only), committee
 * (everyone who may see the file) or people (the author and `people`); a reply (`parent_id`) is seen by whoever
 * sees its annotation. `version` is the file's version it anchors to; `orphaned` once a later version lost its text.
 */
export const sharedAnnotations = library.table(
  'shared_annotations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: uuid('org_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    version: integer('version').notNull(),
    page: integer('page').notNull(),
    /** highlight, note, drawing or reply */
    kind: text('kind').notNull(),
    geometry: jsonb('geometry'),
    quote: text('quote'),
    text: text('text').notNull().default(''),
    color: text('color').notNull().default('#ffdd00'),
    visibility: text('visibility').notNull().default('private'),
    people: integer('people').array().notNull().default(sql`'{}'::integer[]`),
    authorId: integer('author_id').notNull(),
    authorName: text('author_name').notNull().default(''),
    orphaned: boolean('orphaned').notNull().default(false),
    /** a presenter's saved drawing: the meeting it was presented in (docs/annotations.md#the-presenters-drawing); null otherwise */
    presentedIn: integer('presented_in'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shared_annotations_item_idx').on(t.orgId, t.itemId, t.page), index('shared_annotations_parent_idx').on(t.orgId, t.parentId)],
);

/**
 * The version of a file each reader last opened (docs/library.md#what-changed): `last_version` the newest they
 * opened, `seen_before` the one they had opened before it (what the newest is compared with). Written when a user
 * opens the file (the viewer's fetch).
 */
export const readerVersions = library.table(
  'reader_versions',
  {
    orgId: uuid('org_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    lastVersion: integer('last_version').notNull(),
    seenBefore: integer('seen_before'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.itemId, t.userId] })],
);
