import { api, dataOf } from './client';
import { arr, flag, num, obj, pick, str, strOrNull } from './fields';
import { pageOf, type Page } from './paging';
import { mapRef, mapStatus, type Ref } from './users';

/** Committees (platform.md §3: name, quorum percentage, description, admins, users, status). */
export interface Committee {
  id: number;
  name: string;
  quorum: number | null;
  description: string;
  admins: Ref[];
  users: Ref[];
  active: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export function mapCommittee(raw: unknown): Committee {
  const o = obj(raw);
  return {
    id: num(o.id),
    name: str(o.name),
    quorum: pick(o, 'quorum', 'quorum_percentage') === undefined ? null : num(pick(o, 'quorum', 'quorum_percentage')),
    description: str(o.description),
    admins: arr(o.admins).map(mapRef),
    users: arr(pick(o, 'users', 'members')).map(mapRef),
    active: mapStatus(o.status) === 'Active',
    canEdit: flag(o, 'can_edit'),
    canDelete: flag(o, 'can_delete', 'can_edit'),
  };
}

/** Statistics: shown as the API sends them (label -> number). */
export function mapStatistics(body: unknown): Array<{ key: string; value: number }> {
  const d = obj(dataOf(body));
  return Object.entries(d)
    .filter(([, v]) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))))
    .map(([key, v]) => ({ key, value: num(v) }));
}

export interface CommitteeInput {
  name: string;
  description: string;
  quorum: number;
  admins: number[];
  users: number[];
  status: 'active' | 'inactive';
}

export const committeesApi = {
  list: async (q: { page: number; per_page: number; search?: string }): Promise<Page<Committee>> => pageOf(await api.get('/committees', { ...q }), mapCommittee),
  statistics: async () => mapStatistics(await api.get('/committees/statistics')),
  create: async (input: CommitteeInput) => strOrNull(obj(await api.post('/committees', input)).message),
  update: async (id: number, input: CommitteeInput) => strOrNull(obj(await api.put(`/committees/${id}`, input)).message),
  /** Assumed path: POST /api/committees/{id}/status { status } */
  setStatus: async (id: number, active: boolean) => strOrNull(obj(await api.post(`/committees/${id}/status`, { status: active ? 'active' : 'inactive' })).message),
  remove: async (id: number) => strOrNull(obj(await api.delete(`/committees/${id}`)).message),
};
