import { MEMBER_PERMISSIONS, PERMISSION_SLUGS } from '@app/contracts';
import { isAdminRole, resolvePermissions, type RoleLike } from './permissions';

describe('resolvePermissions', () => {
  it.each<[string, RoleLike | null | undefined, string[]]>([
    ['no role', null, []],
    ['undefined role', undefined, []],
    ['built-in admin holds every slug', { id: 1, builtin: 'admin', permissions: [] }, [...PERMISSION_SLUGS]],
    ['member role holds its slugs', { id: 2, builtin: 'member', permissions: [...MEMBER_PERMISSIONS] }, [...MEMBER_PERMISSIONS]],
    ['unknown slugs are dropped', { id: 3, builtin: null, permissions: ['news_show', 'launch_rockets'] }, ['news_show']],
    ['duplicates collapse, order is the catalogue order', { id: 4, builtin: null, permissions: ['users_manage', 'home_show', 'users_manage'] }, ['home_show', 'users_manage']],
  ])('%s', (_name, role, expected) => {
    expect(resolvePermissions(role)).toEqual(expected);
  });
});

describe('isAdminRole', () => {
  it.each<[string, RoleLike | null | undefined, boolean]>([
    ['no role', null, false],
    ['built-in admin', { id: 1, builtin: 'admin', permissions: [] }, true],
    ['built-in member', { id: 2, builtin: 'member', permissions: [...PERMISSION_SLUGS] }, false],
    ['custom role holding every slug', { id: 3, builtin: null, permissions: [...PERMISSION_SLUGS] }, false],
  ])('%s -> %s', (_name, role, expected) => {
    expect(isAdminRole(role)).toBe(expected);
  });
});
