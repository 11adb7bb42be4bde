import { defineRoute } from '../core/route';
import { zCalendarQuery, zTrackerQuery } from './meeting.http';
import { GetActionTracker, GetCalendar, GetHome } from './meeting.rpc';

const tags = ['dashboards'];

/** The meeting service's dashboards (docs/product/overview.md#screens-and-routes): home, calender (and its /calendar alias), action tracker. */
export const DashboardRoutes = {
  home: defineRoute({
    method: 'GET', path: '/api/home', access: 'user', tags,
    summary: 'Home dashboard: ongoing, pending and draft meetings; my agenda, decisions and actions; upcoming meetings',
    rpc: GetHome, toRpc: ({ call }) => call,
  }),
  calendar: defineRoute({
    method: 'GET', path: '/api/calender', access: 'user', tags, query: zCalendarQuery, answer: { pick: 'items' },
    summary: 'Meetings of a month (date=YYYY/MM), as the calender dashboard shows them',
    rpc: GetCalendar, toRpc: ({ call, query }) => ({ ...call, query }),
  }),
  calendarAlias: defineRoute({
    method: 'GET', path: '/api/calendar', access: 'user', tags, query: zCalendarQuery, answer: { pick: 'items' },
    summary: 'Same as /calender',
    rpc: GetCalendar, toRpc: ({ call, query }) => ({ ...call, query }),
  }),
  actionTracker: defineRoute({
    method: 'GET', path: '/api/action_tracker', access: 'user', tags, query: zTrackerQuery,
    summary: 'Action tracker: groups not_started, on_going, completed, overdue; search, sort (deadline, meeting_date, priority), meeting_status, user_id',
    rpc: GetActionTracker, toRpc: ({ call, query }) => ({ ...call, query }),
  }),
} as const;
