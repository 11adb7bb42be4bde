import { accessOf, best, mayUploadInto, shareLive, type Access, type AccessFacts } from './access';

const user = (userId: number, isAdmin = false) => ({ kind: 'user' as const, userId, isAdmin });
const item = (over: Partial<AccessFacts> = {}): AccessFacts => ({ ownerId: 1, scope: 'private', shares: [], ...over });

describe('accessOf', () => {
  it.each([
    ['owner edits', item(), user(1), 'edit'],
    ['administrator edits', item(), user(9, true), 'edit'],
    ['stranger to a private item sees nothing', item(), user(2), null],
    ['organization library: everyone sees', item({ scope: 'organization' }), user(2), 'view'],
    ['shared read-only', item({ shares: [{ userId: 2, canEdit: false }] }), user(2), 'view'],
    ['shared with edit', item({ shares: [{ userId: 2, canEdit: true }] }), user(2), 'edit'],
    ['shared with someone else', item({ shares: [{ userId: 3, canEdit: true }] }), user(2), null],
    ['a guest sees nothing by itself', item({ scope: 'organization' }), { kind: 'guest' as const, userId: null, isAdmin: false }, null],
    ['the system (other services\' jobs) reads a private item of anyone', item(), { kind: 'system' as const, userId: null, isAdmin: true }, 'view'],
    ['the system never edits, even an organization item', item({ scope: 'organization', shares: [{ userId: 2, canEdit: true }] }), { kind: 'system' as const, userId: null, isAdmin: true }, 'view'],
  ])('%s', (_, facts, actor, expected) => {
    expect(accessOf(facts, actor)).toBe(expected);
  });

  const now = new Date('2030-06-30T12:00:00Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  it.each([
    ['a share before its expiry', item({ shares: [{ userId: 2, canEdit: false, expiresAt: at(1) }] }), 'view'],
    ['a share past its expiry gives nothing', item({ shares: [{ userId: 2, canEdit: true, expiresAt: at(-1) }] }), null],
    ['a share at its expiry has ended', item({ shares: [{ userId: 2, canEdit: false, expiresAt: now }] }), null],
    ['an expired share of an organization item: the organization library still shows it', item({ scope: 'organization', shares: [{ userId: 2, canEdit: true, expiresAt: at(-1) }] }), 'view'],
    ['an expired edit share and a live read-only one (a folder above): view', item({ shares: [{ userId: 2, canEdit: true, expiresAt: at(-1) }, { userId: 2, canEdit: false, expiresAt: null }] }), 'view'],
  ] as const)('%s', (_, facts, expected) => {
    expect(accessOf(facts, user(2), now)).toBe(expected);
  });
});

describe('shareLive', () => {
  const now = new Date('2030-06-30T12:00:00Z');
  it.each([
    ['no expiry', null, true],
    ['a minute ahead', new Date(now.getTime() + 60_000), true],
    ['exactly now', now, false],
    ['a minute ago', new Date(now.getTime() - 60_000), false],
  ] as const)('%s', (_, expiresAt, live) => expect(shareLive({ expiresAt }, now)).toBe(live));
});

describe('mayUploadInto', () => {
  it.each([
    ['own open folder', { ownerId: 1, restricted: false }, 'edit' as const, user(1), 'ok'],
    ['own restricted folder', { ownerId: 1, restricted: true }, 'edit' as const, user(1), 'ok'],
    ['restricted folder of an administrator, as a member with edit share', { ownerId: 5, restricted: true }, 'edit' as const, user(1), 'restricted'],
    ['restricted folder, as an administrator', { ownerId: 5, restricted: true }, 'edit' as const, user(9, true), 'ok'],
    ['organization folder seen only', { ownerId: 5, restricted: false }, 'view' as const, user(1), 'restricted'],
    ['folder not visible', { ownerId: 5, restricted: false }, null, user(1), 'no-access'],
  ])('%s', (_, folder, access, actor, expected) => {
    expect(mayUploadInto(folder, access, actor)).toBe(expected);
  });
});

describe('best: the stronger access (an item\'s own, a folder\'s above it)', () => {
  it.each<[Access, Access, Access]>([
    ['edit', 'view', 'edit'],
    ['view', 'edit', 'edit'],
    [null, 'view', 'view'],
    ['view', null, 'view'],
    [null, null, null],
  ])('%p and %p -> %p', (a, b, expected) => expect(best(a, b)).toBe(expected));
});
