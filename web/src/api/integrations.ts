import { api } from './client';
import { bool, obj, pick, str, strOrNull } from './fields';
import { listOf } from './paging';

/** Calendar integrations (platform.md §2 "Integrations: list of calendar integrations"). */
export interface CalendarIntegration {
  /** google, outlook, ical... */
  key: string;
  name: string;
  connected: boolean;
  connectUrl: string | null;
}

export function mapIntegration(raw: unknown): CalendarIntegration {
  const o = obj(raw);
  return {
    key: str(pick(o, 'key', 'provider', 'id')),
    name: str(pick(o, 'name', 'title')),
    connected: bool(pick(o, 'connected', 'is_connected')),
    connectUrl: strOrNull(pick(o, 'connect_url', 'url')),
  };
}

export const integrationsApi = {
  calendars: async (): Promise<CalendarIntegration[]> => listOf(await api.get('/integrations/calendars'), mapIntegration),
};
