import { rawPermissionLevel, type AccessFacts } from './permissions';

/**
 * Which meetings a user sees (docs/product/meetings.md#permissions): the owner, the members (users and guests), the
 * committee's admins and organization admins. `canView` decides for one meeting from its facts; lists
 * ask the database with `meetingListFilter`, the same rule as data, which the repository turns into
 * SQL, so a page and its `meta.total` count exactly the meetings `canView` allows. The list's `role`
 * narrows it: Organizer (mine), Editor (I am an Editor member), Participate (member, not owner).
 */
export function canView(f: AccessFacts): boolean {
  return rawPermissionLevel(f) !== 'none';
}

export type ListRole = 'All' | 'Organizer' | 'Editor' | 'Participate';

export type MeetingListFilter =
  | { kind: 'all' }
  | { kind: 'owner'; userId: number }
  | { kind: 'editor'; userId: number }
  | { kind: 'participant'; userId: number }
  /** owner, member, or admin of one of `committeeIds` */
  | { kind: 'involved'; userId: number; committeeIds: number[] };

export function meetingListFilter(f: { userId: number; isAdmin: boolean; adminCommitteeIds: readonly number[]; role: ListRole }): MeetingListFilter {
  if (f.role === 'Organizer') return { kind: 'owner', userId: f.userId };
  if (f.role === 'Editor') return { kind: 'editor', userId: f.userId };
  if (f.role === 'Participate') return { kind: 'participant', userId: f.userId };
  if (f.isAdmin) return { kind: 'all' };
  return { kind: 'involved', userId: f.userId, committeeIds: [...f.adminCommitteeIds] };
}

/** the filter applied to one meeting (what the repository's SQL computes), for tests and in-memory lists */
export function matchesListFilter(filter: MeetingListFilter, m: { ownerId: number; committeeId: number; members: ReadonlyArray<{ userId: number | null; role: string }> }): boolean {
  const member = (uid: number) => m.members.find((x) => x.userId === uid);
  switch (filter.kind) {
    case 'all': return true;
    case 'owner': return m.ownerId === filter.userId;
    case 'editor': return member(filter.userId)?.role === 'Editor';
    case 'participant': return !!member(filter.userId) && m.ownerId !== filter.userId;
    case 'involved': return m.ownerId === filter.userId || !!member(filter.userId) || filter.committeeIds.includes(m.committeeId);
  }
}
