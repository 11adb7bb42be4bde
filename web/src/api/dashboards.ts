import { Routes, translate, type RouteData, type RouteDef } from '@app/contracts';
import type { z } from 'zod';
import { currentLang } from '../i18n/lang';
import { api, type RouteAnswerOf } from './client';

/**
 * The dashboards (docs/product/overview.md#screens-and-routes): reminders widget (notification service), home, calender and action tracker
 * (meeting service). Every answer is the route table's type (libs/contracts): no field is named here.
 */

/** a reminder of the widget; `link` is an app path relative to the organization's origin */
export type Reminder = RouteData<typeof Routes.listReminders>[number];
export type RemindersPage = RouteAnswerOf<typeof Routes.listReminders>;

export type HomeDashboard = RouteData<typeof Routes.home>;
/** a meeting as the calender, the home tabs and the upcoming list show it */
export type CalendarMeeting = RouteData<typeof Routes.calendar>[number];
export type MeetingStatusInfo = CalendarMeeting['status'];
/** an entry of "my agenda" (agenda item, decision or action) */
export type HomeItem = HomeDashboard['my_agenda']['agenda'][number];

export type Tracker = RouteData<typeof Routes.actionTracker>;
export type TrackedAction = Tracker['not_started'][number];
export const TRACKER_GROUP_KEYS = ['not_started', 'on_going', 'completed', 'overdue'] as const satisfies readonly (keyof Tracker['counts'])[];
export type TrackerGroupKey = (typeof TRACKER_GROUP_KEYS)[number];

/** the tracker's filters as the page holds them (empty ones are not sent) */
export interface TrackerQuery {
  search?: string;
  sort: z.output<NonNullable<(typeof Routes.actionTracker)['query']>>['sort'];
  meeting_status?: number | null;
  user_id?: number | null;
}

/** the calender's month parameter: YYYY/MM */
export function monthParam(d: Date): string {
  return `${d.getFullYear()}/${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** the success message a route answers, in the current language (the same key the gateway translates) */
function successMessage(route: RouteDef): string | null {
  return route.message ? translate(route.message, currentLang()) : null;
}

export const dashboardsApi = {
  /** GET /api/reminders (newest first, titles in the Lang language) */
  reminders: (q: { page: number; per_page: number }): Promise<RemindersPage> => api(Routes.listReminders, { query: q }),
  /** POST /api/reminders/dismiss_all: the success message to show */
  dismissAll: async () => {
    await api(Routes.dismissAllReminders);
    return successMessage(Routes.dismissAllReminders);
  },
  /** POST /api/reminders/{id}/dismiss: the success message to show */
  dismiss: async (id: number) => {
    await api(Routes.dismissReminder, { params: { id } });
    return successMessage(Routes.dismissReminder);
  },
  /** GET /api/home */
  home: (): Promise<HomeDashboard> => api(Routes.home),
  /** GET /api/calender?date=YYYY/MM */
  calendar: (month: Date): Promise<CalendarMeeting[]> => api(Routes.calendar, { query: { date: monthParam(month) } }),
  /** GET /api/action_tracker?search&sort&meeting_status&user_id */
  tracker: (q: TrackerQuery): Promise<Tracker> =>
    api(Routes.actionTracker, { query: { search: q.search || undefined, sort: q.sort, meeting_status: q.meeting_status ?? undefined, user_id: q.user_id ?? undefined } }),
};
