import { sign, verifySigned, type SsoProvider } from './sso-provider';

/**
 * A built-in identity provider for demos and tests, used only when an organization configures
 * `{ provider: 'local', secret }`: its "authorize" step vouches for the e-mail typed at sign-in and
 * returns straight to the callback with a code it signs with HMAC; the exchange checks that signature
 * and expiry. It trusts whoever holds the secret, so it is never a default.
 */
export class LocalProvider implements SsoProvider {
  readonly name = 'local';
  constructor(private readonly secret: string, private readonly now: () => number = Date.now) {}

  authorizeUrl(p: { state: string; redirectUri: string; loginHint: string }): string {
    const u = new URL(p.redirectUri);
    u.searchParams.set('code', sign({ email: p.loginHint, exp: this.now() + 120_000 }, this.secret));
    u.searchParams.set('state', p.state);
    return u.toString();
  }

  async exchange(p: { code: string }): Promise<{ email: string }> {
    const v = verifySigned<{ email: string; exp: number }>(p.code, this.secret, this.now());
    if (!v?.email) throw new Error('invalid local code');
    return { email: v.email };
  }
}
