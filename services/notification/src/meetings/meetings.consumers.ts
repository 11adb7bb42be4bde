import { Injectable } from '@nestjs/common';
import {
  ActionAssigned, ActionClosed, AgendaPublished, ActionStatusChanged, CommentNotified, DecisionClosed, DecisionOpened,
  MeetingCancelled, MeetingScheduled, MeetingUpdated, MemberInvited, meetingIcsUid,
  type EmailInput, type EmailOrg, type EventMeta, type PayloadOf, type Recipient, type ReminderType,
} from '@app/contracts';
import { OnEvent } from '@app/platform';
import { EmailOutbox } from '../common/email-outbox';
import { ReminderInbox } from '../common/reminder-inbox';
import { SchedulerService, type ScheduledReminderData } from '../common/scheduler';
import { DirectoryService } from '../common/directory';
import { afterPartStatus, mergeRecipients, sameAddress } from '../rules/recipients';

type OrgInfo = { orgSlug: string; orgName: string; timeZone: string };
const orgOf = (e: OrgInfo): EmailOrg => ({ name: e.orgName, timeZone: e.timeZone, slug: e.orgSlug });
const emailsOf = (list: Recipient[]) => list.map((r) => r.email);

function excerpt(s: string, max = 140): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/**
 * The `.ics` an invitation, an update or a cancellation attaches: the meeting's UID (the calendar feed's too), SEQUENCE
 * from when the event happened (a later change replaces the earlier one in the recipient's calendar), its minutes
 */
function invitationOf(e: { orgId: string; meetingId: number; duration: number | null }, meta: EventMeta, method: 'REQUEST' | 'CANCEL') {
  return { method, uid: meetingIcsUid(e.orgId, e.meetingId), changedAt: meta.occurredAt, durationMinutes: e.duration && e.duration > 0 ? e.duration : 60 };
}

/** What a scheduled reminder (a decision's deadline, an action's due date) keeps of its item's event. */
function scheduledData(e: Omit<ScheduledReminderData, 'recipients'>, recipients: Recipient[]): ScheduledReminderData {
  return { title: e.title, meetingId: e.meetingId, link: e.link, orgSlug: e.orgSlug, orgName: e.orgName, timeZone: e.timeZone, recipients };
}

/**
 * Meeting events (the meeting service owns them; they carry recipients, the organization's name and
 * time zone and slug, and app paths) -> e-mail jobs, reminders in the home widget, and the deadline
 * and due-date reminders that are scheduled, moved and dropped with their items.
 * Every write is idempotent by event id: e-mail job ids and reminder dedupe keys derive from it.
 */
@Injectable()
export class MeetingConsumers {
  constructor(
    private readonly outbox: EmailOutbox,
    private readonly reminders: ReminderInbox,
    private readonly scheduler: SchedulerService,
    private readonly directory: DirectoryService,
  ) {}

  // ---- meetings ---------------------------------------------------------------------------

  @OnEvent(MeetingScheduled)
  async meetingScheduled(e: PayloadOf<typeof MeetingScheduled>, meta: EventMeta): Promise<void> {
    await this.meetingNotice(e, meta, { template: 'meeting-scheduled', params: { ...this.meetingParams(e), invitation: invitationOf(e, meta, 'REQUEST') } }, { title: 'Meeting scheduled: {title}', message: 'The meeting starts on {date}.' });
    await this.scheduleMeetingReminder(e, meta);
  }

  @OnEvent(MeetingUpdated)
  async meetingUpdated(e: PayloadOf<typeof MeetingUpdated>, meta: EventMeta): Promise<void> {
    await this.meetingNotice(
      e,
      meta,
      { template: 'meeting-updated', params: { ...this.meetingParams(e), changes: e.changes, invitation: invitationOf(e, meta, 'REQUEST') } },
      { title: 'Meeting updated: {title}', message: 'The meeting starts on {date}.' },
      ['meeting-scheduled', 'meeting-updated'],
    );
    // a moved meeting moves its reminder (same start: it stays where it is, fired or not)
    await this.scheduleMeetingReminder(e, meta);
  }

  @OnEvent(MeetingCancelled)
  async meetingCancelled(e: PayloadOf<typeof MeetingCancelled>, meta: EventMeta): Promise<void> {
    await this.meetingNotice(
      e,
      meta,
      { template: 'meeting-cancelled', params: { ...this.meetingParams(e), reason: e.reason, invitation: invitationOf(e, meta, 'CANCEL') } },
      { title: 'Meeting cancelled: {title}', message: 'The meeting planned for {date} has been cancelled.' },
      ['meeting-scheduled', 'meeting-updated', 'member-invited', 'agenda-published', 'meeting-reminder'],
    );
    await this.scheduler.cancel(e.orgId, 'meeting-reminder', e.meetingId, new Date(meta.occurredAt));
  }

  /**
   * The meeting reminder (docs/notification.md#meeting-reminders): the organization's meeting_reminder_minutes before the
   * start (0: none; a start closer than that: none). Who gets it is asked of the meeting service when it fires.
   */
  private async scheduleMeetingReminder(e: PayloadOf<typeof MeetingScheduled>, meta: EventMeta): Promise<void> {
    const lead = await this.directory.meetingReminderMinutes(e.orgId);
    await this.scheduler.schedule(e.orgId, 'meeting-reminder', e.meetingId, new Date(e.startsAt), scheduledData(e, []), new Date(meta.occurredAt), new Date(), [lead]);
  }

  /** One per invited person; a guest's link already carries their token. Guests have no reminders widget. */
  @OnEvent(MemberInvited)
  async memberInvited(e: PayloadOf<typeof MemberInvited>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, { template: 'member-invited', params: { ...this.meetingParams(e), guest: e.guest, invitation: invitationOf(e, meta, 'REQUEST') } }, [e.recipient], orgOf(e));
    if (!e.guest) {
      await this.reminders.notify(e.orgId, [e.recipient.email], {
        ...this.meetingReminder(e, meta),
        type: 'member-invited',
        title: 'You are invited to the meeting "{title}"',
        message: 'The meeting starts on {date}.',
      });
    }
  }

  /**
   * Publish the agenda (issue 27): the agenda with its board book's link to each member in their language (edition > 1:
   * an update); a widget reminder of the meeting replaces the earlier agenda's
   */
  @OnEvent(AgendaPublished)
  async agendaPublished(e: PayloadOf<typeof AgendaPublished>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(
      e.orgId,
      meta.id,
      { template: 'agenda-published', params: { ...this.meetingParams(e), edition: e.edition, note: e.note, items: e.items, bookPath: e.bookLink, guest: e.guest } },
      e.recipients,
      orgOf(e),
    );
    // a guest's copy (their own link): guests have no reminders widget
    if (e.guest) return;
    await this.reminders.dismissForEntity(e.orgId, 'meeting', e.meetingId, ['agenda-published'], meta.id);
    await this.reminders.notify(e.orgId, emailsOf(e.recipients), {
      ...this.meetingReminder(e, meta),
      link: e.bookLink,
      type: 'agenda-published',
      title: e.edition > 1 ? 'Agenda updated: {title}' : 'Agenda published: {title}',
      message: 'The meeting starts on {date}.',
    });
  }

  // ---- comments ---------------------------------------------------------------------------

  /** POST /{kind}/{id}/comment/{comment_id}/notify: after it the web says 'Participants have been notified via email'. */
  @OnEvent(CommentNotified)
  async commentNotified(e: PayloadOf<typeof CommentNotified>, meta: EventMeta): Promise<void> {
    const recipients = e.recipients.filter((r) => !sameAddress(e.by.email, r.email));
    await this.outbox.enqueue(
      e.orgId,
      meta.id,
      { template: 'comment', params: { itemTitle: e.itemTitle, meetingTitle: e.meetingTitle, comment: e.comment, by: e.by.name, path: e.link } },
      recipients,
      orgOf(e),
    );
    await this.reminders.notify(e.orgId, emailsOf(recipients), {
      type: 'comment',
      title: 'New comment on "{item}"',
      message: '{by}: {comment}',
      params: { item: e.itemTitle, by: e.by.name ?? '', comment: excerpt(e.comment) },
      link: e.link,
      entityType: 'comment',
      entityId: e.commentId,
      meetingId: e.meetingId,
      dueAt: null,
      dedupeKey: meta.id,
    });
  }

  // ---- decisions --------------------------------------------------------------------------

  /** Voting opened (created, resumed) or its deadline moved: e-mail, reminder, and (re)schedule the deadline reminder. */
  @OnEvent(DecisionOpened)
  async decisionOpened(e: PayloadOf<typeof DecisionOpened>, meta: EventMeta): Promise<void> {
    // a guest has no account: their e-mail opens their own page (with their token), never the members' page
    const guests = new Map(e.guestLinks.map((g) => [g.email.trim().toLowerCase(), g.link]));
    const params = (path: string | null) => ({ template: 'decision-opened' as const, params: { title: e.title, deadline: e.deadline, path, reason: e.reason, by: e.by.name, meetingTitle: e.meetingTitle } });
    const users = e.recipients.filter((r) => !guests.has(r.email.trim().toLowerCase()));
    await this.outbox.enqueue(e.orgId, meta.id, params(e.link), users, orgOf(e));
    for (const r of e.recipients.filter((x) => guests.has(x.email.trim().toLowerCase()))) {
      await this.outbox.enqueue(e.orgId, meta.id, params(guests.get(r.email.trim().toLowerCase()) ?? null), [r], orgOf(e));
    }
    await this.reminders.dismissForEntity(e.orgId, 'decision', e.decisionId, ['decision-opened', 'decision-deadline'], meta.id);
    await this.reminders.notify(e.orgId, emailsOf(users), {
      type: 'decision-opened',
      title: 'Your vote is requested: {title}',
      message: 'Voting is open until {date}.',
      params: { title: e.title },
      link: e.link,
      entityType: 'decision',
      entityId: e.decisionId,
      meetingId: e.meetingId,
      dueAt: new Date(e.deadline),
      dedupeKey: meta.id,
    });
    await this.scheduler.schedule(e.orgId, 'decision-deadline', e.decisionId, new Date(e.deadline), scheduledData(e, e.recipients), new Date(meta.occurredAt));
  }

  /** Voting ended (the outcome e-mailed) or the decision was deleted: drop its reminder. */
  @OnEvent(DecisionClosed)
  async decisionClosed(e: PayloadOf<typeof DecisionClosed>, meta: EventMeta): Promise<void> {
    await this.scheduler.cancel(e.orgId, 'decision-deadline', e.decisionId, new Date(meta.occurredAt));
    await this.reminders.dismissForEntity(e.orgId, 'decision', e.decisionId, ['decision-opened', 'decision-deadline']);
    // voting ended: the voters, the creator and the owner learn the outcome and the final count
    if (e.reason === 'ended' && e.election && e.recipients.length) {
      // an election: the results per candidate, ties shown as ties
      await this.outbox.enqueue(e.orgId, meta.id, { template: 'election-closed', params: { title: e.title, election: e.election, noQuorum: e.outcome === 'No quorum', path: e.link, by: e.by.name } }, e.recipients, orgOf(e));
    } else if (e.reason === 'ended' && e.outcome && e.recipients.length) {
      await this.outbox.enqueue(
        e.orgId,
        meta.id,
        { template: 'decision-closed', params: { title: e.title, outcome: e.outcome, tallies: e.tallies ?? [], path: e.link, by: e.by.name } },
        e.recipients,
        orgOf(e),
      );
    }
  }

  // ---- actions ----------------------------------------------------------------------------

  /** New participants (or, when open_till moved, all of them): e-mail, reminder, and the due-date reminder. */
  @OnEvent(ActionAssigned)
  async actionAssigned(e: PayloadOf<typeof ActionAssigned>, meta: EventMeta): Promise<void> {
    await this.outbox.enqueue(
      e.orgId,
      meta.id,
      {
        template: 'action-assigned',
        params: { title: e.title, meetingTitle: e.meetingTitle, priority: e.priority, openTill: e.openTill, path: e.link, reason: e.reason, by: e.by.name },
      },
      e.recipients,
      orgOf(e),
    );
    if (e.reason === 'rescheduled') await this.reminders.dismissForEntity(e.orgId, 'action', e.actionId, ['action-assigned', 'action-due'], meta.id);
    await this.reminders.notify(e.orgId, emailsOf(e.recipients), {
      type: 'action-assigned',
      title: 'New action assigned to you: {title}',
      message: 'Due on {date}.',
      params: { title: e.title },
      link: e.link,
      entityType: 'action',
      entityId: e.actionId,
      meetingId: e.meetingId,
      dueAt: new Date(e.openTill),
      dedupeKey: meta.id,
    });
    // 'assigned' names only the new participants: add them to those already reminded; 'rescheduled' names all
    await this.scheduler.schedule(
      e.orgId,
      'action-due',
      e.actionId,
      new Date(e.openTill),
      (prev) => {
        const data = scheduledData(e, e.recipients);
        return e.reason === 'assigned' && prev ? { ...data, recipients: mergeRecipients(prev.recipients ?? [], e.recipients) } : data;
      },
      new Date(meta.occurredAt),
    );
  }

  /** A participant who completed their part is not reminded; one who reopened it is again. */
  @OnEvent(ActionStatusChanged)
  async actionStatusChanged(e: PayloadOf<typeof ActionStatusChanged>): Promise<void> {
    const who = e.participant.email;
    if (!who) return;
    // one no longer listed (they completed before) comes back in the language the event carries (a guest's stored one)
    await this.scheduler.updateData(e.orgId, 'action-due', e.actionId, (d) => ({
      ...d,
      recipients: afterPartStatus(d.recipients ?? [], { email: who, name: e.participant.name }, e.status, e.participantLang),
    }));
  }

  /** The action is complete or deleted: drop its reminder. */
  @OnEvent(ActionClosed)
  async actionClosed(e: PayloadOf<typeof ActionClosed>, meta: EventMeta): Promise<void> {
    await this.scheduler.cancel(e.orgId, 'action-due', e.actionId, new Date(meta.occurredAt));
    await this.reminders.dismissForEntity(e.orgId, 'action', e.actionId, ['action-assigned', 'action-due']);
  }

  // ---- helpers ----------------------------------------------------------------------------

  /**
   * A meeting change to its recipients: the e-mail, then, after dismissing earlier widget reminders of
   * the types it `replaces`, a reminder of the e-mail's type.
   */
  private async meetingNotice(
    e: PayloadOf<typeof MeetingScheduled>,
    meta: EventMeta,
    email: Extract<EmailInput, { template: 'meeting-scheduled' | 'meeting-updated' | 'meeting-cancelled' }>,
    text: { title: string; message: string },
    replaces: ReminderType[] = [],
  ): Promise<void> {
    await this.outbox.enqueue(e.orgId, meta.id, email, e.recipients, orgOf(e));
    if (replaces.length) await this.reminders.dismissForEntity(e.orgId, 'meeting', e.meetingId, replaces, meta.id);
    await this.reminders.notify(e.orgId, emailsOf(e.recipients), { ...this.meetingReminder(e, meta), type: email.template, ...text });
  }

  private meetingParams(e: PayloadOf<typeof MeetingScheduled> | PayloadOf<typeof MemberInvited> | PayloadOf<typeof AgendaPublished>) {
    return { title: e.title, startsAt: e.startsAt, location: e.location, virtual: e.virtual, path: e.link, by: e.by.name };
  }

  private meetingReminder(e: PayloadOf<typeof MeetingScheduled> | PayloadOf<typeof MemberInvited> | PayloadOf<typeof AgendaPublished>, meta: EventMeta) {
    return {
      params: { title: e.title },
      link: e.link,
      entityType: 'meeting' as const,
      entityId: e.meetingId,
      meetingId: e.meetingId,
      dueAt: new Date(e.startsAt),
      dedupeKey: meta.id,
    };
  }
}
