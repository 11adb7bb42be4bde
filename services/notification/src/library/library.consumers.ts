import { Injectable } from '@nestjs/common';
import { ItemShared, type EventMeta, type PayloadOf } from '@app/contracts';
import { OnEvent } from '@app/platform';
import { EmailOutbox } from '../common/email-outbox';

/** Library events -> e-mails: each person a file or folder is newly shared with hears of it, in their language. */
@Injectable()
export class LibraryConsumers {
  constructor(private readonly outbox: EmailOutbox) {}

  @OnEvent(ItemShared)
  async shared(e: PayloadOf<typeof ItemShared>, meta: EventMeta): Promise<void> {
    const org = e.orgName && e.orgSlug ? { name: e.orgName, timeZone: e.timeZone, slug: e.orgSlug } : undefined;
    // one job per recipient (their permission and expiry are their own); the job id is (event, recipient): once each
    for (const r of e.recipients) {
      await this.outbox.enqueue(
        e.orgId,
        meta.id,
        { template: 'library-shared', params: { name: e.name, folder: e.folder, byName: e.byName, canEdit: r.canEdit, expiresAt: r.expiresAt, path: e.link } },
        [{ email: r.email, name: r.name, lang: r.lang }],
        org,
      );
    }
  }
}
