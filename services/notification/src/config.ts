import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, devOnly, linksConfigSchema, optionalSecret, optionalSetting, parseConfig } from '@app/platform';
import { developmentSmtpServer } from './rules/smtp-url';

export const notificationConfigSchema = baseConfigSchema
  .extend({
    SERVICE_NAME: z.string().default('notification'),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3103),
    /**
     * SMTP server: smtp://user:pass@host:port, smtps:// for implicit TLS. It carries the SMTP password, so it is a
     * secret in the deploy files; maildev on one machine by default. Production requires it (devOnly) and refuses a
     * development server in it (maildev or another mail catcher, localhost, a loopback address: rules/smtp-url.ts)
     */
    SMTP_URL: devOnly(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://'), 'smtp://127.0.0.1:1025'),
    /**
     * pooled SMTP connections per process (kept open across jobs; a job waits for a free one). 20: two replicas stay
     * under the 50 connections per client an MTA allows by default (Postfix), and P6 measured 2,027 e-mails/s with
     * 20 against 2,089 with 50 (docs/performance.md)
     */
    SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(20),
    /**
     * messages one pooled connection sends before it is closed and a new one opened (nodemailer's maxMessages);
     * unset: never recycled. A relay that limits messages per connection (Microsoft 365 and Google do, at a few
     * hundred) wants a number under its limit
     */
    SMTP_POOL_MAX_MESSAGES: optionalSetting(z.string().regex(/^\d+$/, 'a whole number').transform(Number).pipe(z.number().int().min(1).max(1_000_000))),
    /**
     * TLS always (STARTTLS required on smtp://): the transport refuses to send anything over a connection that did
     * not upgrade. Unset: required whenever the transport authenticates (a password in SMTP_URL, or OAuth2), so
     * that a stripped STARTTLS never sends credentials in clear; `false` with credentials on smtp:// is refused.
     */
    SMTP_REQUIRE_TLS: optionalSetting(z.enum(['true', 'false']).transform((v) => v === 'true')),
    /** a CA (PEM) trusted for the SMTP server's certificate besides the system's (a private relay; the tests' self-signed one) */
    SMTP_TLS_CA: pem().optional(),
    /**
     * OAuth2 (XOAUTH2) instead of a password, for Microsoft 365 and Google: the mailbox, and either a client id,
     * secret and refresh token (access tokens are fetched and renewed from the provider's token endpoint) or a
     * fixed access token. Secrets: never logged, never in an error.
     */
    SMTP_OAUTH2_USER: optionalSetting(z.email()),
    SMTP_OAUTH2_PROVIDER: z.enum(['google', 'microsoft']).default('google'),
    /** Microsoft 365: the directory (tenant) id or domain whose token endpoint issues the tokens */
    SMTP_OAUTH2_TENANT: z.string().regex(/^[A-Za-z0-9.-]+$/).default('organizations'),
    SMTP_OAUTH2_CLIENT_ID: optionalSetting(z.string().min(1)),
    SMTP_OAUTH2_CLIENT_SECRET: optionalSecret(),
    SMTP_OAUTH2_REFRESH_TOKEN: optionalSecret(),
    SMTP_OAUTH2_ACCESS_TOKEN: optionalSecret(),
    /** the token endpoint, when not the provider's own (tests; a proxy) */
    SMTP_OAUTH2_TOKEN_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** DKIM signing (relaxed/relaxed, rsa-sha256) of every message when all three are set: d=, s= and the PEM private key */
    DKIM_DOMAIN: optionalSetting(z.string().regex(/^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/, 'DKIM_DOMAIN must be a domain name')),
    DKIM_SELECTOR: optionalSetting(z.string().regex(/^[A-Za-z0-9._-]+$/, 'DKIM_SELECTOR must be a DNS label')),
    /** an optional secret (libs/platform secret rule: production refuses a development value); never logged, never in an error */
    DKIM_PRIVATE_KEY: optionalSecret({
      schema: pem().refine((k) => {
        try {
          createPrivateKey(k);
          return true;
        } catch {
          // the answer is "not a key": the refinement's message says so (the key itself is never repeated)
          return false;
        }
      }, 'DKIM_PRIVATE_KEY must be a PEM private key'),
    }),
    /**
     * the most an e-mail's attachments may weigh together (the sealed PDFs of a completed approval); above it they are
     * named with their size instead. 10 MiB: under the 20-25 MB most mail servers accept once base64 has added a third
     */
    EMAIL_ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(0).max(50 * 1024 * 1024).default(10 * 1024 * 1024),
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
  .extend(linksConfigSchema.shape)
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const dkim = [c.DKIM_DOMAIN, c.DKIM_SELECTOR, c.DKIM_PRIVATE_KEY].filter((x) => x !== undefined).length;
    if (dkim > 0 && dkim < 3) issue('DKIM_PRIVATE_KEY', 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together (all three or none)');
    const oauth = c.SMTP_OAUTH2_CLIENT_ID || c.SMTP_OAUTH2_CLIENT_SECRET || c.SMTP_OAUTH2_REFRESH_TOKEN || c.SMTP_OAUTH2_ACCESS_TOKEN;
    if (oauth && !c.SMTP_OAUTH2_USER) issue('SMTP_OAUTH2_USER', 'the mailbox the OAuth2 tokens belong to is required');
    if (c.SMTP_OAUTH2_USER) {
      const refresh = [c.SMTP_OAUTH2_CLIENT_ID, c.SMTP_OAUTH2_CLIENT_SECRET, c.SMTP_OAUTH2_REFRESH_TOKEN].filter(Boolean).length;
      if (refresh > 0 && refresh < 3) issue('SMTP_OAUTH2_REFRESH_TOKEN', 'SMTP_OAUTH2_CLIENT_ID, SMTP_OAUTH2_CLIENT_SECRET and SMTP_OAUTH2_REFRESH_TOKEN go together');
      if (refresh === 0 && !c.SMTP_OAUTH2_ACCESS_TOKEN) issue('SMTP_OAUTH2_USER', 'OAuth2 needs a client id, secret and refresh token, or an access token');
      if (smtpUrlHasUser(c.SMTP_URL)) issue('SMTP_URL', 'a user in SMTP_URL and OAuth2 at the same time: choose one');
    }
    const authenticates = smtpUrlHasUser(c.SMTP_URL) || c.SMTP_OAUTH2_USER !== undefined;
    if (authenticates && c.SMTP_REQUIRE_TLS === false && /^smtp:/i.test(c.SMTP_URL)) {
      issue('SMTP_REQUIRE_TLS', 'the transport authenticates, so TLS is required (STARTTLS on smtp://): remove SMTP_REQUIRE_TLS=false, or use smtps://');
    }
    if (c.NODE_ENV === 'production') {
      const why = developmentSmtpServer(c.SMTP_URL);
      if (why) issue('SMTP_URL', `production refuses a development SMTP server (${why}): set the organization's relay`);
    }
  });

/** PEM text; `\n` written literally (one-line environment values) become line ends */
function pem() {
  return z
    .string()
    .transform((s) => s.replace(/\\n/g, '\n').trim())
    .pipe(z.string().regex(/^-----BEGIN [A-Z0-9 ]+-----\n[\s\S]+\n-----END [A-Z0-9 ]+-----$/, 'a PEM block (-----BEGIN ...)'));
}

/** whether SMTP_URL carries a user (password authentication) */
export function smtpUrlHasUser(url: string): boolean {
  try {
    return new URL(url).username !== '';
  } catch {
    // not a URL: the SMTP_URL check above reports it; here it carries no user
    return false;
  }
}

export type NotificationConfig = z.output<typeof notificationConfigSchema>;

export const loadNotificationConfig = (env?: Record<string, string | undefined>): NotificationConfig =>
  parseConfig(notificationConfigSchema, env);
