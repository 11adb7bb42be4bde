import { z } from 'zod';
import { zApprovalStatus, zSavedSignature } from './approval.schemas';

/**
 * What the signing page reads (`GET /api/documents/{id}`, docs/approval.md#the-signing-page): the spec's document
 * response `{success, payload: {document, title, can_sign, can_download, note}}`, with what placing a signature
 * needs: every document with its pages' sizes in PDF points and a short-lived URL of its latest version, the
 * caller's saved signatures and stamps, the boxes already placed for them, and the organization's approval mode.
 */
export const zSigningDocument = z.object({
  id: z.number().int(),
  library_id: z.number().int(),
  name: z.string(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  version: z.number().int(),
  /** a presigned URL of the latest version (minutes) */
  url: z.string(),
  /** each page's size in PDF points (from 1: pages[0] is page 1) */
  pages: z.array(z.object({ width: z.number(), height: z.number() })),
});
export type SigningDocument = z.output<typeof zSigningDocument>;

export const zPlacementOptions = z.object({
  displayOnBottom: z.boolean(),
  showName: z.boolean(),
  showTitle: z.boolean(),
  showDate: z.boolean(),
  showReason: z.boolean(),
  applyToAll: z.boolean(),
});

/** a stored box, in PDF points of its page (pageWidth x pageHeight are the page's size) */
export const zStoredPlacement = z.object({
  id: z.number().int(),
  library_id: z.number().int(),
  assignee_id: z.number().int(),
  pageNum: z.number().int(),
  type: z.enum(['signature', 'stamp']),
  px: z.number(),
  py: z.number(),
  width: z.number(),
  height: z.number(),
  pageWidth: z.number(),
  pageHeight: z.number(),
  options: zPlacementOptions,
});
export type StoredPlacement = z.output<typeof zStoredPlacement>;

export const zSigningPage = z.object({
  id: z.number().int(),
  title: z.string(),
  status: zApprovalStatus,
  /** the first document (the spec's `document`); `documents` holds them all */
  document: zSigningDocument.nullable(),
  documents: z.array(zSigningDocument),
  can_sign: z.boolean(),
  can_download: z.boolean(),
  /** the caller may save boxes: the sender (for assignees who have not acted) or an assignee who has not acted */
  can_save: z.boolean(),
  note: z.string().nullable(),
  /** the organization's setting: 'old' signs from the details page, 'new' places boxes on this page */
  approval_mode: z.enum(['new', 'old']),
  sender: z.boolean(),
  /** the caller as an assignee (name, title and whether a guest: what the box's lines show), null otherwise */
  me: z.object({ assignee_id: z.number().int(), name: z.string(), title: z.string().nullable(), guest: z.boolean() }).nullable(),
  /** who signs, for the sender's placement (the caller's own row among them) */
  assignees: z.array(z.object({ id: z.number().int(), name: z.string(), guest: z.boolean(), order: z.number().int(), status: z.union([z.literal(1), z.literal(2), z.literal(3)]) })),
  /** the caller's saved signatures and stamps (none for a guest) */
  signatures: z.array(zSavedSignature),
  /** boxes already placed: the caller's own; the sender sees every assignee's */
  placements: z.array(zStoredPlacement),
});
export type SigningPage = z.output<typeof zSigningPage>;

/** the spec's document response */
export const zDocumentResponse = z.object({ success: z.literal(true), message: z.string().optional(), payload: zSigningPage });
export type DocumentResponse = z.output<typeof zDocumentResponse>;
