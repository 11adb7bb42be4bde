import { LocalProvider } from './local.provider';
import { OidcProvider } from './oidc.provider';
import { sign, verifySigned } from './sso-provider';

describe('sign / verifySigned', () => {
  const key = 'k'.repeat(32);
  const now = 1_000_000;
  it.each<[string, () => string, boolean]>([
    ['valid', () => sign({ a: 1, exp: now + 1 }, key), true],
    ['expired', () => sign({ a: 1, exp: now }, key), false],
    ['other key', () => sign({ a: 1, exp: now + 1 }, 'x'.repeat(32)), false],
    ['tampered body', () => { const [b, m] = sign({ a: 1, exp: now + 1 }, key).split('.'); return `${b}x.${m}`; }, false],
    ['garbage', () => 'not-a-token', false],
  ])('%s', (_n, make, valid) => {
    expect(verifySigned(make(), key, now) !== null).toBe(valid);
  });
});

describe('LocalProvider', () => {
  it('returns to the callback with a code the exchange accepts', async () => {
    const p = new LocalProvider('s'.repeat(32), () => 5_000);
    const url = new URL(p.authorizeUrl({ state: 'st', redirectUri: 'http://h.test/api/sso/callback', loginHint: 'a@b.test' }));
    expect(url.origin + url.pathname).toBe('http://h.test/api/sso/callback');
    expect(url.searchParams.get('state')).toBe('st');
    await expect(p.exchange({ code: url.searchParams.get('code')! })).resolves.toEqual({ email: 'a@b.test' });
  });
  it('refuses a code signed by another secret', async () => {
    const a = new LocalProvider('a'.repeat(32));
    const b = new LocalProvider('b'.repeat(32));
    const code = new URL(a.authorizeUrl({ state: 's', redirectUri: 'http://h.test/cb', loginHint: 'x@y.test' })).searchParams.get('code')!;
    await expect(b.exchange({ code })).rejects.toThrow();
  });
});

describe('OidcProvider', () => {
  const settings = {
    issuer: 'https://idp.test', authorization_endpoint: 'https://idp.test/authorize', token_endpoint: 'https://idp.test/token',
    userinfo_endpoint: 'https://idp.test/userinfo', client_id: 'cid', client_secret: 'csecret', scope: 'openid email',
  };
  it('builds the authorization-code URL', () => {
    const u = new URL(new OidcProvider(settings).authorizeUrl({ state: 'st', redirectUri: 'https://app.test/cb', loginHint: 'a@b.test' }));
    expect(Object.fromEntries(u.searchParams)).toEqual({ response_type: 'code', client_id: 'cid', redirect_uri: 'https://app.test/cb', scope: 'openid email', state: 'st', login_hint: 'a@b.test' });
  });
});
