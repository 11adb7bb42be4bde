import { guestLinkEnded, guestLinkOf, guestLinkView, guestsWithLiveLink, managesGuestLinks } from './guest-link';

describe('guestLinkView', () => {
  const now = new Date('2030-06-30T12:00:00Z');
  const day = 86_400_000;
  const row = (o: Partial<{ tokenIssuedAt: Date | null; guestExpiresAt: Date | null; guestRevokedAt: Date | null }> = {}) => ({
    tokenIssuedAt: new Date(now.getTime() - day), updatedAt: now, guestExpiresAt: null, guestRevokedAt: null, ...o,
  });
  it.each([
    ['a fresh link: live until the default days', row(), 2, 'owner', { state: 'live', ends: new Date(now.getTime() + 29 * day), canRevoke: true }],
    ['an expiry of its own', row({ guestExpiresAt: new Date(now.getTime() + 2 * day) }), 2, 'committee_admin', { state: 'live', ends: new Date(now.getTime() + 2 * day), canRevoke: true }],
    ['past its own expiry', row({ guestExpiresAt: new Date(now.getTime() - day) }), 2, 'owner', { state: 'expired', ends: new Date(now.getTime() - day), canRevoke: true }],
    ['revoked: no end, nothing to revoke', row({ guestRevokedAt: now }), 2, 'owner', { state: 'revoked', ends: null, canRevoke: false }],
    ['the meeting was cancelled', row(), 4, 'owner', { state: 'ended', ends: null, canRevoke: true }],
    ['an editor sees the state and may not revoke', row(), 2, 'editor', { state: 'live', ends: new Date(now.getTime() + 29 * day), canRevoke: false }],
  ] as const)('%s', (_n, r, status, level, expected) => {
    expect(guestLinkView(guestLinkOf(r, status), now, 30, level)).toEqual(expected);
  });

  it.each([
    ['owner', true], ['committee_admin', true], ['editor', false], ['participant', false], ['none', false],
  ] as const)('%s manages guest links: %s', (level, yes) => {
    expect(managesGuestLinks(level)).toBe(yes);
  });

  it.each([
    ['a live link is not mended: the guest is already a participant', row(), 2, false],
    ['a revoked link is mended by a new invitation', row({ guestRevokedAt: now }), 2, true],
    ['a link past its own expiry is mended', row({ guestExpiresAt: new Date(now.getTime() - day) }), 2, true],
    ['a link past the default days is mended', row({ tokenIssuedAt: new Date(now.getTime() - 31 * day) }), 2, true],
    ['a link that ended with its cancelled meeting is not', row(), 4, false],
  ] as const)('%s', (_n, r, status, mended) => {
    expect(guestLinkEnded(guestLinkOf(r, status), now, 30)).toBe(mended);
  });
});

describe('guestsWithLiveLink: the guests a meeting e-mail (agenda, reminder) may carry a link to', () => {
  const now = new Date('2030-06-30T12:00:00Z');
  const day = 86_400_000;
  const row = (o: Partial<{ userId: number | null; userEmail: string | null; tokenIssuedAt: Date | null; guestExpiresAt: Date | null; guestRevokedAt: Date | null }>) => ({
    userId: null, userEmail: 'g@example.com', tokenIssuedAt: new Date(now.getTime() - day), updatedAt: now, guestExpiresAt: null, guestRevokedAt: null, ...o,
  });
  it.each([
    ['a guest whose link works', row({}), 2, true],
    ['a member (a user) is not a guest', row({ userId: 4, userEmail: null }), 2, false],
    ['a revoked link', row({ guestRevokedAt: now }), 2, false],
    ['past its own expiry', row({ guestExpiresAt: new Date(now.getTime() - 1) }), 2, false],
    ['older than the days a link works', row({ tokenIssuedAt: new Date(now.getTime() - 31 * day) }), 2, false],
    ['the meeting was cancelled', row({}), 4, false],
    ['a live meeting: still works', row({}), 3, true],
  ] as const)('%s', (_n, r, status, live) => {
    expect(guestsWithLiveLink([r], status, now, 30)).toEqual(live ? [r] : []);
  });
});
