import { Injectable } from '@nestjs/common';
import { MeetingStatus, serverDate, type Actor, type SendForApprovalBody, type MeetingDetails, type MeetingRole, type MinutesPermissions, type MinutesWorkflow, type MinutesWorkflowAction, type MinutesWorkflowState } from '@app/contracts';
import type { Scope } from '../common/minutes-db';
import { approversFor, chooseSigners, pendingReviewers, reviewDeadlinePassed, workflowPermissions, type SignerField, type SignerRefusal } from '../rules/workflow';
import { WorkflowRepository, type EditionRow } from './workflow.repository';

/** the current edition: the newest row, or edition 1 as a draft before anyone took a step (no row is written to read) */
export type Edition = Pick<EditionRow, 'number' | 'state' | 'baseVersion' | 'draftVersion' | 'approvalId' | 'approvers' | 'publishedVersion' | 'reviewDeadline'> & { id: number | null };
export const FIRST_EDITION: Edition = { id: null, number: 1, state: 'draft', baseVersion: 0, draftVersion: null, approvalId: null, approvers: [], publishedVersion: null, reviewDeadline: null };

/** the members a reviewer may be chosen among: users of the meeting (not guests), the owner excepted */
export function candidatesOf(meeting: MeetingDetails): Array<{ user_id: number; name: string }> {
  const seen = new Map<number, string>();
  for (const m of meeting.members) {
    if (m.user_id === null || m.user_id === meeting.owner_id || seen.has(m.user_id)) continue;
    seen.set(m.user_id, m.user?.name ?? m.user?.email ?? m.user_email ?? `#${m.user_id}`);
  }
  return [...seen].map(([user_id, name]) => ({ user_id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

type Person = { user_id: number; name: string };
const memberName = (m: MeetingDetails['members'][number]): string => m.user?.name ?? m.user?.email ?? m.user_email ?? `#${m.user_id}`;

/** the meeting can no longer name its roles (Archived: nobody has a right on it), so the owner names a missing signer */
export const ownerNamesSigners = (meeting: MeetingDetails): boolean => meeting.meeting_status_id === MeetingStatus.Archived;

/** whom the owner may name as a signer: the meeting's members who are users, the owner included */
export function signerCandidatesOf(meeting: MeetingDetails): Person[] {
  const seen = new Map<number, string>();
  for (const m of meeting.members) if (m.user_id !== null && !seen.has(m.user_id)) seen.set(m.user_id, memberName(m));
  return [...seen].map(([user_id, name]) => ({ user_id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Who signs this meeting's minutes, in order, from the meeting's roles (meeting_role on its members, set with
 * POST /api/meetings/{id}/roles) and the organization's `mom_secretary_signs` (rules/workflow approversFor), with the
 * holders the owner named for an Archived meeting that never named them (`chooseSigners`; `refused` per field).
 */
export function signersOf(
  meeting: MeetingDetails, secretarySigns: boolean, named: SendForApprovalBody = {},
): { signers: Person[]; missing: MeetingRole[]; refused: Partial<Record<SignerField, SignerRefusal>>; named: Partial<Record<MeetingRole, Person>> } {
  const holder = (role: MeetingRole) => meeting.members.find((m) => m.meeting_role === role && m.user_id !== null)?.user_id ?? null;
  const people = signerCandidatesOf(meeting);
  const chosen = chooseSigners(
    { chair: holder('chair'), secretary: holder('secretary'), secretarySigns, canName: ownerNamesSigners(meeting), members: new Set(people.map((p) => p.user_id)) },
    named,
  );
  const { approvers, missing } = approversFor({ chair: chosen.chair, secretary: chosen.secretary, secretarySigns });
  // the holders taken from the request (the PDF's signature block must print them: docs/minutes.md#who-signs)
  const taken: Partial<Record<MeetingRole, Person>> = {};
  for (const [role, field] of [['chair', 'chair_user_id'], ['secretary', 'secretary_user_id']] as const) {
    const id = chosen[role];
    if (named[field] !== undefined && !chosen.refused[field] && id !== null) taken[role] = people.find((p) => p.user_id === id)!;
  }
  return { signers: approvers.map((id) => people.find((p) => p.user_id === id)!), missing, refused: chosen.refused, named: taken };
}

/** The workflow part of the minutes' state (read only: rows -> the answer, with the rules' flags). */
@Injectable()
export class WorkflowView {
  constructor(private readonly repo: WorkflowRepository) {}

  async edition(s: Scope, meetingId: number, opts: { lock?: boolean } = {}): Promise<Edition> {
    return (await this.repo.current(s, meetingId, opts)) ?? FIRST_EDITION;
  }

  /** `secretarySigns`: the organization's setting, read for the owner only (null for everyone else: no signers shown) */
  async of(s: Scope, meeting: MeetingDetails, actor: Actor, rights: MinutesPermissions, secretarySigns: boolean | null): Promise<MinutesWorkflow> {
    const rows = await this.repo.editionsOf(s, meeting.id);
    const cur: Edition = rows[rows.length - 1] ?? FIRST_EDITION;
    const [people, comments, history] = cur.id !== null ? await Promise.all([this.repo.reviewersOf(s, cur.id), this.repo.commentsOf(s, cur.id), this.repo.historyOf(s, meeting.id)]) : [[], [], []];
    const reviewer = actor.userId !== null && people.some((p) => p.userId === actor.userId);
    const owner = rights.done;
    const tz = meeting.time_zone;
    const seesComments = owner || reviewer || rights.manage;
    const signing = owner && secretarySigns !== null ? signersOf(meeting, secretarySigns) : { signers: [], missing: [] };
    // an Archived meeting that never named a signer: the owner names them when sending (docs/minutes.md#who-signs)
    const nameSigners = owner && signing.missing.length > 0 && ownerNamesSigners(meeting);
    return {
      edition: cur.number,
      state: cur.state as MinutesWorkflowState,
      reviewers: people.map((p) => ({ user_id: p.userId, name: p.name })),
      approvers: cur.approvers,
      approval_id: cur.approvalId,
      review_comments: seesComments
        ? comments.map((c) => ({ id: c.id, type: c.itemType as MinutesWorkflow['review_comments'][number]['type'], item_id: c.itemId, comment: c.comment, user_id: c.userId, user_name: c.userName, created_at: serverDate(c.createdAt, tz)! }))
        : [],
      candidates: owner ? candidatesOf(meeting) : [],
      signers: signing.signers,
      signers_missing: signing.missing,
      name_signers: nameSigners,
      signer_candidates: nameSigners ? signerCandidatesOf(meeting) : [],
      // the review's deadline and who has not commented yet (docs/minutes.md#review-deadline), for whoever sees the comments
      review_deadline: cur.reviewDeadline ? serverDate(cur.reviewDeadline, tz)! : null,
      review_deadline_passed: cur.state === 'in_review' && reviewDeadlinePassed(cur.reviewDeadline, new Date()),
      review_pending: seesComments
        ? pendingReviewers(cur.state as MinutesWorkflowState, people, comments.map((c) => c.userId)).map((p) => ({ user_id: p.userId, name: p.name }))
        : [],
      permissions: workflowPermissions({ state: cur.state as MinutesWorkflowState, available: rights.available, owner, reviewer, signersReady: owner && (signing.missing.length === 0 || nameSigners) }),
      editions: (rows.length ? rows : []).map((e) => ({
        number: e.number, state: e.state as MinutesWorkflowState, draft_version: e.draftVersion, published_version: e.publishedVersion, approval_id: e.approvalId, created_at: serverDate(e.createdAt, tz)!,
      })),
      history: history.map((h) => ({
        edition: h.edition, action: h.action as MinutesWorkflowAction, state: h.state as MinutesWorkflowState, actor_id: h.actorId, actor_name: h.actorName, note: h.note, at: serverDate(h.at, tz)!,
      })),
    };
  }
}
