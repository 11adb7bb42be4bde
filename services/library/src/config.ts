import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, parseConfig, s3ConfigSchema, sandboxConfigSchema } from '@app/platform';

export const libraryConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('library'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3105),
    /** lifetime of the presigned download URLs the library hands out (each one issued after a rights check) */
    LIBRARY_URL_TTL_SECONDS: z.coerce.number().int().min(5).max(7 * 24 * 3600).default(300),
    /**
     * lifetime of the URL of a reader's copy the viewer opens when the file is view only or watermarked (a copy made
     * for that reader on the call, removed a minute after the URL lapses; docs/library.md#what-the-viewer-opens)
     */
    LIBRARY_VIEW_URL_TTL_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
    /** LibreOffice binary for office -> PDF (Debian: /usr/bin/soffice, installed by scripts/infra.mjs when missing) */
    SOFFICE_PATH: z.string().min(1).default('soffice'),
    /** one conversion is killed after this long */
    CONVERT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
    /** conversions at the same time in this process (LibreOffice is heavy) */
    CONVERT_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
    /** LibreOffice's address space inside the sandbox (RLIMIT_AS), MiB */
    CONVERT_MEMORY_MB: z.coerce.number().int().min(256).max(16_384).default(2048),
    /** the largest PDF a conversion may write and the library keeps, MiB */
    CONVERT_MAX_PDF_MB: z.coerce.number().int().min(1).max(1024).default(100),
    /**
     * bounds of an office archive (xlsx, docx, pptx, odt...) judged from its central directory before the spreadsheet
     * viewer or LibreOffice inflates it: total uncompressed size (MiB), entries, ratio of an entry over 1 MiB
     */
    ARCHIVE_MAX_UNCOMPRESSED_MB: z.coerce.number().int().min(1).max(4096).default(100),
    ARCHIVE_MAX_ENTRIES: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
    ARCHIVE_MAX_RATIO: z.coerce.number().int().min(10).max(100_000).default(200),
    /** poppler's pdftotext, for the search box's text of PDFs (docs/search.md#text-inside-files) */
    PDFTOTEXT_PATH: z.string().min(1).default('/usr/bin/pdftotext'),
    /** one extraction (pdftotext of a whole file) is killed after this long */
    EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
    /** pages of a file whose text is read (the rest is not searched) */
    EXTRACT_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(2000),
    /** the text kept of one file version, KiB of UTF-8 (pdftotext may write no more; the rest is not searched) */
    EXTRACT_MAX_TEXT_KB: z.coerce.number().int().min(1).max(64 * 1024).default(2048),
    /** the largest PDF (a file, an office file's rendering, a board book) a watermarked download reads whole, MiB */
    WATERMARK_MAX_MB: z.coerce.number().int().min(1).max(1024).default(100),
    /** the largest PDF exported with its annotations (read whole by pdf-lib on the request), MiB; 413 past it */
    ANNOTATION_EXPORT_MAX_MB: z.coerce.number().int().min(1).max(1024).default(50),
  })
  .extend(sandboxConfigSchema.shape)
  .extend(databaseConfigSchema.shape)
  .extend(s3ConfigSchema.shape);

export type LibraryConfig = z.output<typeof libraryConfigSchema>;

export const zipLimitsOf = (c: LibraryConfig) => ({ maxEntries: c.ARCHIVE_MAX_ENTRIES, maxUncompressedBytes: c.ARCHIVE_MAX_UNCOMPRESSED_MB * 1024 * 1024, maxRatio: c.ARCHIVE_MAX_RATIO });

export const loadLibraryConfig = (env?: Record<string, string | undefined>): LibraryConfig => parseConfig(libraryConfigSchema, env);

export const extractLimitsOf = (c: LibraryConfig) => ({ pdftotext: c.PDFTOTEXT_PATH, timeoutMs: c.EXTRACT_TIMEOUT_MS, maxPages: c.EXTRACT_MAX_PAGES, maxBytes: c.EXTRACT_MAX_TEXT_KB * 1024 });
