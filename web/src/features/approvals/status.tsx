import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { currentSigners } from '@app/contracts';
import type { ApprovalStatus } from '../../api/approvals';

const SEVERITY: Record<ApprovalStatus, 'warning' | 'info' | 'success' | 'danger'> = { pending: 'warning', 'partly signed': 'info', 'fully signed': 'success', rejected: 'danger' };
const ASSIGNEE: Record<1 | 2 | 3, { key: string; severity: 'warning' | 'success' | 'danger' }> = {
  1: { key: 'assignee.needsToSign', severity: 'warning' },
  2: { key: 'assignee.signed', severity: 'success' },
  3: { key: 'assignee.rejected', severity: 'danger' },
};

/** an approval's overall status */
export function ApprovalStatusTag(props: { status: ApprovalStatus }) {
  const { t } = useTranslation('approvals');
  return <Tag value={t(`status.${props.status}`)} severity={SEVERITY[props.status]} data-testid="approval-status" data-status={props.status} />;
}

/**
 * The assignees still to sign whose turn has not come (an earlier step still needs to sign): "Waiting", not "Needs
 * to sign" (the signing order's rule, `currentSigners`).
 */
export function waitingIds(assignees: readonly { id: number; order: number; status: 1 | 2 | 3 }[]): Set<number> {
  // a rejection ended the approval: nobody's turn is coming
  if (assignees.some((a) => a.status === 3)) return new Set();
  const ordered = assignees.map((a) => ({ id: String(a.id), order: a.order, status: a.status }));
  const now = new Set(currentSigners(ordered).map((a) => Number(a.id)));
  return new Set(assignees.filter((a) => a.status === 1 && !now.has(a.id)).map((a) => a.id));
}

/** an assignee's status: amber needs to sign (grey waiting before their turn), green signed, red rejected */
export function AssigneeStatusTag(props: { status: 1 | 2 | 3; waiting?: boolean }) {
  const { t } = useTranslation('approvals');
  if (props.status === 1 && props.waiting) return <Tag value={t('assignee.waiting')} severity="secondary" data-status="waiting" />;
  const s = ASSIGNEE[props.status];
  return <Tag value={t(s.key)} severity={s.severity} data-status={props.status} />;
}
