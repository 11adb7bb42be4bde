import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
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

/** an assignee's status: amber needs to sign, green signed, red rejected */
export function AssigneeStatusTag(props: { status: 1 | 2 | 3 }) {
  const { t } = useTranslation('approvals');
  const s = ASSIGNEE[props.status];
  return <Tag value={t(s.key)} severity={s.severity} data-status={props.status} />;
}
