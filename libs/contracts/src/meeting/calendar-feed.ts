import { z } from 'zod';
import { defineRpc } from '../core/define';
import { defineFileRoute, defineRoute } from '../core/route';
import { zOk, zOrgId, zTenant } from '../core/common';

/**
 * The private calendar feed (docs/product/meetings.md#calendar-feed): each user of an organization has one secret
 * ICS address listing their meetings; a calendar application subscribes to it. The token (192 random bits) is
 * the only credential: anyone with the address sees the user's meetings, so it can be made again (the old one
 * stops working at once) or turned off.
 */
export const CALENDAR_FEED_TOKEN = /^[A-Za-z0-9_-]{32}$/;
export const zCalendarFeed = z.object({
  /** the feed's path on the organization's host: /api/calendar-feed/{token}.ics (null when turned off) */
  path: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type CalendarFeed = z.output<typeof zCalendarFeed>;

export const GetCalendarFeed = defineRpc({ subject: 'meeting.v1.get-calendar-feed', request: zTenant.extend({ create: z.boolean() }), response: zCalendarFeed });
export const ResetCalendarFeed = defineRpc({ subject: 'meeting.v1.reset-calendar-feed', request: zTenant, response: zCalendarFeed });
export const RevokeCalendarFeed = defineRpc({ subject: 'meeting.v1.revoke-calendar-feed', request: zTenant, response: zOk });
/** the feed's content for a token (asked by the gateway for the public .ics address); unknown token: NOT_FOUND */
export const RenderCalendarFeed = defineRpc({
  subject: 'meeting.v1.render-calendar-feed',
  request: z.object({ orgId: zOrgId, token: z.string().regex(CALENDAR_FEED_TOKEN), baseUrl: z.url() }),
  response: z.object({ ics: z.string() }),
});

const tags = ['calendar'];

export const CalendarFeedRoutes = {
  calendarFeed: defineRoute({
    method: 'GET', path: '/api/integrations/calendars/feed', access: 'user', tags,
    summary: "The user's private calendar (ICS) address, made on first request",
    rpc: GetCalendarFeed, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor, create: true }),
  }),
  resetCalendarFeed: defineRoute({
    method: 'POST', path: '/api/integrations/calendars/feed', access: 'user', tags,
    summary: 'Make a new calendar address; the old one stops working',
    rpc: ResetCalendarFeed, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor }),
  }),
  revokeCalendarFeed: defineRoute({
    method: 'DELETE', path: '/api/integrations/calendars/feed', access: 'user', tags,
    summary: 'Turn the calendar address off',
    rpc: RevokeCalendarFeed, toRpc: ({ call }) => ({ orgId: call.orgId, actor: call.actor }),
  }),
  calendarFeedIcs: defineFileRoute({
    method: 'GET', path: '/api/calendar-feed/:file', access: 'public', tags,
    params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{32}\.ics$/) }),
    summary: "A user's meetings as an iCalendar feed (text/calendar; the address is the credential): start, duration, location or join link, cancellations as STATUS:CANCELLED",
  }),
} as const;
