import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppError, OrgErrors, type LoginResult, type SsoSettings } from '@app/contracts';
import { CONFIG, logger } from '@app/platform';
import type { OrganizationConfig } from '../../config';
import { OrgDb } from '../../common/org-db';
import { OrganizationsRepository } from '../../tenancy/organizations.repository';
import { UsersRepository } from '../../users/users.repository';
import { TokensRepository } from '../tokens.repository';
import { AuthService } from '../auth.service';
import { tokenLifetimeMs, tokenState } from '../token-rules';
import { LocalProvider } from './local.provider';
import { OidcProvider } from './oidc.provider';
import { sign, verifySigned, type SsoProvider } from './sso-provider';

const STATE_TTL_MS = 10 * 60_000;

export function providerFor(settings: SsoSettings | null | undefined): SsoProvider | null {
  if (!settings) return null;
  if (settings.provider === 'oidc') return new OidcProvider(settings);
  if (settings.provider === 'local') return new LocalProvider(settings.secret);
  return null;
}

/**
 * Single sign-on: check (does the organization use SSO, and where to go), callback (code -> user ->
 * one-time secret) and exchange (secret -> session, through the usual sign-in steps).
 */
@Injectable()
export class SsoService {
  constructor(
    private readonly db: OrgDb,
    private readonly orgs: OrganizationsRepository,
    private readonly users: UsersRepository,
    private readonly tokens: TokensRepository,
    private readonly auth: AuthService,
    @Inject(CONFIG) private readonly config: OrganizationConfig,
  ) {}

  private key(): string {
    return this.config.AUTH_SECRET!;
  }

  async check(orgId: string, email: string, redirectUri: string): Promise<{ sso: boolean; provider: string | null; url: string | null }> {
    const org = await this.db.tenant(orgId, (s) => this.orgs.get(s));
    const provider = providerFor(org?.sso as SsoSettings | null);
    if (!org || !provider) return { sso: false, provider: null, url: null };
    const state = sign({ orgId, nonce: randomBytes(12).toString('base64url'), exp: Date.now() + STATE_TTL_MS }, this.key());
    return { sso: true, provider: provider.name, url: provider.authorizeUrl({ state, redirectUri, loginHint: email }) };
  }

  async callback(code: string, state: string, redirectUri: string): Promise<{ secret: string; slug: string }> {
    const st = verifySigned<{ orgId: string; exp: number }>(state, this.key());
    if (!st) throw new AppError(OrgErrors.SSO_FAILED);
    const org = await this.db.tenant(st.orgId, (s) => this.orgs.get(s));
    const provider = providerFor(org?.sso as SsoSettings | null);
    if (!org || !provider) throw new AppError(OrgErrors.SSO_NOT_CONFIGURED);
    let identity: { email: string };
    try {
      identity = await provider.exchange({ code, redirectUri });
    } catch (e) {
      logger().warn({ err: e, provider: provider.name }, 'single sign-on exchange failed');
      throw new AppError(OrgErrors.SSO_FAILED);
    }
    return this.db.tenant(org.id, async (s) => {
      const user = await this.users.byEmail(s, identity.email);
      if (!user || user.status !== 'Active') throw new AppError(OrgErrors.SSO_FAILED);
      const t = await this.tokens.issue(s, user.id, 'sso', tokenLifetimeMs('sso', this.config));
      return { secret: t.token, slug: org.slug };
    });
  }

  async exchange(orgId: string, secret: string): Promise<LoginResult> {
    const user = await this.db.tenant(orgId, async (s) => {
      const t = await this.tokens.find(s, 'sso', secret);
      if (tokenState(t, new Date()) !== 'valid') throw new AppError(OrgErrors.SSO_FAILED);
      await this.tokens.markUsed(s, t!.id);
      return this.users.get(s, t!.userId);
    });
    if (!user) throw new AppError(OrgErrors.SSO_FAILED);
    // the identity provider vouched for the e-mail address
    return this.auth.afterFirstFactor(orgId, user, { issuePinToken: true, skipVerification: true });
  }
}
