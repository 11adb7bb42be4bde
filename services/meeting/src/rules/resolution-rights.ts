import type { Actor, DirectoryCommittee } from '@app/contracts';

/**
 * Standalone resolutions (decisions of a committee, no meeting): who may see one and who may manage it.
 * Managing (edit, delete, end/resume, attachments) is for organization admins, the committee's admins
 * and the resolution's creator; seeing is for those and the committee's members and its voters.
 * Commenting (the flag on the payload) is for managers and voters.
 */
export interface ResolutionFacts {
  actor: Pick<Actor, 'kind' | 'userId' | 'isAdmin'>;
  committee: Pick<DirectoryCommittee, 'admin_ids' | 'member_ids'> | null;
  /** null while creating */
  createdBy: number | null;
  /** the actor is one of its voters */
  isVoter: boolean;
}

export interface ResolutionRights {
  view: boolean;
  manage: boolean;
  comment: boolean;
}

export function resolutionRights(f: ResolutionFacts): ResolutionRights {
  const uid = f.actor.kind === 'user' ? f.actor.userId : null;
  if (uid === null) return { view: false, manage: false, comment: false };
  const admin = f.actor.isAdmin || !!f.committee?.admin_ids.includes(uid);
  const manage = admin || (f.createdBy !== null && f.createdBy === uid);
  const view = manage || !!f.committee?.member_ids.includes(uid) || f.isVoter;
  return { view, manage, comment: manage || f.isVoter };
}

/**
 * The standalone resolutions list as data (the repository turns it into SQL): exactly the resolutions
 * `resolutionRights(...).view` allows, so a page and its `meta.total` count the same rows. `committeeId`
 * narrows to one committee.
 */
export type ResolutionListFilter =
  | { kind: 'all'; committeeId?: number }
  /** of a committee the user administers or belongs to, created by the user, or with the user among its voters */
  | { kind: 'involved'; userId: number; committeeIds: number[]; committeeId?: number };

export function resolutionListFilter(f: { userId: number; isAdmin: boolean; committeeIds: readonly number[]; committeeId?: number }): ResolutionListFilter {
  if (f.isAdmin) return { kind: 'all', committeeId: f.committeeId };
  return { kind: 'involved', userId: f.userId, committeeIds: [...f.committeeIds], committeeId: f.committeeId };
}

/** the filter applied to one resolution (what the repository's SQL computes) */
export function matchesResolutionFilter(filter: ResolutionListFilter, r: { committeeId: number; createdBy: number | null; voterUserIds: readonly number[] }): boolean {
  if (filter.committeeId !== undefined && r.committeeId !== filter.committeeId) return false;
  if (filter.kind === 'all') return true;
  return filter.committeeIds.includes(r.committeeId) || r.createdBy === filter.userId || r.voterUserIds.includes(filter.userId);
}
