import { ASSIGNEE_STATUS, DocumentMessages as DM, M, type ApprovalErrors } from '@app/contracts';

interface SaveFacts {
  /** the approval's overall status */
  status: string;
  sender: boolean;
  /** the caller's own assignee row */
  me: { id: number; status: number } | null;
}

/**
 * Saving boxes without signing (docs/approval.md#the-signing-page): refused on a rejected approval; otherwise the
 * sender may save, and an assignee while they still have to sign. Null: the save goes on to the boxes.
 */
export function saveRefusal(f: SaveFacts): keyof typeof ApprovalErrors | null {
  if (f.status === 'rejected') return 'APPROVAL_REJECTED';
  if (f.sender) return null;
  if (!f.me) return 'APPROVAL_NOT_ASSIGNEE';
  if (f.me.status !== ASSIGNEE_STATUS.needsToSign) return 'APPROVAL_ALREADY_ACTED';
  return null;
}

/**
 * Whose a saved box may be (`sign_data.N.assignee_id`, the caller's own when left out): the sender places boxes for
 * any assignee still to sign; an assignee only their own. The message of the field's error, or null.
 */
export function boxOwnerError(target: number | undefined, f: SaveFacts & { assignees: readonly { id: number; status: number }[] }): string | null {
  if (target === undefined) return M.required;
  if (!f.sender && target !== f.me?.id) return DM.assigneeInvalid;
  const a = f.assignees.find((x) => x.id === target);
  if (!a) return DM.assigneeInvalid;
  if (a.status !== ASSIGNEE_STATUS.needsToSign) return DM.assigneeActed;
  return null;
}
