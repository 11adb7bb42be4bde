import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, linksConfigSchema, parseConfig, s3ConfigSchema, secret, optionalSecret } from '@app/platform';

export const organizationConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('organization'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3101),
    /** argon2 memory cost in KiB (lower only in tests that sign in very often) */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19_456),
    /** validity of the tokens sent by e-mail and of the two-factor step */
    INVITE_TOKEN_HOURS: z.coerce.number().int().positive().default(7 * 24),
    RESET_TOKEN_MINUTES: z.coerce.number().int().positive().default(60),
    VERIFY_TOKEN_HOURS: z.coerce.number().int().positive().default(24),
    TWO_FACTOR_TOKEN_MINUTES: z.coerce.number().int().positive().default(5),
    /** life of the PIN sign-in device token (issued by a complete password sign-in; docs/security.md#accounts) */
    PIN_TOKEN_DAYS: z.coerce.number().int().positive().max(90).default(14),
    /** consecutive wrong PINs of an account after which its device tokens are revoked (password sign-in again) */
    PIN_MAX_FAILURES: z.coerce.number().int().min(1).max(20).default(5),
    /** second-factor backoff per account: failures before the first lock, the first lock, the longest lock */
    TWO_FACTOR_FREE_FAILURES: z.coerce.number().int().min(1).max(20).default(5),
    TWO_FACTOR_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    TWO_FACTOR_MAX_LOCK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** root key of sealed secrets (TOTP seeds, SSO client secrets); required in production */
    AUTH_SECRET: secret('AUTH_SECRET', { min: 16 }),
    /** during a rotation of AUTH_SECRET only (docs/operations.md#rotating-secrets): the secret before it, which still opens what it sealed; removed once re-sealed */
    AUTH_SECRET_PREVIOUS: optionalSecret({ min: 16 }),
    /** seconds of clock difference tolerated on a single sign-on ID token (iat, exp, nbf) */
    SSO_CLOCK_TOLERANCE_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
    /** seconds a request to an identity provider (discovery, JWKS, token) may take */
    SSO_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  })
  .extend(databaseConfigSchema.shape)
  .extend(s3ConfigSchema.shape)
  .extend(linksConfigSchema.shape);

export type OrganizationConfig = z.output<typeof organizationConfigSchema>;

export const loadOrganizationConfig = (env?: Record<string, string | undefined>): OrganizationConfig => parseConfig(organizationConfigSchema, env);
