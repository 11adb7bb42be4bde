import type { Actor } from '@app/contracts';

/**
 * Delegated administration (table test in admin-rights.spec.ts). Holders of users_manage or roles_manage who are not
 * administrators manage everyone else, but only an administrator (the built-in Admin role) grants or removes the
 * Admin role or edits an administrator's account (e-mail, password reset path, status, deletion, photo), and nobody
 * gives a role a right they do not hold themselves.
 */
export interface AdminTouch {
  /** the account changed holds the Admin role now */
  targetIsAdmin: boolean;
  /** the change gives the Admin role (a user's role set to it, users added to it) */
  grantsAdmin: boolean;
}

/** May the actor make this change? Administrators and the system may; others only when no administrator is involved. */
export function adminTouchAllowed(actor: Pick<Actor, 'kind' | 'isAdmin'>, t: AdminTouch): boolean {
  if (actor.kind === 'system' || actor.isAdmin) return true;
  return !t.targetIsAdmin && !t.grantsAdmin;
}

/**
 * The slugs a role change adds that the actor does not hold (empty: allowed). Administrators hold every slug;
 * slugs the role already had may stay, and removing slugs is always allowed.
 */
export function ungrantableSlugs(actor: Pick<Actor, 'kind' | 'isAdmin' | 'permissions'>, before: readonly string[], after: readonly string[]): string[] {
  if (actor.kind === 'system' || actor.isAdmin) return [];
  const had = new Set(before);
  const held = new Set<string>(actor.permissions);
  return [...new Set(after)].filter((slug) => !had.has(slug) && !held.has(slug));
}
