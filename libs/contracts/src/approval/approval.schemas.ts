import { z } from 'zod';
import { zServerDate } from '../core/common';

/**
 * What the approval routes answer (docs/approval.md). Statuses as the product names them: the approval's
 * overall status ('pending', 'partly signed', 'fully signed', 'rejected'), each document's numeric status
 * (1 new, 2 partly signed, 3 fully signed, 4 approved) and each assignee's (1 needs to sign, 2 signed,
 * 3 rejected). A guest's token is never answered: only its hash is stored.
 */
export const zApprovalStatus = z.enum(['pending', 'partly signed', 'fully signed', 'rejected']);
export type ApprovalStatus = z.output<typeof zApprovalStatus>;
/** the list's tabs: every approval I am part of, those waiting for me, those waiting for others, the completed ones */
export const zApprovalTab = z.enum(['all', 'action_required', 'waiting', 'completed']);
export type ApprovalTab = z.output<typeof zApprovalTab>;

export const zApprovalAssignee = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable() }).nullable(),
  user_email: z.string().nullable(),
  guest_name: z.string().nullable(),
  guest: z.boolean(),
  order: z.number().int(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  can_edit: z.boolean(),
  comment: z.string().nullable(),
  committee_id: z.number().int().nullable(),
  updated_at: zServerDate,
});
export type ApprovalAssignee = z.output<typeof zApprovalAssignee>;

export const zApprovalDocument = z.object({
  id: z.number().int(),
  library_id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** the library version the approval has produced so far (1: as sent) */
  version: z.number().int(),
});
export type ApprovalDocument = z.output<typeof zApprovalDocument>;

export const zApproval = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: zApprovalStatus,
  sender: z.object({ id: z.number().int().nullable(), name: z.string() }),
  user_id: z.number().int().nullable(),
  committee_id: z.number().int().nullable(),
  meeting_id: z.number().int().nullable(),
  documents: z.array(zApprovalDocument),
  assignees: z.array(zApprovalAssignee),
  /** the caller's own step: its status, or null when the caller is not an assignee */
  my_status: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
  created_at: zServerDate,
  updated_at: zServerDate,
});
export type Approval = z.output<typeof zApproval>;

export const zApprovalVersion = z.object({
  library_id: z.number().int(),
  version: z.number().int(),
  by: z.string(),
  action: z.enum(['sent', 'signed', 'sealed']),
  sha256: z.string(),
  created_at: zServerDate,
});

/**
 * The PDF work of the latest signature while it is not done (null once every signed version exists): queued,
 * running (stamping each document, then sealing after the last step) or failed after its last attempt.
 */
export const zApprovalProcessing = z.object({
  status: z.enum(['queued', 'running', 'failed']),
  stage: z.enum(['queued', 'stamping', 'sealing']),
  percent: z.number().int().min(0).max(100),
});
export type ApprovalProcessing = z.output<typeof zApprovalProcessing>;

export const zApprovalDetails = zApproval.extend({
  /** the caller may sign or reject now (their step is the current one) */
  can_sign: z.boolean(),
  /** the caller may download the signed documents (status fully signed, or the sender) */
  can_download: z.boolean(),
  /** the edit menu (sign or reject): the sender and assignees with can_edit */
  can_edit: z.boolean(),
  /** why the caller cannot sign, when they cannot */
  note: z.string().nullable(),
  versions: z.array(zApprovalVersion),
  processing: zApprovalProcessing.nullable(),
});
export type ApprovalDetails = z.output<typeof zApprovalDetails>;

export const zSavedSignature = z.object({
  id: z.number().int(),
  type: z.enum(['signature', 'signature_image']),
  title: z.string(),
  /** the image as a data URL (png or jpeg) */
  payload: z.string(),
  created_at: zServerDate,
});
export type SavedSignature = z.output<typeof zSavedSignature>;
