import { z } from 'zod';
import { INT4_MAX, numeric } from '../core/common';
import { M, req } from '../core/validation';
import { OrgMessages } from './organization.errors';
import { MEETING_REMINDER_MAX_MINUTES } from './tenancy.rpc';

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    // Intl refuses an unknown time zone with a RangeError: that refusal is the answer
    return false;
  }
}

/** Organization: company name, website, location and time zone required (docs/product/errors.md#validation-rules). */
export const informationFields = {
  company_name: req.text(191),
  website: req.text(255).pipe(z.string().regex(/^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/i, OrgMessages.website)),
  location: req.text(255),
  time_zone: req.text(64).pipe(z.string().refine(isTimeZone, OrgMessages.timeZone)),
};
export const zInformationBody = z.object(informationFields);

/** a module switch: 0 or 1 exactly (strict schemas: no '1', true or [1] coerced) */
const flag = () => z.union([z.literal(0), z.literal(1)], { error: M.oneOf });
/** Module switches an administrator may change (GET/PUT /api/status). */
export const zModulesBody = z.object({
  na: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  approval_mode: z.enum(['new', 'old']).optional(),
  nda: flag().optional(),
  compress: flag().optional(),
  mom: flag().optional(),
  /** the secretary signs the minutes after the chair */
  mom_secretary_signs: flag().optional(),
  /** minutes before a meeting's start its participants are reminded (0: no reminder); a whole number, never coerced */
  meeting_reminder_minutes: z.number().int().min(0).max(MEETING_REMINDER_MAX_MINUTES).optional(),
  variant: z.enum(['default', 'moe', 'tender']).optional(),
});

export const zLogsQuery = z.object({
  page: numeric(z.number().int().min(1).max(INT4_MAX).default(1)),
  per_page: numeric(z.number().int().min(1).max(500).default(20)),
  perpage: numeric(z.number().int().min(1).max(500).optional()),
  username: z.string().trim().max(191).optional(),
});

/** An e-mail domain as a user types it ('example.com'): lower-cased, no '@', no scheme. */
const zEmailDomain = z.string().trim().toLowerCase().min(1, M.required).max(253).regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, OrgMessages.ssoDomain);
/** The provider's issuer: an http(s) URL without query or fragment (discovery reads `<issuer>/.well-known/openid-configuration`). */
export const zIssuerUrl = req.text(500).pipe(z.string().refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.search && !u.hash && !u.username && !u.password;
  } catch {
    // not a URL at all: the refusal is the answer
    return false;
  }
}, OrgMessages.ssoIssuer));

/** What happens to someone the provider vouches for who has no account in the organization. */
export const SSO_UNKNOWN_USER = ['refuse', 'create'] as const;
/** Whose second factor applies to SSO sign-ins: the organization's (TOTP when the user turned it on) or the provider's alone. */
export const SSO_TWO_FACTOR = ['organization', 'provider'] as const;

/**
 * Single sign-on settings of the organization (PUT /api/sso/settings). `oidc`: an OpenID Connect provider
 * found by discovery from its issuer; the client secret may be left out to keep the stored one.
 * 'local' signs its own codes with HMAC (demos only).
 */
export const zSsoSettingsBody = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('none') }),
  z.object({
    provider: z.literal('oidc'),
    issuer: zIssuerUrl,
    client_id: req.text(255),
    client_secret: z.string().trim().max(500).optional(),
    allowed_domains: z.array(zEmailDomain).max(50).default([]),
    unknown_user: z.enum(SSO_UNKNOWN_USER).default('refuse'),
    /** the role of accounts created on first sign-in (unknown_user 'create') */
    create_role_id: z.number().int().positive().nullable().default(null),
    two_factor: z.enum(SSO_TWO_FACTOR).default('organization'),
  }),
  z.object({ provider: z.literal('local'), secret: z.string().min(16).max(200) }),
]).superRefine((v, ctx) => {
  if (v.provider === 'oidc' && v.unknown_user === 'create' && v.create_role_id === null) ctx.addIssue({ code: 'custom', path: ['create_role_id'], message: OrgMessages.roleRequired });
});
export type SsoSettings = z.output<typeof zSsoSettingsBody>;

/** POST /api/sso/settings/test: run discovery against this issuer. */
export const zSsoTestBody = z.object({ issuer: zIssuerUrl });
