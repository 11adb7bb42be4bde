import { MeetingStatus, type ChairControls, type MeetingRole, type PermissionLevel } from '@app/contracts';
import { isOpenStatus } from './status-machine';

/**
 * Who runs a meeting (issue 27, docs/meeting.md#running-the-meeting):
 *   - the owner and committee admins name the chair and the secretary (statuses 1-3, committee active);
 *   - the owner, committee admins and the chair start (Scheduled -> Live) and end (Live -> Archived) the meeting;
 *   - they and the secretary take the roll call while it is Live;
 *   - the owner, committee admins and the chair publish the agenda while it is Scheduled or Live (committee active).
 * `who` is the actor's part alone (a command refuses with 403 without it); the flags add the status (409 otherwise).
 */
export interface ChairFacts {
  level: PermissionLevel;
  isGuest: boolean;
  /** the actor's meeting role, null when none */
  role: MeetingRole | null;
  statusId: number;
  committeeActive: boolean;
}

export function chairWho(f: ChairFacts): { manages: boolean; chairs: boolean; keepsRoll: boolean } {
  const manages = !f.isGuest && (f.level === 'owner' || f.level === 'committee_admin');
  const chairs = manages || (!f.isGuest && f.role === 'chair');
  return { manages, chairs, keepsRoll: chairs || (!f.isGuest && f.role === 'secretary') };
}

export function chairControls(f: ChairFacts): ChairControls {
  const w = chairWho(f);
  return {
    set_roles: w.manages && isOpenStatus(f.statusId) && f.committeeActive,
    start: w.chairs && f.statusId === MeetingStatus.Scheduled && f.committeeActive,
    end: w.chairs && f.statusId === MeetingStatus.Live && f.committeeActive,
    roll_call: w.keepsRoll && f.statusId === MeetingStatus.Live,
    publish_agenda: w.chairs && canPublishAgendaIn(f.statusId) && f.committeeActive,
  };
}

/** the agenda is published to the members of a Scheduled or Live meeting (a Draft has sent no invitations yet) */
export const canPublishAgendaIn = (statusId: number): boolean => statusId === MeetingStatus.Scheduled || statusId === MeetingStatus.Live;

/** the roles body checked against the meeting's members: the field at fault, or null */
export function rolesRefusal(
  body: { chair_user_id: number | null; secretary_user_id: number | null }, memberUserIds: ReadonlySet<number>,
): { field: 'chair_user_id' | 'secretary_user_id'; reason: 'not_member' | 'same' } | null {
  if (body.chair_user_id !== null && !memberUserIds.has(body.chair_user_id)) return { field: 'chair_user_id', reason: 'not_member' };
  if (body.secretary_user_id !== null && !memberUserIds.has(body.secretary_user_id)) return { field: 'secretary_user_id', reason: 'not_member' };
  if (body.chair_user_id !== null && body.chair_user_id === body.secretary_user_id) return { field: 'secretary_user_id', reason: 'same' };
  return null;
}
