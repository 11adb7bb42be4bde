import { OrgMessages, hasPermission, localDay, type Actor, type PermissionSlug } from '@app/contracts';

/** Organization managers (the slug) and the committee's own admins may edit a committee. */
export function canEditCommittee(actor: Actor, slug: PermissionSlug, adminIds: readonly number[]): boolean {
  if (actor.kind === 'system') return true;
  if (actor.kind !== 'user' || !actor.userId) return false;
  return hasPermission(actor, slug) || adminIds.includes(actor.userId);
}

/**
 * A board has expired once its expiration date (YYYY-MM-DD) is before today, the organization's day at `now` (in its
 * zone, as every date it answers: docs/decisions.md "Dates"), not the UTC day.
 */
export function boardExpired(expirationDate: string | null, now: Date, zone: string): boolean {
  return !!expirationDate && expirationDate < localDay(now, zone);
}

/** a committee's weights as given: each for a member (users or admins), each member at most once (docs/ballots.md) */
export function weightsError(input: { admins: readonly number[]; users: readonly number[]; weights?: ReadonlyArray<{ user_id: number }> }): string | null {
  if (!input.weights) return null;
  const members = new Set([...input.admins, ...input.users]);
  if (input.weights.some((w) => !members.has(w.user_id))) return OrgMessages.weightNotMember;
  if (new Set(input.weights.map((w) => w.user_id)).size !== input.weights.length) return OrgMessages.weightTwice;
  return null;
}

export const weightMap = (weights: ReadonlyArray<{ user_id: number; weight: number }>): Map<number, number> => new Map(weights.map((w) => [w.user_id, w.weight]));
