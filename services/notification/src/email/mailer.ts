import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
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
}

/** An SMTP error that will not get better by retrying (5xx: unknown mailbox, rejected sender...). */
export function isPermanentSmtpError(e: unknown): boolean {
  const code = (e as { responseCode?: number })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** nodemailer over SMTP_URL with a small connection pool. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(CONFIG) config: NotificationConfig) {
    this.transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      pool: true,
      maxConnections: config.SMTP_POOL_SIZE,
      // a pooled connection is reused for every message (no reconnect every N messages)
      maxMessages: Infinity,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  /** Resolves when the SMTP server accepted the message; rejects with the server's response otherwise. */
  async send(mail: OutgoingEmail): Promise<{ accepted: number; response: string }> {
    const info = await this.transport.sendMail({
      from: mail.from,
      to: mail.to.name ? { name: mail.to.name, address: mail.to.address } : mail.to.address,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: { 'Content-Language': mail.lang, 'Auto-Submitted': 'auto-generated' },
    });
    return { accepted: (info.accepted as unknown[]).length, response: String(info.response ?? '') };
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
