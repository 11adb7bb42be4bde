import { Injectable } from '@nestjs/common';
import { MinutesPublished, type EventMeta, type PayloadOf } from '@app/contracts';
import { OnEvent } from '@app/platform';
import { EmailOutbox } from '../common/email-outbox';

/** Minutes events -> e-mails: the signed minutes are published; every member is told, each in their own language. */
@Injectable()
export class MinutesConsumers {
  constructor(private readonly outbox: EmailOutbox) {}

  @OnEvent(MinutesPublished)
  async published(e: PayloadOf<typeof MinutesPublished>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, { template: 'minutes-published', params: { title: e.title, edition: e.edition, path: e.link } }, e.recipients, {
      name: e.orgName, timeZone: e.timeZone, slug: e.orgSlug,
    });
  }
}
