/**
 * A real OpenID provider for the single sign-on tests: `oidc-provider` (a certified implementation)
 * listening on a free loopback port inside the test process. Its own login page (the development
 * interactions: any login, any password) signs in the account named by the login, whose claims the test
 * sets (default: the login as a verified e-mail). Consent is granted up front, so a sign-in is the login
 * page only.
 *
 * `tamper` rewrites the ID token of the next token responses (claims re-signed with the provider's own
 * key, or with a foreign key): the only way to make a certified provider hand out an expired, mis-addressed
 * or wrongly signed token, which the client must refuse.
 *
 * Import it as '@app/testing/oidc-provider' (not from the index: only the SSO tests load the provider).
 * The api and browser tiers run it as its own small process: '@app/testing/oidc-provider-process'.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { SignJWT, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

export interface TestOidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export type IdTokenTamper = (claims: Record<string, unknown>) => { claims: Record<string, unknown>; foreignKey?: boolean };

export interface TestOidcProvider {
  issuer: string;
  /** the claims of an account (by login); without an entry: `{ email: login, email_verified: true }` */
  accounts: Map<string, Record<string, unknown>>;
  /** rewrite the ID token of token responses until set back to null */
  tamper: IdTokenTamper | null;
  /** the requests the provider served (method and path), for assertions on discovery and the token endpoint */
  served: string[];
  close(): Promise<void>;
}

/**
 * `control`: answer `GET /__test/served` (the requests served) and `PUT /__test/accounts/<login>` (JSON claims)
 * for a test that runs the provider as its own process (oidc-provider-process.ts).
 */
export async function startOidcProvider(opts: { clients: TestOidcClient[]; host?: string; control?: boolean }): Promise<TestOidcProvider> {
  const host = opts.host ?? '127.0.0.1';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-signing-key', alg: 'RS256', use: 'sig' };
  const foreign = (await generateKeyPair('RS256', { extractable: true })).privateKey;

  const accounts = new Map<string, Record<string, unknown>>();
  const config: Configuration = {
    clients: opts.clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic' })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-key-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, ...(accounts.get(id) ?? { email: id, email_verified: true }) };
        },
      };
    },
    // consent is given: the sign-in is the login page alone
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, config);

  const handle: TestOidcProvider = {
    issuer,
    accounts,
    tamper: null,
    served: [],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  provider.use(async (ctx, next) => {
    if (opts.control && ctx.path.startsWith('/__test/')) {
      if (ctx.method === 'GET' && ctx.path === '/__test/served') {
        ctx.body = handle.served;
        return;
      }
      const login = ctx.method === 'PUT' && ctx.path.startsWith('/__test/accounts/') ? decodeURIComponent(ctx.path.slice('/__test/accounts/'.length)) : '';
      if (login) {
        let raw = '';
        for await (const chunk of ctx.req) raw += String(chunk);
        accounts.set(login, JSON.parse(raw) as Record<string, unknown>);
        ctx.status = 204;
        return;
      }
    }
    handle.served.push(`${ctx.method} ${ctx.path}`);
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && ctx.status === 200 && handle.tamper && body?.id_token) {
      const { claims, foreignKey } = handle.tamper(decodeJwt(body.id_token) as Record<string, unknown>);
      const key = foreignKey ? foreign : await importJWK(jwk, 'RS256');
      body.id_token = await new SignJWT(claims).setProtectedHeader({ ...decodeProtectedHeader(body.id_token), alg: 'RS256', kid: jwk.kid }).sign(key);
    }
  });
  server.on('request', provider.callback());
  return handle;
}

export { signInAtProvider } from './oidc-browser';
