import { Injectable } from '@nestjs/common';
import { EvaluationRoundClosed, EvaluationRoundSent, type EventMeta, type PayloadOf } from '@app/contracts';
import { OnEvent } from '@app/platform';
import { EmailOutbox } from '../common/email-outbox';
import { ReminderInbox } from '../common/reminder-inbox';
import { SchedulerService } from '../common/scheduler';

/**
 * Evaluation events -> e-mails, widget reminders and the deadline reminder (docs/evaluations.md#reminders). A round
 * sent: each recipient is asked in their language; the reminder before the deadline is scheduled, and when it fires it
 * asks the meeting service who has not answered (ListPendingRespondents), so nobody who answered is reminded.
 */
@Injectable()
export class EvaluationConsumers {
  constructor(
    private readonly outbox: EmailOutbox,
    private readonly reminders: ReminderInbox,
    private readonly scheduler: SchedulerService,
  ) {}

  @OnEvent(EvaluationRoundSent)
  async roundSent(e: PayloadOf<typeof EvaluationRoundSent>, meta: EventMeta): Promise<void> {
    const org = { name: e.orgName, timeZone: e.timeZone, slug: e.orgSlug };
    await this.outbox.enqueue(
      e.orgId, meta.id,
      { template: 'evaluation-sent', params: { title: e.title, committee: e.committeeName, anonymous: e.anonymous, deadline: e.deadline, path: e.link } },
      e.recipients, org,
    );
    await this.reminders.notify(e.orgId, e.recipients.map((r) => r.email), {
      type: 'evaluation-sent',
      title: 'Questionnaire to answer: {title}',
      message: 'Answer before {date}.',
      params: { title: e.title.en },
      link: e.link,
      entityType: 'evaluation',
      entityId: e.roundId,
      meetingId: null,
      dueAt: new Date(e.deadline),
      dedupeKey: meta.id,
    });
    // the sender's reminders (each fires once, the largest lead first; the processor schedules the next one); an event
    // written before the choice existed carries none: one reminder at the largest of REMINDER_LEADS_MINUTES ahead
    await this.scheduler.schedule(e.orgId, 'evaluation-deadline', e.roundId, new Date(e.deadline), {
      title: e.title.en, titles: e.title, anonymous: e.anonymous, meetingId: null, link: e.link,
      orgSlug: e.orgSlug, orgName: e.orgName, timeZone: e.timeZone, recipients: e.recipients,
      ...(e.reminderMinutes ? { leadsMinutes: e.reminderMinutes } : {}),
    }, new Date(meta.occurredAt), undefined, e.reminderMinutes);
  }

  /** closed before its deadline: the reminder job is removed and the widget's entries for the round dismissed */
  @OnEvent(EvaluationRoundClosed)
  async roundClosed(e: PayloadOf<typeof EvaluationRoundClosed>, meta: EventMeta): Promise<void> {
    await this.scheduler.cancel(e.orgId, 'evaluation-deadline', e.roundId, new Date(meta.occurredAt));
    await this.reminders.dismissForEntity(e.orgId, 'evaluation', e.roundId, ['evaluation-sent', 'evaluation-deadline']);
  }
}
