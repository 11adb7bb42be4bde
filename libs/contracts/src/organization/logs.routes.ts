import { defineRoute } from '../core/route';
import { zLogsQuery } from './organization.http';
import { ListLogs } from './organization.rpc';

/** The activity log of the organization (docs/product/administration.md#records Logs). */
export const LogRoutes = {
  listLogs: defineRoute({
    method: 'GET', path: '/api/logs', access: 'user', tags: ['organization'], query: zLogsQuery, answer: 'paged',
    summary: 'Activity log (ID, username, date, time, activity), paged; filter by username; meta.total is the results-found count',
    rpc: ListLogs, toRpc: ({ call, query }) => ({ ...call, page: query.page, per_page: query.perpage ?? query.per_page, username: query.username || undefined }),
  }),
} as const;
