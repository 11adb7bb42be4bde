import { z } from 'zod';
import { INT4_MAX, numeric, zPageQuery } from '../core/common';
import { M } from '../core/validation';
import { ApprovalMessages as AM } from './approval.errors';
import { zApprovalStatus, zApprovalTab } from './approval.schemas';

/**
 * Bodies and queries of the approval routes. Ids are numbers or strings of digits, nothing else (never `true`
 * or `[1]`); unknown keys are dropped.
 */
const blank = (v: unknown) => (v === '' || v === null || v === 'null' ? undefined : v);
const id = numeric(z.number({ error: M.invalid }).int(M.invalid).positive(M.invalid).max(INT4_MAX, M.invalid));
const optId = z.preprocess(blank, id.optional());
const date = z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, M.date).optional());

export const zApprovalListQuery = zPageQuery.extend({
  tab: z.preprocess(blank, zApprovalTab.default('all')),
  status: z.preprocess(blank, zApprovalStatus.optional()),
  committee_id: optId,
  meeting_id: optId,
  from_date: date,
  to_date: date,
  /** the meeting card asks `paginate={page}` instead of `page` */
  paginate: optId,
});

/** one step's recipient: a member, every member of a committee, or a guest by e-mail (they get a token link) */
export const zAssigneeInput = z.union(
  [
    z.object({ user_id: id, order: numeric(z.number().int().min(1).max(100)), can_edit: z.boolean().optional() }).strict(),
    z.object({ committee_id: id, order: numeric(z.number().int().min(1).max(100)), can_edit: z.boolean().optional() }).strict(),
    z.object({
      email: z.email(M.email).max(191),
      guest_name: z.string().trim().min(1, M.required).max(191),
      order: numeric(z.number().int().min(1).max(100)),
    }).strict(),
  ],
  { error: M.invalid },
);
export type AssigneeInput = z.output<typeof zAssigneeInput>;

export const zCreateApprovalBody = z.object({
  title: z.string({ error: AM.titleRequired }).trim().min(1, AM.titleRequired).max(191),
  description: z.string().max(5000).optional(),
  /** library files; PDF only ('Choose only pdf') */
  documents: z.array(id, { error: AM.documentsRequired }).min(1, AM.documentsRequired).max(20),
  assignees: z.array(zAssigneeInput, { error: AM.assigneesRequired }).min(1, AM.assigneesRequired).max(100),
  committee_id: optId,
  meeting_id: optId,
});
export type CreateApprovalBody = z.output<typeof zCreateApprovalBody>;

/**
 * Where a signature goes: page `pageNum` (1-based) of the document, the box at (px, py) of size width x height
 * measured on a page drawn pageWidth x pageHeight (top-left origin, as the screen shows it).
 */
export const zPlacement = z.object({
  library_id: optId,
  pageNum: numeric(z.number().int().min(1).max(10_000)),
  type: z.enum(['signature', 'stamp']).default('signature'),
  /** this box's own image (a png or jpeg data URL, checked by content when stamped): a stamp's, or another signature */
  src: z.string().max(700_000).optional(),
  px: numeric(z.number().min(0).max(100_000)),
  py: numeric(z.number().min(0).max(100_000)),
  pageWidth: numeric(z.number().positive().max(100_000)),
  pageHeight: numeric(z.number().positive().max(100_000)),
  width: numeric(z.number().positive().max(100_000)),
  height: numeric(z.number().positive().max(100_000)),
  options: z
    .object({
      displayOnBottom: z.boolean().default(false),
      showName: z.boolean().default(false),
      showTitle: z.boolean().default(false),
      showDate: z.boolean().default(false),
      showReason: z.boolean().default(false),
      applyToAll: z.boolean().default(false),
      /** the lines inside the box, under the image (a box the sender placed, signed without the signing page) */
      inside: z.boolean().optional(),
    })
    .default({ displayOnBottom: false, showName: false, showTitle: false, showDate: false, showReason: false, applyToAll: false }),
});
export type Placement = z.output<typeof zPlacement>;

/** a png or jpeg as a data URL (its content is checked, not its label); at most 512 KB */
export const zImageDataUrl = z.string().max(700_000).regex(/^data:image\/(png|jpe?g);base64,[A-Za-z0-9+/=]+$/, AM.imageType);

export const zApproveBody = z.object({
  comment: z.string().max(2000).optional(),
  /** a saved signature of the caller */
  signature_id: optId,
  /** a drawn or uploaded signature */
  file: z.preprocess(blank, zImageDataUrl.optional()),
  /** placements; none: the default box on each document's last page */
  sign_data: z.array(zPlacement).max(500).optional(),
  reason: z.string().max(500).optional(),
});
export type ApproveBody = z.output<typeof zApproveBody>;

export const zRejectBody = z.object({
  comment: z.string({ error: AM.reasonRequired }).trim().min(1, AM.reasonRequired).max(2000),
});

export const zGuestQuery = z.object({ token: z.string().min(16).max(200) });

export const zSignatureBody = z.object({
  type: z.enum(['signature', 'signature_image']),
  title: z.string().trim().max(191).default(''),
  payload: zImageDataUrl,
});
