import { z } from 'zod';
import { zId } from '../core/common';
import { defineComposedRoute, defineRoute } from '../core/route';
import { OrgMessages } from './organization.errors';
import { zPermission } from './permissions';
import { zRoleBody, zRolesQuery } from './roles.http';
import { CreateRole, DeleteRole, GetRole, ListRoles, UpdateRole } from './roles.rpc';

const zIdParams = z.object({ id: zId });
const tags = ['roles'];

/** Roles with permission slugs; GET /api/permissions lists every slug. */
export const RoleRoutes = {
  listPermissions: defineComposedRoute({
    method: 'GET', path: '/api/permissions', access: 'user', tags, response: z.array(zPermission),
    summary: 'Every permission slug a role can hold',
  }),
  listRoles: defineRoute({
    method: 'GET', path: '/api/roles', access: 'user', tags, query: zRolesQuery, answer: 'paged',
    summary: 'Roles with their permissions and users, paged',
    rpc: ListRoles, toRpc: ({ call, query }) => ({ ...call, page: query.page, per_page: query.per_page, search: query.search || undefined }),
  }),
  getRole: defineRoute({
    method: 'GET', path: '/api/roles/:id', access: 'user', tags, params: zIdParams, summary: 'One role',
    rpc: GetRole, toRpc: ({ call, params }) => ({ ...call, roleId: params.id }),
  }),
  createRole: defineRoute({
    method: 'POST', path: '/api/roles', access: 'user', tags, body: zRoleBody, message: OrgMessages.roleAdded,
    summary: 'Add a role (name and users required; permissions are slugs)',
    rpc: CreateRole, toRpc: ({ call, body }) => ({ ...call, ...body }),
  }),
  updateRole: defineRoute({
    method: 'PUT', path: '/api/roles/:id', access: 'user', tags, params: zIdParams, body: zRoleBody, message: OrgMessages.roleUpdated,
    summary: 'Edit a role',
    rpc: UpdateRole, toRpc: ({ call, params, body }) => ({ ...call, ...body, roleId: params.id }),
  }),
  deleteRole: defineRoute({
    method: 'DELETE', path: '/api/roles/:id', access: 'user', tags, params: zIdParams, answer: 'empty', message: OrgMessages.roleDeleted,
    summary: 'Delete a role (its users go back to Member)',
    rpc: DeleteRole, toRpc: ({ call, params }) => ({ ...call, roleId: params.id }),
  }),
} as const;
