import { api } from './client';
import { arr, flag, num, obj, pick, str, strOrNull } from './fields';
import { pageOf, type Page } from './paging';
import { mapRef, mapStatus, type Ref } from './users';

/** Boards (platform.md §3: name, committees, quorum, description, admins, users, expiration date, status). */
export interface Board {
  id: number;
  name: string;
  committees: Ref[];
  quorum: number | null;
  description: string;
  admins: Ref[];
  users: Ref[];
  expirationDate: string | null;
  active: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export function mapBoard(raw: unknown): Board {
  const o = obj(raw);
  return {
    id: num(o.id),
    name: str(o.name),
    committees: arr(o.committees).map(mapRef),
    quorum: pick(o, 'quorum') === undefined ? null : num(o.quorum),
    description: str(o.description),
    admins: arr(o.admins).map(mapRef),
    users: arr(pick(o, 'users', 'members')).map(mapRef),
    expirationDate: strOrNull(pick(o, 'expiration_date', 'expires_at')),
    active: mapStatus(o.status) === 'Active',
    canEdit: flag(o, 'can_edit'),
    canDelete: flag(o, 'can_delete', 'can_edit'),
  };
}

export interface BoardInput {
  name: string;
  description: string;
  quorum: number;
  committees: number[];
  admins: number[];
  users: number[];
  expiration_date: string | null;
  status: 'active' | 'inactive';
}

export const boardsApi = {
  list: async (q: { page: number; per_page: number; search?: string }): Promise<Page<Board>> => pageOf(await api.get('/boards', { ...q }), mapBoard),
  create: async (input: BoardInput) => strOrNull(obj(await api.post('/boards', input)).message),
  update: async (id: number, input: BoardInput) => strOrNull(obj(await api.put(`/boards/${id}`, input)).message),
  remove: async (id: number) => strOrNull(obj(await api.delete(`/boards/${id}`)).message),
};
