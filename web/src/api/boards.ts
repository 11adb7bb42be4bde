import { Routes, type RouteData, type RouteRequest } from '@app/contracts';
import { api, apiCommand } from './client';
import type { Paged } from './paging';

/** Boards (docs/product/administration.md#records: name, committees, quorum, description, admins, users, expiration date, status): the contract's types. */
export type Board = RouteData<typeof Routes.getBoard>;
export type BoardInput = RouteRequest<typeof Routes.createBoard>['body'];

export const boardsApi = {
  list: (q: { page: number; per_page: number; search?: string }): Promise<Paged<Board>> => api(Routes.listBoards, { query: q }),
  create: async (input: BoardInput) => (await apiCommand(Routes.createBoard, { body: input })).message,
  update: async (id: number, input: BoardInput) => (await apiCommand(Routes.updateBoard, { params: { id }, body: input })).message,
  remove: async (id: number) => (await apiCommand(Routes.deleteBoard, { params: { id } })).message,
};
