import { Routes, type RouteData } from '@app/contracts';
import { api } from './client';

/** Calendar integrations (docs/product/administration.md#integrations): key, name, connected, url. */
export type CalendarIntegration = RouteData<typeof Routes.calendarIntegrations>[number];

export const integrationsApi = {
  calendars: (): Promise<CalendarIntegration[]> => api(Routes.calendarIntegrations),
};
