import { domainAllowed, nameFromClaims, readStoredSso, toStoredSso, ssoAccountDecision, verifiedEmail } from './sso';

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

describe('ssoAccountDecision: bound by issuer and subject; an existing account linked only for an allowed, verified domain', () => {
  const ok = { email: 'ann@corp.test' };
  const unbound = { id: 7, ssoSubject: null };
  const boundElsewhere = { id: 7, ssoSubject: 'another-sub' };
  it.each<[string, Parameters<typeof ssoAccountDecision>[0], ReturnType<typeof ssoAccountDecision>]>([
    ['bound account: signs in, whatever the provider says of the e-mail', { bound: { id: 3, email: 'bo@corp.test' }, byEmail: null, email: { refusal: 'unverified' }, allowedDomains: [], createUnknown: false }, { action: 'sign-in', userId: 3 }],
    ['bound account, allowed list empty', { bound: { id: 3, email: 'bo@corp.test' }, byEmail: unbound, email: ok, allowedDomains: [], createUnknown: false }, { action: 'sign-in', userId: 3 }],
    ["bound account, its own domain listed", { bound: { id: 3, email: 'bo@corp.test' }, byEmail: null, email: { email: 'new@elsewhere.test' }, allowedDomains: ['corp.test'], createUnknown: false }, { action: 'sign-in', userId: 3 }],
    ["bound account, its own domain no longer listed", { bound: { id: 3, email: 'bo@corp.test' }, byEmail: null, email: ok, allowedDomains: ['other.test'], createUnknown: false }, { refuse: 'SSO_DOMAIN_NOT_ALLOWED' }],
    ['unverified e-mail', { bound: null, byEmail: unbound, email: { refusal: 'unverified' }, allowedDomains: ['corp.test'], createUnknown: false }, { refuse: 'SSO_EMAIL_NOT_VERIFIED' }],
    ['no e-mail', { bound: null, byEmail: null, email: { refusal: 'no-email' }, allowedDomains: [], createUnknown: true }, { refuse: 'SSO_EMAIL_NOT_VERIFIED' }],
    ['domain not in the list', { bound: null, byEmail: unbound, email: ok, allowedDomains: ['other.test'], createUnknown: false }, { refuse: 'SSO_DOMAIN_NOT_ALLOWED' }],
    ['existing account, domain listed: linked', { bound: null, byEmail: unbound, email: ok, allowedDomains: ['corp.test'], createUnknown: false }, { action: 'link', userId: 7 }],
    ['existing account, list empty: never linked', { bound: null, byEmail: unbound, email: ok, allowedDomains: [], createUnknown: true }, { refuse: 'SSO_LINK_NOT_ALLOWED' }],
    ['existing account bound to another subject', { bound: null, byEmail: boundElsewhere, email: ok, allowedDomains: ['corp.test'], createUnknown: false }, { refuse: 'SSO_ACCOUNT_LINKED' }],
    ['existing account bound to another subject, list empty', { bound: null, byEmail: boundElsewhere, email: ok, allowedDomains: [], createUnknown: false }, { refuse: 'SSO_ACCOUNT_LINKED' }],
    ['no account, creation on (list empty: any domain)', { bound: null, byEmail: null, email: ok, allowedDomains: [], createUnknown: true }, { action: 'create' }],
    ['no account, creation on, domain listed', { bound: null, byEmail: null, email: ok, allowedDomains: ['corp.test'], createUnknown: true }, { action: 'create' }],
    ['no account, creation off', { bound: null, byEmail: null, email: ok, allowedDomains: [], createUnknown: false }, { refuse: 'SSO_UNKNOWN_USER' }],
  ])('%s', (_n, input, expected) => {
    expect(ssoAccountDecision(input)).toEqual(expected);
  });
});
