import type { Actor } from '@app/contracts';
import { boardExpired, canEditCommittee } from './committees';

const user = (over: Partial<Actor> = {}): Actor => ({ kind: 'user', userId: 5, email: 'u@x.test', name: 'U', roleId: 2, isAdmin: false, permissions: [], guestToken: null, ...over });

describe('canEditCommittee', () => {
  it.each<[string, Actor, number[], boolean]>([
    ['organization admin', user({ isAdmin: true }), [], true],
    ['holder of committees_manage', user({ permissions: ['committees_manage'] }), [], true],
    ['committee admin', user(), [5], true],
    ['ordinary member', user(), [6, 7], false],
    ['other slug only', user({ permissions: ['boards_manage'] }), [], false],
    ['guest', user({ kind: 'guest', userId: null, guestToken: 't' }), [5], false],
  ])('%s -> %s', (_n, actor, admins, expected) => {
    expect(canEditCommittee(actor, 'committees_manage', admins)).toBe(expected);
  });
});

describe('boardExpired', () => {
  it.each([
    [null, '2026-05-01', false],
    ['2026-05-02', '2026-05-01', false],
    ['2026-05-01', '2026-05-01', false],
    ['2026-04-30', '2026-05-01', true],
  ])('%s on %s -> %s', (date, today, expected) => {
    expect(boardExpired(date, today)).toBe(expected);
  });
});
