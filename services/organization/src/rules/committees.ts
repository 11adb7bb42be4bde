import { hasPermission, type Actor, type PermissionSlug } from '@app/contracts';

/** Organization managers (the slug) and the committee's own admins may edit a committee. */
export function canEditCommittee(actor: Actor, slug: PermissionSlug, adminIds: readonly number[]): boolean {
  if (actor.kind === 'system') return true;
  if (actor.kind !== 'user' || !actor.userId) return false;
  return hasPermission(actor, slug) || adminIds.includes(actor.userId);
}

/** A board has expired once its expiration date (YYYY-MM-DD) is before today. */
export function boardExpired(expirationDate: string | null, today: string): boolean {
  return !!expirationDate && expirationDate < today;
}
