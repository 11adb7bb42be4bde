import type { MeetingPermissions, Vote } from '@app/contracts';
import { canChangeVisibility } from './vote-gate';
import type { ResolutionRights } from './resolution-rights';

/**
 * The flags of a decision for one actor (docs/product/votes.md#voting-open-and-closed). In a meeting they follow the meeting's
 * permissions; a standalone resolution follows its own rights (rules/resolution-rights.ts). Voting
 * itself is decided by the vote gate; these flags only say what the screen offers.
 */
export interface DecisionRightsFacts {
  /** voting is open now (votingClosedReason is null) */
  votingOpen: boolean;
  deadline: Date;
  now: Date;
  isFulfilled: boolean;
  /** the decision's allow-voting switch: a decision without voting has no voting to end */
  decisionable: boolean;
  /** the meeting's permissions, or null for a standalone resolution */
  perms: Pick<MeetingPermissions, 'userCanEdit' | 'editButtons' | 'comment' | 'addAttachments'> | null;
  /** a standalone resolution's rights (null in a meeting) */
  resolution: ResolutionRights | null;
  meetingStatusId: number | null;
  /** the actor is a member of the meeting (always true for a standalone resolution) */
  isMember: boolean;
  /** the actor is one of the voters */
  isVoter: boolean;
  isOrgAdmin: boolean;
  votes: readonly Vote[];
}

export interface DecisionRights {
  edit: boolean;
  delete: boolean;
  end: boolean;
  resume: boolean;
  changeVisibility: boolean;
  comment: boolean;
  addAttachments: boolean;
  vote: boolean;
  voteForOthers: boolean;
}

export function decisionRights(f: DecisionRightsFacts): DecisionRights {
  const beforeDeadline = f.deadline.getTime() > f.now.getTime();
  let edit: boolean;
  let comment: boolean;
  let changeVisibility = false;
  if (f.perms) {
    edit = f.perms.userCanEdit && f.perms.editButtons;
    comment = f.perms.comment;
    changeVisibility = canChangeVisibility({ isMember: f.isMember, meetingStatusId: f.meetingStatusId, votes: f.votes });
  } else {
    edit = !!f.resolution?.manage;
    comment = !!f.resolution?.comment;
  }
  const addAttachments = (f.perms ? f.perms.addAttachments : edit) && beforeDeadline;
  return {
    edit, delete: edit, end: edit && !f.isFulfilled && f.decisionable, resume: edit && f.isFulfilled, changeVisibility, comment, addAttachments,
    vote: f.votingOpen && f.isVoter && f.isMember,
    voteForOthers: f.votingOpen && f.isOrgAdmin,
  };
}

/** may the actor change this voter's vote: their own (as a member) or, an organization admin, anyone's */
export const canChangeVoterRow = (f: { votingOpen: boolean; ownRow: boolean; isMember: boolean; isOrgAdmin: boolean }): boolean =>
  f.votingOpen && ((f.ownRow && f.isMember) || f.isOrgAdmin);
