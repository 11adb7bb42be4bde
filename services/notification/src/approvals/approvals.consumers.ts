import { Inject, Injectable } from '@nestjs/common';
import { ApprovalCompleted, ApprovalRejected, ApprovalRequested, ApprovalSigned, type EmailOrg, type EventMeta, type PayloadOf } from '@app/contracts';
import { CONFIG, OnEvent } from '@app/platform';
import type { NotificationConfig } from '../config';
import { EmailOutbox } from '../common/email-outbox';
import { fitsAttached } from '../rules/attachments';

type OrgInfo = { orgSlug: string; orgName: string; timeZone: string };
const orgOf = (e: OrgInfo): EmailOrg => ({ name: e.orgName, timeZone: e.timeZone, slug: e.orgSlug });

/** Approval events -> e-mails: the current step's signers are asked to sign; the sender hears of each signature, a rejection and completion. */
@Injectable()
export class ApprovalConsumers {
  constructor(
    private readonly outbox: EmailOutbox,
    @Inject(CONFIG) private readonly config: NotificationConfig,
  ) {}

  @OnEvent(ApprovalRequested)
  async requested(e: PayloadOf<typeof ApprovalRequested>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, { template: 'approval-requested', params: { title: e.title, senderName: e.senderName, path: e.link, guest: e.guest } }, [e.recipient], orgOf(e));
  }

  @OnEvent(ApprovalSigned)
  async signed(e: PayloadOf<typeof ApprovalSigned>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, { template: 'approval-signed', params: { title: e.title, signerName: e.signerName, path: e.link } }, e.recipients, orgOf(e));
  }

  @OnEvent(ApprovalRejected)
  async rejected(e: PayloadOf<typeof ApprovalRejected>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, { template: 'approval-rejected', params: { title: e.title, signerName: e.signerName, reason: e.reason, path: e.link } }, e.recipients, orgOf(e));
  }

  /**
   * Everyone (sender, member and guest signers) with the sealed PDFs: attached when together within
   * EMAIL_ATTACHMENT_MAX_BYTES (the e-mail job reads them from their presigned URLs), else named with their size
   */
  @OnEvent(ApprovalCompleted)
  async completed(e: PayloadOf<typeof ApprovalCompleted>, meta: EventMeta): Promise<void> {
    const attached = e.documents.length > 0 && fitsAttached(e.documents, this.config.EMAIL_ATTACHMENT_MAX_BYTES);
    const params = { title: e.title, path: e.link, documents: e.documents, attached };
    await this.outbox.enqueue(e.orgId, meta.id, { template: 'approval-completed', params }, e.recipients, orgOf(e));
    // a guest also signing as a member, or the sender, has had theirs (one e-mail per address)
    const members = new Set(e.recipients.map((r) => r.email.toLowerCase()));
    const guests = e.guests.filter((g) => !members.has(g.email.toLowerCase()));
    if (guests.length) await this.outbox.enqueue(e.orgId, meta.id, { template: 'approval-completed', params: { ...params, guest: true } }, guests, orgOf(e));
  }
}
