import { PERMISSION_SLUGS } from '@app/contracts';

export interface RoleLike {
  id: number;
  builtin: string | null;
  permissions: readonly string[];
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
