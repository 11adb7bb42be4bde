import { z } from 'zod';
import { INT4_MAX, numeric } from '../core/common';
import { M, req } from '../core/validation';
import { OrgMessages } from './organization.errors';

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

const flag = () => z.preprocess((v) => (v === '1' || v === 'true' || v === true ? 1 : v === '0' || v === 'false' || v === false ? 0 : v), z.union([z.literal(0), z.literal(1)], { error: M.oneOf }));
/** Module switches an administrator may change (GET/PUT /api/status). */
export const zModulesBody = z.object({
  na: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  approval_mode: z.enum(['new', 'old']).optional(),
  nda: flag().optional(),
  compress: flag().optional(),
  mom: flag().optional(),
  variant: z.enum(['default', 'moe', 'tender']).optional(),
});

export const zLogsQuery = z.object({
  page: numeric(z.number().int().min(1).max(INT4_MAX).default(1)),
  per_page: numeric(z.number().int().min(1).max(500).default(20)),
  perpage: numeric(z.number().int().min(1).max(500).optional()),
  username: z.string().trim().max(191).optional(),
});

/** Single sign-on settings of the organization (PUT /api/sso/settings). 'local' signs its own codes with HMAC (tests, demos). */
export const zSsoSettingsBody = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('none') }),
  z.object({
    provider: z.literal('oidc'),
    issuer: z.string().url(),
    authorization_endpoint: z.string().url(),
    token_endpoint: z.string().url(),
    userinfo_endpoint: z.string().url(),
    client_id: req.text(255),
    client_secret: req.text(500),
    scope: z.string().default('openid email profile'),
  }),
  z.object({ provider: z.literal('local'), secret: z.string().min(16).max(200) }),
]);
export type SsoSettings = z.output<typeof zSsoSettingsBody>;
