import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, guestLinkConfigSchema, linksConfigSchema, optionalSecret, optionalSetting, parseConfig, secret } from '@app/platform';

export const meetingConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('meeting'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3102),
    /** seconds the organization settings, committees and users are cached in memory */
    DIRECTORY_CACHE_SECONDS: z.coerce.number().int().min(0).default(5),
    /** the most votes on one decision written in one transaction (VoteBatcher; 1 writes each vote alone) */
    VOTE_BATCH_MAX: z.coerce.number().int().min(1).max(1000).default(100),
    /** batches of one decision written at the same time (each its own transaction and pooled connection) */
    VOTE_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(20).default(3),
    /**
     * ijmeet: rooms are links on this base URL, keyed with each organization's own random room secret (made at first
     * use, sealed under AUTH_SECRET: src/virtual/room-secrets.ts); there is no deployment-wide ijmeet secret
     */
    IJMEET_BASE_URL: z.url().default('https://ijmeet.com'),
    /** root key of sealed secrets (the organizations' video-room secrets); required in production */
    AUTH_SECRET: secret('AUTH_SECRET', { min: 16 }),
    /** during a rotation of AUTH_SECRET only (docs/operations.md#rotating-secrets): the secret before it, which still opens what it sealed; removed once re-sealed */
    AUTH_SECRET_PREVIOUS: optionalSecret({ min: 16 }),
    /** zoom server-to-server OAuth app; zoom meetings are refused ('no online session') when unset */
    ZOOM_ACCOUNT_ID: optionalSetting(z.string()),
    ZOOM_CLIENT_ID: optionalSetting(z.string()),
    ZOOM_CLIENT_SECRET: optionalSecret(),
    ZOOM_API_URL: z.url().default('https://api.zoom.us/v2'),
    ZOOM_OAUTH_URL: z.url().default('https://zoom.us/oauth/token'),
  })
  .extend(databaseConfigSchema.shape)
  .extend({ DATABASE_POOL_MAX: z.coerce.number().int().positive().default(10) })
  .extend(linksConfigSchema.shape)
  .extend(guestLinkConfigSchema.shape);

export type MeetingConfig = z.output<typeof meetingConfigSchema>;

export const loadMeetingConfig = (env: Record<string, string | undefined> = process.env): MeetingConfig => parseConfig(meetingConfigSchema, env);
