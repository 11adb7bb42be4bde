import { z } from 'zod';
import { baseConfigSchema, linksConfigSchema, parseConfig, s3ConfigSchema } from '@app/platform';

export const gatewayConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('gateway'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** minutes between requests after which a sign-in ends */
    IDLE_TIMEOUT_MINUTES: z.coerce.number().int().positive().default(60),
    /** where the built web app is; served on the same origin when it exists */
    WEB_DIST: z.string().default('web/dist'),
    UPLOAD_MAX_MB: z.coerce.number().int().positive().default(50),
    /** sign-in, PIN, password reset: attempts per window per (organization, client ip, identity) */
    AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    GUEST_RATE_LIMIT: z.coerce.number().int().positive().default(60),
    /** check each composed route's answer against the route table (off in production: the tests and development catch drift) */
    VALIDATE_RESPONSES: z.enum(['auto', 'true', 'false']).default('auto'),
  })
  .extend(s3ConfigSchema.shape)
  .extend(linksConfigSchema.shape);

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export const loadGatewayConfig = (): GatewayConfig => parseConfig(gatewayConfigSchema);

/** 'auto': on outside production */
export const validatesResponses = (c: GatewayConfig): boolean => c.VALIDATE_RESPONSES === 'true' || (c.VALIDATE_RESPONSES === 'auto' && c.NODE_ENV !== 'production');
