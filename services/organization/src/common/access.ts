import { AppError, hasPermission, type Actor, type PermissionSlug } from '@app/contracts';

/** The actor must be a signed-in user of the organization (not a guest). */
export function requireUser(actor: Actor): number {
  if (actor.kind === 'system') return 0;
  if (actor.kind !== 'user' || !actor.userId) throw AppError.forbidden('user required');
  return actor.userId;
}

/** The actor must hold the slug (organization admins hold every slug). */
export function requirePermission(actor: Actor, slug: PermissionSlug): void {
  if (actor.kind === 'system') return;
  requireUser(actor);
  if (!hasPermission(actor, slug)) throw AppError.forbidden(slug);
}

export function actorName(actor: Actor): string {
  return actor.name ?? actor.email ?? (actor.kind === 'system' ? 'system' : 'unknown');
}
