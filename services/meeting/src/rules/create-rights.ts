import { hasPermission, type Actor, type DirectoryCommittee } from '@app/contracts';

/**
 * Who may create in a committee: organization admins, the committee's admins, and its members holding
 * the permission slug (`meetings_create` for meetings and copies, `decisions_create` for standalone
 * resolutions). Guests and the system create nothing here.
 */
export type CreateSlug = 'meetings_create' | 'decisions_create';

export function canCreateIn(actor: Actor, committee: Pick<DirectoryCommittee, 'admin_ids' | 'member_ids'>, slug: CreateSlug = 'meetings_create'): boolean {
  if (actor.kind !== 'user' || !actor.userId) return false;
  if (actor.isAdmin || committee.admin_ids.includes(actor.userId)) return true;
  return hasPermission(actor, slug) && committee.member_ids.includes(actor.userId);
}
