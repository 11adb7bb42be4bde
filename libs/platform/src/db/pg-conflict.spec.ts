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
    ['unique violation: the field from the detail, past the tenant column', { code: '23505', constraint: 'committees_org_name_uq', detail: 'Key (org_id, lower(name::text))=(4f1c, board) already exists.' }, { name: ['The name has already been taken.'] }],
    ['foreign key: the field from the detail', { code: '23503', constraint: 'meetings_committee_fk', detail: 'Key (committee_id)=(99) is not present in table "committees".' }, { committee_id: ['The selected value is invalid.'] }],
    ['not null: the column PostgreSQL names', { code: '23502', column: 'title' }, { title: ['This field is required.'] }],
    ['a NUL byte in text (22021)', { code: '22021' }, { _: ['This field is invalid.'] }],
    ['integer out of range (22003)', { cause: { code: '22003' } }, { _: ['This field is invalid.'] }],
    ['a function index: the column inside lower((name)::text)', { code: '23505', constraint: 'teams_org_name_uq', detail: 'Key (org_id, lower((name)::text))=(4f1c, a) already exists.' }, { name: ['The name has already been taken.'] }],
    ['an AppError passes through', AppError.validation({ name: 'x' }), { name: ['x'] }],
    ['an AppError mapped by the transaction is mapped again by the caller\'s constraint names', Object.assign(AppError.validation({ _: 'This value has already been taken.' }), { cause: { code: '23505', constraint: 'roles_org_name_uq' } }), { name: ['The name has already been taken.'] }],
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
    // the PostgreSQL error stays the cause (callers that look for 23505 after the transaction still find it)
    if (!(e instanceof AppError)) expect((out as AppError & { cause?: unknown }).cause).toBe(e);
    else if (!(e as { cause?: unknown }).cause) expect(out).toBe(e);
  });
});
