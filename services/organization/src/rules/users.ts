import { OrgMessages } from '@app/contracts';

/** Pure rules of the user administration (table-driven tests in users.spec.ts). */

/** docs/product/errors.md#validation-rules "team/committee required": a team name or at least one committee (as admin or member). */
export function teamOrCommitteeErrors(input: { team?: string | null; admin_committees: number[]; member_committees: number[] }): Record<string, string> {
  const hasTeam = !!input.team && input.team.trim().length > 0;
  return hasTeam || input.admin_committees.length > 0 || input.member_committees.length > 0 ? {} : { team: OrgMessages.teamRequired };
}

export type UserStatus = 'Active' | 'Inactive' | 'Pending';

/** togglestatus: Active -> Inactive; Inactive -> Active (or Pending when they never set a password); Pending -> Inactive. */
export function toggledStatus(current: string, hasPassword: boolean): UserStatus {
  if (current === 'Active' || current === 'Pending') return 'Inactive';
  return hasPassword ? 'Active' : 'Pending';
}

/**
 * May the actor deactivate or delete this user? Not themselves, and not the last active administrator
 * (`otherActiveAdmins` counts the organization's other active admins).
 */
export function removalErrors(p: { actorUserId: number | null; targetUserId: number; targetIsActiveAdmin: boolean; otherActiveAdmins: number }): Record<string, string> {
  if (p.actorUserId !== null && p.actorUserId === p.targetUserId) return { user: OrgMessages.selfAction };
  if (p.targetIsActiveAdmin && p.otherActiveAdmins === 0) return { user: OrgMessages.lastAdmin };
  return {};
}

/** Upload keys must be this organization's and of the expected kind (the gateway wrote them). */
export function ownKey(orgId: string, kind: 'images' | 'logos' | 'imports', key: string | null | undefined): boolean {
  return !key || key.startsWith(`${orgId}/${kind}/`);
}
