import { Injectable } from '@nestjs/common';
import { EmailVerificationRequested, PasswordResetRequested, UserInvited, type EventMeta, type PayloadOf } from '@app/contracts';
import { OnEvent } from '@app/platform';
import { EmailOutbox } from '../email/email.service';

/** Sign-in and registration e-mails from organization events: one SendEmail job per event. */
@Injectable()
export class AccountConsumers {
  constructor(private readonly outbox: EmailOutbox) {}

  @OnEvent(UserInvited)
  async userInvited(e: PayloadOf<typeof UserInvited>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, 'user-invited', [e.recipient], {
      token: e.token,
      email: e.recipient.email,
      expiresAt: e.expiresAt,
      invitedBy: e.invitedBy,
    });
  }

  @OnEvent(PasswordResetRequested)
  async passwordReset(e: PayloadOf<typeof PasswordResetRequested>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, 'password-reset', [e.recipient], { token: e.token, email: e.recipient.email, expiresAt: e.expiresAt });
  }

  @OnEvent(EmailVerificationRequested)
  async emailVerification(e: PayloadOf<typeof EmailVerificationRequested>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, 'email-verification', [e.recipient], { token: e.token, email: e.recipient.email, expiresAt: e.expiresAt });
  }
}
