import { z } from 'zod';
import { INT4_MAX, numeric } from '../core/common';
import { M } from '../core/validation';
import { zImageDataUrl } from './approval.http';

/**
 * The signing page's posts (`POST /api/documents/{id}` and the guest variant; docs/approval.md#the-signing-page).
 * A placement may leave out its position and size (the spec's default box) and its frame (the page in PDF
 * points). Placements are strict: a field the contract does not name is refused, never dropped.
 */
const blank = (v: unknown) => (v === '' || v === null || v === 'null' ? undefined : v);
const id = numeric(z.number({ error: M.invalid }).int(M.invalid).positive(M.invalid).max(INT4_MAX, M.invalid));
const optId = z.preprocess(blank, id.optional());
const coord = numeric(z.number({ error: M.number }).min(0, M.invalid).max(100_000, M.invalid)).optional();
const size = numeric(z.number({ error: M.number }).positive(M.invalid).max(100_000, M.invalid)).optional();
const flag = z.preprocess((v) => (v === '1' || v === 1 || v === 'true' ? true : v === '0' || v === 0 || v === 'false' ? false : v), z.boolean({ error: M.boolean }));

/** Messages of the signing page's routes (translations in documents.messages.ts). */
export const DocumentMessages = {
  signatureOnEveryDocument: 'Every document needs a signature on at least one page.',
  placementOffPage: 'The box must lie on the page.',
  pageMissing: 'The document has no such page.',
  documentNotInApproval: 'The document is not part of this approval.',
  assigneeInvalid: 'The selected assignee is invalid.',
  assigneeActed: 'This assignee has already acted.',
  stampRequired: 'A stamp image is required.',
  idMismatch: 'The id does not match the approval.',
  placementsSaved: 'Placements saved',
} as const;

export const zPlacementOptionsInput = z
  .object({
    displayOnBottom: flag.optional(),
    showName: flag.optional(),
    showTitle: flag.optional(),
    showDate: flag.optional(),
    showReason: flag.optional(),
    applyToAll: flag.optional(),
  })
  .strict();

/**
 * One box on a page: pageNum (from 1), type signature or stamp, the box (px, py, width, height) in a frame of
 * pageWidth x pageHeight with a top-left origin, options (name, title, date, reason to the right of the box or
 * below it with displayOnBottom; applyToAll repeats it on every page). `library_id` names the document (none:
 * every document); `assignee_id` whose box it is (the sender placing boxes for an assignee). `src` (a png or
 * jpeg data URL) or `signature_id` (a saved one) give this box its own image; `id` and `tab` are the page's own.
 */
export const zDocumentPlacement = z
  .object({
    id: z.union([z.string().max(64), z.number().int()]).optional(),
    library_id: optId,
    assignee_id: optId,
    pageNum: numeric(z.number({ error: M.number }).int(M.integer).min(1, M.invalid).max(10_000, M.invalid)),
    type: z.enum(['signature', 'stamp'], { error: M.oneOf }).default('signature'),
    tab: z.string().max(50).optional(),
    src: z.preprocess(blank, zImageDataUrl.optional()),
    signature_id: optId,
    px: coord,
    py: coord,
    pageWidth: size,
    pageHeight: size,
    width: size,
    height: size,
    options: zPlacementOptionsInput.optional(),
  })
  .strict();
export type DocumentPlacement = z.output<typeof zDocumentPlacement>;

/**
 * The sign post: `{id, action: 'sign', reason, has_returnurl, sign_data[]}` with the signature (`file`, a drawn or
 * uploaded png/jpeg data URL, or `signature_id`, a saved one) and the stamp (`stamp_file` or `stamp_id`) its boxes
 * show; `action: 'save'` keeps the boxes without signing (the sender's boxes for assignees, or a signer's draft).
 */
export const zDocumentActionBody = z.object({
  id: optId,
  action: z.enum(['sign', 'save'], { error: M.oneOf }),
  reason: z.string().max(500).optional(),
  comment: z.string().max(2000).optional(),
  has_returnurl: flag.optional(),
  file: z.preprocess(blank, zImageDataUrl.optional()),
  signature_id: optId,
  stamp_file: z.preprocess(blank, zImageDataUrl.optional()),
  stamp_id: optId,
  sign_data: z.array(zDocumentPlacement, { error: M.invalid }).max(500).default([]),
});
export type DocumentActionBody = z.output<typeof zDocumentActionBody>;
