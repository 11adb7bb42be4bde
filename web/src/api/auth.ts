import { api } from './client';
import { bool, numOrNull, obj, pick, strOrNull } from './fields';

/**
 * Sign-in calls (platform.md §7 "Sign-in and access"). All are public; the screens show the server's
 * message themselves, so the status toast is off.
 */
const PUBLIC = { public: true, notify: false } as const;

/** Login response: token, log_token, email, role, status, message (+ a `two_factor` flag). */
export interface LoginResult {
  token: string | null;
  logToken: string | null;
  email: string | null;
  role: string | null;
  /** 2 = the e-mail is not verified yet (go to /auth/verify-email); 1 = PIN success */
  status: number | null;
  message: string | null;
  twoFactor: boolean;
  /** identifies this user for a later PIN sign-in on this device */
  pinToken: string | null;
  /** the signed-in user's profile when the answer carries it */
  profile: unknown;
}

export function mapLogin(body: unknown): LoginResult {
  const b = obj(body);
  const d = obj(b.data);
  const f = (k: string) => pick(b, k) ?? pick(d, k);
  const role = f('role');
  return {
    token: strOrNull(f('token')),
    logToken: strOrNull(f('log_token')),
    email: strOrNull(f('email')),
    role: role && typeof role === 'object' ? strOrNull(obj(role).name ?? obj(role).id) : strOrNull(role),
    status: numOrNull(f('status')),
    message: strOrNull(f('message')),
    twoFactor: bool(f('two_factor')),
    pinToken: strOrNull(f('pin_token')),
    // the gateway sends the signed-in profile as `data`
    profile: b.profile ?? (d.id !== undefined ? b.data : null),
  };
}

export const VERIFY_EMAIL_STATUS = 2;
export const PIN_SUCCESS_STATUS = 1;

export async function login(input: { email: string; password: string }): Promise<LoginResult> {
  return mapLogin(await api.post('/login', input, PUBLIC));
}

export async function twoFactorLogin(input: { email: string; code: string; log_token: string }): Promise<LoginResult> {
  return mapLogin(await api.post('/two_auth_factor', input, PUBLIC));
}

export async function pinLogin(input: { bin_code: string; token: string }): Promise<LoginResult> {
  return mapLogin(await api.post('/token_login', input, PUBLIC));
}

export async function forgotPassword(email: string): Promise<string | null> {
  return strOrNull(obj(await api.post('/forget_password', { email }, PUBLIC)).message);
}

export async function resetPassword(input: { token: string; email: string; password: string; password_confirmation: string }): Promise<string | null> {
  return strOrNull(obj(await api.post('/reset_password', input, PUBLIC)).message);
}

export async function verifyEmail(input: { token: string; email: string }): Promise<LoginResult> {
  return mapLogin(await api.post('/auth_verification', input, PUBLIC));
}

/** Invitation: the first password (body as zCompleteProfileBody). Assumed path: POST /api/complete_profile. */
export async function completeProfile(input: { token: string; email: string; password: string; password_confirmation: string }): Promise<string | null> {
  return strOrNull(obj(await api.post('/complete_profile', input, PUBLIC)).message);
}

/** GET /api/namebytoken/{token}: the invited user's name, greeted on complete-profile. */
export async function nameByToken(token: string): Promise<string | null> {
  const b = obj(await api.get(`/namebytoken/${encodeURIComponent(token)}`, undefined, PUBLIC));
  return strOrNull(pick(b, 'name') ?? pick(obj(b.data), 'name'));
}

export interface SsoCheck {
  /** where the identity provider sign-in starts */
  redirectUrl: string | null;
  enabled: boolean;
  message: string | null;
}

/** POST /api/sso/check (multipart: email). */
export async function ssoCheck(email: string): Promise<SsoCheck> {
  const form = new FormData();
  form.append('email', email);
  const b = obj(await api.post('/sso/check', form, PUBLIC));
  const d = obj(b.data);
  const redirectUrl = strOrNull(pick(d, 'url', 'redirect_url') ?? pick(b, 'url', 'redirect_url'));
  return { redirectUrl, enabled: redirectUrl !== null || bool(pick(b, 'sso') ?? pick(d, 'sso')), message: strOrNull(b.message) };
}

/** POST /api/sso/exchange (form field: secret) -> the same fields as login. */
export async function ssoExchange(secret: string): Promise<LoginResult> {
  const form = new FormData();
  form.append('secret', secret);
  return mapLogin(await api.post('/sso/exchange', form, PUBLIC));
}

/** POST /api/logout: ends the server session of the stored token (sign-out also clears it locally). */
export async function logout(): Promise<void> {
  await api.post('/logout', {}, { public: true, notify: false });
}

export function messageOr(value: string | null | undefined, fallback: string): string {
  return value && value.trim() ? value : fallback;
}
