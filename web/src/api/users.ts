import { Routes, type RouteData, type RouteRequest } from '@app/contracts';
import { api, apiCommand } from './client';
import type { Paged } from './paging';

/** Users (docs/product/administration.md#records): the contract's types and the routes of the table; nothing is re-mapped here. */
export type User = RouteData<typeof Routes.getUser>;
export type UserStatus = User['status'];
export type UserBrief = RouteData<typeof Routes.allUsers>[number];
export type ImportResult = RouteData<typeof Routes.importUsers>;
/** what the user form sends (the input side of the contract's body) */
export type UserInput = RouteRequest<typeof Routes.createUser>['body'];
/** an option of the pickers: anything with an id and a name (users, committees, roles) */
export interface Ref {
  id: number;
  name: string;
}

export interface UserQuery {
  page: number;
  perpage: number;
  search?: string;
}

export const usersApi = {
  list: (q: UserQuery): Promise<Paged<User>> => api(Routes.listUsers, { query: q }),
  deleted: (q: UserQuery): Promise<Paged<User>> => api(Routes.listDeletedUsers, { query: q }),
  /** every active user, for pickers */
  all: (committeeId?: number): Promise<UserBrief[]> => api(Routes.allUsers, { query: { committee_id: committeeId } }),
  create: async (input: UserInput) => (await apiCommand(Routes.createUser, { body: input })).message,
  update: async (id: number, input: UserInput) => (await apiCommand(Routes.updateUser, { params: { id }, body: input })).message,
  /** the answer says whether the user was activated or deactivated */
  toggleStatus: async (id: number) => (await api(Routes.toggleUserStatus, { params: { id } })).message,
  remove: async (id: number) => (await apiCommand(Routes.deleteUser, { params: { id } })).message,
  restore: async (id: number) => (await apiCommand(Routes.restoreUser, { params: { id } })).message,
  /** POST /api/users/upload (multipart: file); the sheet follows the template below */
  importSheet: async (file: File): Promise<{ result: ImportResult; message: string | null }> => {
    const form = new FormData();
    form.append('file', file);
    const { data, message } = await apiCommand(Routes.importUsers, { form, notify: false });
    return { result: data, message };
  },
  /** GET /api/users/template -> the Excel template (columns USER_SHEET_COLUMNS of @app/contracts) */
  template: (): Promise<Blob> => api(Routes.usersTemplate),
};

export const USERS_TEMPLATE_FILE = 'users-template.xlsx';
