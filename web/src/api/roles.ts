import { api } from './client';
import { arr, flag, num, obj, pick, str, strOrNull } from './fields';
import { listOf } from './paging';
import { mapRef, type Ref } from './users';

/** Roles and permission slugs (platform.md §3 Role: name, users, permissions[{slug}]). */
export interface Permission {
  id: number;
  slug: string;
  name: string;
}
export interface Role {
  id: number;
  name: string;
  users: Ref[];
  usersCount: number;
  permissions: string[];
  canEdit: boolean;
  canDelete: boolean;
}

export function mapPermission(raw: unknown): Permission {
  const o = obj(raw);
  if (typeof raw === 'string') return { id: 0, slug: raw, name: raw };
  const slug = str(o.slug);
  return { id: num(o.id), slug, name: str(pick(o, 'name', 'title'), slug) };
}

export function mapRole(raw: unknown): Role {
  const o = obj(raw);
  const users = arr(o.users).map(mapRef);
  return {
    id: num(o.id),
    name: str(o.name),
    users,
    usersCount: num(pick(o, 'users_count'), users.length),
    permissions: arr(o.permissions).map((p) => mapPermission(p).slug).filter(Boolean),
    canEdit: flag(o, 'can_edit'),
    canDelete: flag(o, 'can_delete'),
  };
}

export interface RoleInput {
  name: string;
  users: number[];
  permissions: string[];
}

export const rolesApi = {
  list: async (): Promise<Role[]> => listOf(await api.get('/roles'), mapRole),
  permissions: async (): Promise<Permission[]> => listOf(await api.get('/permissions'), mapPermission),
  create: async (input: RoleInput) => strOrNull(obj(await api.post('/roles', input)).message),
  update: async (id: number, input: RoleInput) => strOrNull(obj(await api.put(`/roles/${id}`, input)).message),
  remove: async (id: number) => strOrNull(obj(await api.delete(`/roles/${id}`)).message),
};
