import { voteTarget, type VoteTargetFacts } from './vote-target';

const member = { kind: 'user' as const, userId: 5, isAdmin: false };
const admin = { kind: 'user' as const, userId: 1, isAdmin: true };
const guest = { kind: 'guest' as const, userId: null, isAdmin: false };

describe('whose vote', () => {
  const rows: Array<[string, VoteTargetFacts, string | null, boolean]> = [
    ['a member, own vote', { actor: member, ownKey: 'u:5', guestEmail: null, body: {} }, 'u:5', false],
    ['a member naming themself', { actor: member, ownKey: 'u:5', guestEmail: null, body: { user_id: 5 } }, 'u:5', false],
    ['a member for another user', { actor: member, ownKey: 'u:5', guestEmail: null, body: { user_id: 6 } }, null, false],
    ['a member for a guest', { actor: member, ownKey: 'u:5', guestEmail: null, body: { user_email: 'g@x.test' } }, null, false],
    ['an admin for another user', { actor: admin, ownKey: 'u:1', guestEmail: null, body: { user_id: 6 } }, 'u:6', true],
    ['an admin for a guest (any case)', { actor: admin, ownKey: 'u:1', guestEmail: null, body: { user_email: 'G@X.test' } }, 'e:g@x.test', true],
    ['a guest, own vote', { actor: guest, ownKey: 'e:g@x.test', guestEmail: 'g@x.test', body: {} }, 'e:g@x.test', false],
    ['a guest naming themself', { actor: guest, ownKey: 'e:g@x.test', guestEmail: 'g@x.test', body: { user_email: 'G@x.test' } }, 'e:g@x.test', false],
    ['a guest naming someone else', { actor: guest, ownKey: 'e:g@x.test', guestEmail: 'g@x.test', body: { user_email: 'h@x.test' } }, null, false],
    ['a guest naming a user', { actor: guest, ownKey: 'e:g@x.test', guestEmail: 'g@x.test', body: { user_id: 6 } }, null, false],
    ['a user with no voter key of their own', { actor: member, ownKey: null, guestEmail: null, body: {} }, null, false],
  ];
  it.each(rows)('%s', (_n, f, key, forOther) => {
    const t = voteTarget(f);
    expect(t.ok ? [t.key, t.forOther] : [null, false]).toEqual([key, forOther]);
  });
});

describe('whose vote: proxies', () => {
  const rows: Array<[string, VoteTargetFacts, string | null, boolean]> = [
    ["a holder for the member they represent", { actor: member, ownKey: 'u:5', guestEmail: null, body: { user_id: 6 }, represented: ['u:6'] }, 'u:6', true],
    ['a holder of two, for the second', { actor: member, ownKey: 'u:5', guestEmail: null, body: { user_id: 7 }, represented: ['u:6', 'u:7'] }, 'u:7', true],
    ['a holder still votes for themself', { actor: member, ownKey: 'u:5', guestEmail: null, body: {}, represented: ['u:6'] }, 'u:5', false],
    ['a holder for someone they do not represent', { actor: member, ownKey: 'u:5', guestEmail: null, body: { user_id: 8 }, represented: ['u:6'] }, null, false],
    ['a guest named in represented (never given to guests)', { actor: guest, ownKey: 'e:g@x.test', guestEmail: 'g@x.test', body: { user_id: 6 }, represented: ['u:6'] }, null, false],
    ['an admin who also holds the proxy', { actor: admin, ownKey: 'u:1', guestEmail: null, body: { user_id: 6 }, represented: ['u:6'] }, 'u:6', true],
  ];
  it.each(rows)('%s', (_n, f, key, byProxy) => {
    const t = voteTarget(f);
    expect(t.ok ? [t.key, t.byProxy] : [null, false]).toEqual([key, byProxy]);
  });
});
