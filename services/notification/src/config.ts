import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, linksConfigSchema, parseConfig } from '@app/platform';

export const notificationConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('notification'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3103),
    /** SMTP server (maildev on one machine): smtp://user:pass@host:port, smtps:// for implicit TLS */
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').default('smtp://127.0.0.1:1025'),
    /** pooled SMTP connections per process (kept open across jobs; as many as EMAIL_CONCURRENCY, so no job waits for one) */
    SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** the From address; the display name is the recipient's organization's name */
    MAIL_FROM_ADDRESS: z.email().default('no-reply@boardroom.local'),
    /** e-mails (and reminder jobs) processed at the same time by this process */
    EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10),
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
