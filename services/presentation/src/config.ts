import { z } from 'zod';
import { PRESENTATION_THROTTLE_MS } from '@app/contracts';
import { baseConfigSchema, databaseConfigSchema, parseConfig, s3ConfigSchema, sandboxConfigSchema } from '@app/platform';

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
    /** frames a socket may send while it is being authenticated (kept until then): past either, it is closed (1008) */
    WS_EARLY_MAX_FRAMES: z.coerce.number().int().min(1).max(1000).default(32),
    WS_EARLY_MAX_BYTES: z.coerce.number().int().min(1024).max(8 * 1024 * 1024).default(256 * 1024),
    /** frames a socket may send per second (the client throttles pointer and drawing far below): past it, closed (1008) */
    WS_MAX_FRAMES_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(40),
    /** how often the sockets' sign-in sessions are checked: a socket whose session ended (sign-out, expiry) is closed (4401) */
    WS_SESSION_CHECK_MS: z.coerce.number().int().min(100).max(10 * 60_000).default(30_000),
    /** ping interval; a socket that does not answer two pings is closed */
    WS_PING_MS: z.coerce.number().int().min(1000).default(25_000),
    /** poppler's pdftoppm (pdfinfo beside it); the local runner sets it after installing poppler-utils */
    PDFTOPPM_PATH: z.string().default('/usr/bin/pdftoppm'),
    /** slide images: resolution, thumbnail width, the most pages rendered, and the time one page may take */
    SLIDE_DPI: z.coerce.number().int().min(36).max(300).default(110),
    THUMB_WIDTH: z.coerce.number().int().min(60).max(600).default(240),
    SLIDE_MAX_PAGES: z.coerce.number().int().min(1).max(5000).default(500),
    SLIDE_PAGE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
    SLIDE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** the pixel cap: no side of a slide or thumbnail image passes this, whatever the page's MediaBox says */
    SLIDE_MAX_SIDE_PX: z.coerce.number().int().min(256).max(16_384).default(4096),
    /** the largest PDF made into slides (a merged board book is larger than one upload), MiB */
    SLIDE_MAX_SOURCE_MB: z.coerce.number().int().min(1).max(4096).default(500),
  })
  .extend(sandboxConfigSchema.shape)
  .extend(databaseConfigSchema.shape)
  .extend(s3ConfigSchema.shape);

export type PresentationConfig = z.output<typeof presentationConfigSchema>;

export const loadPresentationConfig = (env?: Record<string, string | undefined>): PresentationConfig =>
  parseConfig(presentationConfigSchema, env);
