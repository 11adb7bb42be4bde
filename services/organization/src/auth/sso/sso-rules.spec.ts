import { domainAllowed, nameFromClaims, readStoredSso, toStoredSso, verifiedEmail } from './sso-rules';

describe('verifiedEmail: only an e-mail the provider says it verified', () => {
  it.each<[string, Record<string, unknown>, ReturnType<typeof verifiedEmail>]>([
    ['verified', { email: 'Ann@Example.test', email_verified: true }, { email: 'ann@example.test' }],
    ['email_verified false', { email: 'ann@example.test', email_verified: false }, { refusal: 'unverified' }],
    ['email_verified missing', { email: 'ann@example.test' }, { refusal: 'unverified' }],
    ['email_verified "true" (a string)', { email: 'ann@example.test', email_verified: 'true' }, { refusal: 'unverified' }],
    ['email_verified 1', { email: 'ann@example.test', email_verified: 1 }, { refusal: 'unverified' }],
    ['no email', { email_verified: true }, { refusal: 'no-email' }],
    ['email not an address', { email: 'ann', email_verified: true }, { refusal: 'no-email' }],
    ['email not a string', { email: ['ann@example.test'], email_verified: true }, { refusal: 'no-email' }],
  ])('%s', (_n, claims, expected) => {
    expect(verifiedEmail(claims)).toEqual(expected);
  });
});

describe('domainAllowed', () => {
  it.each<[string, string[], boolean]>([
    ['ann@example.test', [], true],
    ['ann@example.test', ['example.test'], true],
    ['ann@EXAMPLE.test', ['example.test'], true],
    ['ann@sub.example.test', ['example.test'], false],
    ['ann@example.test.evil', ['example.test'], false],
    ['ann@other.test', ['example.test', 'corp.test'], false],
    ['ann@corp.test', ['example.test', 'corp.test'], true],
  ])('%s in %j -> %s', (email, domains, allowed) => {
    expect(domainAllowed(email, domains)).toBe(allowed);
  });
});

describe('nameFromClaims', () => {
  it.each<[Record<string, unknown>, string]>([
    [{ name: ' Ann Lee ' }, 'Ann Lee'],
    [{ given_name: 'Ann', family_name: 'Lee' }, 'Ann Lee'],
    [{ name: '' }, 'ann.lee'],
    [{}, 'ann.lee'],
  ])('%j', (claims, name) => {
    expect(nameFromClaims(claims, 'ann.lee@example.test')).toBe(name);
  });
});

describe('readStoredSso / toStoredSso', () => {
  const body = {
    provider: 'oidc' as const, issuer: 'https://idp.test', client_id: 'cid', client_secret: 's', allowed_domains: ['a.test', 'a.test'],
    unknown_user: 'refuse' as const, create_role_id: 7, two_factor: 'organization' as const,
  };
  it.each<[string, unknown, unknown]>([
    ['nothing', null, null],
    ['the removed local provider', { provider: 'local', secret: 'x'.repeat(16) }, null],
    ['a stored row', toStoredSso(body, 'v1.sealed'), {
      provider: 'oidc', issuer: 'https://idp.test', client_id: 'cid', client_secret_sealed: 'v1.sealed', allowed_domains: ['a.test'], unknown_user: 'refuse', create_role_id: null, two_factor: 'organization',
    }],
    ['a row of the hand-written client (plain secret)', { provider: 'oidc', issuer: 'https://idp.test', client_id: 'cid', client_secret: 'plain', token_endpoint: 'https://idp.test/t' }, {
      provider: 'oidc', issuer: 'https://idp.test', client_id: 'cid', client_secret_sealed: null, allowed_domains: [], unknown_user: 'refuse', create_role_id: null, two_factor: 'organization', legacySecret: 'plain',
    }],
  ])('%s', (_n, raw, expected) => {
    expect(readStoredSso(raw)).toEqual(expected);
  });
});
