import { appHome, isPathDisabled, portalHostTarget, ROUTES } from './routes';
import { visibleMenu } from './shell/menu';
import { crumbsOf } from './shell/Breadcrumbs';

describe('route rules (docs/product/overview.md#screens-and-routes)', () => {
  it('root redirect', () => {
    expect(appHome([])).toBe('/app/dashboards');
    expect(appHome(['home'])).toBe('/app/activity/approvals');
  });

  it('a path containing a disabled name is disabled', () => {
    expect(isPathDisabled('/app/activity/library', ['library'])).toBe(true);
    expect(isPathDisabled('/presentation/1/2', ['presentation'])).toBe(true);
    expect(isPathDisabled('/app/activity/meetings', ['library'])).toBe(false);
    expect(isPathDisabled('/app/activity/meetings', [])).toBe(false);
  });

  it('organization host mode targets', () => {
    expect(portalHostTarget('/app', false)).toBe(ROUTES.organization);
    expect(portalHostTarget('/auth/organization', false)).toBeNull();
    expect(portalHostTarget('/auth/organization-portals', false)).toBe(ROUTES.organization);
    expect(portalHostTarget('/app', true)).toBe(ROUTES.organizationPortals);
    expect(portalHostTarget('/auth/choose-portal', true)).toBeNull();
    expect(portalHostTarget('/auth/organization', true)).toBeNull();
  });

  it('every path comes from routes.ts and e-mail links agree with it', () => {
    expect(ROUTES.login).toBe('/auth/login');
    expect(ROUTES.editProfile).toBe('/app/settings/profile/EditProfile');
    expect(ROUTES.calendar).toBe('/app/dashboards/calender');
  });
});

describe('side menu table', () => {
  const keys = (perms: string[], na: string[] = [], isAdmin = false) => visibleMenu({ isAdmin, permissions: perms }, na).flatMap((g) => g.entries.map((e) => e.key));

  it('shows ungated entries and gated ones by slug', () => {
    expect(keys([])).toEqual(['home', 'meetings', 'approvals', 'decisions', 'evaluations', 'integrations', 'profile']);
    expect(keys(['calendar_show', 'news_show', 'actions_show', 'library_show', 'organization_information'])).toEqual([
      'home', 'calendar', 'news', 'actionTracker', 'meetings', 'library', 'approvals', 'decisions', 'evaluations', 'organization', 'integrations', 'profile',
    ]);
  });

  it('an organization administrator holds every slug', () => {
    expect(keys([], [], true)).toContain('organization');
  });

  it('hides disabled modules (the calendar by its module name too)', () => {
    expect(keys(['calendar_show', 'library_show'], ['calendar', 'library', 'home'])).toEqual(['meetings', 'approvals', 'decisions', 'evaluations', 'integrations', 'profile']);
  });
});

describe('breadcrumbs', () => {
  it('come from the path', () => {
    expect(crumbsOf('/app/settings/organization/users', (s) => s.toUpperCase())).toEqual([
      { label: 'SETTINGS', to: '/app/settings' },
      { label: 'ORGANIZATION', to: '/app/settings/organization' },
      { label: 'USERS', to: null },
    ]);
    expect(crumbsOf('/app/activity/meetings/12', (s) => s)).toEqual([
      { label: 'activity', to: '/app/activity' },
      { label: 'meetings', to: '/app/activity/meetings' },
      { label: '#12', to: null },
    ]);
    expect(crumbsOf('/auth/login', (s) => s)).toEqual([]);
  });
});
