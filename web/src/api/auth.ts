import { Routes, translate, type RouteData, type RouteDef, type RouteRequest } from '@app/contracts';
import { currentLang } from '../i18n/lang';
import { api } from './client';

/**
 * Sign-in calls (docs/product/sign-in.md#api), by route of the table. All are public; the screens
 * show the server's message themselves, so the status toast is off.
 */
const QUIET = { notify: false } as const;

/** The sign-in answer (flat: token, log_token, pin_token, two_factor, email, role, status, message; profile as data). */
export type LoginAnswer = RouteData<typeof Routes.login>;

export const VERIFY_EMAIL_STATUS = 2;
export const PIN_SUCCESS_STATUS = 1;

/** The success message a route answers with (its English key, in the current language). */
export function successMessage(route: RouteDef): string | null {
  return route.message ? translate(route.message, currentLang()) : null;
}

type Body<D extends RouteDef> = RouteRequest<D>['body'];

export const login = (body: Body<typeof Routes.login>): Promise<LoginAnswer> => api(Routes.login, { body, ...QUIET });

export const twoFactorLogin = (body: Body<typeof Routes.twoFactorLogin>): Promise<LoginAnswer> => api(Routes.twoFactorLogin, { body, ...QUIET });

export const pinLogin = (body: Body<typeof Routes.pinLogin>): Promise<LoginAnswer> => api(Routes.pinLogin, { body, ...QUIET });

export async function forgotPassword(email: string): Promise<string | null> {
  await api(Routes.forgotPassword, { body: { email }, ...QUIET });
  return successMessage(Routes.forgotPassword);
}

export async function resetPassword(body: Body<typeof Routes.resetPassword>): Promise<string | null> {
  await api(Routes.resetPassword, { body, ...QUIET });
  return successMessage(Routes.resetPassword);
}

export async function verifyEmail(body: Body<typeof Routes.verifyEmail>): Promise<string | null> {
  await api(Routes.verifyEmail, { body, ...QUIET });
  return successMessage(Routes.verifyEmail);
}

/** Invitation: the first password (POST /api/complete_profile). */
export async function completeProfile(body: Body<typeof Routes.completeProfile>): Promise<string | null> {
  await api(Routes.completeProfile, { body, ...QUIET });
  return successMessage(Routes.completeProfile);
}

/** GET /api/namebytoken/{token}: the invited user's name, greeted on complete-profile. */
export async function nameByToken(token: string): Promise<string> {
  return (await api(Routes.nameByToken, { params: { token }, ...QUIET })).name;
}

/** POST /api/sso/check (multipart: email): where the identity provider's sign-in starts, when the organization uses one. */
export async function ssoCheck(email: string): Promise<RouteData<typeof Routes.ssoCheck>> {
  const form = new FormData();
  form.append('email', email);
  return api(Routes.ssoCheck, { form, ...QUIET });
}

/** POST /api/sso/exchange (form field: secret) -> the same answer as a password sign-in. */
export async function ssoExchange(secret: string): Promise<LoginAnswer> {
  const form = new FormData();
  form.append('secret', secret);
  return api(Routes.ssoExchange, { form, ...QUIET });
}

/** POST /api/logout: ends the server session of the stored token (sign-out also clears it locally). */
export async function logout(): Promise<void> {
  await api(Routes.logout, QUIET);
}
