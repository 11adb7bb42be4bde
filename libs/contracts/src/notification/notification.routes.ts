import { z } from 'zod';
import { zId } from '../core/common';
import { defineRoute } from '../core/route';
import { NotificationMessages } from './notification.messages';
import { DismissAllReminders, DismissReminder, ListReminders, zListRemindersQuery } from './notification.rpc';

const tags = ['reminders'];

/** The home page's reminders widget (docs/product/administration.md#home-calendar-and-reminders): list, dismiss one, dismiss all. Owned by the notification service. */
export const NotificationRoutes = {
  listReminders: defineRoute({
    method: 'GET', path: '/api/reminders', access: 'user', tags, query: zListRemindersQuery, answer: 'paged',
    summary: 'My reminders that are not dismissed, newest first (titles in the Lang language)',
    rpc: ListReminders, toRpc: ({ call, query }) => ({ orgId: call.orgId, actor: call.actor, lang: call.lang, page: query.page, per_page: query.per_page }),
  }),
  dismissAllReminders: defineRoute({
    method: 'POST', path: '/api/reminders/dismiss_all', access: 'user', tags, message: NotificationMessages.dismissedAll,
    summary: 'Dismiss all my reminders',
    rpc: DismissAllReminders, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor }),
  }),
  dismissReminder: defineRoute({
    method: 'POST', path: '/api/reminders/:id/dismiss', access: 'user', tags, params: z.object({ id: zId }), message: NotificationMessages.dismissedOne,
    summary: 'Dismiss one of my reminders',
    rpc: DismissReminder, toRpc: ({ call, params }) => ({ orgId: call.orgId, actor: call.actor, reminderId: params.id }),
  }),
} as const;
