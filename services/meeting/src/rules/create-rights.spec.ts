import type { Actor } from '@app/contracts';
import { canCreateIn, type CreateSlug } from './create-rights';

const committee = { admin_ids: [2], member_ids: [3, 4] };
const actor = (userId: number | null, o: Partial<Actor> = {}): Actor => ({
  kind: 'user', userId, email: null, name: null, roleId: null, isAdmin: false, permissions: [], guestToken: null, ...o,
});

describe('may create in a committee', () => {
  const rows: Array<[string, Actor, CreateSlug, boolean]> = [
    ['organization admin', actor(9, { isAdmin: true }), 'meetings_create', true],
    ['committee admin without the slug', actor(2), 'meetings_create', true],
    ['member with meetings_create', actor(3, { permissions: ['meetings_create'] }), 'meetings_create', true],
    ['member without the slug', actor(4), 'meetings_create', false],
    ['member with the other slug', actor(3, { permissions: ['decisions_create'] }), 'meetings_create', false],
    ['member with decisions_create, resolution', actor(3, { permissions: ['decisions_create'] }), 'decisions_create', true],
    ['non-member with the slug', actor(7, { permissions: ['meetings_create'] }), 'meetings_create', false],
    ['guest', actor(null, { kind: 'guest' }), 'meetings_create', false],
    ['system', actor(null, { kind: 'system', isAdmin: true }), 'meetings_create', false],
  ];
  it.each(rows)('%s -> %s', (_n, a, slug, ok) => expect(canCreateIn(a, committee, slug)).toBe(ok));
});
