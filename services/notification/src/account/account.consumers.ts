import { Injectable } from '@nestjs/common';
import { EmailVerificationRequested, PasswordResetRequested, UserInvited, type EventMeta, type PayloadOf } from '@app/contracts';
import { OnEvent } from '@app/platform';
import { EmailOutbox } from '../common/email-outbox';

/**
 * Sign-in and registration e-mails from organization events: one SendEmail job per event. These events
 * carry no organization snapshot, so the e-mail uses the local copy (name, time zone, slug for links).
 */
@Injectable()
export class AccountConsumers {
  constructor(private readonly outbox: EmailOutbox) {}

  @OnEvent(UserInvited)
  async userInvited(e: PayloadOf<typeof UserInvited>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, {
      template: 'user-invited',
      params: { token: e.token, email: e.recipient.email, expiresAt: e.expiresAt, invitedBy: e.invitedBy },
    }, [e.recipient]);
  }

  @OnEvent(PasswordResetRequested)
  async passwordReset(e: PayloadOf<typeof PasswordResetRequested>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, { template: 'password-reset', params: { token: e.token, email: e.recipient.email, expiresAt: e.expiresAt } }, [e.recipient]);
  }

  @OnEvent(EmailVerificationRequested)
  async emailVerification(e: PayloadOf<typeof EmailVerificationRequested>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, { template: 'email-verification', params: { token: e.token, email: e.recipient.email, expiresAt: e.expiresAt } }, [e.recipient]);
  }
}
