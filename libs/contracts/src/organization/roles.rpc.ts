import { z } from 'zod';
import { defineRpc } from '../core/define';
import { paged, zId, zOk, zTenant } from '../core/common';
import { zUserBrief } from './fields';
import { roleFields } from './roles.http';

export const zRole = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** 'admin' and 'member' are created with the organization; admin holds every slug */
  builtin: z.enum(['admin', 'member']).nullable(),
  is_admin: z.boolean(),
  permissions: z.array(z.object({ slug: z.string() })),
  users: z.array(zUserBrief),
  users_count: z.number().int(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  created_at: z.string(),
});
export type Role = z.output<typeof zRole>;

const roleId = { roleId: zId };
export const ListRoles = defineRpc({
  subject: 'organization.v1.list-roles',
  request: zTenant.extend({ page: z.number().int().min(1).default(1), per_page: z.number().int().min(1).max(500).default(50), search: z.string().max(200).optional() }),
  response: paged(zRole),
});
export const GetRole = defineRpc({ subject: 'organization.v1.get-role', request: zTenant.extend(roleId), response: zRole });
export const CreateRole = defineRpc({ subject: 'organization.v1.create-role', request: zTenant.extend(roleFields), response: zRole });
export const UpdateRole = defineRpc({ subject: 'organization.v1.update-role', request: zTenant.extend({ ...roleFields, ...roleId }), response: zRole });
export const DeleteRole = defineRpc({ subject: 'organization.v1.delete-role', request: zTenant.extend(roleId), response: zOk });
