import { z } from 'zod';
import { defineRpc } from '../core/define';
import { zOk, zOrgId, zTenant } from '../core/common';
import { confirmed } from './fields';
import { OrgMessages } from './organization.errors';
import {
  changePasswordFields, forgotPasswordFields, loginFields, pinLoginFields, resetPasswordFields, setPinFields,
  twoFactorCodeFields, twoFactorDisableFields, twoFactorLoginFields, verifyEmailFields,
} from './auth.http';
import { zProfile } from './users.rpc';

/**
 * Sign-in and credentials. Requests before sign-in carry the host's organization only (no actor yet);
 * the rest are ordinary tenant requests.
 */
const zOrg = z.object({ orgId: zOrgId });

/**
 * A sign-in answer (docs/product/sign-in.md#api): status 1 = signed in (token set); status 2 = the
 * e-mail is not verified (no token; a verification e-mail was sent); two_factor = a code is needed
 * (log_token set, no token). pin_token identifies this user for a later PIN sign-in.
 */
export const zLoginResult = z.object({
  status: z.union([z.literal(1), z.literal(2)]),
  token: z.string().nullable(),
  log_token: z.string().nullable(),
  pin_token: z.string().nullable(),
  two_factor: z.boolean(),
  email: z.string(),
  role: z.string().nullable(),
  message: z.string(),
  profile: zProfile.nullable(),
});
export type LoginResult = z.output<typeof zLoginResult>;

export const Login = defineRpc({ subject: 'organization.v1.login', request: zOrg.extend(loginFields), response: zLoginResult });
export const PinLogin = defineRpc({ subject: 'organization.v1.pin-login', request: zOrg.extend(pinLoginFields), response: zLoginResult });
export const TwoFactorLogin = defineRpc({ subject: 'organization.v1.two-factor-login', request: zOrg.extend(twoFactorLoginFields), response: zLoginResult });

export const ForgotPassword = defineRpc({ subject: 'organization.v1.forgot-password', request: zOrg.extend(forgotPasswordFields), response: zOk });
export const ResetPassword = defineRpc({
  subject: 'organization.v1.reset-password',
  request: zOrg.extend(resetPasswordFields).superRefine(confirmed('password', 'password_confirmation', OrgMessages.mismatchedPassword)),
  response: zOk,
});
/** Invitation: set the first password with the token of UserInvited (also verifies the e-mail). */
export const CompleteProfile = defineRpc({
  subject: 'organization.v1.complete-profile',
  request: zOrg.extend(resetPasswordFields).superRefine(confirmed('password', 'password_confirmation', OrgMessages.mismatchedPassword)),
  response: zOk,
});
export const VerifyEmail = defineRpc({ subject: 'organization.v1.verify-email', request: zOrg.extend(verifyEmailFields), response: zOk });
/** The invited user's name for the complete-profile page (GET /api/namebytoken/{token}). */
export const NameByToken = defineRpc({
  subject: 'organization.v1.name-by-token',
  request: zOrg.extend({ token: z.string().min(1).max(500) }),
  response: z.object({ name: z.string(), email: z.string() }),
});

export const ChangePassword = defineRpc({
  subject: 'organization.v1.change-password',
  /** keep_session: the id (SessionStore.idOf) of the session that asked; the user's other sessions end */
  request: zTenant.extend({ ...changePasswordFields, keep_session: z.string().max(100).nullable() }).superRefine(confirmed('password', 'password_confirmation', OrgMessages.mismatchedPassword)),
  response: zOk,
});
export const SetPin = defineRpc({
  subject: 'organization.v1.set-pin',
  request: zTenant.extend(setPinFields).superRefine(confirmed('pin', 'pin_confirmation', OrgMessages.mismatchedPin)),
  response: zOk,
});

/** Two-factor enrolment: a fresh secret and its otpauth URL (not active until confirmed with a code). */
export const TwoFactorSetup = defineRpc({
  subject: 'organization.v1.two-factor-setup',
  request: zTenant,
  response: z.object({ secret: z.string(), otpauth_url: z.string(), enabled: z.boolean() }),
});
export const TwoFactorEnable = defineRpc({ subject: 'organization.v1.two-factor-enable', request: zTenant.extend(twoFactorCodeFields), response: zOk });
export const TwoFactorDisable = defineRpc({ subject: 'organization.v1.two-factor-disable', request: zTenant.extend(twoFactorDisableFields), response: zOk });

/**
 * Single sign-on (provider configured per organization). `browser` is the SHA-256 of the attempt cookie the
 * gateway set on this browser: the callback must come back from the same browser.
 */
export const SsoCheck = defineRpc({
  subject: 'organization.v1.sso-check',
  request: zOrg.extend({ email: z.string(), browser: z.string().min(16).max(200) }),
  response: z.object({ sso: z.boolean(), provider: z.string().nullable(), url: z.string().nullable() }),
  timeoutMs: 20_000,
});
/**
 * The provider redirected back with a code (or an error). The organization is the one the attempt was
 * started for (looked up by `state`, single-use); `orgSlug` is the host's organization when the callback
 * arrives on one, and must be the same. Answers a one-time secret for SsoExchange.
 */
export const SsoCallback = defineRpc({
  subject: 'organization.v1.sso-callback',
  request: z.object({
    orgSlug: z.string().max(63).nullable(),
    browser: z.string().max(200).nullable(),
    state: z.string().min(1).max(1000),
    code: z.string().min(1).max(4000).nullable(),
    iss: z.string().max(500).nullable(),
    error: z.string().max(200).nullable(),
  }),
  response: z.object({ secret: z.string(), slug: z.string() }),
  timeoutMs: 20_000,
});
export const SsoExchange = defineRpc({ subject: 'organization.v1.sso-exchange', request: zOrg.extend({ secret: z.string().min(1).max(500) }), response: zLoginResult });
