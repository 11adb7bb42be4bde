import type { MeetingRole, PermissionLevel } from '@app/contracts';
import { chairWho } from './chair';
import { isOpenStatus } from './status-machine';

/**
 * The record of a board (issue 27, docs/meeting.md#the-record-of-a-board):
 *   - a user who is a member of the meeting declares (or withdraws) their own conflict of interest on an agenda item
 *     while the meeting is open (statuses 1-3); a guest declares nothing (a guest is no board member);
 *   - a declared conflict bars its declarer from voting on the item's decisions (and on its sub-points' decisions),
 *     whoever casts the vote (themselves, an admin for them, the holder of their proxy);
 *   - the owner, a committee admin or the chair records the mover and the seconder of a decision while the meeting
 *     is open: members of the meeting, two different people, or nobody.
 */
export interface RecordFacts {
  level: PermissionLevel;
  isGuest: boolean;
  /** the actor is a member of the meeting with a user account */
  isMemberUser: boolean;
  role: MeetingRole | null;
  statusId: number;
}

export const canDeclareConflict = (f: RecordFacts): boolean => !f.isGuest && f.isMemberUser && isOpenStatus(f.statusId);

export const canSetMotion = (f: RecordFacts): boolean =>
  isOpenStatus(f.statusId) && chairWho({ level: f.level, isGuest: f.isGuest, role: f.role, statusId: f.statusId, committeeActive: true }).chairs;

/** the voter has declared a conflict on the decision's agenda item */
export function conflictBars(conflicts: ReadonlyArray<{ talkingPointId: number; userId: number }>, talkingPointId: number | null, voterUserId: number | null): boolean {
  if (talkingPointId === null || voterUserId === null) return false;
  return conflicts.some((c) => c.talkingPointId === talkingPointId && c.userId === voterUserId);
}

/** the motion body checked against the meeting's members: the field at fault, or null */
export function motionRefusal(
  body: { mover_user_id: number | null; seconder_user_id: number | null }, memberUserIds: ReadonlySet<number>,
): { field: 'mover_user_id' | 'seconder_user_id'; reason: 'not_member' | 'same' } | null {
  if (body.mover_user_id !== null && !memberUserIds.has(body.mover_user_id)) return { field: 'mover_user_id', reason: 'not_member' };
  if (body.seconder_user_id !== null && !memberUserIds.has(body.seconder_user_id)) return { field: 'seconder_user_id', reason: 'not_member' };
  if (body.mover_user_id !== null && body.mover_user_id === body.seconder_user_id) return { field: 'seconder_user_id', reason: 'same' };
  return null;
}
