import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, devOnly, linksConfigSchema, parseConfig } from '@app/platform';

export const notificationConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('notification'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3103),
    /**
     * SMTP server: smtp://user:pass@host:port, smtps:// for implicit TLS. It carries the SMTP password, so it is a
     * secret in the deploy files; maildev on one machine by default, which production refuses (devOnly)
     */
    SMTP_URL: devOnly(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://'), 'smtp://127.0.0.1:1025'),
    /**
     * pooled SMTP connections per process (kept open across jobs; a job waits for a free one). 20: two replicas stay
     * under the 50 connections per client an MTA allows by default (Postfix), and P6 measured 2,027 e-mails/s with
     * 20 against 2,089 with 50 (docs/performance.md)
     */
    SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(20),
    /** the From address; the display name is the recipient's organization's name */
    MAIL_FROM_ADDRESS: z.email().default('no-reply@boardroom.local'),
    /** e-mails (and reminder jobs) processed at the same time by this process (50: P6 measured 1,203 e-mails/s at 10, 2,027 at 50) */
    EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(50),
    /** BullMQ job lock; a killed worker's jobs are taken back after it expires (plus the stalled check interval) */
    JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
    JOB_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).default(15_000),
    /** how long before a deadline or due date the reminder goes out: the largest lead that is still in the future wins */
    REMINDER_LEADS_MINUTES: z
      .string()
      .default('1440,60')
      .transform((s) => s.split(',').map((x) => Number(x.trim())))
      .pipe(z.array(z.number().int().positive()).min(1)),
  })
  .extend(databaseConfigSchema.shape)
  .extend(linksConfigSchema.shape);

export type NotificationConfig = z.output<typeof notificationConfigSchema>;

export const loadNotificationConfig = (env?: Record<string, string | undefined>): NotificationConfig =>
  parseConfig(notificationConfigSchema, env);
