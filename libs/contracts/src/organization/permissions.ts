import { z } from 'zod';

/**
 * Permission slugs held by roles (docs/product/overview.md#roles-and-permissions). The side menu checks the *_show slugs of the
 * spec; the others are the rights services check before administrative or creating actions. This is
 * the one list: GET /api/permissions answers it, the built-in Admin role holds all of it, and the
 * built-in Member role holds the *_show slugs.
 */
export const PERMISSIONS = [
  // side menu (docs/product/overview.md#screens-and-routes)
  { slug: 'home_show', group: 'menu', name: 'Show home' },
  { slug: 'calendar_show', group: 'menu', name: 'Show calendar' },
  { slug: 'news_show', group: 'menu', name: 'Show news' },
  { slug: 'actions_show', group: 'menu', name: 'Show action tracker' },
  { slug: 'library_show', group: 'menu', name: 'Show library' },
  { slug: 'organization_information', group: 'menu', name: 'Show organization settings' },
  // administration (organization service)
  { slug: 'organization_manage', group: 'administration', name: 'Edit organization information and modules' },
  { slug: 'users_manage', group: 'administration', name: 'Manage users' },
  { slug: 'roles_manage', group: 'administration', name: 'Manage roles' },
  { slug: 'committees_manage', group: 'administration', name: 'Manage committees' },
  { slug: 'boards_manage', group: 'administration', name: 'Manage boards' },
  { slug: 'logs_show', group: 'administration', name: 'Show activity logs' },
  { slug: 'news_manage', group: 'news', name: 'Post and delete news' },
  // meetings, decisions, actions, approvals, library (other services)
  { slug: 'meetings_create', group: 'meetings', name: 'Create meetings' },
  { slug: 'decisions_create', group: 'meetings', name: 'Create standalone resolutions' },
  { slug: 'actions_create', group: 'meetings', name: 'Create actions' },
  { slug: 'approvals_create', group: 'approvals', name: 'Send approvals' },
  { slug: 'library_manage', group: 'library', name: 'Manage the organization library' },
] as const;

export type PermissionSlug = (typeof PERMISSIONS)[number]['slug'];
export const PERMISSION_SLUGS: readonly PermissionSlug[] = PERMISSIONS.map((p) => p.slug);
export const zPermissionSlug = z.enum(PERMISSION_SLUGS as unknown as [PermissionSlug, ...PermissionSlug[]]);

/**
 * The built-in Member role's slugs: the side menu's *_show slugs (home, calendar, news, action tracker,
 * library). logs_show is an administration right and organization_information opens the settings.
 */
export const MEMBER_PERMISSIONS: readonly PermissionSlug[] = PERMISSIONS.filter((p) => p.group === 'menu' && p.slug.endsWith('_show')).map((p) => p.slug);

export const zPermission = z.object({ slug: z.string(), group: z.string(), name: z.string() });
export type Permission = z.output<typeof zPermission>;

/** Does the actor hold a slug? Organization admins hold every slug. */
export function hasPermission(actor: { isAdmin: boolean; permissions: readonly string[] }, slug: PermissionSlug): boolean {
  return actor.isAdmin || actor.permissions.includes(slug);
}
