import { z } from 'zod';
import { INT4_MAX, numeric } from '../core/common';
import './notification.messages';
import { defineRpc } from '../core/define';
import { zId, zLang, zPageMeta, zServerDate, zTenant } from '../core/common';

/**
 * Reminders of the home widget (docs/product/administration.md#home-calendar-and-reminders): in-app entries
 * the notification service writes from the same events that send e-mail, plus the scheduled
 * deadline and due-date reminders. Each belongs to one user of one organization.
 */
export { NotificationMessages } from './notification.messages';

export const zReminderType = z.enum([
  'meeting-scheduled',
  'meeting-updated',
  'meeting-cancelled',
  'member-invited',
  'agenda-published',
  'meeting-reminder',
  'comment',
  'decision-opened',
  'decision-deadline',
  'action-assigned',
  'action-due',
  'evaluation-sent',
  'evaluation-deadline',
]);
export type ReminderType = z.output<typeof zReminderType>;

export const zReminder = z.object({
  id: z.number().int().positive(),
  type: zReminderType,
  /** in the request's language */
  title: z.string(),
  message: z.string(),
  /** app path to open (AppPaths), relative to the organization's origin */
  link: z.string().nullable(),
  entity_type: z.enum(['meeting', 'decision', 'action', 'comment', 'evaluation']).nullable(),
  entity_id: z.number().int().positive().nullable(),
  meeting_id: z.number().int().positive().nullable(),
  /** the meeting date, deadline or due date, in the organization's time zone; null when none */
  due_at: zServerDate.nullable(),
  created_at: zServerDate,
});
export type Reminder = z.output<typeof zReminder>;

/** HTTP query of GET /api/reminders. */
export const zListRemindersQuery = z.object({
  page: numeric(z.number().int().min(1).max(INT4_MAX).default(1)),
  per_page: numeric(z.number().int().min(1).max(100).default(20)),
});

/** The actor's reminders that are not dismissed, newest first. */
export const ListReminders = defineRpc({
  subject: 'notification.v1.list-reminders',
  request: zTenant.extend({ lang: zLang.default('en') }).extend(zListRemindersQuery.shape),
  response: z.object({ items: z.array(zReminder), meta: zPageMeta }),
});

/** 'Dismiss all': every reminder of the actor. */
export const DismissAllReminders = defineRpc({
  subject: 'notification.v1.dismiss-all-reminders',
  request: zTenant,
  response: z.object({ dismissed: z.number().int().min(0) }),
});

/** Dismiss one reminder of the actor; another user's or organization's reminder answers Not Found. */
export const DismissReminder = defineRpc({
  subject: 'notification.v1.dismiss-reminder',
  request: zTenant.extend({ reminderId: zId }),
  response: z.object({ dismissed: z.number().int().min(0) }),
});
