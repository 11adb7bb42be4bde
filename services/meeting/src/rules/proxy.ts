import { MM, MeetingStatus, type Attendance, type PermissionLevel } from '@app/contracts';

/**
 * Proxies (issue 28, docs/meeting.md#proxies). A member of a meeting (a user, not a guest) gives their proxy for that
 * meeting to another member, who then votes for them, separately, and makes them count as present.
 *
 * - Given and revoked while the meeting has not started (Draft or Scheduled); once it is Live the proxies are fixed
 *   (who represents whom is what the quorum and the votes rest on), and in Cancelled or Archived nothing changes.
 * - By the giver themself, or recorded for a member by the meeting's owner or a committee (or organization) admin.
 *   Revoked by the giver, the holder (handing it back) or the same managers.
 * - Not to oneself, only between members, one given per member, no chains (a holder gives none, a giver holds
 *   none), and at most `perHolder` held by one member (PROXIES_PER_HOLDER: committees have no settings yet).
 */
export const PROXIES_PER_HOLDER = 1;

/** a proxy as the rules see it: member row ids */
export interface ProxyLink {
  fromMemberId: number;
  toMemberId: number;
}

/** the meeting's owner and committee (or organization) admins record and revoke proxies for members */
export const managesProxies = (level: PermissionLevel): boolean => level === 'owner' || level === 'committee_admin';

/** proxies change only before the meeting starts */
export const proxiesOpen = (statusId: number): boolean => statusId === MeetingStatus.Draft || statusId === MeetingStatus.Scheduled;

export type ProxyField = 'from_user_id' | 'to_user_id' | 'proxy';
export type ProxyRefusal = { forbidden: true } | { field: ProxyField; message: string };

export interface GiveFacts {
  statusId: number;
  /** the actor's member row id (null: not a member) and whether they manage proxies */
  actor: { memberId: number | null; manages: boolean };
  /** the member rows named by the body (null: not a user member of this meeting) */
  fromMemberId: number | null;
  toMemberId: number | null;
  existing: readonly ProxyLink[];
  perHolder: number;
}

/** why a proxy cannot be given, or null */
export function giveRefusal(f: GiveFacts): ProxyRefusal | null {
  if (f.fromMemberId !== null && f.fromMemberId !== f.actor.memberId && !f.actor.manages) return { forbidden: true };
  if (f.fromMemberId === null) return { field: 'from_user_id', message: MM.proxyNotMember };
  if (f.toMemberId === null) return { field: 'to_user_id', message: MM.proxyNotMember };
  if (f.fromMemberId === f.toMemberId) return { field: 'to_user_id', message: MM.proxySelf };
  if (!proxiesOpen(f.statusId)) return { field: 'proxy', message: MM.proxyStarted };
  const from = f.fromMemberId;
  const to = f.toMemberId;
  if (f.existing.some((p) => p.fromMemberId === from)) return { field: 'from_user_id', message: MM.proxyGivenAlready };
  if (f.existing.some((p) => p.toMemberId === from)) return { field: 'from_user_id', message: MM.proxyNoChains };
  if (f.existing.some((p) => p.fromMemberId === to)) return { field: 'to_user_id', message: MM.proxyHolderGave };
  if (f.existing.filter((p) => p.toMemberId === to).length >= f.perHolder) return { field: 'to_user_id', message: MM.proxyHolderFull };
  return null;
}

export interface RevokeFacts {
  statusId: number;
  actor: { memberId: number | null; manages: boolean };
  proxy: ProxyLink;
}

/** why a proxy cannot be revoked, or null */
export function revokeRefusal(f: RevokeFacts): ProxyRefusal | null {
  const own = f.actor.memberId !== null && (f.actor.memberId === f.proxy.fromMemberId || f.actor.memberId === f.proxy.toMemberId);
  if (!own && !f.actor.manages) return { forbidden: true };
  if (!proxiesOpen(f.statusId)) return { field: 'proxy', message: MM.proxyStarted };
  return null;
}

/** may this actor revoke this proxy now (the row's can_revoke flag: the same rule as the command) */
export const canRevoke = (f: RevokeFacts): boolean => revokeRefusal(f) === null;

/**
 * Attendance as the quorum counts it: a member who gave their proxy to a member marked Going counts as Going
 * (represented); everyone else as they answered.
 */
export function attendanceWithProxies<T extends { id: number; attendance: Attendance }>(members: readonly T[], links: readonly ProxyLink[]): Attendance[] {
  const going = new Set(members.filter((m) => m.attendance === 'Going').map((m) => m.id));
  const holderOf = new Map(links.map((p) => [p.fromMemberId, p.toMemberId]));
  return members.map((m) => {
    if (m.attendance === 'Going') return 'Going';
    const holder = holderOf.get(m.id);
    return holder !== undefined && going.has(holder) ? 'Going' : m.attendance;
  });
}
