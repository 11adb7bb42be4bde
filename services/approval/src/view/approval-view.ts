import { serverDate, type Approval, type ApprovalDetails, type ApprovalProcessing, type ApprovalStatus, type SavedSignature } from '@app/contracts';
import type { ApprovalRow, AssigneeRow, DocumentRow, SignatureRow, SignJobRow, VersionRow } from '../repositories/approvals.repository';
import type { ApprovalRights } from '../rules/access';

/** the name an assignee is shown by: the member's, the guest's, or their e-mail */
export const nameOf = (a: AssigneeRow) => a.userName ?? a.guestName ?? a.userEmail ?? '';

/**
 * an approval's rows as the list and the details answer them (`me`: the caller's own assignee row); dates in the
 * organization's zone (libs/platform OrgZones)
 */
export function toApproval(a: ApprovalRow, docs: DocumentRow[], assignees: AssigneeRow[], me: AssigneeRow | null, zone: string): Approval {
  return {
    id: a.id, title: a.title, description: a.description, status: a.status as ApprovalStatus,
    sender: { id: a.senderId, name: a.senderName }, user_id: a.senderId, committee_id: a.committeeId, meeting_id: a.meetingId,
    documents: docs.map((d) => ({ id: d.id, library_id: d.libraryId, name: d.name, size: d.size, status: d.status as 1 | 2 | 3 | 4, version: d.version })),
    assignees: assignees.map((x) => ({
      id: x.id, user_id: x.userId, user: x.userId ? { id: x.userId, name: x.userName ?? '', image: x.userImage } : null,
      user_email: x.userEmail, guest_name: x.guestName, guest: !x.userId, order: x.step, status: x.status as 1 | 2 | 3, can_edit: x.canEdit,
      comment: x.comment, committee_id: x.committeeId, updated_at: serverDate(x.updatedAt, zone)!,
    })),
    my_status: me ? (me.status as 1 | 2 | 3) : null,
    created_at: serverDate(a.createdAt, zone)!, updated_at: serverDate(a.updatedAt, zone)!,
  };
}

/** the latest signature's PDF work while it is not done */
export function processingOf(jobs: SignJobRow[]): ApprovalProcessing | null {
  const open = jobs.filter((j) => j.status !== 'done');
  const j = open[open.length - 1];
  if (!j) return null;
  return {
    status: j.status === 'failed' ? 'failed' : j.status === 'running' ? 'running' : 'queued',
    stage: j.stage === 'sealing' ? 'sealing' : j.stage === 'stamping' ? 'stamping' : 'queued',
    percent: Math.max(0, Math.min(100, j.progress)),
  };
}

/** the details of an approval for one caller, with the flags of rules/access */
export function toDetails(
  v: { approval: ApprovalRow; docs: DocumentRow[]; assignees: AssigneeRow[]; me: AssigneeRow | null; rights: ApprovalRights },
  versions: VersionRow[],
  zone: string,
  jobs: SignJobRow[] = [],
): ApprovalDetails {
  return {
    ...toApproval(v.approval, v.docs, v.assignees, v.me, zone),
    can_sign: v.rights.can_sign,
    can_download: v.rights.can_download,
    can_edit: v.rights.can_edit,
    note: v.rights.note,
    versions: versions.map((r) => ({ library_id: r.libraryId, version: r.version, by: r.byName, action: r.action as 'sent' | 'signed' | 'sealed', sha256: r.sha256, created_at: serverDate(r.createdAt, zone)! })),
    processing: processingOf(jobs),
  };
}

export function toSignature(r: Pick<SignatureRow, 'id' | 'type' | 'title' | 'payload' | 'createdAt'>, zone: string): SavedSignature {
  return { id: r.id, type: r.type as SavedSignature['type'], title: r.title, payload: r.payload, created_at: serverDate(r.createdAt, zone)! };
}
