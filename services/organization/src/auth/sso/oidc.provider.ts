import * as oidc from 'openid-client';
import { TtlCache } from '@app/platform';

/** How the client talks to providers (from the service's configuration). */
export interface OidcOptions {
  /** plain-http issuers (local providers in development and tests); never in production */
  allowHttp: boolean;
  /** seconds of clock difference tolerated on the ID token's iat/exp/nbf */
  clockToleranceSeconds: number;
  /** seconds a discovery, JWKS or token request may take */
  timeoutSeconds: number;
}

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  /** null: a public client (PKCE only) */
  clientSecret: string | null;
}

/** One sign-in attempt's secrets, kept server-side until the provider comes back. */
export interface OidcAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const SCOPE = 'openid email profile';
const CACHE_MS = 5 * 60_000;

/**
 * The organization's OpenID Connect client, through `openid-client` (a certified relying party):
 * discovery from the issuer, authorization code with PKCE S256, state and nonce, and the ID token's
 * signature checked against the provider's JWKS (non-repudiation checks on) along with its issuer,
 * audience, expiry and nonce. Configurations are cached a few minutes per issuer and client.
 */
export class OidcClients {
  /** per issuer, client and secret; bounded (the platform's one TTL cache) */
  private readonly cache: TtlCache<Promise<oidc.Configuration>>;

  constructor(private readonly opts: OidcOptions, now: () => number = Date.now) {
    this.cache = new TtlCache({ ttlMs: CACHE_MS, max: 1_000, now });
  }

  private execute(): ((c: oidc.Configuration) => void)[] {
    return this.opts.allowHttp ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks];
  }

  /** Discovery only (the settings' "test the connection"): the provider's metadata, nothing cached. */
  async discover(issuer: string): Promise<oidc.ServerMetadata> {
    const config = await oidc.discovery(new URL(issuer), 'connection-test', undefined, oidc.None(), { execute: this.execute(), timeout: this.opts.timeoutSeconds });
    return config.serverMetadata();
  }

  configuration(s: OidcClientSettings): Promise<oidc.Configuration> {
    const key = JSON.stringify([s.issuer, s.clientId, s.clientSecret]);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const metadata: Partial<oidc.ClientMetadata> = { [oidc.clockTolerance]: this.opts.clockToleranceSeconds };
    const auth = s.clientSecret ? oidc.ClientSecretBasic(s.clientSecret) : oidc.None();
    const config = oidc.discovery(new URL(s.issuer), s.clientId, metadata, auth, { execute: this.execute(), timeout: this.opts.timeoutSeconds });
    // a failed discovery is not remembered: the next attempt tries again
    config.catch(() => this.cache.delete(key));
    this.cache.set(key, config);
    return config;
  }

  /** A fresh attempt and the provider's authorization URL for it. */
  async start(s: OidcClientSettings, p: { redirectUri: string; loginHint?: string }): Promise<{ url: string; attempt: OidcAttempt }> {
    const config = await this.configuration(s);
    const attempt: OidcAttempt = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const params: Record<string, string> = {
      redirect_uri: p.redirectUri,
      scope: SCOPE,
      response_type: 'code',
      state: attempt.state,
      nonce: attempt.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (p.loginHint) params.login_hint = p.loginHint;
    return { url: oidc.buildAuthorizationUrl(config, params).href, attempt };
  }

  /**
   * The provider's answer at the callback (the full callback URL with code, state and iss) -> the ID
   * token's verified claims. Throws on any provider error or failed check.
   */
  async finish(s: OidcClientSettings, callbackUrl: URL, attempt: OidcAttempt): Promise<Record<string, unknown>> {
    const config = await this.configuration(s);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the token response carried no ID token');
    return claims as Record<string, unknown>;
  }
}

/** A short, log-safe description of what went wrong at the provider (no tokens, no secrets). */
export function describeOidcError(e: unknown): string {
  if (e instanceof oidc.AuthorizationResponseError) return `authorization error ${e.error}`;
  if (e instanceof oidc.ResponseBodyError) return `provider answered ${e.status} ${e.error}`;
  if (e instanceof Error) return `${(e as { code?: string }).code ?? e.name}: ${e.message}`.slice(0, 300);
  return 'unknown error';
}
