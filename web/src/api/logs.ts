import { Routes, type RouteData } from '@app/contracts';
import { api } from './client';
import type { Paged } from './paging';

/** Activity log entry (docs/product/administration.md#records): id, username, date, time, activity (the contract's type). */
export type LogEntry = RouteData<typeof Routes.listLogs>[number];

export const logsApi = {
  list: (q: { page: number; perpage: number; username?: string }): Promise<Paged<LogEntry>> => api(Routes.listLogs, { query: q }),
};
