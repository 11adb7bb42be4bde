import type { Actor, MeetingDetails, MinutesPermissions, PermissionLevel } from '@app/contracts';

/**
 * Who may do what with a meeting's minutes (docs/minutes.md#who-may-do-what). The meeting's own level locks
 * every right in statuses 4 and 5, but minutes are managed in 3 and 5: so the level here ignores the lock
 * (owner, committee admin, editor, participant, none; in that order). Guests are at most participants and
 * never manage minutes.
 */
export interface MinutesFacts {
  actor: { kind: 'user' | 'guest' | 'system'; userId: number | null; isAdmin: boolean };
  ownerId: number;
  committeeAdminIds: readonly number[];
  /** the actor's member row: can_edit 1 for editors */
  member: { canEdit: boolean } | null;
  statusId: number;
  /** the organization's minutes module */
  momModule: boolean;
  /** the meeting's minutes setting */
  momSettings: boolean;
}

export const MINUTES_STATUSES: readonly number[] = [3, 5];

export function minutesLevel(f: MinutesFacts): PermissionLevel {
  const uid = f.actor.userId;
  if (f.actor.kind === 'guest') return f.member ? 'participant' : 'none';
  if (f.actor.kind === 'system') return 'committee_admin';
  if (uid !== null && uid === f.ownerId) return 'owner';
  if (f.actor.isAdmin || (uid !== null && f.committeeAdminIds.includes(uid))) return 'committee_admin';
  if (f.member?.canEdit) return 'editor';
  if (f.member) return 'participant';
  return 'none';
}

export function minutesPermissions(f: MinutesFacts): MinutesPermissions & { canCommit: boolean } {
  const level = minutesLevel(f);
  const available = MINUTES_STATUSES.includes(f.statusId);
  const guest = f.actor.kind === 'guest';
  const managerLevel = level === 'owner' || level === 'committee_admin' || level === 'editor';
  const manage = available && !guest && managerLevel;
  const edit = available && !guest && (level === 'owner' || level === 'committee_admin');
  const comment = available && (level === 'committee_admin' || level === 'editor' || level === 'participant');
  const canCommit = edit || comment;
  return {
    available,
    manage,
    history: manage,
    edit,
    comment,
    done: available && level === 'owner',
    download: available && f.momSettings && !guest && managerLevel,
    upload: edit,
    toggleSetting: manage,
    seeCard: available && level !== 'none' && !(f.momModule && !canCommit),
    canCommit,
  };
}

/** the rights of an actor on the minutes of a meeting as GetMeeting answered it to them (the minutes page, the search) */
export function minutesRightsOf(actor: Pick<Actor, 'kind' | 'userId' | 'isAdmin'>, m: MeetingDetails, momSettings: boolean): MinutesPermissions & { canCommit: boolean } {
  return minutesPermissions({
    actor: { kind: actor.kind, userId: actor.userId, isAdmin: actor.isAdmin },
    ownerId: m.owner_id,
    committeeAdminIds: m.admins.map((a) => a.id),
    member: m.current_member ? { canEdit: m.current_member.can_edit === 1 } : null,
    statusId: m.meeting_status_id,
    momModule: m.mom === 1,
    momSettings,
  });
}
