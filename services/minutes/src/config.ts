import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, jobWorkerConfigSchema, parseConfig, s3ConfigSchema } from '@app/platform';

export const minutesConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('minutes'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3107),
    /** the system Chromium puppeteer-core drives (never downloaded; Debian's package) */
    PUPPETEER_EXECUTABLE_PATH: z.string().min(1).default('/usr/bin/chromium'),
    /** PDFs rendered at the same time in this process (one warm browser, one page each) */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
    /** one HTML-to-PDF render is abandoned after this long */
    RENDER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
    /** lifetime of the presigned URLs of the versions (file_url) */
    MINUTES_URL_TTL_SECONDS: z.coerce.number().int().min(5).max(7 * 24 * 3600).default(300),
    /** the recorder's summarizer (POST {url}/summarize); unset or empty: the local extractive summarizer */
    SUMMARIZER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
    /** a call to SUMMARIZER_URL is abandoned after this long */
    SUMMARIZER_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** the board book's summary asks SUMMARIZER_URL's OpenAI-compatible POST /chat/completions for this model */
    SUMMARIZER_MODEL: z.string().min(1).default('gpt-4o-mini'),
    /** the bearer token of SUMMARIZER_URL's /chat/completions, when it needs one */
    SUMMARIZER_API_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  })
  .extend(databaseConfigSchema.shape)
  .extend(s3ConfigSchema.shape)
  .extend(jobWorkerConfigSchema.shape);

export type MinutesConfig = z.output<typeof minutesConfigSchema>;

export const loadMinutesConfig = (env?: Record<string, string | undefined>): MinutesConfig => parseConfig(minutesConfigSchema, env);
