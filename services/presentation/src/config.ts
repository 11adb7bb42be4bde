import { z } from 'zod';
import { PRESENTATION_THROTTLE_MS } from '@app/contracts';
import { baseConfigSchema, databaseConfigSchema, parseConfig } from '@app/platform';

export const presentationConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('presentation'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3106),
    /** drawing operations a room keeps for late joiners; older ones are dropped */
    ROOM_HISTORY_CAP: z.coerce.number().int().min(10).max(100_000).default(5000),
    /** a room nobody touched for this long is forgotten */
    ROOM_TTL_SECONDS: z.coerce.number().int().min(60).default(24 * 60 * 60),
    /** server-side throttles per connection (the spec's client throttles) */
    POINTER_THROTTLE_MS: z.coerce.number().int().min(0).max(10_000).default(PRESENTATION_THROTTLE_MS.pointer),
    OPERATION_THROTTLE_MS: z.coerce.number().int().min(0).max(10_000).default(PRESENTATION_THROTTLE_MS.operations),
    /** a viewer whose unsent data passes this is dropped (close 4008) and resyncs from history */
    WS_MAX_BUFFERED_BYTES: z.coerce.number().int().min(1024).default(512 * 1024),
    /** ping interval; a socket that does not answer two pings is closed */
    WS_PING_MS: z.coerce.number().int().min(1000).default(25_000),
  })
  .extend(databaseConfigSchema.shape);

export type PresentationConfig = z.output<typeof presentationConfigSchema>;

export const loadPresentationConfig = (env?: Record<string, string | undefined>): PresentationConfig =>
  parseConfig(presentationConfigSchema, env);
