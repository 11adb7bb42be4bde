import type { MeetingPermissions } from '@app/contracts';
import { isActionLocked } from './action-state';
import { isOpenStatus } from './status-machine';

/**
 * What the actor may do on an action (docs/product/votes.md#voting-open-and-closed): editing and attachments need the edit rights
 * and an action whose open_till has not passed; a participant changes their own status while the
 * meeting is open and the action is not locked.
 */
export interface ActionFacts {
  openTill: Date;
  now: Date;
  /** null when the meeting is unknown */
  meetingStatusId: number | null;
  perms: Pick<MeetingPermissions, 'userCanEdit' | 'editButtons' | 'comment' | 'addAttachments'> | null;
  /** the actor is one of the action's participants */
  isParticipant: boolean;
}

export interface ActionRights {
  locked: boolean;
  edit: boolean;
  delete: boolean;
  /** the actor may change their own participant status */
  changeOwnStatus: boolean;
  comment: boolean;
  addAttachments: boolean;
}

export function actionRights(f: ActionFacts): ActionRights {
  const locked = isActionLocked(f.openTill, f.now);
  const meetingOpen = f.meetingStatusId !== null && isOpenStatus(f.meetingStatusId);
  const editItems = !!f.perms && f.perms.userCanEdit && f.perms.editButtons;
  return {
    locked,
    edit: editItems && !locked,
    delete: editItems,
    changeOwnStatus: !locked && meetingOpen && f.isParticipant,
    comment: !!f.perms?.comment,
    addAttachments: !!f.perms?.addAttachments && !locked,
  };
}
