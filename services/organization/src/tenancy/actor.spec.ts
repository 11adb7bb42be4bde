import { MEMBER_PERMISSIONS, PERMISSION_SLUGS } from '@app/contracts';
import { buildActor, resolvePermissions } from './actor';

const user = { id: 7, name: 'Ann', email: 'ann@x.test', status: 'Active', deletedAt: null as Date | null };

describe('resolvePermissions', () => {
  it.each([
    ['no role', null, []],
    ['built-in admin holds every slug', { id: 1, builtin: 'admin', permissions: [] }, [...PERMISSION_SLUGS]],
    ['member role holds its slugs', { id: 2, builtin: 'member', permissions: [...MEMBER_PERMISSIONS] }, [...MEMBER_PERMISSIONS]],
    ['unknown slugs are dropped', { id: 3, builtin: null, permissions: ['news_show', 'launch_rockets'] }, ['news_show']],
    ['duplicates collapse, order is the catalogue order', { id: 4, builtin: null, permissions: ['users_manage', 'home_show', 'users_manage'] }, ['home_show', 'users_manage']],
  ])('%s', (_name, role, expected) => {
    expect(resolvePermissions(role)).toEqual(expected);
  });
});

describe('buildActor', () => {
  it.each([
    ['active user', user, true],
    ['inactive user', { ...user, status: 'Inactive' }, false],
    ['pending user', { ...user, status: 'Pending' }, false],
    ['deleted user', { ...user, deletedAt: new Date() }, false],
    ['missing user', null, false],
  ])('%s -> actor: %s', (_name, u, present) => {
    const actor = buildActor(u, { id: 9, builtin: null, permissions: ['home_show'] });
    expect(actor !== null).toBe(present);
  });

  it('marks the built-in admin role as admin with every slug', () => {
    const a = buildActor(user, { id: 1, builtin: 'admin', permissions: [] });
    expect(a).toMatchObject({ kind: 'user', userId: 7, roleId: 1, isAdmin: true });
    expect(a?.permissions).toEqual([...PERMISSION_SLUGS]);
  });
  it('a custom role is not admin', () => {
    expect(buildActor(user, { id: 5, builtin: null, permissions: ['users_manage'] })).toMatchObject({ isAdmin: false, permissions: ['users_manage'] });
  });
});
