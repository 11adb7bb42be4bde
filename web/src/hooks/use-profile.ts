import { hasPermission as holds, type PermissionSlug } from '@app/contracts';
import { getProfile, permissionSlugs, storedUserOf, type Profile } from '../api/profile';
import { session } from '../api/session';
import { useApi } from './use-api';
import { useToken } from './use-session';

/** The signed-in user's profile; its `permissions` gate the side menu (docs/product/overview.md#screens-and-routes, docs/product/overview.md#roles-and-permissions). */
export function useProfile() {
  const token = useToken();
  return useApi<Profile>(token ? 'profile' : null, [], async () => {
    const p = await getProfile();
    session.setUser(storedUserOf(p));
    return p;
  });
}

/** What the profile grants: the role's slugs as the API listed them, and the API's administrator flag. */
export interface Grants {
  isAdmin?: boolean;
  permissions: readonly string[];
}
export const NO_GRANTS: Grants = { isAdmin: false, permissions: [] };

/** Whether the user holds a slug: the rule of @app/contracts (administrators hold every slug). */
export function hasPermission(grants: Grants | undefined, slug: string | undefined): boolean {
  if (!slug) return true;
  if (!grants) return false;
  return holds({ isAdmin: grants.isAdmin === true, permissions: grants.permissions }, slug as PermissionSlug);
}

/** The signed-in user's grants (the stored copy until the profile arrives). */
export function useGrants(): Grants {
  const { data } = useProfile();
  if (data) return { isAdmin: data.is_admin, permissions: permissionSlugs(data) };
  const stored = session.user();
  return stored ? { isAdmin: stored.isAdmin === true, permissions: stored.permissions ?? [] } : NO_GRANTS;
}

/** Slug checks for screens: `const can = useCan(); can('users_manage')`. */
export function useCan(): (slug: string) => boolean {
  const grants = useGrants();
  return (slug) => hasPermission(grants, slug);
}
