import { MeetingStatus, type MeetingPermissions, type MeetingStatusId, type PermissionLevel, type Variant } from '@app/contracts';
import { allowedTransitions, isOpenStatus } from './status-machine';
import { attendanceOpen } from './attendance';
import { isMinistry } from './variant';

/**
 * Who may do what on a meeting (docs/product/meetings.md#permissions). The level is computed in the spec's order: owner,
 * committee_admin, editor (member with can_edit), participant (other member), none; in statuses 4 and 5
 * everyone gets none. Organization administrators (the spec's role id 1) count as committee admins.
 * Guests (token links) are at most participants.
 */
export interface AccessFacts {
  actor: { kind: 'user' | 'guest' | 'system'; userId: number | null; isAdmin: boolean };
  ownerId: number;
  committeeAdminIds: readonly number[];
  /** the actor's own member row, if any */
  member: { role: 'Viewer' | 'Editor'; isOwner: boolean } | null;
  statusId: number;
}

export interface MeetingFacts extends AccessFacts {
  variant: Variant;
  committeeActive: boolean;
  /** participants other than the owner */
  participantCount: number;
  agendaCount: number;
  startAt: Date;
  now: Date;
  ndaRequired: boolean;
  ndaAccepted: boolean;
  virtual: boolean;
  /** false for meetings starting on or before the join cutoff */
  virtualJoinable: boolean;
}

export interface LevelRights {
  editMeeting: boolean;
  editButtons: boolean;
  minutesEditButton: boolean;
  editInMinutes: boolean;
  addCommentsInMinutes: boolean;
}

/** docs/product/meetings.md#permissions, the table */
export const LEVEL_TABLE: Record<PermissionLevel, LevelRights> = {
  owner: { editMeeting: true, editButtons: true, minutesEditButton: true, editInMinutes: true, addCommentsInMinutes: false },
  committee_admin: { editMeeting: true, editButtons: true, minutesEditButton: true, editInMinutes: true, addCommentsInMinutes: true },
  editor: { editMeeting: false, editButtons: true, minutesEditButton: true, editInMinutes: false, addCommentsInMinutes: true },
  participant: { editMeeting: false, editButtons: false, minutesEditButton: false, editInMinutes: false, addCommentsInMinutes: true },
  none: { editMeeting: false, editButtons: false, minutesEditButton: false, editInMinutes: false, addCommentsInMinutes: false },
};

export function isCommitteeAdmin(f: AccessFacts): boolean {
  if (f.actor.kind !== 'user' || f.actor.userId === null) return false;
  return f.actor.isAdmin || f.committeeAdminIds.includes(f.actor.userId);
}

/** the level ignoring the status lock (minutes in status 5, copying) */
export function rawPermissionLevel(f: AccessFacts): PermissionLevel {
  const uid = f.actor.userId;
  if (f.actor.kind === 'guest') return f.member ? 'participant' : 'none';
  if (f.actor.kind === 'system') return 'committee_admin';
  if (uid !== null && uid === f.ownerId) return 'owner';
  if (isCommitteeAdmin(f)) return 'committee_admin';
  if (f.member?.role === 'Editor') return 'editor';
  if (f.member) return 'participant';
  return 'none';
}

export function permissionLevel(f: AccessFacts): PermissionLevel {
  if (!isOpenStatus(f.statusId)) return 'none';
  return rawPermissionLevel(f);
}

/** editing or deleting agenda items needs both edit-rights flags (docs/product/meetings.md#permissions) */
export const canEditItems = (p: Pick<MeetingPermissions, 'userCanEdit' | 'editButtons'>): boolean => p.userCanEdit && p.editButtons;

/** User-can-edit: owner, admins and editor members */
export const userCanEdit = (level: PermissionLevel): boolean => level === 'owner' || level === 'committee_admin' || level === 'editor';

export function meetingPermissions(f: MeetingFacts): MeetingPermissions {
  const level = permissionLevel(f);
  const raw = rawPermissionLevel(f);
  const rights = LEVEL_TABLE[level];
  const open = isOpenStatus(f.statusId);
  const guest = f.actor.kind === 'guest';
  const admin = isCommitteeAdmin(f);
  const canEdit = userCanEdit(level);
  const involved = raw !== 'none';
  const attending = !!f.member || raw === 'owner';
  const editMeeting = rights.editMeeting && f.committeeActive;
  const changeStatus = editMeeting && f.statusId !== MeetingStatus.Archived;
  return {
    level,
    open,
    isGuest: guest,
    editMeeting,
    editButtons: rights.editButtons,
    minutesEditButton: rights.minutesEditButton,
    editInMinutes: rights.editInMinutes,
    addCommentsInMinutes: rights.addCommentsInMinutes,
    userCanEdit: canEdit,
    changeStatus,
    allowedStatuses: changeStatus
      ? allowedTransitions({ from: f.statusId as MeetingStatusId, startAt: f.startAt, now: f.now, participantCount: f.participantCount, agendaCount: f.agendaCount })
      : [],
    deleteMeeting: admin && open,
    copyMeeting: !guest && (raw === 'owner' || raw === 'committee_admin'),
    manageParticipants: canEdit && open && !guest,
    reorderAgenda: open && (isMinistry(f.variant) ? level === 'owner' : canEdit),
    createItems: rights.editButtons && open && !guest,
    needsMembers: f.participantCount < 1,
    changeAttendance: !!f.member && attendanceOpen(f.statusId),
    respondForOthers: f.statusId === MeetingStatus.Live && canEdit && !guest,
    manageMinutes: !guest && LEVEL_TABLE[raw].minutesEditButton && (f.statusId === MeetingStatus.Live || f.statusId === MeetingStatus.Archived),
    seeActivity: !guest && involved,
    seeNotes: !guest && involved,
    addNotes: !guest && involved && open,
    seeRecorder: !guest && admin,
    addAttachments: !guest && rights.editButtons && open,
    comment: involved && open,
    rate: attending && open,
    joinVirtual: f.virtual && involved && open && f.virtualJoinable,
    acceptNda: f.ndaRequired && !!f.member && !f.member.isOwner && !f.ndaAccepted && f.participantCount > 0,
    seeHiddenDecisions: f.statusId === MeetingStatus.Archived,
    allowVotingSwitch: f.variant === 'tender',
  };
}
