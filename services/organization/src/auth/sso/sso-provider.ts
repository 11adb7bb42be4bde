import { createHmac } from 'node:crypto';
import { safeEqual } from '../../common/secrets';

/** A single sign-on identity provider, configured per organization (organizations.sso). */
export interface SsoProvider {
  readonly name: string;
  /** Where to send the browser; the provider comes back to redirectUri with ?code&state. */
  authorizeUrl(p: { state: string; redirectUri: string; loginHint: string }): string;
  /** The code -> the signed-in person's e-mail (and name). */
  exchange(p: { code: string; redirectUri: string }): Promise<{ email: string; name?: string }>;
}

/** HMAC-signed, expiring JSON (base64url payload + '.' + base64url SHA-256 HMAC). */
export function sign(payload: object, key: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

export function verifySigned<T extends { exp: number }>(token: string, key: string, now = Date.now()): T | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  if (!safeEqual(mac, createHmac('sha256', key).update(body).digest('base64url'))) return null;
  try {
    const v = JSON.parse(Buffer.from(body, 'base64url').toString()) as T;
    return typeof v.exp === 'number' && v.exp > now ? v : null;
  } catch {
    // not base64url JSON: not a state we issued
    return null;
  }
}
