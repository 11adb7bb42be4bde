import { z } from 'zod';
import { defineRpc } from '../core/define';
import { paged, zId, zLang, zOk, zTenant } from '../core/common';
import { zNamed, zUploadKey, zUserBrief, zUserStatus } from './fields';
import { profileFields, userFields } from './users.http';

/** Users, the profile of the signed-in user, and the Excel import. */

/** Who a user is: the fields the user list and the signed-in user's profile share. */
const personFields = {
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  designation: z.string().nullable(),
};

export const zUser = z.object({
  ...personFields,
  date_of_birth: z.string().nullable(),
  image: z.string().nullable(),
  avatar: z.string().nullable(),
  role_id: z.number().int().positive().nullable(),
  role: zNamed.nullable(),
  is_admin: z.boolean(),
  team: z.string().nullable(),
  admin_committees: z.array(zNamed),
  member_committees: z.array(zNamed),
  status: zUserStatus,
  email_verified: z.boolean(),
  two_factor: z.boolean(),
  lang: zLang,
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type User = z.output<typeof zUser>;

/** The signed-in user's own payload (docs/product/administration.md#records Profile), with the permission slugs of their role. */
export const zProfile = z.object({
  ...personFields,
  birth_date: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  image: z.string().nullable(),
  role_id: z.number().int().positive().nullable(),
  role: zNamed.nullable(),
  is_admin: z.boolean(),
  permissions: z.array(z.object({ slug: z.string() })),
  pin: z.boolean(),
  two_factor: z.boolean(),
  status: zUserStatus,
  lang: zLang,
  team: z.string().nullable(),
  admin_committees: z.array(zNamed),
  member_committees: z.array(zNamed),
  org: z.object({ id: z.string(), slug: z.string(), name: z.string(), logo: z.string().nullable() }),
});
export type Profile = z.output<typeof zProfile>;

const userId = { userId: zId };

export const ListUsers = defineRpc({
  subject: 'organization.v1.list-users',
  request: zTenant.extend({
    page: z.number().int().min(1).default(1),
    per_page: z.number().int().min(1).max(500).default(20),
    search: z.string().max(200).optional(),
    status: zUserStatus.optional(),
    role_id: z.number().int().positive().optional(),
    committee_id: z.number().int().positive().optional(),
    deleted: z.boolean().default(false),
  }),
  response: paged(zUser),
});

/** Every active user (pickers), optionally only the members and admins of one committee. */
export const ListAllUsers = defineRpc({
  subject: 'organization.v1.list-all-users',
  request: zTenant.extend({ committee_id: z.number().int().positive().optional(), search: z.string().max(200).optional() }),
  response: z.object({ users: z.array(zUserBrief) }),
});

export const GetUser = defineRpc({ subject: 'organization.v1.get-user', request: zTenant.extend(userId), response: zUser });
export const CreateUser = defineRpc({
  subject: 'organization.v1.create-user',
  request: zTenant.extend({ ...userFields, image: zUploadKey.nullable().optional() }),
  response: zUser,
});
export const UpdateUser = defineRpc({
  subject: 'organization.v1.update-user',
  request: zTenant.extend({ ...userFields, ...userId, image: zUploadKey.nullable().optional() }),
  response: zUser,
});
export const ToggleUserStatus = defineRpc({ subject: 'organization.v1.toggle-user-status', request: zTenant.extend(userId), response: zUser });
export const DeleteUser = defineRpc({ subject: 'organization.v1.delete-user', request: zTenant.extend(userId), response: zOk });
export const RestoreUser = defineRpc({ subject: 'organization.v1.restore-user', request: zTenant.extend(userId), response: zUser });
export const DeleteUserPhoto = defineRpc({ subject: 'organization.v1.delete-user-photo', request: zTenant.extend(userId), response: zUser });

/** Excel upload of users following the template; the gateway stored the file at `fileKey`. */
export const ImportUsers = defineRpc({
  subject: 'organization.v1.import-users',
  request: zTenant.extend({ fileKey: zUploadKey }),
  response: z.object({ created: z.number().int(), skipped: z.array(z.object({ row: z.number().int(), email: z.string().nullable(), errors: z.record(z.string(), z.array(z.string())) })) }),
  timeoutMs: 60_000,
});
/** The template of the Excel upload, written to S3; the gateway streams it. */
export const UsersTemplate = defineRpc({
  subject: 'organization.v1.users-template',
  request: zTenant,
  response: z.object({ key: z.string(), fileName: z.string() }),
});
export const USER_SHEET_COLUMNS = ['name', 'email', 'phone', 'position', 'designation', 'date_of_birth', 'role', 'team', 'committees'] as const;

export const GetProfile = defineRpc({ subject: 'organization.v1.get-profile', request: zTenant, response: zProfile });
export const UpdateProfile = defineRpc({
  subject: 'organization.v1.update-profile',
  request: zTenant.extend({ ...profileFields, image: zUploadKey.nullable().optional() }),
  response: zProfile,
});
export const DeleteProfilePhoto = defineRpc({ subject: 'organization.v1.delete-profile-photo', request: zTenant, response: zProfile });

