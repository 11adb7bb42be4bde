import { MINUTES_LOCKED_STATES, type MeetingRole, type MinutesWorkflowState, type WorkflowPermissions } from '@app/contracts';

/**
 * The minutes workflow's rules (docs/minutes.md#the-workflow), pure and table-tested: which step may follow which,
 * and what an actor may do at each. The owner (the one who presses Done) drives the steps; a reviewer comments while
 * the edition is in review. Everything is closed while the minutes are not available (meeting not Live or Archived).
 */
export type WorkflowStep = 'send_review' | 'send_approval' | 'approve' | 'reject' | 'publish' | 'correct';

const FROM: Record<WorkflowStep, readonly MinutesWorkflowState[]> = {
  send_review: ['draft', 'in_review'],
  send_approval: ['draft', 'in_review'],
  approve: ['in_approval'],
  reject: ['in_approval'],
  publish: ['approved'],
  correct: ['published'],
};
const TO: Record<WorkflowStep, MinutesWorkflowState> = {
  send_review: 'in_review',
  send_approval: 'in_approval',
  approve: 'approved',
  reject: 'draft',
  publish: 'published',
  correct: 'draft',
};

/** the state a step leads to, or null when it may not be taken from `state` */
export function nextState(state: MinutesWorkflowState, step: WorkflowStep): MinutesWorkflowState | null {
  return FROM[step].includes(state) ? TO[step] : null;
}

export const isLocked = (state: MinutesWorkflowState): boolean => MINUTES_LOCKED_STATES.includes(state);

export interface WorkflowFacts {
  state: MinutesWorkflowState;
  available: boolean;
  /** the meeting's owner (rights.done) */
  owner: boolean;
  /** a reviewer of the current edition */
  reviewer: boolean;
  /** the meeting names everyone who must sign (approversFor: nothing missing) */
  signersReady: boolean;
}

export function workflowPermissions(f: WorkflowFacts): WorkflowPermissions {
  const can = (step: WorkflowStep) => f.available && f.owner && nextState(f.state, step) !== null;
  return {
    send_review: can('send_review'),
    review_comment: f.available && f.reviewer && f.state === 'in_review',
    send_approval: can('send_approval') && f.signersReady,
    publish: can('publish'),
    correct: can('correct'),
    // the deadline of the review under way (docs/minutes.md#changing-the-deadline): the owner, while it is in review
    change_deadline: f.available && f.owner && f.state === 'in_review',
    editable: f.available && !isLocked(f.state),
  };
}

/** the meeting's roles as the minutes need them: user ids, null when the meeting names nobody */
export interface SignerFacts {
  chair: number | null;
  secretary: number | null;
  /** the organization's `mom_secretary_signs`: the secretary signs after the chair */
  secretarySigns: boolean;
}

/**
 * Who signs the minutes, in order (docs/minutes.md#who-signs): the meeting's chair, then its secretary where the
 * organization asks for it. `missing` lists the roles the meeting must name first (the owner is told, and sending
 * is refused with a field error per role); `approvers` is empty unless nothing is missing. One person signs once.
 */
export function approversFor(f: SignerFacts): { approvers: number[]; missing: MeetingRole[] } {
  const needed: Array<[MeetingRole, number | null]> = [['chair', f.chair]];
  if (f.secretarySigns) needed.push(['secretary', f.secretary]);
  const missing = needed.filter(([, id]) => id === null).map(([role]) => role);
  if (missing.length) return { approvers: [], missing };
  return { approvers: [...new Set(needed.map(([, id]) => id as number))], missing: [] };
}

export type SignerField = 'chair_user_id' | 'secretary_user_id';
/** why a signer named in the approval request is refused */
export type SignerRefusal = 'named' | 'not_member' | 'not_asked' | 'in_card';

/**
 * The owner names a signer the meeting does not name (docs/minutes.md#who-signs; issue 27). An Archived meeting can no
 * longer have its roles named (the spec gives nobody any right on it), yet its minutes are made and signed then; so for
 * such a meeting the owner says, in the approval request, who chaired it (and who was its secretary, where the
 * organization has the secretary sign). Refused: naming a role the meeting names already (`named`: its holder signs),
 * the secretary where the organization does not ask for one (`not_asked`), someone not a member of the meeting
 * (`not_member`), and any naming while the meeting can still name its roles in its card (`in_card`). The owner is
 * never assumed to sign in the chair's place: the minutes say who presided, and only a named person signs for that.
 */
export function chooseSigners(
  f: SignerFacts & { canName: boolean; members: ReadonlySet<number> },
  body: { chair_user_id?: number; secretary_user_id?: number },
): { chair: number | null; secretary: number | null; refused: Partial<Record<SignerField, SignerRefusal>> } {
  const refused: Partial<Record<SignerField, SignerRefusal>> = {};
  const pick = (field: SignerField, held: number | null, asked: boolean): number | null => {
    const given = body[field];
    if (given === undefined) return held;
    const why: SignerRefusal | null = !asked ? 'not_asked' : held !== null ? 'named' : !f.canName ? 'in_card' : !f.members.has(given) ? 'not_member' : null;
    if (why) refused[field] = why;
    return why ? held : given;
  };
  return { chair: pick('chair_user_id', f.chair, true), secretary: pick('secretary_user_id', f.secretary, f.secretarySigns), refused };
}

/**
 * The review deadline the owner may set when sending for review (docs/minutes.md#review-deadline): it must be in the
 * future; null: none set. Anything else (not a date, now or past) is refused.
 */
export const reviewDeadlineOk = (deadline: Date, now: Date): boolean => !Number.isNaN(deadline.getTime()) && deadline.getTime() > now.getTime();

/** the deadline has passed (the owner sees it; reviewers may still comment while the edition is in review) */
export const reviewDeadlinePassed = (deadline: Date | null, now: Date): boolean => deadline !== null && deadline.getTime() <= now.getTime();

/**
 * The reviewers still to review this edition: "reviewed" in this workflow means having commented on the edition (a
 * reviewer has no other way to mark the review done). Nobody is pending unless the edition is in review: once it is
 * sent for approval, rejected back to draft or published, no reminder is due.
 */
export function pendingReviewers<T extends { userId: number }>(state: MinutesWorkflowState, reviewers: readonly T[], commenters: ReadonlyArray<number | null>): T[] {
  if (state !== 'in_review') return [];
  const done = new Set(commenters.filter((c): c is number => c !== null));
  return reviewers.filter((r) => !done.has(r.userId));
}
