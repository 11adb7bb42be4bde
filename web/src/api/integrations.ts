import { Routes, type RouteData } from '@app/contracts';
import { api } from './client';

/** Calendar integrations (docs/product/administration.md#integrations): key, name, connected, url. */
export type CalendarIntegration = RouteData<typeof Routes.calendarIntegrations>[number];

/** The user's private calendar address (docs/product/meetings.md#calendar-feed): a path on the organization's host. */
export type CalendarFeed = RouteData<typeof Routes.calendarFeed>;

export const integrationsApi = {
  calendars: (): Promise<CalendarIntegration[]> => api(Routes.calendarIntegrations),
  feed: (): Promise<CalendarFeed> => api(Routes.calendarFeed),
  resetFeed: (): Promise<CalendarFeed> => api(Routes.resetCalendarFeed),
  revokeFeed: (): Promise<unknown> => api(Routes.revokeCalendarFeed),
};
