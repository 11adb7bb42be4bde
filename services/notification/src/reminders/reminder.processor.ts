import { Injectable } from '@nestjs/common';
import { AppPaths, ListMeetingReminderRecipients, ListPendingRespondents, ListPendingReviewers, ListPendingVoters, ReminderDue, type EmailInput, type PayloadOf, type Recipient, type ReminderType, type ScheduledReminderKind } from '@app/contracts';
import { Bus, ProcessJob, type JobContext } from '@app/platform';
import { NotificationDb } from '../common/notification-db';
import { DirectoryService } from '../common/directory';
import { EmailOutbox } from '../common/email-outbox';
import { ReminderInbox } from '../common/reminder-inbox';
import { SchedulerService, type ScheduledReminderData } from '../common/scheduler';
import { SchedulesRepository } from '../repositories/schedules.repository';
import { appPathOf } from '../rules/app-path';
import { onlyAddresses } from '../rules/recipients';

/** What each kind of scheduled reminder sends and shows. */
const KINDS: Record<Exclude<ScheduledReminderKind, 'minutes-review'>, { type: ReminderType; entity: 'decision' | 'action' | 'evaluation' | 'meeting'; title: string; message: string }> = {
  'meeting-reminder': {
    type: 'meeting-reminder',
    entity: 'meeting',
    title: 'Meeting soon: {title}',
    message: 'The meeting starts on {date}.',
  },
  'decision-deadline': {
    type: 'decision-deadline',
    entity: 'decision',
    title: 'Voting closes soon: {title}',
    message: 'Cast your vote before {date}.',
  },
  'action-due': {
    type: 'action-due',
    entity: 'action',
    title: 'Action due soon: {title}',
    message: 'This action is due on {date}.',
  },
  'evaluation-deadline': {
    type: 'evaluation-deadline',
    entity: 'evaluation',
    title: 'Questionnaire closes soon: {title}',
    message: 'Answer before {date}.',
  },
};

/** the e-mail of a reminder (a guest's path: their own page, or null) */
function emailOf(kind: Exclude<ScheduledReminderKind, 'meeting-reminder' | 'minutes-review'>, data: ScheduledReminderData, dueAt: string, path: string | null, guest = false): EmailInput {
  if (kind === 'evaluation-deadline') {
    return { template: kind, params: { title: data.titles ?? { en: data.title }, dueAt, anonymous: data.anonymous ?? true, path: path ?? AppPaths.home() } };
  }
  return { template: kind, params: { title: data.title, dueAt, path, ...(guest ? { guest: true } : {}) } };
}

/**
 * A deadline or due-date reminder fires: an e-mail to each person and an entry in their reminders
 * widget. A decision's reminder goes to those of its voters who have not voted at this moment: the meeting
 * service is asked (ListPendingVoters); the list kept with the schedule is never rewritten per vote.
 * If it does not answer, the job fails and BullMQ retries it. A stale job (the schedule moved on while it could not be removed) does nothing. The
 * e-mail job ids and reminder dedupe keys come from this job's id, so a retry adds nothing twice.
 */
@Injectable()
export class ReminderProcessor {
  constructor(
    private readonly db: NotificationDb,
    private readonly schedules: SchedulesRepository,
    private readonly directory: DirectoryService,
    private readonly outbox: EmailOutbox,
    private readonly reminders: ReminderInbox,
    private readonly bus: Bus,
    private readonly scheduler: SchedulerService,
  ) {}

  @ProcessJob(ReminderDue)
  async fire(p: PayloadOf<typeof ReminderDue>, ctx: JobContext): Promise<{ fired: boolean; reason?: string; recipients?: number }> {
    const row = await this.db.tenant(p.orgId, (s) => this.schedules.get(s, p.kind, p.itemId));
    if (!row || row.jobId !== ctx.id) return { fired: false, reason: 'stale' };
    if (row.status !== 'scheduled') return { fired: false, reason: row.status };
    const data = row.data as unknown as ScheduledReminderData;
    if (p.kind === 'meeting-reminder') return this.fireMeeting(p, row.dueAt, data, ctx);
    if (p.kind === 'minutes-review') return this.fireReview(p, row.dueAt, data, ctx);
    const kind = KINDS[p.kind];
    const due = await this.stillToAct(p, data.recipients ?? []);
    const recipients = await this.directory.current(p.orgId, due.recipients);
    const path = appPathOf(data.link) ?? AppPaths.home();
    // rows written before events carried the slug: the local copy gives the host when the e-mail is sent
    const org = data.orgSlug ? { name: data.orgName, timeZone: data.timeZone, slug: data.orgSlug } : undefined;
    const users = recipients.filter((r) => !due.guests.has(r.email.trim().toLowerCase()));
    await this.outbox.enqueue(p.orgId, ctx.id, emailOf(p.kind, data, row.dueAt.toISOString(), path), users, org);
    // a guest has no account: their reminder opens their own page (their link), or points to their invitation
    for (const r of recipients.filter((x) => due.guests.has(x.email.trim().toLowerCase()))) {
      const own = due.guests.get(r.email.trim().toLowerCase()) ?? null;
      await this.outbox.enqueue(p.orgId, ctx.id, emailOf(p.kind, data, row.dueAt.toISOString(), own, true), [r], org);
    }
    await this.reminders.notify(
      p.orgId,
      users.map((r) => r.email),
      {
        type: kind.type,
        title: kind.title,
        message: kind.message,
        params: { title: data.title },
        link: path,
        entityType: kind.entity,
        entityId: p.itemId,
        meetingId: data.meetingId ?? null,
        dueAt: row.dueAt,
        dedupeKey: ctx.id,
      },
    );
    if (data.leadsMinutes && due.recipients.length) {
      // an evaluation round with several reminders: the next one (someone still has to answer; a closed round or one
      // everyone answered has nobody pending, so nothing follows)
      await this.scheduler.advance(p.orgId, p.kind, p.itemId, ctx.id, data.leadsMinutes);
    } else {
      await this.db.tenant(p.orgId, (s) => this.schedules.markFired(s, p.kind, p.itemId, ctx.id));
    }
    return { fired: true, recipients: recipients.length };
  }

  /**
   * A meeting starts soon (docs/notification.md#meeting-reminders): the meeting service says who is reminded now (the
   * participants who have not declined; guests whose link works, with their own page) and whether the meeting still
   * stands as it was when the reminder was set (Scheduled, same start); each gets the e-mail in their language with the
   * start in the organization's time zone, users also a widget entry.
   */
  private async fireMeeting(p: PayloadOf<typeof ReminderDue>, dueAt: Date, data: ScheduledReminderData, ctx: JobContext): Promise<{ fired: boolean; reason?: string; recipients?: number }> {
    const { meeting, recipients: listed } = await this.bus.request(ListMeetingReminderRecipients, { orgId: p.orgId, meetingId: p.itemId, startsAt: dueAt.toISOString() });
    if (!meeting) {
      await this.db.tenant(p.orgId, (s) => this.schedules.markFired(s, p.kind, p.itemId, ctx.id));
      return { fired: false, reason: 'meeting' };
    }
    const org = data.orgSlug ? { name: data.orgName, timeZone: data.timeZone, slug: data.orgSlug } : undefined;
    const params = (path: string | null, guest: boolean): EmailInput => ({
      template: 'meeting-reminder',
      params: { title: meeting.title, startsAt: meeting.startsAt, location: meeting.location, virtual: meeting.virtual, path, guest },
    });
    const recipient = (r: (typeof listed)[number]): Recipient => ({ email: r.email, name: r.name, lang: r.lang });
    const users = await this.directory.current(p.orgId, listed.filter((r) => !r.guest).map(recipient));
    const guests = listed.filter((r) => r.guest);
    await this.outbox.enqueue(p.orgId, ctx.id, params(AppPaths.meeting(p.itemId), false), users, org);
    for (const g of guests) await this.outbox.enqueue(p.orgId, ctx.id, params(g.link, true), [recipient(g)], org);
    const kind = KINDS['meeting-reminder'];
    await this.reminders.notify(p.orgId, users.map((r) => r.email), {
      type: kind.type,
      title: kind.title,
      message: kind.message,
      params: { title: meeting.title },
      link: AppPaths.meeting(p.itemId),
      entityType: kind.entity,
      entityId: p.itemId,
      meetingId: p.itemId,
      dueAt: new Date(meeting.startsAt),
      dedupeKey: ctx.id,
    });
    await this.db.tenant(p.orgId, (s) => this.schedules.markFired(s, p.kind, p.itemId, ctx.id));
    return { fired: true, recipients: users.length + guests.length };
  }

  /**
   * A minutes review's deadline is near (docs/minutes.md#review-deadline): the minutes service says which reviewers of
   * the edition have not commented on it yet (none once it left review); each of them gets the e-mail in their current
   * language. E-mail only: the reminders widget has no minutes entries.
   */
  private async fireReview(p: PayloadOf<typeof ReminderDue>, dueAt: Date, data: ScheduledReminderData, ctx: JobContext): Promise<{ fired: boolean; reason?: string; recipients?: number }> {
    const { emails } = await this.bus.request(ListPendingReviewers, { orgId: p.orgId, meetingId: p.itemId, edition: data.edition ?? 1 });
    const recipients = await this.directory.current(p.orgId, onlyAddresses(data.recipients ?? [], emails));
    const org = data.orgSlug ? { name: data.orgName, timeZone: data.timeZone, slug: data.orgSlug } : undefined;
    await this.outbox.enqueue(p.orgId, ctx.id, {
      template: 'minutes-review-reminder',
      params: { title: data.title, edition: data.edition ?? 1, deadline: dueAt.toISOString(), path: appPathOf(data.link) ?? AppPaths.meeting(p.itemId) },
    }, recipients, org);
    await this.db.tenant(p.orgId, (s) => this.schedules.markFired(s, p.kind, p.itemId, ctx.id));
    return { fired: true, recipients: recipients.length };
  }

  /**
   * the reminded people who still have to act now: a decision's voters who have not voted and an evaluation's
   * recipients who have not answered (asked of the meeting service: nobody once the round's deadline has passed), and
   * which of them are guests, with the path of their own page (null: not known, see the invitation)
   */
  private async stillToAct(p: PayloadOf<typeof ReminderDue>, listed: Recipient[]): Promise<{ recipients: Recipient[]; guests: Map<string, string | null> }> {
    if (p.kind === 'evaluation-deadline') {
      if (!listed.length) return { recipients: [], guests: new Map() };
      const { emails } = await this.bus.request(ListPendingRespondents, { orgId: p.orgId, roundId: p.itemId });
      return { recipients: onlyAddresses(listed, emails), guests: new Map() };
    }
    if (p.kind !== 'decision-deadline' || !listed.length) return { recipients: listed, guests: new Map() };
    const { emails, guests } = await this.bus.request(ListPendingVoters, { orgId: p.orgId, decisionId: p.itemId });
    return { recipients: onlyAddresses(listed, emails), guests: new Map(guests.map((g) => [g.email.trim().toLowerCase(), g.link])) };
  }
}
