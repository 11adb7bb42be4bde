import type { SsoProvider } from './sso-provider';

export interface OidcSettings {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  client_id: string;
  client_secret: string;
  scope: string;
}

/** OpenID Connect authorization-code flow: authorize URL, code exchange at the token endpoint, userinfo. */
export class OidcProvider implements SsoProvider {
  readonly name = 'oidc';
  constructor(private readonly s: OidcSettings, private readonly fetchFn: typeof fetch = fetch) {}

  authorizeUrl(p: { state: string; redirectUri: string; loginHint: string }): string {
    const u = new URL(this.s.authorization_endpoint);
    u.searchParams.set('response_type', 'code');
    u.searchParams.set('client_id', this.s.client_id);
    u.searchParams.set('redirect_uri', p.redirectUri);
    u.searchParams.set('scope', this.s.scope || 'openid email profile');
    u.searchParams.set('state', p.state);
    if (p.loginHint) u.searchParams.set('login_hint', p.loginHint);
    return u.toString();
  }

  async exchange(p: { code: string; redirectUri: string }): Promise<{ email: string; name?: string }> {
    const tokenRes = await this.fetchFn(this.s.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: p.code, redirect_uri: p.redirectUri, client_id: this.s.client_id, client_secret: this.s.client_secret }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!tokenRes.ok) throw new Error(`token endpoint answered ${tokenRes.status}`);
    const token = (await tokenRes.json()) as { access_token?: string };
    if (!token.access_token) throw new Error('no access token');
    const infoRes = await this.fetchFn(this.s.userinfo_endpoint, { headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
    if (!infoRes.ok) throw new Error(`userinfo answered ${infoRes.status}`);
    const info = (await infoRes.json()) as { email?: string; email_verified?: boolean; name?: string };
    if (!info.email || info.email_verified === false) throw new Error('no verified e-mail in userinfo');
    return { email: info.email, name: info.name };
  }
}
