import { api } from './client';
import { num, obj, pick, str } from './fields';
import { pageOf, type Page } from './paging';

/** Activity log entry (platform.md §3): id, username, date, time, activity. */
export interface LogEntry {
  id: number;
  username: string;
  date: string;
  time: string;
  activity: string;
}

export function mapLog(raw: unknown): LogEntry {
  const o = obj(raw);
  const createdAt = str(pick(o, 'created_at'));
  return {
    id: num(o.id),
    username: str(pick(o, 'username', 'user_name', 'name')),
    date: str(o.date, createdAt.slice(0, 10)),
    time: str(o.time, createdAt.slice(11, 19)),
    activity: str(pick(o, 'activity', 'description')),
  };
}

export const logsApi = {
  list: async (q: { page: number; perpage: number; username?: string }): Promise<Page<LogEntry>> => pageOf(await api.get('/logs', { ...q }), mapLog),
};
