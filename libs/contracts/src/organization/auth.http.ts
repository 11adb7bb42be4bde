import { z } from 'zod';
import { M, req } from '../core/validation';
import { OrgMessages } from './organization.errors';
import { confirmed } from './fields';

/** HTTP bodies of sign-in and credentials (docs/product/errors.md#validation-rules, docs/product/sign-in.md#api). */

const secret = () => z.string({ error: M.required }).min(1, M.required).max(500);

export const loginFields = { email: req.email(), password: z.string({ error: M.required }).min(1, M.required).max(200) };
export const zLoginBody = z.object(loginFields);

/** PIN sign-in: `token` is the pin_token returned by a password sign-in on this device (docs/organization.md). */
export const pinLoginFields = { bin_code: req.pin(), token: secret() };
export const zPinLoginBody = z.object(pinLoginFields);

export const twoFactorLoginFields = { log_token: secret(), code: z.string({ error: M.required }).trim().regex(/^\d{6}$/, 'The code must be 6 digits.') };
export const zTwoFactorLoginBody = z.object(twoFactorLoginFields);

export const forgotPasswordFields = { email: req.email() };
export const zForgotPasswordBody = z.object(forgotPasswordFields);

export const resetPasswordFields = {
  token: secret(),
  email: req.email(),
  password: req.password(),
  password_confirmation: z.string({ error: M.required }).min(1, M.required),
};
export const zResetPasswordBody = z.object(resetPasswordFields).superRefine(confirmed('password', 'password_confirmation', OrgMessages.mismatchedPassword));

/** Complete profile (invitation): the same fields as a reset. */
export const zCompleteProfileBody = zResetPasswordBody;

export const verifyEmailFields = { token: secret(), email: req.email() };
export const zVerifyEmailBody = z.object(verifyEmailFields);

export const changePasswordFields = {
  current_password: z.string({ error: M.required }).min(1, M.required),
  password: req.password(),
  password_confirmation: z.string({ error: M.required }).min(1, M.required),
};
export const zChangePasswordBody = z.object(changePasswordFields).superRefine(confirmed('password', 'password_confirmation', OrgMessages.mismatchedPassword));

export const setPinFields = { pin: req.pin(), pin_confirmation: z.string({ error: M.required }).min(1, M.required) };
export const zSetPinBody = z.object(setPinFields).superRefine(confirmed('pin', 'pin_confirmation', OrgMessages.mismatchedPin));

export const twoFactorCodeFields = { code: twoFactorLoginFields.code };
export const zTwoFactorCodeBody = z.object(twoFactorCodeFields);
export const twoFactorDisableFields = { password: z.string({ error: M.required }).min(1, M.required) };
export const zTwoFactorDisableBody = z.object(twoFactorDisableFields);

export const zSsoCheckBody = z.object({ email: req.email() });
export const zSsoExchangeBody = z.object({ secret: secret() });
/**
 * The provider's answer (RFC 6749 4.1.2, RFC 9207 `iss`): a code, or an error, with our state. Loose on purpose, the
 * one query that is: providers append keys of their own (`scope`, `authuser`, `prompt`...), which are ignored.
 */
export const zSsoCallbackQuery = z.looseObject({
  code: z.string().min(1).max(4000).optional(),
  state: secret(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  session_state: z.string().max(500).optional(),
});
