import { Inject, Injectable } from '@nestjs/common';
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

/** The provider comes back here: the same origin the browser used for the check. */
function callbackUrl(req: ApiRequest): string {
  return `${req.protocol}://${req.get('host')}/api/sso/callback`;
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
  async ssoCheck({ call, body, req }: RouteContext<typeof Routes.ssoCheck>): Promise<RouteResult<typeof Routes.ssoCheck>> {
    const r = await this.bus.request(SsoCheck, { orgId: orgOf(call), email: body.email, redirectUri: callbackUrl(req) });
    return { success: true as const, sso: r.sso, url: r.url, data: r };
  }

  @Implements(Routes.ssoCallback)
  async ssoCallback({ query, req }: RouteContext<typeof Routes.ssoCallback>): Promise<RouteResult<typeof Routes.ssoCallback>> {
    const r = await this.bus.request(SsoCallback, { code: query.code, state: query.state, redirectUri: callbackUrl(req) });
    return new Redirect(orgUrl({ slug: r.slug, baseDomain: this.config.PUBLIC_BASE_DOMAIN, protocol: this.config.PUBLIC_PROTOCOL }, AppPaths.ssoLogin(r.secret)));
  }

  @Implements(Routes.ssoExchange)
  async ssoExchange({ call, body }: RouteContext<typeof Routes.ssoExchange>): Promise<RouteResult<typeof Routes.ssoExchange>> {
    return loginAnswer(await this.bus.request(SsoExchange, { orgId: orgOf(call), secret: body.secret }), call.lang);
  }
}
