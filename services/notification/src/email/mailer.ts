import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG } from '@app/platform';
import type { NotificationConfig } from '../config';
import { buildMime } from './mime';
import { SmtpClient } from './smtp-client';

export interface OutgoingEmail {
  from: { name: string; address: string };
  to: { name: string | null; address: string };
  subject: string;
  html: string;
  text: string;
  messageId: string;
  lang: string;
}

/** A message built by `Mailer.compose`, ready for `Mailer.send`. */
export interface ComposedEmail {
  envelope: { from: string; to: string[] };
  message: Buffer;
}

/** An SMTP error that will not get better by retrying (5xx: unknown mailbox, rejected sender...). */
export function isPermanentSmtpError(e: unknown): boolean {
  const code = (e as { responseCode?: number })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * The service's SMTP side: the MIME message is built here (mime.ts, a pure function), and sent over
 * SMTP_URL by a pool of SMTP_POOL_SIZE connections kept open across messages (smtp-client.ts).
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly client: SmtpClient;

  constructor(@Inject(CONFIG) config: NotificationConfig) {
    this.client = new SmtpClient({
      url: config.SMTP_URL,
      poolSize: config.SMTP_POOL_SIZE,
      connectionTimeoutMs: 10_000,
      greetingTimeoutMs: 10_000,
      socketTimeoutMs: 30_000,
    });
  }

  /** The message and its envelope; throws on what no retry can fix (an address that is not one). */
  compose(mail: OutgoingEmail, date = new Date()): ComposedEmail {
    const message = buildMime({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      date,
      headers: [
        ['Content-Language', mail.lang],
        ['Auto-Submitted', 'auto-generated'],
      ],
    });
    return { envelope: { from: mail.from.address, to: [mail.to.address] }, message };
  }

  /** Resolves when the SMTP server accepted the message; rejects with the server's response (responseCode) otherwise. */
  async send(mail: ComposedEmail): Promise<{ response: string }> {
    return this.client.send(mail.envelope, mail.message);
  }

  onApplicationShutdown(): void {
    this.client.close();
  }
}
