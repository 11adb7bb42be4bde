import { Routes, type RouteData, type RouteRequest } from '@app/contracts';
import { api, apiCommand } from './client';

/** Roles and permission slugs (docs/product/administration.md#roles: name, users, permissions[{slug}]): the contract's types. */
export type Role = RouteData<typeof Routes.getRole>;
export type Permission = RouteData<typeof Routes.listPermissions>[number];
export type RoleInput = RouteRequest<typeof Routes.createRole>['body'];

export const rolesApi = {
  list: async (): Promise<Role[]> => (await api(Routes.listRoles)).items,
  permissions: (): Promise<Permission[]> => api(Routes.listPermissions),
  create: async (input: RoleInput) => (await apiCommand(Routes.createRole, { body: input })).message,
  update: async (id: number, input: RoleInput) => (await apiCommand(Routes.updateRole, { params: { id }, body: input })).message,
  remove: async (id: number) => (await apiCommand(Routes.deleteRole, { params: { id } })).message,
};
