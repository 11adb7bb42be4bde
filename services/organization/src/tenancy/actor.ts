import type { Actor } from '@app/contracts';
import { isAdminRole, resolvePermissions, type RoleLike } from '../rules/permissions';

export interface UserLike {
  id: number;
  name: string;
  email: string;
  status: string;
  deletedAt: Date | null;
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
