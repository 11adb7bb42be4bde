import type { SsoSettings } from '@app/contracts';

/** The OpenID Connect settings as stored in organizations.sso (the client secret sealed, see SsoSettingsStore). */
export interface StoredOidcSettings {
  provider: 'oidc';
  issuer: string;
  client_id: string;
  /** SecretBox-sealed client secret (bound to the organization); null for a public client */
  client_secret_sealed: string | null;
  allowed_domains: string[];
  unknown_user: 'refuse' | 'create';
  create_role_id: number | null;
  two_factor: 'organization' | 'provider';
}

/**
 * The stored settings from the jsonb column. Rows written by the hand-written client (endpoints and a
 * plain `client_secret`) keep their issuer and client and carry the plain secret as `legacySecret`, sealed
 * the next time an administrator saves; the removed 'local' provider reads as no SSO.
 */
export function readStoredSso(raw: unknown): (StoredOidcSettings & { legacySecret?: string }) | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (r.provider !== 'oidc' || typeof r.issuer !== 'string' || typeof r.client_id !== 'string') return null;
  const domains = Array.isArray(r.allowed_domains) ? r.allowed_domains.filter((d): d is string => typeof d === 'string') : [];
  return {
    provider: 'oidc',
    issuer: r.issuer,
    client_id: r.client_id,
    client_secret_sealed: typeof r.client_secret_sealed === 'string' ? r.client_secret_sealed : null,
    allowed_domains: domains,
    unknown_user: r.unknown_user === 'create' ? 'create' : 'refuse',
    create_role_id: typeof r.create_role_id === 'number' ? r.create_role_id : null,
    two_factor: r.two_factor === 'provider' ? 'provider' : 'organization',
    ...(typeof r.client_secret === 'string' && r.client_secret ? { legacySecret: r.client_secret } : {}),
  };
}

/** The row to store from what the administrator sent; `sealed` is the new secret sealed, or the kept one. */
export function toStoredSso(body: Extract<SsoSettings, { provider: 'oidc' }>, sealed: string | null): StoredOidcSettings {
  return {
    provider: 'oidc',
    issuer: body.issuer,
    client_id: body.client_id,
    client_secret_sealed: sealed,
    allowed_domains: [...new Set(body.allowed_domains)],
    unknown_user: body.unknown_user,
    create_role_id: body.unknown_user === 'create' ? body.create_role_id : null,
    two_factor: body.two_factor,
  };
}

/**
 * The e-mail the provider vouches for: the ID token's `email` only when `email_verified` is exactly true
 * (a provider that lets users pick an unverified address would otherwise hand out other people's accounts).
 */
export function verifiedEmail(claims: Record<string, unknown>): { email: string } | { refusal: 'no-email' | 'unverified' } {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) return { refusal: 'no-email' };
  if (claims.email_verified !== true) return { refusal: 'unverified' };
  return { email };
}

/** Whether the address may sign in: any domain when the list is empty, else its exact domain is listed. */
export function domainAllowed(email: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return allowed.some((d) => d.toLowerCase() === domain);
}

/** A display name for an account created on first sign-in: the provider's `name`, else the address's local part. */
export function nameFromClaims(claims: Record<string, unknown>, email: string): string {
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  if (name) return name.slice(0, 191);
  const given = [claims.given_name, claims.family_name].filter((v): v is string => typeof v === 'string' && !!v.trim()).join(' ').trim();
  return (given || email.slice(0, email.indexOf('@'))).slice(0, 191);
}

/** The account an identity signs in to, or why not (the codes are OrgErrors). */
export type SsoAccountDecision =
  | { action: 'sign-in'; userId: number }
  | { action: 'link'; userId: number }
  | { action: 'create' }
  | { refuse: 'SSO_EMAIL_NOT_VERIFIED' | 'SSO_DOMAIN_NOT_ALLOWED' | 'SSO_ACCOUNT_LINKED' | 'SSO_LINK_NOT_ALLOWED' | 'SSO_UNKNOWN_USER' };

/**
 * Which account a provider's identity (issuer + `sub`) signs in to:
 * - an account bound to this issuer and subject: that one, whatever e-mail the provider reports now, while the
 *   account's own e-mail is within `allowed_domains` (an administrator who narrows the list shuts out the rest);
 * - otherwise the e-mail must be verified by the provider and within `allowed_domains` (empty: any);
 * - an existing account with that e-mail is linked (bound to the subject) only when it is bound to no other
 *   subject, the list of allowed domains is NOT empty and names the e-mail's domain (an administrator vouched for
 *   the provider's control of that domain); with the list empty no existing account is ever linked, admins included;
 * - no account: created when the organization says so (bound from the start), else refused.
 */
export function ssoAccountDecision(p: {
  bound: { id: number; email: string } | null;
  byEmail: { id: number; ssoSubject: string | null } | null;
  email: { email: string } | { refusal: 'no-email' | 'unverified' };
  allowedDomains: readonly string[];
  createUnknown: boolean;
}): SsoAccountDecision {
  if (p.bound) return domainAllowed(p.bound.email, p.allowedDomains) ? { action: 'sign-in', userId: p.bound.id } : { refuse: 'SSO_DOMAIN_NOT_ALLOWED' };
  if ('refusal' in p.email) return { refuse: 'SSO_EMAIL_NOT_VERIFIED' };
  if (!domainAllowed(p.email.email, p.allowedDomains)) return { refuse: 'SSO_DOMAIN_NOT_ALLOWED' };
  if (p.byEmail) {
    if (p.byEmail.ssoSubject !== null) return { refuse: 'SSO_ACCOUNT_LINKED' };
    if (p.allowedDomains.length === 0) return { refuse: 'SSO_LINK_NOT_ALLOWED' };
    return { action: 'link', userId: p.byEmail.id };
  }
  return p.createUnknown ? { action: 'create' } : { refuse: 'SSO_UNKNOWN_USER' };
}
