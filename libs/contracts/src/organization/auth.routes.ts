import { z } from 'zod';
import { AppError } from '../core/errors';
import { defineComposedRoute, defineRoute, type PublicCall } from '../core/route';
import {
  CompleteProfile, ForgotPassword, NameByToken, ResetPassword, SsoCheck, VerifyEmail, zLoginResult,
} from './auth.rpc';
import {
  zCompleteProfileBody, zForgotPasswordBody, zLoginBody, zPinLoginBody, zResetPasswordBody, zSsoCallbackQuery, zSsoCheckBody, zSsoExchangeBody,
  zTwoFactorLoginBody, zVerifyEmailBody,
} from './auth.http';
import { OrgMessages } from './organization.errors';
import { zProfile } from './users.rpc';

/**
 * The sign-in answer as the spec has it (docs/product/sign-in.md#api): flat fields token, log_token,
 * pin_token, two_factor, email, role, status and the translated message, with the signed-in profile as `data`.
 */
export const zLoginAnswer = zLoginResult.omit({ profile: true }).extend({ success: z.literal(true), data: zProfile.nullable() });

/** POST /api/sso/check: whether the organization signs in through SSO, flat and as `data`. */
export const zSsoCheckAnswer = z.object({ success: z.literal(true), sso: z.boolean(), url: z.string().nullable(), data: SsoCheck.response });

/** GET /api/namebytoken/{token}: the invited user's name and e-mail, flat and as `data`. */
export const zNameByTokenAnswer = z.object({
  success: z.literal(true),
  name: z.string(),
  email: z.string(),
  data: NameByToken.response,
});

/** Public routes of a named organization: the guard answered 404 'Invalid Organization URL' when the host names none. */
function orgOf(call: PublicCall): string {
  if (!call.orgId) throw new AppError('INVALID_ORGANIZATION');
  return call.orgId;
}

const tags = ['auth'];

/** Sign-in, password reset, invitation, e-mail verification and single sign-on (docs/product/administration.md#api). */
export const AuthRoutes = {
  login: defineComposedRoute({
    method: 'POST', path: '/api/login', access: 'public', tags, body: zLoginBody, mergeQuery: true, answer: 'raw', response: zLoginAnswer,
    rateLimit: { name: 'login', count: 'failures', identityField: 'email' },
    summary: 'Sign in with e-mail and password (status 1 signed in, 2 e-mail not verified; two_factor -> log_token)',
  }),
  pinLogin: defineComposedRoute({
    method: 'POST', path: '/api/token_login', access: 'public', tags, body: zPinLoginBody, mergeQuery: true, answer: 'raw', response: zLoginAnswer,
    rateLimit: { name: 'pin', count: 'failures', identityField: 'token' },
    summary: 'PIN sign-in: bin_code and the pin_token returned by a password sign-in on this device',
  }),
  twoFactorLogin: defineComposedRoute({
    method: 'POST', path: '/api/two_auth_factor', access: 'public', tags, body: zTwoFactorLoginBody, mergeQuery: true, answer: 'raw', response: zLoginAnswer,
    rateLimit: { name: 'two-factor', count: 'failures', identityField: 'log_token' },
    summary: 'Second step of a two-factor sign-in: log_token and the TOTP code',
  }),
  logout: defineComposedRoute({
    method: 'POST', path: '/api/logout', access: 'public', tags, response: z.null(), message: OrgMessages.loggedOut,
    summary: 'Sign out (ends the session of the token sent)',
  }),
  forgotPassword: defineRoute({
    method: 'POST', path: '/api/forget_password', access: 'public', tags, body: zForgotPasswordBody, mergeQuery: true, answer: 'empty',
    rateLimit: { name: 'password-reset', count: 'attempts', identityField: 'email' }, message: OrgMessages.resetSent,
    summary: 'Send a password reset link (always the same answer)',
    rpc: ForgotPassword, toRpc: ({ call, body }) => ({ orgId: orgOf(call), ...body }),
  }),
  resetPassword: defineRoute({
    method: 'POST', path: '/api/reset_password', access: 'public', tags, body: zResetPasswordBody, mergeQuery: true, answer: 'empty',
    rateLimit: { name: 'password-reset', count: 'failures', identityField: 'email', credentialFields: ['token'] }, message: OrgMessages.passwordReset,
    summary: 'Set a new password with the e-mailed token (single use; ends existing sessions)',
    rpc: ResetPassword, toRpc: ({ call, body }) => ({ orgId: orgOf(call), ...body }),
  }),
  completeProfile: defineRoute({
    method: 'POST', path: '/api/complete_profile', access: 'public', tags, body: zCompleteProfileBody, mergeQuery: true, answer: 'empty',
    rateLimit: { name: 'verify', count: 'failures', identityField: 'email', credentialFields: ['token'] }, message: OrgMessages.profileCompleted,
    summary: 'Finish registration: set the first password with the invitation token',
    rpc: CompleteProfile, toRpc: ({ call, body }) => ({ orgId: orgOf(call), ...body }),
  }),
  verifyEmail: defineRoute({
    method: 'POST', path: '/api/auth_verification', access: 'public', tags, body: zVerifyEmailBody, mergeQuery: true, answer: 'empty',
    rateLimit: { name: 'verify', count: 'failures', identityField: 'email', credentialFields: ['token'] }, message: OrgMessages.emailVerified,
    summary: 'Verify the e-mail address with the e-mailed token',
    rpc: VerifyEmail, toRpc: ({ call, body }) => ({ orgId: orgOf(call), ...body }),
  }),
  nameByToken: defineComposedRoute({
    method: 'GET', path: '/api/namebytoken/:token', access: 'public', tags, params: z.object({ token: z.string() }), answer: 'raw', response: zNameByTokenAnswer,
    rateLimit: { name: 'verify', count: 'failures' },
    summary: "The invited user's name for the complete-profile page",
  }),
  ssoCheck: defineComposedRoute({
    method: 'POST', path: '/api/sso/check', access: 'public', tags, body: zSsoCheckBody, upload: { kind: 'none' }, answer: 'raw', response: zSsoCheckAnswer,
    rateLimit: { name: 'sso', count: 'failures', identityField: 'email' },
    summary: "Whether the organization signs in through SSO, and the provider's authorize URL (JSON or multipart email)",
  }),
  ssoCallback: defineComposedRoute({
    method: 'GET', path: '/api/sso/callback', access: 'no-org', tags, query: zSsoCallbackQuery, produces: 'redirect', response: z.null(),
    rateLimit: { name: 'sso', count: 'failures' },
    summary: "Where the identity provider returns (code, state): redirects to the organization's sign-in page with a one-time secret",
  }),
  ssoExchange: defineComposedRoute({
    method: 'POST', path: '/api/sso/exchange', access: 'public', tags, body: zSsoExchangeBody, upload: { kind: 'none' }, answer: 'raw', response: zLoginAnswer,
    rateLimit: { name: 'sso', count: 'failures', identityField: 'secret' },
    summary: 'Trade the one-time SSO secret for a session (same answer as /api/login)',
  }),
} as const;
