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

describe("boardExpired: before the organization's today", () => {
  it.each<[string | null, string, string, boolean]>([
    [null, '2026-05-01T12:00:00Z', 'UTC', false],
    ['2026-05-02', '2026-05-01T12:00:00Z', 'UTC', false],
    ['2026-05-01', '2026-05-01T12:00:00Z', 'UTC', false],
    ['2026-04-30', '2026-05-01T12:00:00Z', 'UTC', true],
    // 21:00 UTC on 1 May is 2 May in Dubai: a board that ran until 1 May has expired there (the UTC day says not yet)
    ['2026-05-01', '2026-05-01T21:00:00Z', 'Asia/Dubai', true],
    ['2026-05-02', '2026-05-01T21:00:00Z', 'Asia/Dubai', false],
    // 03:00 UTC on 2 May is still 1 May in New York: a board that ran until 1 May has not expired (the UTC day says it has)
    ['2026-05-01', '2026-05-02T03:00:00Z', 'America/New_York', false],
    ['2026-04-30', '2026-05-02T03:00:00Z', 'America/New_York', true],
  ])('%s at %s in %s -> %s', (date, now, zone, expected) => {
    expect(boardExpired(date, new Date(now), zone)).toBe(expected);
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
