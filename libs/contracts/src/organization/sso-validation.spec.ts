import { zSsoSettingsBody, zSsoTestBody } from './organization.http';
import { zSsoCallbackQuery } from './auth.http';

const base = { provider: 'oidc', issuer: 'https://idp.example.com', client_id: 'boardroom' };
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.path.join('.')));

describe('zSsoSettingsBody', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['the smallest oidc settings', base, []],
    ['none', { provider: 'none' }, []],
    ['http issuer (development providers)', { ...base, issuer: 'http://127.0.0.1:4000' }, []],
    ['issuer with a path', { ...base, issuer: 'https://login.example.com/tenant/v2.0' }, []],
    ['ftp issuer', { ...base, issuer: 'ftp://idp.example.com' }, ['issuer']],
    ['issuer with a query', { ...base, issuer: 'https://idp.example.com/?a=1' }, ['issuer']],
    ['issuer with credentials', { ...base, issuer: 'https://u:p@idp.example.com' }, ['issuer']],
    ['issuer not a URL', { ...base, issuer: 'idp' }, ['issuer']],
    ['empty client id', { ...base, client_id: ' ' }, ['client_id']],
    ['domains', { ...base, allowed_domains: ['example.com', 'Sub.Example.org'] }, []],
    ['a domain with @', { ...base, allowed_domains: ['@example.com'] }, ['allowed_domains.0']],
    ['a domain without a dot', { ...base, allowed_domains: ['localhost'] }, ['allowed_domains.0']],
    ['create with a role', { ...base, unknown_user: 'create', create_role_id: 3 }, []],
    ['create without a role', { ...base, unknown_user: 'create' }, ['create_role_id']],
    ['role id true', { ...base, unknown_user: 'create', create_role_id: true }, ['create_role_id']],
    ['role id [1]', { ...base, unknown_user: 'create', create_role_id: [1] }, ['create_role_id']],
    ['role id "3"', { ...base, unknown_user: 'create', create_role_id: '3' }, ['create_role_id']],
    ['unknown policy', { ...base, unknown_user: 'maybe' }, ['unknown_user']],
    ['two-factor provider', { ...base, two_factor: 'provider' }, []],
    ['two-factor unknown', { ...base, two_factor: 'none' }, ['two_factor']],
    ['an unknown provider', { provider: 'saml' }, ['provider']],
  ])('%s', (_n, body, fields) => {
    expect(fieldsOf(zSsoSettingsBody.safeParse(body))).toEqual(fields);
  });

  it('defaults: refuse unknown users, the organization two-factor, any domain', () => {
    expect(zSsoSettingsBody.parse(base)).toEqual({ ...base, allowed_domains: [], unknown_user: 'refuse', create_role_id: null, two_factor: 'organization' });
  });
});

describe('zSsoTestBody and zSsoCallbackQuery', () => {
  it.each<[unknown, boolean]>([
    [{ issuer: 'https://idp.example.com' }, true],
    [{ issuer: '' }, false],
    [{ issuer: true }, false],
  ])('test body %j -> %s', (body, ok) => {
    expect(zSsoTestBody.safeParse(body).success).toBe(ok);
  });
  it.each<[Record<string, unknown>, boolean]>([
    [{ code: 'c', state: 's', iss: 'https://idp.example.com' }, true],
    [{ error: 'access_denied', state: 's' }, true],
    [{ code: 'c' }, false],
    [{ code: ['a', 'b'], state: 's' }, false],
  ])('callback query %j -> %s', (q, ok) => {
    expect(zSsoCallbackQuery.safeParse(q).success).toBe(ok);
  });
});
