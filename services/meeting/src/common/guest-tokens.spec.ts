import { randomBytes } from 'node:crypto';
import { GuestTokens } from './guest-tokens';
import { sha256 } from './actor';

const OLD = 'old-root-secret-0123456789';
const NEW = 'new-root-secret-9876543210';
const ORG = '00000000-0000-4000-8000-000000000001';
const at = new Date('2026-11-27T10:00:00.123Z');

describe('guest link tokens: made again from the row, never stored', () => {
  const issuedUnderOld = new GuestTokens({ AUTH_SECRET: OLD }).issue({ orgId: ORG, id: 7 }, at);
  const row = (over: Partial<{ orgId: string; id: number; tokenHash: string | null; tokenIssuedAt: Date | null }> = {}) => ({
    orgId: ORG, id: 7, tokenHash: issuedUnderOld.tokenHash, tokenIssuedAt: at, ...over,
  });

  it('a token is 256 bits, url-safe, and the row keeps only its hash and the moment', () => {
    expect(issuedUnderOld.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issuedUnderOld.tokenHash).toBe(sha256(issuedUnderOld.token));
    expect(issuedUnderOld.tokenIssuedAt).toEqual(at);
  });

  it('two rows, or two moments, never share a token', () => {
    const t = new GuestTokens({ AUTH_SECRET: OLD });
    const tokens = [t.issue({ orgId: ORG, id: 7 }, at), t.issue({ orgId: ORG, id: 8 }, at), t.issue({ orgId: ORG, id: 7 }, new Date(at.getTime() + 1)),
      t.issue({ orgId: '00000000-0000-4000-8000-000000000002', id: 7 }, at)].map((x) => x.token);
    expect(new Set(tokens).size).toBe(4);
  });

  it.each([
    ['the key that made it', { AUTH_SECRET: OLD }, row(), true],
    ['a rotation under way (the old key is the previous one)', { AUTH_SECRET: NEW, AUTH_SECRET_PREVIOUS: OLD }, row(), true],
    ['a finished rotation (the old key is gone)', { AUTH_SECRET: NEW }, row(), false],
    ['another row\'s id', { AUTH_SECRET: OLD }, row({ id: 8 }), false],
    ['another organization', { AUTH_SECRET: OLD }, row({ orgId: '00000000-0000-4000-8000-000000000002' }), false],
    ['another moment', { AUTH_SECRET: OLD }, row({ tokenIssuedAt: new Date(at.getTime() + 1) }), false],
    ['a random token of the old scheme', { AUTH_SECRET: OLD }, row({ tokenHash: sha256(randomBytes(32).toString('base64url')) }), false],
    ['no token', { AUTH_SECRET: OLD }, row({ tokenHash: null, tokenIssuedAt: null }), false],
  ])('recovered with %s', (_n, keys, member, found) => {
    expect(new GuestTokens(keys).recover(member)).toBe(found ? issuedUnderOld.token : null);
  });
});
