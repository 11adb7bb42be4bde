import { OrgMessages, type Actor } from '@app/contracts';
import { boardExpired, canEditCommittee, weightMap, weightsError } from './committees';

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

describe('weightsError', () => {
  it.each<[string, number[], number[], Array<{ user_id: number; weight: number }> | undefined, string | null]>([
    ['left out', [1], [2], undefined, null],
    ['none given', [1], [2], [], null],
    ['a member and an admin', [1], [2], [{ user_id: 1, weight: 3 }, { user_id: 2, weight: 7 }], null],
    ['not a member', [1], [2], [{ user_id: 3, weight: 2 }], OrgMessages.weightNotMember],
    ['a member twice', [1], [2], [{ user_id: 2, weight: 2 }, { user_id: 2, weight: 3 }], OrgMessages.weightTwice],
  ])('%s', (_n, admins, users, weights, out) => {
    expect(weightsError({ admins, users, weights })).toBe(out);
  });
  it('weightMap', () => expect([...weightMap([{ user_id: 4, weight: 9 }])]).toEqual([[4, 9]]));
});
