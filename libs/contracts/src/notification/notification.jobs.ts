import { z } from 'zod';
import { defineJob } from '../core/define';
import { zOrgId } from '../core/common';
import { zRecipient } from '../organization/organization.events';

/**
 * The notification service's BullMQ jobs. Both are produced and processed by services/notification;
 * other services never add them: they publish domain events and the notification consumers turn
 * those into jobs (docs/how-to-add-a-notification.md).
 */

/** Template names are kebab-case keys of the notification service's template registry. */
export const zTemplateName = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

/**
 * One e-mail to one recipient. The job id is derived from (source id, recipient address), so a
 * redelivered event or a re-run consumer adds nothing new; the processor also records each sent
 * job id and skips it when a stalled job comes back after the SMTP server accepted the message.
 */
export const SendEmail = defineJob({
  queue: 'notification-email',
  name: 'send-email',
  owner: 'notification',
  payload: z.object({
    orgId: zOrgId,
    template: zTemplateName,
    to: zRecipient,
    /** template parameters, validated by the template's own schema when the e-mail is rendered */
    params: z.record(z.string(), z.unknown()),
    /** the domain event id (or scheduled reminder job id) this e-mail comes from */
    sourceId: z.string().min(1).max(200),
    /**
     * the organization as the event described it (sender name, time zone for dates); when absent the
     * notification service's local copy is used (and it also gives the host for links)
     */
    org: z.object({ name: z.string().min(1), timeZone: z.string().min(1) }).optional(),
  }),
  attempts: 6,
  backoffMs: 1000,
});

/** What a scheduled reminder is about (a decision's voting deadline, an action's due date). */
export const zScheduledReminderKind = z.enum(['decision-deadline', 'action-due']);
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
