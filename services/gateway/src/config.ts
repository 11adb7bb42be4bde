import { isIP } from 'node:net';
import { z } from 'zod';
import { baseConfigSchema, linksConfigSchema, optionalSecret, optionalSetting, parseConfig, s3ConfigSchema } from '@app/platform';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of TRUSTED_PROXIES: a name Express knows, an address, or a CIDR range with a prefix that fits it. */
export function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [addr, prefix, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUSTED_PROXIES -> the list given to Express `trust proxy` ([] trusts no one). */
export const zTrustedProxies = z
  .string()
  .transform((s) => s.split(/[\s,]+/).map((x) => x.trim().toLowerCase()).filter(Boolean))
  .pipe(
    z.array(z.string()).refine((xs) => xs.every((x) => x === 'none' || isProxyEntry(x)), {
      message: 'expected a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal (or none)',
    }),
  )
  .transform((xs) => xs.filter((x) => x !== 'none'));

/** CSP_FRAME_SRC -> origins (an optional `*.` before the host) the app may show in a frame: the video-meeting providers */
export const zFrameSources = z
  .string()
  .transform((s) => s.split(/[\s,]+/).map((x) => x.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/, 'expected origins such as https://ijmeet.com or https://*.zoom.us')));

export const gatewayConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('gateway'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** minutes between requests after which a sign-in ends (fractions allowed: tests use seconds) */
    IDLE_TIMEOUT_MINUTES: z.coerce.number().positive().max(24 * 60).default(60),
    /** absolute lifetime of a sign-in from its start, however active (fractions allowed); at least the idle window */
    SESSION_LIFETIME_MINUTES: z.coerce.number().positive().max(30 * 24 * 60).default(12 * 60),
    /** where the built web app is; served on the same origin when it exists */
    WEB_DIST: z.string().default('web/dist'),
    /** the presentation service's HTTP origin: the gateway passes /ws/presentation upgrades there (set by the local runner; unset: no rooms) */
    PRESENTATION_URL: z.url().optional(),
    UPLOAD_MAX_MB: z.coerce.number().int().positive().default(50),
    /**
     * Limits of the credential routes (docs/conventions.md "Rate limits and trusted proxies"; the policy is in
     * src/core/sign-in-limits.ts). One window for every counter.
     */
    AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    /** sign-in family routes: every attempt per (route family, organization, client address) */
    AUTH_IP_RATE_LIMIT: z.coerce.number().int().positive().default(300),
    /** failed attempts per (account, client address): the account's next attempt from there answers 429 */
    AUTH_FAILURE_LIMIT: z.coerce.number().int().positive().default(5),
    /** failed attempts per account from every address (a guesser spread over many addresses) */
    AUTH_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().positive().default(20),
    /** failed attempts per (route family, organization, client address), whichever account (password spraying, token guessing) */
    AUTH_IP_FAILURE_LIMIT: z.coerce.number().int().positive().default(30),
    /** routes whose answer never tells success from failure (forgotten password): every attempt per address and per identity */
    AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    /** guest links: every attempt per (organization, client address) */
    GUEST_RATE_LIMIT: z.coerce.number().int().positive().default(60),
    /** POST /api/approvals/verify (public): every verification per (organization, client address) */
    SEAL_VERIFY_RATE_LIMIT: z.coerce.number().int().positive().default(30),
    /**
     * how long the gateway may keep the minutes service's fields of a meeting's details (GET /api/meetings/{id};
     * services/gateway/src/meetings/minutes-fields-cache.ts): a change of the minutes is seen at once whatever this
     * is; it bounds the age of their presigned URLs (keep it well under the minutes service's MINUTES_URL_TTL_SECONDS)
     * and of a library file's address. 0: asked on every read.
     */
    MINUTES_FIELDS_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    /**
     * Which peers may set X-Forwarded-For (Express `trust proxy`): a comma-separated list of addresses, CIDR
     * ranges and the names loopback, linklocal, uniquelocal; `none` trusts no one. Behind an ingress, list
     * the ingress' addresses (e.g. the cluster's pod range), never a range clients can send from.
     */
    TRUSTED_PROXIES: zTrustedProxies.default(['loopback']),
    /**
     * Whether an `X-Org` header names the organization whoever sends it (local tools and tests). 'auto': on
     * outside production. Off, X-Org (and X-Forwarded-Host) count only from a peer in TRUSTED_PROXIES.
     */
    ALLOW_X_ORG: z.enum(['auto', 'true', 'false']).default('auto'),
    /** origins the web app may frame (Content-Security-Policy frame-src): the video-meeting providers' sessions */
    CSP_FRAME_SRC: zFrameSources.default(['https://ijmeet.com', 'https://*.zoom.us']),
    /**
     * The queue dashboard (/admin/queues) is for platform operators, behind its own credential (HTTP Basic): both
     * set, it is on; neither set, it is off (the production default). Never a tenant's sign-in.
     */
    QUEUE_DASHBOARD_USER: optionalSetting(z.string().min(1).max(100).regex(/^[^:]+$/, 'may not contain a colon')),
    /**
     * the operators' password: an optional secret (libs/platform secret rule: production refuses a development
     * value; given to the gateway pod only, optional in the deploy files); never logged
     */
    QUEUE_DASHBOARD_PASSWORD: optionalSecret({ schema: z.string().min(16, 'at least 16 characters').max(200) }),
  })
  .extend(s3ConfigSchema.shape)
  .extend(linksConfigSchema.shape)
  .superRefine((c, ctx) => {
    if (!!c.QUEUE_DASHBOARD_USER !== !!c.QUEUE_DASHBOARD_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: [c.QUEUE_DASHBOARD_USER ? 'QUEUE_DASHBOARD_PASSWORD' : 'QUEUE_DASHBOARD_USER'], message: 'set both QUEUE_DASHBOARD_USER and QUEUE_DASHBOARD_PASSWORD, or neither (dashboard off)' });
    }
  });

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export const loadGatewayConfig = (): GatewayConfig => parseConfig(gatewayConfigSchema);

/** 'auto': X-Org from any client outside production; in production only from TRUSTED_PROXIES */
export const allowsXOrg = (c: Pick<GatewayConfig, 'ALLOW_X_ORG' | 'NODE_ENV'>): boolean => c.ALLOW_X_ORG === 'true' || (c.ALLOW_X_ORG === 'auto' && c.NODE_ENV !== 'production');
