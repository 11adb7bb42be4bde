import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { CONFIG } from '@app/platform';
import type { NotificationConfig } from '../config';

export interface OutgoingEmail {
  from: { name: string; address: string };
  to: { name: string | null; address: string };
  subject: string;
  html: string;
  text: string;
  messageId: string;
  lang: string;
  /** files read by the processor (never a path or URL for nodemailer to open: file and URL access are off) */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** An SMTP error that will not get better by retrying (5xx: unknown mailbox, rejected sender...). */
export function isPermanentSmtpError(e: unknown): boolean {
  const code = (e as { responseCode?: number })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The settings of the transport that a test or an operator may want to see (no secret in it). */
export interface TransportSummary {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://) */
  secure: boolean;
  /** STARTTLS required on smtp:// (nothing is sent, no AUTH either, over a connection that did not upgrade) */
  requireTLS: boolean;
  auth: 'none' | 'password' | 'oauth2';
  dkim: string | null;
}

const TOKEN_URLS = {
  google: () => 'https://oauth2.googleapis.com/token',
  microsoft: (tenant: string) => `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
} as const;
/** Microsoft's token endpoint wants the scope the refreshed token is for; Google's takes the refresh token's own */
const MICROSOFT_SMTP_SCOPE = 'https://outlook.office365.com/SMTP.Send offline_access';

/**
 * nodemailer's SMTP pool options from the service's config (a pure function; config.ts has checked the
 * combinations). TLS is required whenever the transport authenticates (a user in SMTP_URL, or OAuth2) and always
 * with SMTP_REQUIRE_TLS: nodemailer then sends STARTTLS whether or not the server offers it, and fails the
 * connection, before any AUTH or MAIL FROM, when the upgrade does not happen. Certificates are checked (Node's
 * defaults, TLS 1.2 at least); SMTP_TLS_CA adds a trusted CA.
 */
export function transportOptions(config: NotificationConfig): { options: SMTPPool.Options; summary: TransportSummary } {
  const url = new URL(config.SMTP_URL);
  const secure = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  let auth: SMTPPool.Options['auth'];
  let kind: TransportSummary['auth'] = 'none';
  if (config.SMTP_OAUTH2_USER) {
    kind = 'oauth2';
    const refresh = config.SMTP_OAUTH2_REFRESH_TOKEN
      ? {
          clientId: config.SMTP_OAUTH2_CLIENT_ID,
          clientSecret: config.SMTP_OAUTH2_CLIENT_SECRET,
          refreshToken: config.SMTP_OAUTH2_REFRESH_TOKEN,
          accessUrl: config.SMTP_OAUTH2_TOKEN_URL ?? TOKEN_URLS[config.SMTP_OAUTH2_PROVIDER](config.SMTP_OAUTH2_TENANT),
          ...(config.SMTP_OAUTH2_PROVIDER === 'microsoft' ? { customParams: { scope: MICROSOFT_SMTP_SCOPE } } : {}),
        }
      : {};
    auth = { type: 'OAuth2', user: config.SMTP_OAUTH2_USER, ...refresh, ...(config.SMTP_OAUTH2_ACCESS_TOKEN ? { accessToken: config.SMTP_OAUTH2_ACCESS_TOKEN } : {}) };
  } else if (url.username) {
    kind = 'password';
    auth = { type: 'login', user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  }
  // config.ts refuses SMTP_REQUIRE_TLS=false with credentials on smtp://; TLS is required whenever it authenticates anyway
  const requireTLS = !secure && (config.SMTP_REQUIRE_TLS === true || kind !== 'none');
  const dkim =
    config.DKIM_DOMAIN && config.DKIM_SELECTOR && config.DKIM_PRIVATE_KEY
      ? { domainName: config.DKIM_DOMAIN, keySelector: config.DKIM_SELECTOR, privateKey: config.DKIM_PRIVATE_KEY }
      : undefined;
  const options: SMTPPool.Options = {
    pool: true,
    host,
    port,
    secure,
    requireTLS,
    // never downgraded: requireTLS wins over these in nodemailer, and they are off anyway
    ignoreTLS: false,
    opportunisticTLS: false,
    ...(auth ? { auth } : {}),
    // SNI: nodemailer gives the host name (not an IP address) as servername
    tls: { minVersion: 'TLSv1.2', ...(config.SMTP_TLS_CA ? { ca: [config.SMTP_TLS_CA] } : {}) },
    // connections kept open across jobs: a job waits for a free one; recycled after SMTP_POOL_MAX_MESSAGES, if set
    maxConnections: config.SMTP_POOL_SIZE,
    maxMessages: config.SMTP_POOL_MAX_MESSAGES ?? Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(dkim ? { dkim } : {}),
    // nodemailer's own logging is off: its debug output would carry the AUTH exchange
    logger: false,
    debug: false,
  };
  return { options, summary: { host, port, secure, requireTLS, auth: kind, dkim: dkim ? `${dkim.keySelector}._domainkey.${dkim.domainName}` : null } };
}

/**
 * The service's SMTP side: nodemailer builds the message (its MailComposer: multipart/alternative, RFC 2047 words,
 * quoted-printable or base64 parts), signs it with DKIM when a key is configured, and sends it over a pool of
 * SMTP_POOL_SIZE connections kept open across messages (transportOptions above for TLS and authentication).
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;
  readonly summary: TransportSummary;

  constructor(@Inject(CONFIG) config: NotificationConfig) {
    const { options, summary } = transportOptions(config);
    this.summary = summary;
    this.transport = nodemailer.createTransport(options);
  }

  /**
   * Resolves when the SMTP server accepted the message; rejects with the server's response (`responseCode`) or
   * with a transport error. A connection that did not upgrade to TLS where TLS is required is reported as such:
   * nothing was sent on it, no credentials either.
   */
  async send(mail: OutgoingEmail, date = new Date()): Promise<{ response: string }> {
    try {
      const info = await this.transport.sendMail({
        from: { name: mail.from.name, address: mail.from.address },
        to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        messageId: mail.messageId,
        date,
        headers: { 'Content-Language': mail.lang, 'Auto-Submitted': 'auto-generated' },
        // the only recipients are the envelope's: never Bcc, never a header-derived address
        envelope: { from: mail.from.address, to: [mail.to.address] },
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      return { response: String(info.response ?? '') };
    } catch (e) {
      throw this.explain(e);
    }
  }

  private explain(e: unknown): unknown {
    const err = e as { code?: string; message?: string };
    if (err?.code === 'ETLS' && this.summary.requireTLS) {
      const why = this.summary.auth !== 'none' ? 'it authenticates' : 'SMTP_REQUIRE_TLS is set';
      return Object.assign(
        new Error(
          `SMTP server ${this.summary.host}:${this.summary.port} did not upgrade the connection with STARTTLS (${err.message ?? 'no STARTTLS'}); ` +
            `TLS is required because ${why}: nothing was sent, no AUTH either`,
        ),
        { code: 'ETLS' },
      );
    }
    return e;
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
