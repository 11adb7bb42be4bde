/**
 * The signing order of an approval: its steps are the assignees sorted by `order`; an assignee may act (sign or
 * reject) only while no assignee with a lower order still needs to sign. A rejection ends the approval, so nobody
 * acts after one. Pure rules, used by the approval service and by the screens that show who is next.
 */

/** Assignee status: 1 needs to sign, 2 signed (approved), 3 rejected. */
export const ASSIGNEE_STATUS = { needsToSign: 1, signed: 2, rejected: 3 } as const;
export type AssigneeStatus = (typeof ASSIGNEE_STATUS)[keyof typeof ASSIGNEE_STATUS];

/**
 * A document's status in an approval: 1 new (the copy as sent), 2 partly signed (stamped by at least one signer),
 * 3 fully signed (sealed after the last step), 4 approved (in the contract, not set yet).
 */
export const DOCUMENT_STATUS = { new: 1, partlySigned: 2, fullySigned: 3, approved: 4 } as const;
export type DocumentStatus = (typeof DOCUMENT_STATUS)[keyof typeof DOCUMENT_STATUS];

export interface OrderedAssignee {
  id: string;
  order: number;
  status: AssigneeStatus;
}

/** Why an assignee may not act now; `null` when they may. */
export type ActRefusal = 'NOT_AN_ASSIGNEE' | 'ALREADY_ACTED' | 'APPROVAL_REJECTED' | 'EARLIER_STEP_PENDING';

export function refusalToAct(assignees: readonly OrderedAssignee[], assigneeId: string): ActRefusal | null {
  const me = assignees.find((a) => a.id === assigneeId);
  if (!me) return 'NOT_AN_ASSIGNEE';
  if (assignees.some((a) => a.status === ASSIGNEE_STATUS.rejected)) return 'APPROVAL_REJECTED';
  if (me.status !== ASSIGNEE_STATUS.needsToSign) return 'ALREADY_ACTED';
  if (assignees.some((a) => a.order < me.order && a.status === ASSIGNEE_STATUS.needsToSign)) return 'EARLIER_STEP_PENDING';
  return null;
}

/** The assignees who may act now: every pending one at the lowest pending order (a step may hold several). */
export function currentSigners(assignees: readonly OrderedAssignee[]): OrderedAssignee[] {
  return assignees.filter((a) => refusalToAct(assignees, a.id) === null);
}

/** The approval's overall state from its assignees. */
export type ApprovalProgress = 'pending' | 'partly signed' | 'fully signed' | 'rejected';

export function approvalProgress(assignees: readonly OrderedAssignee[]): ApprovalProgress {
  if (assignees.some((a) => a.status === ASSIGNEE_STATUS.rejected)) return 'rejected';
  const signed = assignees.filter((a) => a.status === ASSIGNEE_STATUS.signed).length;
  if (assignees.length > 0 && signed === assignees.length) return 'fully signed';
  return signed > 0 ? 'partly signed' : 'pending';
}

/** A rejection needs a reason with at least one non-blank character. */
export function isRejectReasonValid(reason: unknown): boolean {
  return typeof reason === 'string' && reason.trim().length > 0;
}
