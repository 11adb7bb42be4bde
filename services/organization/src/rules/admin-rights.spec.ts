import { adminTouchAllowed, ungrantableSlugs } from './admin-rights';

const admin = { kind: 'user' as const, isAdmin: true, permissions: [] as string[] };
const delegate = { kind: 'user' as const, isAdmin: false, permissions: ['users_manage', 'roles_manage', 'home_show'] };
const system = { kind: 'system' as const, isAdmin: false, permissions: [] as string[] };

describe('adminTouchAllowed: only an administrator grants the Admin role or edits an administrator', () => {
  it.each<[string, typeof admin | typeof delegate | typeof system, boolean, boolean, boolean]>([
    ['admin edits a member', admin, false, false, true],
    ['admin makes a member admin', admin, false, true, true],
    ['admin edits another admin', admin, true, false, true],
    ['delegate edits a member', delegate, false, false, true],
    ['delegate makes a member admin', delegate, false, true, false],
    ['delegate makes themselves admin', delegate, false, true, false],
    ["delegate edits an admin's e-mail or status", delegate, true, false, false],
    ['delegate takes the Admin role away', delegate, true, false, false],
    ['system (seed, provisioning) does anything', system, true, true, true],
  ])('%s', (_n, actor, targetIsAdmin, grantsAdmin, allowed) => {
    expect(adminTouchAllowed(actor, { targetIsAdmin, grantsAdmin })).toBe(allowed);
  });
});

describe('ungrantableSlugs: a role gets only rights its editor holds', () => {
  it.each<[string, typeof admin | typeof delegate | typeof system, string[], string[], string[]]>([
    ['admin adds anything', admin, [], ['organization_manage', 'users_manage'], []],
    ['delegate adds a slug they hold', delegate, [], ['users_manage', 'home_show'], []],
    ['delegate adds a slug they do not hold', delegate, [], ['organization_manage', 'home_show'], ['organization_manage']],
    ['delegate keeps a slug the role had', delegate, ['logs_show'], ['logs_show', 'home_show'], []],
    ['delegate removes slugs', delegate, ['logs_show', 'organization_manage'], [], []],
    ['duplicates named once', delegate, [], ['logs_show', 'logs_show'], ['logs_show']],
    ['system adds anything', system, [], ['organization_manage'], []],
  ])('%s', (_n, actor, before, after, refused) => {
    expect(ungrantableSlugs(actor, before, after)).toEqual(refused);
  });
});
