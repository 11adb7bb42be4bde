import type { PermissionLevel } from '@app/contracts';
import { attendanceOpen } from './attendance';

/**
 * What the actor may do to one member row (docs/product/meetings.md#permissions): the owner and committee admins manage every
 * row, an Editor only their own; guests manage none; the owner's row can only be removed by the owner
 * themself and its type never changes. The flags on each member payload and the guards of the members
 * use cases are this one function.
 */
export interface MemberRowFacts {
  level: PermissionLevel;
  isGuest: boolean;
  /** the meeting is open for editing (statuses 1-3) */
  open: boolean;
  statusId: number;
  /** the actor may answer attendance for other members (meeting permissions) */
  respondForOthers: boolean;
  /** the row is the actor's own */
  mine: boolean;
  /** the row is the meeting owner's */
  rowIsOwner: boolean;
}

export interface MemberRights {
  changeType: boolean;
  remove: boolean;
  changeAttendance: boolean;
}

export function memberRights(f: MemberRowFacts): MemberRights {
  const admin = f.level === 'owner' || f.level === 'committee_admin';
  const manage = f.open && !f.isGuest && (admin || (f.level === 'editor' && f.mine));
  return {
    changeType: manage && !f.rowIsOwner,
    remove: manage && (!f.rowIsOwner || (f.level === 'owner' && f.mine)),
    changeAttendance: attendanceOpen(f.statusId) && (f.mine || f.respondForOthers),
  };
}
