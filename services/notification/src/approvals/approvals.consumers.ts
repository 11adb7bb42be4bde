import { Injectable } from '@nestjs/common';
import { ApprovalCompleted, ApprovalRejected, ApprovalRequested, ApprovalSigned, type EmailOrg, type EventMeta, type PayloadOf } from '@app/contracts';
import { OnEvent } from '@app/platform';
import { EmailOutbox } from '../common/email-outbox';

type OrgInfo = { orgSlug: string; orgName: string; timeZone: string };
const orgOf = (e: OrgInfo): EmailOrg => ({ name: e.orgName, timeZone: e.timeZone, slug: e.orgSlug });

/** Approval events -> e-mails: the current step's signers are asked to sign; the sender hears of each signature, a rejection and completion. */
@Injectable()
export class ApprovalConsumers {
  constructor(private readonly outbox: EmailOutbox) {}

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

  @OnEvent(ApprovalCompleted)
  async completed(e: PayloadOf<typeof ApprovalCompleted>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, { template: 'approval-completed', params: { title: e.title, path: e.link } }, e.recipients, orgOf(e));
  }
}
