import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { AppError, SendEmail, type PayloadOf } from '@app/contracts';
import { CONFIG, logger, ProcessJob, type JobContext } from '@app/platform';
import type { NotificationConfig } from '../config';
import { DirectoryService } from '../directory/directory.service';
import { renderEmail } from '../templates/registry';
import { EmailRepository } from './email.repository';
import { messageIdFor } from './job-id';
import { isPermanentSmtpError, Mailer } from './mailer';

/**
 * Sends one e-mail. Retried with exponential backoff on temporary failures (SMTP 4xx, connection
 * errors, the organization service not answering); failed at once on permanent ones (SMTP 5xx, an
 * unknown organization, a template whose parameters do not match). Either way a job that ran out of
 * attempts stays in the queue's failed list (bull-board at /admin/queues).
 */
@Injectable()
export class EmailProcessor {
  constructor(
    private readonly directory: DirectoryService,
    private readonly repo: EmailRepository,
    private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: NotificationConfig,
  ) {}

  @ProcessJob(SendEmail)
  async send(p: PayloadOf<typeof SendEmail>, ctx: JobContext): Promise<{ sent: boolean; messageId?: string }> {
    // a job taken back from a killed worker, or retried after its log write failed, sends nothing twice
    if (await this.repo.wasSent(p.orgId, ctx.id)) return { sent: false };

    // the event's own description of the organization, else the local copy (which also gives the host for links)
    const org: { name: string; timeZone: string; slug?: string } =
      p.org ??
      (await this.directory.org(p.orgId).catch((e) => {
        if (AppError.is(e) && e.code === 'NOT_FOUND') throw new UnrecoverableError(`organization ${p.orgId} is unknown`);
        throw e;
      }));
    let rendered;
    try {
      rendered = renderEmail({
        template: p.template,
        params: p.params,
        to: p.to,
        org,
        links: { baseDomain: this.config.PUBLIC_BASE_DOMAIN, protocol: this.config.PUBLIC_PROTOCOL },
      });
    } catch (e) {
      if (AppError.is(e)) throw new UnrecoverableError(`template ${p.template}: ${JSON.stringify(e.fields ?? e.code)}`);
      throw e;
    }

    const messageId = messageIdFor(ctx.id, this.config.MAIL_FROM_ADDRESS);
    try {
      await this.mailer.send({
        from: { name: org.name, address: this.config.MAIL_FROM_ADDRESS },
        to: { name: p.to.name, address: p.to.email },
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId,
        lang: p.to.lang === 'fr' ? 'en' : p.to.lang,
      });
    } catch (e) {
      if (isPermanentSmtpError(e)) throw new UnrecoverableError(`SMTP refused permanently: ${(e as Error).message}`);
      throw e;
    }

    // accepted: from here on, never throw (a retry would send it again)
    await this.repo
      .recordSent(p.orgId, {
        jobId: ctx.id,
        sourceId: p.sourceId,
        template: p.template,
        toEmail: p.to.email,
        lang: p.to.lang,
        subject: rendered.subject,
        messageId,
        attempts: ctx.attempt,
      })
      .catch((e) => logger().error({ err: e, jobId: ctx.id }, 'e-mail sent but its delivery log row was not written'));
    return { sent: true, messageId };
  }
}
