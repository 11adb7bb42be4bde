import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';

import { z } from 'zod';
import {
  ChangePassword, CompleteProfile, ForgotPassword, Login, NameByToken, PinLogin, ResetPassword, SetPin, TwoFactorDisable, TwoFactorEnable,
  TwoFactorLogin, TwoFactorSetup, VerifyEmail, zChangePasswordBody, zCompleteProfileBody, zForgotPasswordBody, zLoginBody,
  zPinLoginBody, zProfile, zResetPasswordBody, zSetPinBody, zTwoFactorCodeBody, zTwoFactorDisableBody, zTwoFactorLoginBody, zVerifyEmailBody,
  OrgMessages, translate, type Actor, type Lang, type LoginResult, type OrgPublic,
} from '@app/contracts';
import { Bus, SessionStore } from '@app/platform';
import { CurrentActor, Org, Public, RateLimit, ReqLang, SessionToken } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok } from '../core/http';
import { Z } from '../core/zod.pipe';
import { Input } from './input';

/** The sign-in answer with the spec's flat fields (token, log_token, email, role, status, message) and the profile as data. */
export function loginAnswer(r: LoginResult, lang: Lang) {
  return {
    success: true,
    status: r.status,
    token: r.token,
    log_token: r.log_token,
    pin_token: r.pin_token,
    two_factor: r.two_factor,
    email: r.email,
    role: r.role,
    message: translate(r.message, lang),
    data: r.profile,
  };
}
const zLoginAnswer = zProfile.nullable();
const msg = (m: string | undefined, lang: Lang) => (m ? translate(m, lang) : undefined);

/** Sign-in and credentials (platform.md §7 "Sign-in and access"). */
@Controller()
export class AuthController {
  constructor(private readonly bus: Bus, private readonly sessions: SessionStore) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  @RateLimit({ name: 'login', count: 'failures', identityField: 'email' })
  @Doc({ summary: 'Sign in with e-mail and password (status 1 signed in, 2 e-mail not verified; two_factor -> log_token)', tags: ['auth'], body: zLoginBody, response: zLoginAnswer })
  async login(@Org() org: OrgPublic, @Input(Z(zLoginBody)) body: z.output<typeof zLoginBody>, @ReqLang() lang: Lang) {
    return loginAnswer(await this.bus.request(Login, { orgId: org.id, ...body }), lang);
  }

  @Post('token_login')
  @HttpCode(200)
  @Public()
  @RateLimit({ name: 'pin', count: 'failures', identityField: 'token' })
  @Doc({ summary: 'PIN sign-in: bin_code and the pin_token returned by a password sign-in on this device', tags: ['auth'], body: zPinLoginBody, response: zLoginAnswer })
  async pinLogin(@Org() org: OrgPublic, @Input(Z(zPinLoginBody)) body: z.output<typeof zPinLoginBody>, @ReqLang() lang: Lang) {
    return loginAnswer(await this.bus.request(PinLogin, { orgId: org.id, ...body }), lang);
  }

  @Post('two_auth_factor')
  @HttpCode(200)
  @Public()
  @RateLimit({ name: 'two-factor', count: 'failures', identityField: 'log_token' })
  @Doc({ summary: 'Second step of a two-factor sign-in: log_token and the TOTP code', tags: ['auth'], body: zTwoFactorLoginBody, response: zLoginAnswer })
  async twoFactor(@Org() org: OrgPublic, @Input(Z(zTwoFactorLoginBody)) body: z.output<typeof zTwoFactorLoginBody>, @ReqLang() lang: Lang) {
    return loginAnswer(await this.bus.request(TwoFactorLogin, { orgId: org.id, ...body }), lang);
  }

  @Post('logout')
  @HttpCode(200)
  @Public()
  @Doc({ summary: 'Sign out (ends the session of the token sent)', tags: ['auth'] })
  async logout(@SessionToken() token: string | undefined, @ReqLang() lang: Lang) {
    if (token) await this.sessions.destroy(token);
    return ok(null, translate(OrgMessages.loggedOut, lang));
  }

  @Post('forget_password')
  @HttpCode(200)
  @Public()
  @RateLimit({ name: 'password-reset', count: 'attempts', identityField: 'email' })
  @Doc({ summary: 'Send a password reset link (always the same answer)', tags: ['auth'], body: zForgotPasswordBody })
  async forgot(@Org() org: OrgPublic, @Input(Z(zForgotPasswordBody)) body: z.output<typeof zForgotPasswordBody>, @ReqLang() lang: Lang) {
    const r = await this.bus.request(ForgotPassword, { orgId: org.id, ...body });
    return ok(null, msg(r.message, lang));
  }

  @Post('reset_password')
  @HttpCode(200)
  @Public()
  @RateLimit({ name: 'password-reset', count: 'failures', identityField: 'email', credentialFields: ['token'] })
  @Doc({ summary: 'Set a new password with the e-mailed token (single use; ends existing sessions)', tags: ['auth'], body: zResetPasswordBody })
  async reset(@Org() org: OrgPublic, @Input(Z(zResetPasswordBody)) body: z.output<typeof zResetPasswordBody>, @ReqLang() lang: Lang) {
    const r = await this.bus.request(ResetPassword, { orgId: org.id, ...body });
    return ok(null, msg(r.message, lang));
  }

  @Post('complete_profile')
  @HttpCode(200)
  @Public()
  @RateLimit({ name: 'verify', count: 'failures', identityField: 'email', credentialFields: ['token'] })
  @Doc({ summary: 'Finish registration: set the first password with the invitation token', tags: ['auth'], body: zCompleteProfileBody })
  async complete(@Org() org: OrgPublic, @Input(Z(zCompleteProfileBody)) body: z.output<typeof zCompleteProfileBody>, @ReqLang() lang: Lang) {
    const r = await this.bus.request(CompleteProfile, { orgId: org.id, ...body });
    return ok(null, msg(r.message, lang));
  }

  @Post('auth_verification')
  @HttpCode(200)
  @Public()
  @RateLimit({ name: 'verify', count: 'failures', identityField: 'email', credentialFields: ['token'] })
  @Doc({ summary: 'Verify the e-mail address with the e-mailed token', tags: ['auth'], body: zVerifyEmailBody })
  async verify(@Org() org: OrgPublic, @Input(Z(zVerifyEmailBody)) body: z.output<typeof zVerifyEmailBody>, @ReqLang() lang: Lang) {
    const r = await this.bus.request(VerifyEmail, { orgId: org.id, ...body });
    return ok(null, msg(r.message, lang));
  }

  @Get('namebytoken/:token')
  @Public()
  @RateLimit({ name: 'verify', count: 'failures' })
  @Doc({ summary: "The invited user's name for the complete-profile page", tags: ['auth'], response: z.object({ name: z.string(), email: z.string() }) })
  async nameByToken(@Org() org: OrgPublic, @Param('token') token: string) {
    const r = await this.bus.request(NameByToken, { orgId: org.id, token: String(token).slice(0, 500) });
    return { success: true, name: r.name, email: r.email, data: r };
  }

  @Post('change_password')
  @HttpCode(200)
  @Doc({ summary: 'Change the password (current, new and retype)', tags: ['profile'], body: zChangePasswordBody })
  async changePassword(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zChangePasswordBody)) body: z.output<typeof zChangePasswordBody>, @ReqLang() lang: Lang) {
    const r = await this.bus.request(ChangePassword, { orgId: org.id, actor, ...body });
    return ok(null, msg(r.message, lang));
  }

  @Post('pin')
  @HttpCode(200)
  @Doc({ summary: 'Set the sign-in PIN (5 digits, retyped)', tags: ['profile'], body: zSetPinBody })
  async setPin(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zSetPinBody)) body: z.output<typeof zSetPinBody>, @ReqLang() lang: Lang) {
    const r = await this.bus.request(SetPin, { orgId: org.id, actor, ...body });
    return ok(null, msg(r.message, lang));
  }

  @Post('two_factor/setup')
  @HttpCode(200)
  @Doc({ summary: 'Start two-factor enrolment: a new secret and its otpauth URL (active after confirming a code)', tags: ['profile'], response: z.object({ secret: z.string(), otpauth_url: z.string(), enabled: z.boolean() }) })
  async twoFactorSetup(@Org() org: OrgPublic, @CurrentActor() actor: Actor) {
    return ok(await this.bus.request(TwoFactorSetup, { orgId: org.id, actor }));
  }

  @Post('two_factor/enable')
  @HttpCode(200)
  @RateLimit({ name: 'two-factor', count: 'failures', identityFromActor: true, credentialFields: ['code'] })
  @Doc({ summary: 'Turn two-factor on by confirming a code from the authenticator', tags: ['profile'], body: zTwoFactorCodeBody })
  async twoFactorEnable(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zTwoFactorCodeBody)) body: z.output<typeof zTwoFactorCodeBody>, @ReqLang() lang: Lang) {
    const r = await this.bus.request(TwoFactorEnable, { orgId: org.id, actor, ...body });
    return ok({ two_factor: true }, msg(r.message, lang));
  }

  @Post('two_factor/disable')
  @HttpCode(200)
  @RateLimit({ name: 'two-factor', count: 'failures', identityFromActor: true, credentialFields: ['password'] })
  @Doc({ summary: 'Turn two-factor off (current password)', tags: ['profile'], body: zTwoFactorDisableBody })
  async twoFactorDisable(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zTwoFactorDisableBody)) body: z.output<typeof zTwoFactorDisableBody>, @ReqLang() lang: Lang) {
    const r = await this.bus.request(TwoFactorDisable, { orgId: org.id, actor, ...body });
    return ok({ two_factor: false }, msg(r.message, lang));
  }
}

