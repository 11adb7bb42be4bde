import { Routes, type RouteData, type RouteRequest } from '@app/contracts';
import { api, apiCommand } from './client';
import type { Paged } from './paging';

/** Committees (docs/product/administration.md#records: name, quorum percentage, description, admins, users, status): the contract's types. */
export type Committee = RouteData<typeof Routes.getCommittee>;
export type CommitteeStatistics = RouteData<typeof Routes.committeeStatistics>;
export type CommitteeInput = RouteRequest<typeof Routes.createCommittee>['body'];

/** The statistics cards: the totals the API sends (label key -> number); the per-committee rows are not cards. */
export function statisticCards(s: CommitteeStatistics): Array<{ key: 'total' | 'active' | 'inactive' | 'members'; value: number }> {
  return (['total', 'active', 'inactive', 'members'] as const).map((key) => ({ key, value: s[key] }));
}

export const committeesApi = {
  list: (q: { page: number; per_page: number; search?: string }): Promise<Paged<Committee>> => api(Routes.listCommittees, { query: q }),
  statistics: async () => statisticCards(await api(Routes.committeeStatistics)),
  create: async (input: CommitteeInput) => (await apiCommand(Routes.createCommittee, { body: input })).message,
  update: async (id: number, input: CommitteeInput) => (await apiCommand(Routes.updateCommittee, { params: { id }, body: input })).message,
  setStatus: async (id: number, active: boolean) => (await apiCommand(Routes.setCommitteeStatusPost, { params: { id }, body: { status: active ? 'active' : 'inactive' } })).message,
  remove: async (id: number) => (await apiCommand(Routes.deleteCommittee, { params: { id } })).message,
};
