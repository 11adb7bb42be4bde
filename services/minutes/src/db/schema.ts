import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgSchema, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OutlineEntry, SummarySection, SummarySentence } from '@app/contracts';

/**
 * The minutes service's own schema (docs/minutes.md). Every table has org_id, so row-level security applies
 * (migrate adds the tenant policy). Meetings, items and people belong to the meeting service: only ids are kept.
 */
export const minutes = pgSchema('minutes');

/** see renders.approval */
export interface RenderApproval {
  editionId: number;
  from: string;
  signers: { chair?: string; secretary?: string };
}

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** the meeting's minutes setting (download of the PDF allowed for admins and editors) */
export const settings = minutes.table(
  'settings',
  {
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    momSettings: boolean('mom_settings').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('settings_meeting_idx').on(t.orgId, t.meetingId)],
);

/** one item's conclusion and active switch */
export const conclusions = minutes.table(
  'conclusions',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    itemType: text('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    conclusion: text('conclusion').notNull().default(''),
    active: boolean('active').notNull().default(true),
    updatedBy: integer('updated_by'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conclusions_item_idx').on(t.orgId, t.meetingId, t.itemType, t.itemId)],
);

/** comments on an item's conclusion */
export const comments = minutes.table(
  'comments',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    itemType: text('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    comment: text('comment').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('comments_meeting_idx').on(t.orgId, t.meetingId)],
);

/** a PDF the owner asked for (Done): the job's state and progress; `versionId` once it made its version */
export const renders = minutes.table(
  'renders',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    lang: text('lang').notNull().default('en'),
    variant: text('variant').notNull().default('default'),
    /** who pressed Done: the library file is theirs */
    userId: integer('user_id').notNull(),
    userName: text('user_name').notNull(),
    error: text('error'),
    versionId: integer('version_id'),
    /**
     * a render made for an approval request that named the signers (an Archived meeting without a chair or secretary,
     * docs/minutes.md#who-signs): the edition waiting for it, the state it was sent from, and the names the signature
     * block prints; the job creates the approval on the PDF it made. Null for a render of Done.
     */
    approval: jsonb('approval').$type<RenderApproval>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('renders_meeting_idx').on(t.orgId, t.meetingId)],
);

/** the versions of a meeting's minutes: each a library file */
export const versions = minutes.table(
  'versions',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    version: integer('version').notNull(),
    libraryId: integer('library_id').notNull(),
    /** the S3 key when this service stored the PDF (rendered); null for a library file used as the minutes */
    s3Key: text('s3_key'),
    source: text('source').notNull(),
    lang: text('lang').notNull().default('en'),
    /** the render that made it (at most one version per render, whatever the retries) */
    renderId: integer('render_id'),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('versions_number_idx').on(t.orgId, t.meetingId, t.version), uniqueIndex('versions_render_idx').on(t.orgId, t.renderId)],
);

/** an agenda item as a board book published it (docs/minutes.md#what-changed-in-the-book) */
export interface PublishedItem {
  key: string;
  label: string;
  title: string;
  /** `start`..`end`: the file's pages in the book (1-based; absent: not in the book, an unreadable PDF, or a book made before) */
  files: { library_id: number; version: number; name: string; start?: number; end?: number }[];
}

/**
 * The current version of the library files this service has heard of (library.v1.file.uploaded, and the versions a
 * book was made with): a new version of a book's file makes a new book (the fingerprint counts versions).
 */
export const fileVersions = minutes.table(
  'file_versions',
  {
    orgId: uuid('org_id').notNull(),
    libraryId: integer('library_id').notNull(),
    version: integer('version').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('file_versions_file_idx').on(t.orgId, t.libraryId)],
);

/** the board book a reader last opened, per meeting: "changed since you last opened" counts from it */
export const bookReads = minutes.table(
  'book_reads',
  {
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    /** a signed-in reader; null for a guest */
    userId: integer('user_id'),
    /** a guest reading through their token link: their member row in the meeting service (`current_member.member_id`) */
    guestMemberId: integer('guest_member_id'),
    bookId: integer('book_id').notNull(),
    /** the items (keys) of that book the reader was shown when they opened it: the removed ones they may be told of; null: not known */
    keys: jsonb('keys').$type<string[]>(),
    openedAt: ts('opened_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('book_reads_reader_idx').on(t.orgId, t.meetingId, t.userId),
    uniqueIndex('book_reads_guest_idx').on(t.orgId, t.meetingId, t.guestMemberId),
    check('book_reads_one_reader', sql`(user_id is null) <> (guest_member_id is null)`),
  ],
);

/** a board book: one per agenda state (`fingerprint` of its sections and files), made by the MergeBook job */
export const books = minutes.table(
  'books',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    attempt: integer('attempt').notNull().default(1),
    libraryId: integer('library_id'),
    s3Key: text('s3_key'),
    filesMerged: integer('files_merged').notNull().default(0),
    outlines: jsonb('outlines').$type<OutlineEntry[]>(),
    /** the publication: per agenda item its attachments with their versions, written when the book is done (null: made before) */
    items: jsonb('items').$type<PublishedItem[]>(),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('books_fingerprint_idx').on(t.orgId, t.meetingId, t.fingerprint), index('books_library_idx').on(t.orgId, t.libraryId)],
);

/** a file of a board book, as the summary cites it: its section (agenda item), library id, name and pages in the book */
export interface BookSummarySource {
  section: number;
  title: string;
  library_id: number;
  name: string;
  start: number;
  end: number;
  /** the file's version in the book (absent: a book made before versions were kept) */
  version?: number;
  /** the agenda item (BookSection.key; absent: made before) */
  key?: string;
}

/** the made summary: the whole book and each section, with the library ids of the section's files (for the reader's view) */
export interface BookSummaryContent {
  book: SummarySentence[];
  items: (SummarySection & { library_ids: number[]; key?: string })[];
}

/** the summary of one board book (docs/book-summary.md), made by the SummarizeBook job; one per book */
export const bookSummaries = minutes.table(
  'book_summaries',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    bookId: integer('book_id').notNull(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    method: text('method'),
    lang: text('lang').notNull().default('en'),
    sources: jsonb('sources').$type<BookSummarySource[]>().notNull(),
    content: jsonb('content').$type<BookSummaryContent>(),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('book_summaries_book_idx').on(t.orgId, t.bookId), index('book_summaries_meeting_idx').on(t.orgId, t.meetingId)],
);

/**
 * Resolution reports (docs/minutes.md#the-resolution-report): one row per export a user asked for. `snapshot` is
 * the resolution as the user saw it when they asked (the meeting service's payload, read with their rights);
 * `stage` and `progress` are what the web's progress bar shows; `pages` is known once generated.
 */
export const reports = minutes.table(
  'reports',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    decisionId: integer('decision_id').notNull(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    lang: text('lang').notNull().default('en'),
    snapshot: jsonb('snapshot').notNull(),
    status: text('status').notNull().default('queued'),
    stage: text('stage').notNull().default('initializing'),
    progress: doublePrecision('progress').notNull().default(0),
    pages: integer('pages'),
    s3Key: text('s3_key'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('reports_user_idx').on(t.orgId, t.userId, t.decisionId)],
);

/**
 * The PDFs of evaluation rounds' results (docs/evaluations.md#the-results-pdf): one per request, the requester's; the
 * snapshot is the results they were shown (an anonymous round's aggregates, never a sheet), the row the job's state.
 */
export const evaluationReports = minutes.table(
  'evaluation_reports',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    roundId: integer('round_id').notNull(),
    userId: integer('user_id').notNull(),
    title: text('title').notNull(),
    lang: text('lang').notNull().default('en'),
    snapshot: jsonb('snapshot').notNull(),
    status: text('status').notNull().default('queued'),
    stage: text('stage').notNull().default('initializing'),
    progress: doublePrecision('progress').notNull().default(0),
    pages: integer('pages'),
    s3Key: text('s3_key'),
    error: text('error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('evaluation_reports_user_idx').on(t.orgId, t.userId, t.roundId)],
);

/**
 * The workflow (docs/minutes.md#the-workflow): one row per edition of a meeting's minutes (1, then one per
 * correction). `state` is the edition's step; `baseVersion` the newest minutes version when the edition began (the
 * edition's own PDF is a version above it); `draftVersion` the version sent for approval; `approvalId` the approval
 * service's approval; `publishedVersion` the signed, sealed PDF once published. `approvers` are user ids in signing order.
 */
export const editions = minutes.table(
  'editions',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    number: integer('number').notNull(),
    state: text('state').notNull().default('draft'),
    baseVersion: integer('base_version').notNull().default(0),
    draftVersion: integer('draft_version'),
    approvalId: integer('approval_id'),
    approvers: jsonb('approvers').$type<Array<{ user_id: number; name: string }>>().notNull().default([]),
    publishedVersion: integer('published_version'),
    /** the review's deadline the owner set when sending for review (docs/minutes.md#review-deadline); null: none */
    reviewDeadline: ts('review_deadline'),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('editions_number_idx').on(t.orgId, t.meetingId, t.number), index('editions_approval_idx').on(t.orgId, t.approvalId)],
);

/** the reviewers the owner chose for an edition */
export const reviewers = minutes.table(
  'reviewers',
  {
    orgId: uuid('org_id').notNull(),
    editionId: integer('edition_id').notNull(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('reviewers_edition_user_idx').on(t.orgId, t.editionId, t.userId)],
);

/** a reviewer's comment on one section (minutes item) of an edition's draft */
export const reviewComments = minutes.table(
  'review_comments',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    editionId: integer('edition_id').notNull(),
    itemType: text('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    comment: text('comment').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('review_comments_edition_idx').on(t.orgId, t.editionId)],
);

/** the history: every step of every edition (who, when, the state it led to) */
export const workflowEvents = minutes.table(
  'workflow_events',
  {
    id: serial('id').primaryKey(),
    orgId: uuid('org_id').notNull(),
    meetingId: integer('meeting_id').notNull(),
    edition: integer('edition').notNull(),
    action: text('action').notNull(),
    state: text('state').notNull(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    note: text('note'),
    /** a step that an event makes (ApprovalCompleted): its event id, so a redelivery writes it once */
    dedupe: text('dedupe'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('workflow_events_meeting_idx').on(t.orgId, t.meetingId), uniqueIndex('workflow_events_dedupe_idx').on(t.orgId, t.dedupe)],
);
