import type { RouteData, RouteDef, Routes } from '@app/contracts';

/**
 * Answers of the route table for web tests, typed with the contract (`satisfies`), so a renamed or missing
 * field breaks the tests that use them. Each builder takes the fields a test cares about.
 */
export const ORG_ID = '00000000-0000-4000-8000-000000000001';

type Profile = RouteData<typeof Routes.getProfile>;
type OrgRoot = RouteData<typeof Routes.orgRoot>;
type LoginAnswer = RouteData<typeof Routes.login>;
type Information = RouteData<typeof Routes.getInformation>;

export function aProfile(over: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    name: 'Ada Admin',
    email: 'ada@example.com',
    phone: '123',
    position: 'Chair',
    designation: null,
    birth_date: null,
    date_of_birth: null,
    image: null,
    role_id: 1,
    role: { id: 1, name: 'Admin' },
    is_admin: false,
    permissions: [],
    pin: false,
    two_factor: false,
    status: 'Active',
    lang: 'en',
    team: null,
    admin_committees: [],
    member_committees: [],
    org: { id: ORG_ID, slug: 'demo', name: 'Demo Org', logo: null },
    ...over,
  } satisfies Profile;
}

export function anOrgRoot(modules: Partial<OrgRoot['data']['modules']> = {}, over: { name?: string; logo?: string | null; time_zone?: string } = {}): OrgRoot {
  const name = over.name ?? 'Demo Org';
  const logo = over.logo ?? null;
  return {
    success: true,
    name,
    logo,
    data: { id: ORG_ID, slug: 'demo', name, logo, time_zone: over.time_zone ?? 'UTC', variant: 'default', modules: { na: [], approval_mode: 'old', nda: 0, compress: 0, mom: 0, mom_secretary_signs: 0, meeting_reminder_minutes: 1440, ...modules } },
  } satisfies OrgRoot;
}

/** A password sign-in that succeeded (status 1, a token), with the profile as data. */
export function aLoginAnswer(over: Partial<LoginAnswer> = {}): LoginAnswer {
  return {
    success: true,
    status: 1,
    token: 'tok',
    log_token: null,
    pin_token: null,
    two_factor: false,
    email: 'ada@example.com',
    role: 'Admin',
    message: 'Signed in successfully.',
    data: null,
    ...over,
  } satisfies LoginAnswer;
}

export function anInformation(over: Partial<Information> = {}): Information {
  return {
    id: ORG_ID,
    slug: 'demo',
    company_name: 'Demo',
    name: 'Demo',
    logo: null,
    website: 'https://demo.test',
    location: 'Here',
    time_zone: 'UTC',
    variant: 'default',
    can_edit: false,
    ...over,
  } satisfies Information;
}

/** The success body of a route: `{ success, message?, data }` with `data` typed by the route. */
export function answerOf<D extends RouteDef>(_route: D, data: RouteData<D>, message?: string): { success: true; message?: string; data: RouteData<D> } {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}
