import { AppError } from '@app/contracts';
import { pgConflict } from './db';

describe('pgConflict: PostgreSQL violations that are the caller\'s fault become 409 with a field', () => {
  const fields = { roles_org_name_uq: 'name', users_role_id_roles_id_fk: 'users' };
  const cases: [string, unknown, Record<string, string[]> | null][] = [
    ['unique violation of a known constraint', { code: '23505', constraint: 'roles_org_name_uq' }, { name: ['The name has already been taken.'] }],
    ['unique violation wrapped by drizzle (cause)', { message: 'Failed query', cause: { code: '23505', constraint: 'roles_org_name_uq' } }, { name: ['The name has already been taken.'] }],
    ['foreign-key violation', { code: '23503', constraint: 'users_role_id_roles_id_fk' }, { users: ['The selected value is invalid.'] }],
    ['check violation of an unlisted constraint', { code: '23514', constraint: 'x_check' }, { _: ['This field is invalid.'] }],
    ['unique violation of an unlisted constraint', { code: '23505', constraint: 'other_uq' }, { _: ['This value has already been taken.'] }],
    ['a prototype key is no constraint name', { code: '23505', constraint: 'toString' }, { _: ['This value has already been taken.'] }],
    ['a deadlock stays what it was', { code: '40P01' }, null],
    ['a plain error stays what it was', new Error('boom'), null],
  ];
  it.each(cases)('%s', (_name, e, expected) => {
    const out = pgConflict(e, fields);
    if (expected === null) {
      expect(out).toBe(e);
      return;
    }
    expect(out).toBeInstanceOf(AppError);
    expect((out as AppError).code).toBe('VALIDATION');
    expect((out as AppError).fields).toEqual(expected);
  });
});
