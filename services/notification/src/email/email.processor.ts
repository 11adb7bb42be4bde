import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { AppError, orgUrl, renderInvitation, SendEmail, type PayloadOf } from '@app/contracts';
import { CONFIG, logger, ProcessJob, type JobContext } from '@app/platform';
import type { NotificationConfig } from '../config';
import { DirectoryService } from '../common/directory';
import { renderEmail } from '../templates/registry';
import { messageIdFor } from '../rules/email-job-id';
import { AttachmentRefused, readAttachment } from '../rules/attachments';
import { isPermanentSmtpError, Mailer, type OutgoingEmail } from './mailer';
import { SentLog } from './sent-log';

/**
 * Sends one e-mail. Retried with exponential backoff on temporary failures (SMTP 4xx, connection
 * errors, no TLS where it is required, the organization service not answering); failed at once on permanent ones (SMTP 5xx, an
 * unknown organization, a template that cannot render). The parameters were checked against the
 * contract's e-mail union when the job was added and again when it was taken. Either way a job that ran out of
 * attempts stays in the queue's failed list (bull-board at /admin/queues).
 */
@Injectable()
export class EmailProcessor {
  constructor(
    private readonly directory: DirectoryService,
    private readonly sentLog: SentLog,
    private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: NotificationConfig,
  ) {}

  @ProcessJob(SendEmail)
  async send(p: PayloadOf<typeof SendEmail>, ctx: JobContext): Promise<{ sent: boolean; messageId?: string }> {
    // a job taken back from a killed worker, or retried after its log write failed, sends nothing twice;
    // the look-up is batched with those of the other jobs running now (SentLog), the organization comes
    // from the event, else from the directory's cache, while it runs
    const [sent, found] = await Promise.allSettled([this.sentLog.wasSent(p.orgId, ctx.id), this.orgOf(p)]);
    if (sent.status === 'rejected') throw sent.reason;
    if (sent.value) return { sent: false };
    if (found.status === 'rejected') throw found.reason;
    const org = found.value;
    const messageId = messageIdFor(ctx.id, this.config.MAIL_FROM_ADDRESS);
    // read before rendering: an attachment that can no longer be had turns the e-mail into its unattached form
    const { email, attachments: read } = await this.attachments(p, ctx.id);
    let rendered;
    try {
      // email is one case of the contract's e-mail union (template + its params); rendering switches on it
      rendered = renderEmail({ email, to: p.to, org, links: { baseDomain: this.config.PUBLIC_BASE_DOMAIN, protocol: this.config.PUBLIC_PROTOCOL } });
    } catch (e) {
      // rendering is deterministic: a retry would fail the same way
      throw new UnrecoverableError(`template ${p.template}: ${(e as Error).message}`);
    }

    const files = [...(read ?? []), ...this.invitation(p, org)];
    const attachments = files.length ? files : undefined;
    try {
      // nodemailer builds the message (and signs it when DKIM is configured) and sends it on a pooled connection
      await this.mailer.send({
        from: { name: org.name, address: this.config.MAIL_FROM_ADDRESS },
        to: { name: p.to.name, address: p.to.email },
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId,
        lang: p.to.lang === 'fr' ? 'en' : p.to.lang,
        attachments,
      });
    } catch (e) {
      if (isPermanentSmtpError(e)) throw new UnrecoverableError(`SMTP refused permanently: ${(e as Error).message}`);
      // connection errors, 4xx, a server that did not upgrade to TLS where it is required: retried with backoff
      throw e;
    }

    // accepted: from here on, never throw (a retry would send it again). The row is written with those of
    // the jobs that finish at the same time (one multi-row INSERT); the job completes once it is committed.
    await this.sentLog
      .record(p.orgId, {
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

  /**
   * The files an e-mail attaches, read from their presigned URLs now (file bytes never travel in events or jobs):
   * the sealed PDFs of a completed approval when the consumer found them within EMAIL_ATTACHMENT_MAX_BYTES. A URL
   * that answers 4xx (expired: the job waited out an outage longer than APPROVAL_EMAIL_URL_TTL_SECONDS) or more bytes
   * than the bound does not lose the e-mail: it goes in its unattached form, naming the documents with the link to
   * the approval, where each recipient downloads them. 5xx and network errors are retried.
   */
  private async attachments(p: PayloadOf<typeof SendEmail>, jobId: string): Promise<{ email: PayloadOf<typeof SendEmail>; attachments: OutgoingEmail['attachments'] }> {
    if (p.template !== 'approval-completed' || !p.params.attached) return { email: p, attachments: undefined };
    let left = this.config.EMAIL_ATTACHMENT_MAX_BYTES;
    const files: NonNullable<OutgoingEmail['attachments']> = [];
    try {
      for (const d of p.params.documents) {
        const content = await readAttachment(d.url, left);
        left -= content.length;
        files.push({ filename: d.name, content, contentType: 'application/pdf' });
      }
    } catch (e) {
      if (!(e instanceof AttachmentRefused)) throw e;
      logger().warn({ jobId, template: p.template, reason: e.message }, 'the attachments could not be read: the e-mail names them with the link instead');
      return { email: { ...p, params: { ...p.params, attached: false, unreadable: true } }, attachments: undefined };
    }
    return { email: p, attachments: files };
  }

  /**
   * A meeting e-mail's calendar invitation (`invite.ics`, METHOD:REQUEST, or CANCEL for a cancellation): made here from
   * the job's parameters by the one iCalendar writer (libs/contracts meeting/ics.ts), the meeting's page as its URL
   */
  private invitation(p: PayloadOf<typeof SendEmail>, org: { name: string; slug: string }): NonNullable<OutgoingEmail['attachments']> {
    if (!('invitation' in p.params) || !p.params.invitation || !('startsAt' in p.params)) return [];
    const inv = p.params.invitation;
    const changedAt = new Date(inv.changedAt);
    const url = orgUrl({ slug: org.slug, baseDomain: this.config.PUBLIC_BASE_DOMAIN, protocol: this.config.PUBLIC_PROTOCOL }, p.params.path);
    const ics = renderInvitation(
      inv.method,
      { uid: inv.uid, title: p.params.title, description: null, start: new Date(p.params.startsAt), duration: inv.durationMinutes, location: p.params.location, url, cancelled: inv.method === 'CANCEL', updatedAt: changedAt },
      { organizer: { name: org.name, email: this.config.MAIL_FROM_ADDRESS }, attendee: { name: p.to.name ?? null, email: p.to.email } },
      changedAt,
    );
    return [{ filename: 'invite.ics', content: Buffer.from(ics, 'utf8'), contentType: `text/calendar; method=${inv.method}; charset=UTF-8` }];
  }

  /** the event's own description of the organization (name, time zone, slug for links), else the local copy */
  private async orgOf(p: PayloadOf<typeof SendEmail>): Promise<{ name: string; timeZone: string; slug: string }> {
    if (p.org) return p.org;
    try {
      return await this.directory.org(p.orgId);
    } catch (e) {
      if (AppError.is(e) && e.code === 'NOT_FOUND') throw new UnrecoverableError(`organization ${p.orgId} is unknown`);
      throw e;
    }
  }
}
