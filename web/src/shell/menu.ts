import { ROUTES, isPathDisabled } from '../routes';
import { hasPermission, type Grants } from '../hooks/use-profile';

/**
 * The side menu of docs/product/overview.md#screens-and-routes: entries, their gating permission slug (from the signed-in user's
 * `permissions`) and the module name that hides them when disabled.
 */
export interface MenuEntry {
  key: string;
  path: string;
  icon: string;
  /** permission slug; undefined = not gated ("not shown" in the spec's table) */
  slug?: string;
  /** module name besides the path itself (the calendar's path says "calender") */
  module?: string;
  tour?: string;
}
export interface MenuGroup {
  key: 'dashboard' | 'activity' | 'settings';
  entries: MenuEntry[];
}

export const MENU: MenuGroup[] = [
  {
    key: 'dashboard',
    entries: [
      // home_show is always true in the spec; the entry is shown unless the module is disabled
      { key: 'home', path: ROUTES.home, icon: 'pi pi-home' },
      { key: 'calendar', path: ROUTES.calendar, icon: 'pi pi-calendar', slug: 'calendar_show', module: 'calendar', tour: 'menu-calendar' },
      { key: 'news', path: ROUTES.news, icon: 'pi pi-megaphone', slug: 'news_show' },
      { key: 'actionTracker', path: ROUTES.actionTracker, icon: 'pi pi-list-check', slug: 'actions_show' },
    ],
  },
  {
    key: 'activity',
    entries: [
      { key: 'meetings', path: ROUTES.meetings, icon: 'pi pi-users', tour: 'menu-meetings' },
      { key: 'library', path: ROUTES.library, icon: 'pi pi-folder', slug: 'library_show' },
      { key: 'approvals', path: ROUTES.approvals, icon: 'pi pi-verified' },
      { key: 'decisions', path: ROUTES.decisions, icon: 'pi pi-check-square' },
      { key: 'evaluations', path: ROUTES.evaluations, icon: 'pi pi-chart-bar' },
    ],
  },
  {
    key: 'settings',
    entries: [
      { key: 'organization', path: ROUTES.settingsOrganization, icon: 'pi pi-building', slug: 'organization_information' },
      { key: 'integrations', path: ROUTES.integrations, icon: 'pi pi-link' },
      { key: 'profile', path: ROUTES.profile, icon: 'pi pi-user' },
    ],
  },
];

export function visibleMenu(grants: Grants, disabledRoutes: readonly string[]): MenuGroup[] {
  return MENU.map((g) => ({
    ...g,
    entries: g.entries.filter(
      (e) => hasPermission(grants, e.slug) && !isPathDisabled(e.path, disabledRoutes) && !(e.module && disabledRoutes.includes(e.module)),
    ),
  })).filter((g) => g.entries.length > 0);
}
