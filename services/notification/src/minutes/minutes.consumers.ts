import { Injectable } from '@nestjs/common';
import { MinutesPublished, MinutesReviewDeadlineChanged, MinutesReviewRequested, type EventMeta, type PayloadOf } from '@app/contracts';
import { OnEvent } from '@app/platform';
import { EmailOutbox } from '../common/email-outbox';
import { SchedulerService } from '../common/scheduler';

/**
 * Minutes events -> e-mails and the review reminder: the signed minutes are published (every member is told, each in
 * their own language); an edition sent for review with a deadline schedules the reviewers' reminder
 * (docs/minutes.md#review-deadline), which asks the minutes service who has not commented when it fires
 * (ListPendingReviewers); sent again without a deadline, the reminder is dropped. The owner's change of the deadline
 * (MinutesReviewDeadlineChanged, docs/minutes.md#changing-the-deadline) is read the same way: the reminder still to come
 * moves, a cleared deadline drops it, the same deadline again leaves it as it is (SchedulerService.schedule).
 */
@Injectable()
export class MinutesConsumers {
  constructor(
    private readonly outbox: EmailOutbox,
    private readonly scheduler: SchedulerService,
  ) {}

  @OnEvent(MinutesPublished)
  async published(e: PayloadOf<typeof MinutesPublished>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, { template: 'minutes-published', params: { title: e.title, edition: e.edition, path: e.link } }, e.recipients, {
      name: e.orgName, timeZone: e.timeZone, slug: e.orgSlug,
    });
  }

  @OnEvent(MinutesReviewRequested)
  async reviewRequested(e: PayloadOf<typeof MinutesReviewRequested>, meta: EventMeta): Promise<void> {
    await this.reviewTerms(e, meta);
  }

  @OnEvent(MinutesReviewDeadlineChanged)
  async deadlineChanged(e: PayloadOf<typeof MinutesReviewDeadlineChanged>, meta: EventMeta): Promise<void> {
    await this.reviewTerms(e, meta);
  }

  /** the review's reminder follows its deadline: scheduled (or moved) before it, dropped without one */
  private async reviewTerms(e: PayloadOf<typeof MinutesReviewRequested>, meta: EventMeta): Promise<void> {
    const sourceAt = new Date(meta.occurredAt);
    if (!e.deadline) {
      await this.scheduler.cancel(e.orgId, 'minutes-review', e.meetingId, sourceAt);
      return;
    }
    await this.scheduler.schedule(e.orgId, 'minutes-review', e.meetingId, new Date(e.deadline), {
      title: e.title, meetingId: e.meetingId, link: e.link, edition: e.edition,
      orgSlug: e.orgSlug, orgName: e.orgName, timeZone: e.timeZone, recipients: e.reviewers,
    }, sourceAt);
  }
}
