import { Inject, Injectable } from '@nestjs/common';
import {
  AppError, OrgErrors, OrgMessages, UserUpdated, orgUrl,
  type Actor, type LoginResult, type RequestOf, type SsoCallback, type SsoCheck, type SsoSettings, type SsoSettingsView, type TestSsoConnection,
} from '@app/contracts';
import { CONFIG, Outbox, logger, SecretBox } from '@app/platform';
import type { OrganizationConfig } from '../../config';
import { OrgDb, type Scope } from '../../common/org-db';
import { requirePermission } from '../../common/access';
import { OrganizationsRepository, type OrganizationRow } from '../../repositories/organizations.repository';
import { RolesRepository } from '../../repositories/roles.repository';
import { UsersRepository, type UserRow } from '../../repositories/users.repository';
import { LogsRepository } from '../../repositories/logs.repository';
import { TokensRepository } from '../../repositories/tokens.repository';
import { AuthService } from '../auth.service';
import { tokenLifetimeMs, tokenState } from '../../rules/tokens';
import { OidcClients, describeOidcError, type OidcClientSettings } from './oidc.provider';
import { SsoAttempts } from './sso-attempts';
import { nameFromClaims, readStoredSso, ssoAccountDecision, toStoredSso, verifiedEmail, type StoredOidcSettings } from '../../rules/sso';

const CALLBACK_PATH = '/api/sso/callback';

/** The actor of an activity-log entry written on a user's behalf during sign-in. */
function selfActor(u: UserRow): Actor {
  return { kind: 'user', userId: u.id, email: u.email, name: u.name, roleId: u.roleId, isAdmin: false, permissions: [], guestToken: null };
}

/**
 * Single sign-on through the organization's OpenID Connect provider: settings (client secret sealed),
 * check (a new attempt and the provider's URL), callback (the provider's answer -> verified e-mail ->
 * account -> one-time secret) and exchange (secret -> session, through the usual sign-in steps).
 */
@Injectable()
export class SsoService {
  private readonly secrets: SecretBox;
  private readonly clients: OidcClients;

  constructor(
    private readonly db: OrgDb,
    private readonly orgs: OrganizationsRepository,
    private readonly users: UsersRepository,
    private readonly roles: RolesRepository,
    private readonly tokens: TokensRepository,
    private readonly logs: LogsRepository,
    private readonly attempts: SsoAttempts,
    private readonly auth: AuthService,
    private readonly outbox: Outbox,
    @Inject(CONFIG) private readonly config: OrganizationConfig,
  ) {
    this.secrets = new SecretBox(config.AUTH_SECRET!, 'sso-client-secret', config.AUTH_SECRET_PREVIOUS);
    this.clients = new OidcClients({
      allowHttp: config.NODE_ENV !== 'production',
      clockToleranceSeconds: config.SSO_CLOCK_TOLERANCE_SECONDS,
      timeoutSeconds: config.SSO_TIMEOUT_SECONDS,
    });
  }

  /** The address to register at the provider: the organization's own host. */
  redirectUri(slug: string): string {
    return orgUrl({ slug, baseDomain: this.config.PUBLIC_BASE_DOMAIN, protocol: this.config.PUBLIC_PROTOCOL }, CALLBACK_PATH);
  }

  private clientOf(orgId: string, s: StoredOidcSettings & { legacySecret?: string }): OidcClientSettings {
    let secret: string | null = s.legacySecret ?? null;
    if (s.client_secret_sealed) {
      secret = this.secrets.open(s.client_secret_sealed, orgId);
      if (secret === null) {
        logger().warn({ orgId }, 'the SSO client secret cannot be opened (AUTH_SECRET changed?); an administrator must enter it again');
        throw new AppError(OrgErrors.SSO_FAILED);
      }
    }
    return { issuer: s.issuer, clientId: s.client_id, clientSecret: secret };
  }

  private async org(s: Scope): Promise<OrganizationRow> {
    const org = await this.orgs.get(s);
    if (!org) throw AppError.notFound('organization');
    return org;
  }

  /* ------------------------------------------------ settings ------------------------------------------------ */

  private view(org: OrganizationRow): SsoSettingsView {
    const s = readStoredSso(org.sso);
    return {
      provider: s ? 'oidc' : 'none',
      issuer: s?.issuer ?? null,
      client_id: s?.client_id ?? null,
      has_client_secret: !!(s?.client_secret_sealed || s?.legacySecret),
      allowed_domains: s?.allowed_domains ?? [],
      unknown_user: s?.unknown_user ?? 'refuse',
      create_role_id: s?.create_role_id ?? null,
      two_factor: s?.two_factor ?? 'organization',
      redirect_uri: this.redirectUri(org.slug),
    };
  }

  getSettings(orgId: string, actor: Actor): Promise<SsoSettingsView> {
    requirePermission(actor, 'organization_manage');
    return this.db.tenant(orgId, async (s) => this.view(await this.org(s)));
  }

  updateSettings(orgId: string, actor: Actor, body: SsoSettings): Promise<SsoSettingsView> {
    requirePermission(actor, 'organization_manage');
    if (body.provider === 'local') throw AppError.validation({ provider: 'The selected provider is invalid.' });
    return this.db.command(orgId, async (s) => {
      const before = await this.org(s);
      if (body.provider === 'none') {
        const org = await this.orgs.update(s, { sso: null });
        await this.logs.write(s, actor, 'Turned off single sign-on');
        return this.view(org);
      }
      if (body.create_role_id !== null && body.unknown_user === 'create' && !(await this.roles.get(s, body.create_role_id))) {
        throw AppError.validation({ create_role_id: OrgMessages.roleRequired });
      }
      const old = readStoredSso(before.sso);
      const sameClient = old && old.issuer === body.issuer && old.client_id === body.client_id;
      // a new secret is sealed; left out, the stored one is kept (for the same client), or sealed from a legacy row
      let sealed: string | null = null;
      if (body.client_secret) sealed = this.secrets.seal(body.client_secret, orgId);
      // kept: sealed again under the current AUTH_SECRET when only AUTH_SECRET_PREVIOUS opens it (a rotation)
      else if (sameClient && old.client_secret_sealed) sealed = this.secrets.reopen(old.client_secret_sealed, orgId)?.resealed ?? old.client_secret_sealed;
      else if (sameClient && old.legacySecret) sealed = this.secrets.seal(old.legacySecret, orgId);
      const org = await this.orgs.update(s, { sso: toStoredSso(body, sealed) });
      await this.logs.write(s, actor, `Updated single sign-on (OpenID Connect, ${body.issuer})`);
      return this.view(org);
    });
  }

  /** "Test the connection": discovery at the issuer, and what it found; unreachable -> a message on the issuer field. */
  async testConnection(req: RequestOf<typeof TestSsoConnection>) {
    requirePermission(req.actor, 'organization_manage');
    try {
      const m = await this.clients.discover(req.issuer);
      return {
        issuer: m.issuer,
        authorization_endpoint: m.authorization_endpoint ?? '',
        token_endpoint: m.token_endpoint ?? '',
        jwks_uri: m.jwks_uri ?? null,
        userinfo_endpoint: m.userinfo_endpoint ?? null,
        pkce_s256: (m.code_challenge_methods_supported ?? []).includes('S256'),
        scopes_supported: m.scopes_supported ?? [],
        id_token_signing_alg_values_supported: m.id_token_signing_alg_values_supported ?? [],
      };
    } catch (e) {
      logger().info({ orgId: req.orgId, issuer: req.issuer, err: describeOidcError(e) }, 'single sign-on discovery failed');
      throw AppError.validation({ issuer: OrgMessages.ssoDiscovery });
    }
  }

  /* ------------------------------------------------ sign-in ------------------------------------------------ */

  async check(req: RequestOf<typeof SsoCheck>): Promise<{ sso: boolean; provider: string | null; url: string | null }> {
    const org = await this.db.tenant(req.orgId, (s) => this.orgs.get(s));
    const settings = readStoredSso(org?.sso);
    if (!org || !settings) return { sso: false, provider: null, url: null };
    let started: Awaited<ReturnType<OidcClients['start']>>;
    try {
      started = await this.clients.start(this.clientOf(org.id, settings), { redirectUri: this.redirectUri(org.slug), loginHint: req.email.trim() || undefined });
    } catch (e) {
      if (e instanceof AppError) throw e;
      logger().warn({ orgId: org.id, err: describeOidcError(e) }, 'single sign-on discovery failed');
      throw new AppError(OrgErrors.SSO_PROVIDER_ERROR);
    }
    await this.attempts.save({ ...started.attempt, orgId: org.id, browser: req.browser });
    return { sso: true, provider: 'oidc', url: started.url };
  }

  async callback(req: RequestOf<typeof SsoCallback>): Promise<{ secret: string; slug: string }> {
    const attempt = await this.attempts.take(req.state);
    // unknown, expired or replayed state; another browser's attempt
    if (!attempt || !req.browser || attempt.browser !== req.browser) {
      logger().info({ host: req.orgSlug, known: !!attempt }, 'single sign-on callback refused: state unknown, used, or from another browser');
      throw new AppError(OrgErrors.SSO_FAILED);
    }
    const orgId = attempt.orgId;
    const org = await this.db.tenant(orgId, (s) => this.orgs.get(s));
    // the return must arrive on the host of the organization that started the attempt
    if (org && req.orgSlug && req.orgSlug !== org.slug) {
      logger().info({ orgId, host: req.orgSlug }, "single sign-on callback refused: another organization's host");
      throw new AppError(OrgErrors.SSO_FAILED);
    }
    const settings = readStoredSso(org?.sso);
    if (!org || !settings) throw new AppError(OrgErrors.SSO_NOT_CONFIGURED);
    if (req.error || !req.code) {
      logger().info({ orgId, error: req.error }, 'the identity provider answered an error');
      throw new AppError(OrgErrors.SSO_PROVIDER_ERROR);
    }
    const url = new URL(this.redirectUri(org.slug));
    url.searchParams.set('code', req.code);
    url.searchParams.set('state', req.state);
    if (req.iss) url.searchParams.set('iss', req.iss);
    let claims: Record<string, unknown>;
    try {
      claims = await this.clients.finish(this.clientOf(orgId, settings), url, attempt);
    } catch (e) {
      if (e instanceof AppError) throw e;
      logger().warn({ orgId, err: describeOidcError(e) }, 'single sign-on refused: the provider answer did not verify');
      throw new AppError(OrgErrors.SSO_FAILED);
    }
    // the identity is the provider's subject at its issuer (both checked in the ID token by openid-client)
    const subject = typeof claims.sub === 'string' && claims.sub.length > 0 && claims.sub.length <= 255 ? claims.sub : null;
    const issuer = typeof claims.iss === 'string' && claims.iss ? claims.iss : settings.issuer;
    if (!subject) {
      logger().warn({ orgId }, 'single sign-on refused: the ID token has no usable subject');
      throw new AppError(OrgErrors.SSO_FAILED);
    }
    const email = verifiedEmail(claims);

    return this.db.command(orgId, async (s) => {
      const bound = await this.users.bySsoSubject(s, issuer, subject);
      const byEmail = bound || 'refusal' in email ? null : await this.users.byEmail(s, email.email);
      const createRole = settings.unknown_user === 'create' && settings.create_role_id ? await this.roles.get(s, settings.create_role_id) : null;
      const decision = ssoAccountDecision({ bound, byEmail, email, allowedDomains: settings.allowed_domains, createUnknown: !!createRole });
      if ('refuse' in decision) {
        if (decision.refuse === 'SSO_ACCOUNT_LINKED' || decision.refuse === 'SSO_LINK_NOT_ALLOWED') {
          logger().info({ orgId, userId: byEmail?.id, reason: decision.refuse }, 'single sign-on refused: the e-mail names an account this identity may not take');
        }
        throw new AppError(OrgErrors[decision.refuse]);
      }
      let user: UserRow;
      if (decision.action === 'sign-in') {
        user = bound!;
      } else if (decision.action === 'link') {
        if (byEmail!.status !== 'Active') throw new AppError(OrgErrors.ACCOUNT_INACTIVE);
        user = await this.users.update(s, byEmail!.id, { ssoIssuer: issuer, ssoSubject: subject });
        await this.logs.write(s, selfActor(user), 'Account linked to single sign-on');
      } else {
        const address = (email as { email: string }).email;
        user = await this.users.insert(s, {
          name: nameFromClaims(claims, address), email: address, roleId: createRole!.id, status: 'Active', emailVerifiedAt: new Date(), lang: 'en',
          ssoIssuer: issuer, ssoSubject: subject,
        });
        await this.outbox.add(s.tx, UserUpdated, { orgId, userId: user.id, name: user.name, email: user.email, lang: 'en', status: 'Active' });
        await this.logs.write(s, selfActor(user), `Account created through single sign-on (role ${createRole!.name})`);
      }
      if (user.status !== 'Active') throw new AppError(OrgErrors.ACCOUNT_INACTIVE);
      const t = await this.tokens.issue(s, user.id, 'sso', tokenLifetimeMs('sso', this.config));
      await this.logs.write(s, selfActor(user), 'Signed in through single sign-on');
      return { secret: t.token, slug: org.slug };
    });
  }

  async exchange(orgId: string, secret: string): Promise<LoginResult> {
    const { user, settings } = await this.db.tenant(orgId, async (s) => {
      const t = await this.tokens.find(s, 'sso', secret);
      if (tokenState(t, new Date()) !== 'valid') throw new AppError(OrgErrors.SSO_FAILED);
      await this.tokens.markUsed(s, t!.id);
      return { user: await this.users.get(s, t!.userId), settings: readStoredSso((await this.orgs.get(s))?.sso) };
    });
    if (!user) throw new AppError(OrgErrors.SSO_FAILED);
    // the provider verified the e-mail address; the second factor is the organization's unless the admin leaves it to the provider
    return this.auth.afterFirstFactor(orgId, user, { issuePinToken: true, skipVerification: true, skipTwoFactor: settings?.two_factor === 'provider' });
  }
}
