import { ASSIGNEE_STATUS, errorSpec, refusalToAct, type ActRefusal, type ApprovalErrors, type AssigneeStatus, type OrderedAssignee } from '@app/contracts';

/** the signing order's refusals as this service's errors (the signing page's routes answer the same) */
export const REFUSALS: Record<ActRefusal, keyof typeof ApprovalErrors> = {
  NOT_AN_ASSIGNEE: 'APPROVAL_NOT_ASSIGNEE',
  ALREADY_ACTED: 'APPROVAL_ALREADY_ACTED',
  APPROVAL_REJECTED: 'APPROVAL_REJECTED',
  EARLIER_STEP_PENDING: 'APPROVAL_EARLIER_STEP_PENDING',
};

/** an approval's assignees as the signing order reads them (libs/contracts approval.signing-order) */
export const ordered = (rows: readonly { id: number; step: number; status: number }[]): OrderedAssignee[] =>
  rows.map((a) => ({ id: String(a.id), order: a.step, status: a.status as AssigneeStatus }));

export interface AccessFacts {
  /** 'user': a signed-in member (with a user id); 'guest': a token link; 'other': anyone else (no user id, the system) */
  caller: 'user' | 'guest' | 'other';
  isAdmin: boolean;
  /** the approval's overall status ('pending', 'partly signed', 'fully signed', 'rejected') */
  status: string;
  assignees: readonly { id: number; step: number; status: number }[];
  /** the caller's own assignee row: a member's by user id, a guest's by their token (and the route's guest id) */
  me: { id: number; status: number; canEdit: boolean } | null;
  /** the caller sent the approval */
  sender: boolean;
}

export interface ApprovalRights {
  /** the caller may see the approval at all (404 otherwise, as for another organization's id) */
  see: boolean;
  /** why the caller may not sign or reject now; null when they may */
  refusal: ActRefusal | null;
  can_sign: boolean;
  can_download: boolean;
  can_edit: boolean;
  /** the signing page's "save boxes": while the approval runs, the sender (for anyone still to sign) or a signer still to sign */
  can_save: boolean;
  /** the refusal's message for an assignee who may not sign now; null for the sender, an administrator, or a signer whose turn it is */
  note: string | null;
}

/**
 * Who may see an approval and what they may do with it (docs/approval.md#rules): the details (`approval.v1.get`) and
 * the signing page (`approval.v1.signing-page`) both answer from this.
 * - a guest sees it only through their own link (their assignee row); a member when they sent it, are one of its
 *   assignees, or are an administrator; anyone else: 404;
 * - `can_sign`: the caller's step is the current one (the signing order of libs/contracts);
 * - `can_download`: the approval is fully signed, or the caller sent it;
 * - `can_edit` (the sign / reject menu): the sender, an assignee given can_edit, or a signer whose turn it is.
 */
export function approvalRights(f: AccessFacts): ApprovalRights {
  const see = f.caller === 'guest' ? f.me !== null : f.caller === 'user' && (f.me !== null || f.sender || f.isAdmin);
  const refusal = f.me ? refusalToAct(ordered(f.assignees), String(f.me.id)) : 'NOT_AN_ASSIGNEE';
  const running = f.status !== 'rejected' && f.status !== 'fully signed';
  const stillToSign = (a: { status: number } | null) => a?.status === ASSIGNEE_STATUS.needsToSign;
  return {
    see,
    refusal,
    can_sign: refusal === null,
    can_download: f.status === 'fully signed' || f.sender,
    can_edit: f.sender || !!f.me?.canEdit || refusal === null,
    can_save: running && (f.sender ? f.assignees.some(stillToSign) : stillToSign(f.me)),
    note: refusal && f.me ? errorSpec(REFUSALS[refusal]).message : null,
  };
}
