import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import {
  AppError, AppPaths, Login, NameByToken, PinLogin, Routes, SsoCallback, SsoCheck, SsoExchange, TwoFactorLogin, orgUrl, translate,
  type Lang, type LoginResult, type PublicCall, type RouteData,
} from '@app/contracts';
import { Bus, CONFIG, SessionStore } from '@app/platform';
import type { GatewayConfig } from '../config';
import type { ApiRequest } from '../core/request';
import { Implements, Redirect, type RouteContext, type RouteResult } from '../core/routes';

/** The sign-in answer with the spec's flat fields (token, log_token, email, role, status, message) and the profile as data. */
export function loginAnswer(r: LoginResult, lang: Lang): RouteData<typeof Routes.login> {
  const { profile, message, ...flat } = r;
  return { success: true, ...flat, message: translate(message, lang), data: profile };
}

/** The cookie that binds an SSO attempt to the browser that started it (only its SHA-256 reaches the service). */
const SSO_COOKIE = 'sso_attempt';
const SSO_COOKIE_MS = 10 * 60_000;
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

function cookieOf(req: ApiRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** Public routes of a named organization (the guard already answered 404 when the host names none). */
function orgOf(call: PublicCall): string {
  if (!call.orgId) throw new AppError('INVALID_ORGANIZATION');
  return call.orgId;
}

/** Sign-in routes that compose (docs/product/administration.md#api): flat sign-in answers, sign-out, SSO check, callback and exchange. */
@Injectable()
export class SignInRoutes {
  constructor(private readonly bus: Bus, private readonly sessions: SessionStore, @Inject(CONFIG) private readonly config: GatewayConfig) {}

  @Implements(Routes.login)
  async login({ call, body }: RouteContext<typeof Routes.login>): Promise<RouteResult<typeof Routes.login>> {
    return loginAnswer(await this.bus.request(Login, { orgId: orgOf(call), ...body }), call.lang);
  }

  @Implements(Routes.pinLogin)
  async pinLogin({ call, body }: RouteContext<typeof Routes.pinLogin>): Promise<RouteResult<typeof Routes.pinLogin>> {
    return loginAnswer(await this.bus.request(PinLogin, { orgId: orgOf(call), ...body }), call.lang);
  }

  @Implements(Routes.twoFactorLogin)
  async twoFactorLogin({ call, body }: RouteContext<typeof Routes.twoFactorLogin>): Promise<RouteResult<typeof Routes.twoFactorLogin>> {
    return loginAnswer(await this.bus.request(TwoFactorLogin, { orgId: orgOf(call), ...body }), call.lang);
  }

  @Implements(Routes.logout)
  async logout({ req }: RouteContext<typeof Routes.logout>): Promise<RouteResult<typeof Routes.logout>> {
    if (req.sessionToken) await this.sessions.destroy(req.sessionToken);
    return null;
  }

  @Implements(Routes.nameByToken)
  async nameByToken({ call, params }: RouteContext<typeof Routes.nameByToken>): Promise<RouteResult<typeof Routes.nameByToken>> {
    const r = await this.bus.request(NameByToken, { orgId: orgOf(call), token: params.token.slice(0, 500) });
    return { success: true as const, name: r.name, email: r.email, data: r };
  }

  @Implements(Routes.ssoCheck)
  async ssoCheck({ call, body, res }: RouteContext<typeof Routes.ssoCheck>): Promise<RouteResult<typeof Routes.ssoCheck>> {
    const attempt = randomBytes(32).toString('base64url');
    const r = await this.bus.request(SsoCheck, { orgId: orgOf(call), email: body.email, browser: sha256(attempt) });
    if (r.sso) {
      res.cookie(SSO_COOKIE, attempt, { httpOnly: true, sameSite: 'lax', secure: this.config.PUBLIC_PROTOCOL === 'https', path: '/api/sso', maxAge: SSO_COOKIE_MS });
    }
    return { success: true as const, sso: r.sso, url: r.url, data: r };
  }

  /** The provider's return: on success to the sign-in page with a one-time secret; refused, to the SSO page with the reason. */
  @Implements(Routes.ssoCallback)
  async ssoCallback({ query, req, res }: RouteContext<typeof Routes.ssoCallback>): Promise<RouteResult<typeof Routes.ssoCallback>> {
    const cookie = cookieOf(req, SSO_COOKIE);
    res.clearCookie(SSO_COOKIE, { path: '/api/sso' });
    try {
      const r = await this.bus.request(SsoCallback, {
        orgSlug: req.orgSlug ?? null, browser: cookie ? sha256(cookie) : null, state: query.state, code: query.code ?? null, iss: query.iss ?? null, error: query.error ?? null,
      });
      return new Redirect(orgUrl({ slug: r.slug, baseDomain: this.config.PUBLIC_BASE_DOMAIN, protocol: this.config.PUBLIC_PROTOCOL }, AppPaths.ssoLogin(r.secret)));
    } catch (e) {
      // on the organization's host the browser lands on the SSO page with the reason; elsewhere the error answers as JSON
      if (e instanceof AppError && e.status < 500 && req.orgSlug) {
        return new Redirect(orgUrl({ slug: req.orgSlug, baseDomain: this.config.PUBLIC_BASE_DOMAIN, protocol: this.config.PUBLIC_PROTOCOL }, AppPaths.ssoFailed(e.code)));
      }
      throw e;
    }
  }

  @Implements(Routes.ssoExchange)
  async ssoExchange({ call, body }: RouteContext<typeof Routes.ssoExchange>): Promise<RouteResult<typeof Routes.ssoExchange>> {
    return loginAnswer(await this.bus.request(SsoExchange, { orgId: orgOf(call), secret: body.secret }), call.lang);
  }
}
