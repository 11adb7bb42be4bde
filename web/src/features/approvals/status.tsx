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

/** the name an assignee goes by: a member's name, a guest's name, else the e-mail */
export const assigneeName = (a: { user?: { name: string } | null; guest_name?: string | null; user_email?: string | null }): string =>
  a.user?.name ?? a.guest_name ?? a.user_email ?? '';

type Ordered = { id: number; order: number; status: 1 | 2 | 3; user?: { name: string } | null; guest_name?: string | null; user_email?: string | null };

/**
 * The assignees still to sign whose turn has not come (an earlier step still needs to sign), each with the names of
 * the people whose signatures they wait for (the current step's, still to sign): "Waiting for Ada", not "Needs to
 * sign" (the signing order's rule, `currentSigners`).
 */
export function waitingFor(assignees: readonly Ordered[]): Map<number, string[]> {
  // a rejection ended the approval: nobody's turn is coming
  if (assignees.some((a) => a.status === 3)) return new Map();
  const ordered = assignees.map((a) => ({ id: String(a.id), order: a.order, status: a.status }));
  const nowIds = new Set(currentSigners(ordered).map((a) => Number(a.id)));
  const now = assignees.filter((a) => nowIds.has(a.id) && a.status === 1).map(assigneeName);
  return new Map(assignees.filter((a) => a.status === 1 && !nowIds.has(a.id)).map((a) => [a.id, now]));
}

/** the ids of `waitingFor` */
export const waitingIds = (assignees: readonly Ordered[]): Set<number> => new Set(waitingFor(assignees).keys());

/**
 * an assignee's status: amber needs to sign (grey "Waiting for …" before their turn, naming whom they wait for),
 * green signed, red rejected
 */
export function AssigneeStatusTag(props: { status: 1 | 2 | 3; waitingFor?: readonly string[] }) {
  const { t } = useTranslation('approvals');
  if (props.status === 1 && props.waitingFor) {
    const value = props.waitingFor.length ? t('assignee.waitingFor', { names: props.waitingFor.join(', ') }) : t('assignee.waiting');
    return <Tag value={value} severity="secondary" data-status="waiting" />;
  }
  const s = ASSIGNEE[props.status];
  return <Tag value={t(s.key)} severity={s.severity} data-status={props.status} />;
}
