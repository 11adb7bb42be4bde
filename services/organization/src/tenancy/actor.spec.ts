import { PERMISSION_SLUGS } from '@app/contracts';
import { buildActor } from './actor';

const user = { id: 7, name: 'Ann', email: 'ann@x.test', status: 'Active', deletedAt: null as Date | null };

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
