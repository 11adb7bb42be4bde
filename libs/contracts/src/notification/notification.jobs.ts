import { z } from 'zod';
import { defineJob } from '../core/define';
import { zOrgId } from '../core/common';
import { zAppPath } from '../core/paths';
import { zRecipient } from '../organization/organization.events';
import { zSealedDocument } from '../approval/approval.events';
import { zMeetingChange, zPublishedAgendaItem } from '../meeting/meeting.events';
import { zVote } from '../meeting/meeting.constants';
import { zDecisionOutcome } from '../meeting/quorum';
import { zLocalized } from '../meeting/evaluations';
import { zElectionOutcome } from '../meeting/election';

/**
 * The notification service's BullMQ jobs. Both are produced and processed by services/notification;
 * other services never add them: they publish domain events and the notification consumers turn
 * those into jobs (docs/how-to-add-a-notification.md).
 */

// ---- e-mails: one case per template, with that template's parameters -------------------------

const zBy = z.string().nullable().default(null);
/** a single-use, expiring token link (the path is built from AppPaths by the template) */
const zTokenLink = z.object({ token: z.string().min(1), email: z.string().min(1), expiresAt: z.string() });
/**
 * the calendar invitation an e-mail attaches (`invite.ics`, libs/contracts meeting/ics.ts renderInvitation): the
 * meeting's UID (meetingIcsUid), when it changed (SEQUENCE grows with it), its minutes; REQUEST, or CANCEL
 */
export const zEmailInvitation = z.object({
  method: z.enum(['REQUEST', 'CANCEL']),
  uid: z.string().min(1).max(200),
  changedAt: z.string(),
  durationMinutes: z.number().int().positive(),
});
const zMeetingEmail = z.object({
  title: z.string().min(1),
  startsAt: z.string(),
  location: z.string().nullable().default(null),
  virtual: z.boolean().default(false),
  /** AppPaths.meeting, or a guest's AppPaths.guestMeeting with their token */
  path: zAppPath,
  by: zBy,
  invitation: zEmailInvitation.nullable().default(null),
});
const zDeadlineEmail = z.object({
  title: z.string().min(1), dueAt: z.string(),
  /** the page to act on; for a guest their own page (with their token), or null when it is not known (the e-mail points to their invitation) */
  path: zAppPath.nullable(),
  guest: z.boolean().default(false),
});

const email = <T extends string, P extends z.ZodType>(template: T, params: P) => z.object({ template: z.literal(template), params });

/**
 * What an e-mail says, by template: `{ template, params }`. A template cannot be queued with another's
 * parameters (typecheck), and the processor switches on `template` exhaustively. Adding an e-mail adds a
 * case here and its renderer in services/notification/src/templates (docs/how-to-add-a-notification.md).
 * Links are app paths; the notification service puts them on the organization's host.
 */
export const zEmail = z.discriminatedUnion('template', [
  email('user-invited', zTokenLink.extend({ invitedBy: zBy })),
  email('password-reset', zTokenLink),
  email('email-verification', zTokenLink),
  email('meeting-scheduled', zMeetingEmail),
  email('meeting-updated', zMeetingEmail.extend({ changes: z.array(zMeetingChange).default([]) })),
  email('meeting-cancelled', zMeetingEmail.extend({ reason: z.string().default('') })),
  email('member-invited', zMeetingEmail.extend({ guest: z.boolean().default(false) })),
  email(
    'comment',
    z.object({ itemTitle: z.string().min(1), meetingTitle: z.string().nullable().default(null), comment: z.string(), by: zBy, path: zAppPath }),
  ),
  email(
    'decision-opened',
    z.object({
      title: z.string().min(1), deadline: z.string(),
      /** the page to vote on; null for a guest whose token is not known (the e-mail points to their invitation) */
      path: zAppPath.nullable(),
      reason: z.enum(['created', 'resumed', 'rescheduled']).default('created'), by: zBy,
      meetingTitle: z.string().nullable().default(null),
    }),
  ),
  email('decision-deadline', zDeadlineEmail),
  /** an election's voting ended: the results per candidate, ties shown as ties */
  email('election-closed', z.object({ title: z.string().min(1), election: zElectionOutcome, noQuorum: z.boolean().default(false), path: zAppPath, by: zBy })),
  email(
    'decision-closed',
    z.object({
      title: z.string().min(1),
      outcome: zDecisionOutcome,
      tallies: z.array(z.object({ vote: zVote, count: z.number().int(), percentage: z.number() })).default([]),
      path: zAppPath,
      by: zBy,
    }),
  ),
  email(
    'action-assigned',
    z.object({
      title: z.string().min(1),
      meetingTitle: z.string().nullable().default(null),
      priority: z.string().default('Low'),
      openTill: z.string(),
      path: zAppPath,
      reason: z.enum(['assigned', 'rescheduled']).default('assigned'),
      by: zBy,
    }),
  ),
  email('action-due', zDeadlineEmail),
  email('approval-requested', z.object({ title: z.string().min(1), senderName: z.string(), path: zAppPath, guest: z.boolean().default(false) })),
  email('approval-signed', z.object({ title: z.string().min(1), signerName: z.string(), path: zAppPath })),
  email('approval-rejected', z.object({ title: z.string().min(1), signerName: z.string(), reason: z.string(), path: zAppPath })),
  email(
    'approval-completed',
    z.object({
      title: z.string().min(1), path: zAppPath,
      /** a guest signer: no link to the members' page (theirs needs their token); their own link still downloads */
      guest: z.boolean().default(false),
      /** the sealed PDFs: attached when `attached` (their sizes within the notification service's bound), else named */
      documents: z.array(zSealedDocument).default([]),
      attached: z.boolean().default(false),
      /** set by the e-mail job when the documents could no longer be read (their links had expired): named, not attached */
      unreadable: z.boolean().default(false),
    }),
  ),
  /**
   * the agenda of a meeting is published (edition > 1: an update): its items and a link to the board book on the meeting
   * page (the book is never attached)
   */
  email(
    'agenda-published',
    zMeetingEmail.extend({
      edition: z.number().int().min(1), note: z.string().nullable().default(null), items: z.array(zPublishedAgendaItem), bookPath: zAppPath,
      /** an invited guest's copy: `path` and `bookPath` are their own page (token link), no board book named */
      guest: z.boolean().default(false),
    }),
  ),
  /**
   * a meeting starts soon (the organization's meeting_reminder_minutes before it): its time in the organization's time
   * zone and the meeting's page (a guest: their own page with their token, and `guest` set)
   */
  email(
    'meeting-reminder',
    zMeetingEmail.omit({ by: true, invitation: true }).extend({
      /** null: a guest whose link cannot be made again (the e-mail points to their invitation) */
      path: zAppPath.nullable(),
      guest: z.boolean().default(false),
    }),
  ),
  /** the signed minutes of a meeting are published (edition > 1: a correction) */
  email('minutes-published', z.object({ title: z.string().min(1), edition: z.number().int().min(1), path: zAppPath })),
  /** the review deadline of minutes the recipient was asked to review, and has not commented on, is near (ISO) */
  email('minutes-review-reminder', z.object({ title: z.string().min(1), edition: z.number().int().min(1), deadline: z.string(), path: zAppPath })),
  /** a round of an evaluation sent to the recipient: answer before the deadline (ISO); the title in every language it has */
  email('evaluation-sent', z.object({ title: zLocalized(), committee: z.string(), anonymous: z.boolean(), deadline: z.string(), path: zAppPath })),
  /** the deadline of a round the recipient has not answered is near */
  email('evaluation-deadline', z.object({ title: zLocalized(), dueAt: z.string(), anonymous: z.boolean(), path: zAppPath })),
  /** a library file or folder shared with the recipient: by whom, may they edit, until when (ISO; null: until removed) */
  email('library-shared', z.object({ name: z.string().min(1), folder: z.boolean(), byName: z.string().nullable(), canEdit: z.boolean(), expiresAt: z.string().nullable(), path: zAppPath })),
]);
/** An e-mail as the processor gets it (defaults applied). */
export type Email = z.output<typeof zEmail>;
/** An e-mail as a consumer queues it. */
export type EmailInput = z.input<typeof zEmail>;
export type EmailTemplateName = Email['template'];
export type EmailParams<T extends EmailTemplateName> = Extract<Email, { template: T }>['params'];
export const EMAIL_TEMPLATE_NAMES: readonly EmailTemplateName[] = zEmail.options.map((o) => o.shape.template.value);

/**
 * The organization as the event described it: sender name, time zone for dates, slug for the host of
 * links. When absent the notification service's local copy is used.
 */
export const zEmailOrg = z.object({ name: z.string().min(1), timeZone: z.string().min(1), slug: z.string().min(1) });
export type EmailOrg = z.output<typeof zEmailOrg>;

/**
 * One e-mail to one recipient. The job id is derived from (source id, recipient address), so a
 * redelivered event or a re-run consumer adds nothing new; the processor also records each sent
 * job id and skips it when a stalled job comes back after the SMTP server accepted the message.
 */
export const SendEmail = defineJob({
  queue: 'notification-email',
  name: 'send-email',
  owner: 'notification',
  payload: z
    .object({
      orgId: zOrgId,
      to: zRecipient,
      /** the domain event id (or scheduled reminder job id) this e-mail comes from */
      sourceId: z.string().min(1).max(200),
      org: zEmailOrg.optional(),
    })
    .and(zEmail),
  attempts: 6,
  backoffMs: 1000,
});

// ---- scheduled reminders ------------------------------------------------------------------------

/**
 * What a scheduled reminder is about (a decision's voting deadline, an action's due date, a meeting's start, a minutes
 * review's deadline: its item id is the meeting's).
 */
export const zScheduledReminderKind = z.enum(['decision-deadline', 'action-due', 'evaluation-deadline', 'meeting-reminder', 'minutes-review']);
export type ScheduledReminderKind = z.output<typeof zScheduledReminderKind>;

/**
 * A delayed job that fires before an item's deadline. Its id is derived from the item and the fire
 * time; when the deadline changes the old job is removed and a new one added, and when the item is
 * closed or deleted it is removed. The processor checks the schedule row, so a job that could not
 * be removed (it was running) does nothing once it is stale.
 */
export const ReminderDue = defineJob({
  queue: 'notification-reminder',
  name: 'reminder-due',
  owner: 'notification',
  payload: z.object({
    orgId: zOrgId,
    kind: zScheduledReminderKind,
    itemId: z.number().int().positive(),
    /** ISO time of the deadline this reminder was scheduled for */
    dueAt: z.string(),
  }),
  attempts: 5,
  backoffMs: 2000,
});
