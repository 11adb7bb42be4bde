import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, parseConfig, s3ConfigSchema } from '@app/platform';

export const libraryConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('library'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3105),
    /** lifetime of the presigned download URLs the library hands out (each one issued after a rights check) */
    LIBRARY_URL_TTL_SECONDS: z.coerce.number().int().min(5).max(7 * 24 * 3600).default(300),
    /** LibreOffice binary for office -> PDF (Debian: /usr/bin/soffice, installed by scripts/infra.mjs when missing) */
    SOFFICE_PATH: z.string().min(1).default('soffice'),
    /** one conversion is killed after this long */
    CONVERT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
    /** conversions at the same time in this process (LibreOffice is heavy) */
    CONVERT_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  })
  .extend(databaseConfigSchema.shape)
  .extend(s3ConfigSchema.shape);

export type LibraryConfig = z.output<typeof libraryConfigSchema>;

export const loadLibraryConfig = (env?: Record<string, string | undefined>): LibraryConfig => parseConfig(libraryConfigSchema, env);
