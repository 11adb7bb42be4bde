import { PERMISSION_SLUGS, type Actor } from '@app/contracts';

export interface RoleLike {
  id: number;
  builtin: string | null;
  permissions: readonly string[];
}
export interface UserLike {
  id: number;
  name: string;
  email: string;
  status: string;
  deletedAt: Date | null;
}

/** A role's effective slugs: the built-in Admin holds every slug; others hold their known slugs, once each. */
export function resolvePermissions(role: RoleLike | null | undefined): string[] {
  if (!role) return [];
  if (role.builtin === 'admin') return [...PERMISSION_SLUGS];
  const known = new Set<string>(PERMISSION_SLUGS);
  return PERMISSION_SLUGS.filter((s) => role.permissions.includes(s) && known.has(s));
}

export function isAdminRole(role: RoleLike | null | undefined): boolean {
  return role?.builtin === 'admin';
}

/** The actor of a signed-in user; null when the user may not act (deleted, inactive, pending). */
export function buildActor(user: UserLike | null | undefined, role: RoleLike | null | undefined): Actor | null {
  if (!user || user.deletedAt || user.status !== 'Active') return null;
  return {
    kind: 'user',
    userId: user.id,
    email: user.email,
    name: user.name,
    roleId: role?.id ?? null,
    isAdmin: isAdminRole(role),
    permissions: resolvePermissions(role),
    guestToken: null,
  };
}
