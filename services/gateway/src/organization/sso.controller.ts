import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { z } from 'zod';
import { AppPaths, SsoCallback, SsoCheck, SsoExchange, orgUrl, zProfile, zSsoCallbackQuery, zSsoCheckBody, zSsoExchangeBody, type Lang, type OrgPublic } from '@app/contracts';
import { Bus, CONFIG } from '@app/platform';
import type { GatewayConfig } from '../config';
import { NoOrg, Org, Public, RateLimit, ReqLang } from '../core/decorators';
import { Doc } from '../core/openapi';

import { Z } from '../core/zod.pipe';
import type { ApiRequest } from '../core/request';
import { loginAnswer } from './auth.controller';

/** The provider comes back here: the same origin the browser used for the check. */
function callbackUrl(req: ApiRequest): string {
  return `${req.protocol}://${req.get('host')}/api/sso/callback`;
}

/** Single sign-on: check (multipart email), the provider's callback, exchange (form field secret). */
@Controller('sso')
export class SsoController {
  constructor(private readonly bus: Bus, @Inject(CONFIG) private readonly config: GatewayConfig) {}

  @Post('check')
  @HttpCode(200)
  @Public()
  @RateLimit({ name: 'sso', identityField: 'email' })
  @UseInterceptors(NoFilesInterceptor())
  @Doc({ summary: "Whether the organization signs in through SSO, and the provider's authorize URL", tags: ['auth'], body: zSsoCheckBody, response: z.object({ sso: z.boolean(), provider: z.string().nullable(), url: z.string().nullable() }) })
  async check(@Org() org: OrgPublic, @Body(Z(zSsoCheckBody)) body: z.output<typeof zSsoCheckBody>, @Req() req: ApiRequest) {
    const r = await this.bus.request(SsoCheck, { orgId: org.id, email: body.email, redirectUri: callbackUrl(req) });
    return { success: true, sso: r.sso, url: r.url, data: r };
  }

  @Get('callback')
  @NoOrg()
  @RateLimit({ name: 'sso' })
  @Doc({ summary: 'Where the identity provider returns (code, state): redirects to the sign-in page with a one-time secret', tags: ['auth'], query: zSsoCallbackQuery })
  async callback(@Query(Z(zSsoCallbackQuery)) q: z.output<typeof zSsoCallbackQuery>, @Req() req: ApiRequest, @Res() res: Response) {
    const r = await this.bus.request(SsoCallback, { code: q.code, state: q.state, redirectUri: callbackUrl(req) });
    const target = orgUrl({ slug: r.slug, baseDomain: this.config.PUBLIC_BASE_DOMAIN, protocol: this.config.PUBLIC_PROTOCOL }, AppPaths.ssoLogin(r.secret));
    res.redirect(302, target);
  }

  @Post('exchange')
  @HttpCode(200)
  @Public()
  @RateLimit({ name: 'sso', identityField: 'secret' })
  @UseInterceptors(NoFilesInterceptor())
  @Doc({ summary: 'Trade the one-time SSO secret for a session (same answer as /api/login)', tags: ['auth'], body: zSsoExchangeBody, response: zProfile.nullable() })
  async exchange(@Org() org: OrgPublic, @Body(Z(zSsoExchangeBody)) body: z.output<typeof zSsoExchangeBody>, @ReqLang() lang: Lang) {
    return loginAnswer(await this.bus.request(SsoExchange, { orgId: org.id, secret: body.secret }), lang);
  }
}

