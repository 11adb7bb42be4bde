import { z } from 'zod';
import { zId } from '../core/common';
import { defineComposedRoute, defineFileRoute, defineRoute, type MemberCall } from '../core/route';
import { M } from '../core/validation';
import { OrgMessages } from './organization.errors';
import { zUserBody, zUsersAllQuery, zUsersQuery } from './users.http';
import {
  DeleteUser, DeleteUserPhoto, GetUser, ImportUsers, ListAllUsers, ListUsers, RestoreUser, zUser,
} from './users.rpc';

const zIdParams = z.object({ id: zId });
const tags = ['users'];

/** users and deleted users share the query: perpage (or per_page), search and filters; 'reset' clears the filters (docs/product/administration.md#api) */
function listRequest(call: MemberCall, q: z.output<typeof zUsersQuery>, deleted: boolean) {
  const filters = q.reset !== undefined ? {} : { search: q.search || undefined, status: q.status, role_id: q.role_id, committee_id: q.committee_id };
  return { ...call, page: q.page, per_page: q.perpage ?? q.per_page ?? 20, deleted, ...filters };
}

/** Activating and deactivating answer their own message, so the whole body is the answer. */
export const zToggleUserAnswer = z.object({ success: z.literal(true), message: z.string(), data: zUser });

/** The users upload answers how many users were created and which rows were skipped (and why). */
export const zUsersImportResult = ImportUsers.response;

/** Users administration (docs/product/administration.md#users). */
export const UserRoutes = {
  listUsers: defineRoute({
    method: 'GET', path: '/api/users', access: 'user', tags, query: zUsersQuery, answer: 'paged',
    summary: 'Users, paged (page, perpage, search, status, role_id, committee_id; reset clears filters)',
    rpc: ListUsers, toRpc: ({ call, query }) => listRequest(call, query, false),
  }),
  listDeletedUsers: defineRoute({
    method: 'GET', path: '/api/users/deleted', access: 'user', tags, query: zUsersQuery, answer: 'paged',
    summary: 'Deleted users, paged',
    rpc: ListUsers, toRpc: ({ call, query }) => listRequest(call, query, true),
  }),
  allUsers: defineRoute({
    method: 'GET', path: '/api/users/all', access: 'user', tags, query: zUsersAllQuery, answer: { pick: 'users' },
    summary: 'Every active user (pickers); committee_id limits to its members',
    rpc: ListAllUsers, toRpc: ({ call, query }) => ({ ...call, committee_id: query.committee_id, search: query.search || undefined }),
  }),
  searchUsers: defineRoute({
    method: 'GET', path: '/api/users/list', access: 'user', tags, query: zUsersAllQuery, answer: { pick: 'users' },
    summary: 'Active users matching search (pickers)',
    rpc: ListAllUsers, toRpc: ({ call, query }) => ({ ...call, committee_id: query.committee_id, search: query.search || undefined }),
  }),
  usersTemplate: defineFileRoute({
    method: 'GET', path: '/api/users/template', access: 'user', tags,
    summary: 'The Excel template of the users upload (xlsx)',
  }),
  importUsers: defineComposedRoute({
    method: 'POST', path: '/api/users/upload', access: 'user', tags, response: zUsersImportResult,
    upload: { kind: 'single', field: 'file', required: { field: 'file', message: M.required } },
    summary: 'Upload users from an Excel sheet with the template structure (file)', message: OrgMessages.usersImported,
  }),
  getUser: defineRoute({
    method: 'GET', path: '/api/users/:id', access: 'user', tags, params: zIdParams, summary: 'One user',
    rpc: GetUser, toRpc: ({ call, params }) => ({ ...call, userId: params.id }),
  }),
  createUser: defineComposedRoute({
    method: 'POST', path: '/api/users', access: 'user', tags, body: zUserBody, response: zUser, upload: { kind: 'single', field: 'image' },
    summary: 'Add a user (an e-mail is sent to finish registration); optional image (png/jpeg)', message: OrgMessages.userAdded,
  }),
  updateUser: defineComposedRoute({
    method: 'PUT', path: '/api/users/:id', access: 'user', tags, params: zIdParams, body: zUserBody, response: zUser, upload: { kind: 'single', field: 'image' },
    summary: 'Edit a user; optional image (png/jpeg)', message: OrgMessages.userUpdated,
  }),
  updateUserPost: defineComposedRoute({
    method: 'POST', path: '/api/users/:id/update', access: 'user', tags, params: zIdParams, body: zUserBody, response: zUser, upload: { kind: 'single', field: 'image' },
    summary: 'Edit a user (POST form for multipart clients)', message: OrgMessages.userUpdated,
  }),
  toggleUserStatus: defineComposedRoute({
    method: 'POST', path: '/api/users/:id/togglestatus', access: 'user', tags, params: zIdParams, response: zToggleUserAnswer, answer: 'raw',
    summary: 'Activate or deactivate a user (deactivation ends their sessions); the message says which',
  }),
  toggleUserStatusPut: defineComposedRoute({
    method: 'PUT', path: '/api/users/:id/togglestatus', access: 'user', tags, params: zIdParams, response: zToggleUserAnswer, answer: 'raw',
    summary: 'Activate or deactivate a user',
  }),
  restoreUser: defineRoute({
    method: 'POST', path: '/api/users/:id/restore', access: 'user', tags, params: zIdParams, summary: 'Restore a deleted user', message: OrgMessages.userRestored,
    rpc: RestoreUser, toRpc: ({ call, params }) => ({ ...call, userId: params.id }),
  }),
  restoreUserPut: defineRoute({
    method: 'PUT', path: '/api/users/:id/restore', access: 'user', tags, params: zIdParams, summary: 'Restore a deleted user', message: OrgMessages.userRestored,
    rpc: RestoreUser, toRpc: ({ call, params }) => ({ ...call, userId: params.id }),
  }),
  deleteUserPhoto: defineRoute({
    method: 'DELETE', path: '/api/users/:id/delete_photo', access: 'user', tags, params: zIdParams, summary: "Delete a user's photo", message: OrgMessages.photoDeleted,
    rpc: DeleteUserPhoto, toRpc: ({ call, params }) => ({ ...call, userId: params.id }),
  }),
  deleteUserPhotoPost: defineRoute({
    method: 'POST', path: '/api/users/:id/delete_photo', access: 'user', tags, params: zIdParams, summary: "Delete a user's photo", message: OrgMessages.photoDeleted,
    rpc: DeleteUserPhoto, toRpc: ({ call, params }) => ({ ...call, userId: params.id }),
  }),
  deleteUser: defineRoute({
    method: 'DELETE', path: '/api/users/:id', access: 'user', tags, params: zIdParams, answer: 'empty',
    summary: 'Delete a user (soft; ends their sessions; can be restored)', message: OrgMessages.userDeleted,
    rpc: DeleteUser, toRpc: ({ call, params }) => ({ ...call, userId: params.id }),
  }),
} as const;
