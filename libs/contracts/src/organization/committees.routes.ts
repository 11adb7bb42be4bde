import { z } from 'zod';
import { zId } from '../core/common';
import { defineRoute } from '../core/route';
import { OrgMessages } from './organization.errors';
import { zBoardBody, zCommitteeBody, zCommitteeStatusBody, zCommitteesQuery } from './committees.http';
import {
  CommitteeStatistics, CreateBoard, CreateCommittee, DeleteBoard, DeleteCommittee, GetBoard, GetCommitteeDetails, ListBoards, ListCommittees,
  SetBoardStatus, SetCommitteeStatus, UpdateBoard, UpdateCommittee,
} from './committees.rpc';

const zIdParams = z.object({ id: zId });
const committees = ['committees'];
const boards = ['boards'];
const listArgs = (q: z.output<typeof zCommitteesQuery>) => ({ page: q.page, per_page: q.perpage ?? q.per_page, search: q.search || undefined, status: q.status });

/** Committees (ordered by name descending), their statistics and status. */
export const CommitteeRoutes = {
  listCommittees: defineRoute({
    method: 'GET', path: '/api/committees', access: 'user', tags: committees, query: zCommitteesQuery, answer: 'paged',
    summary: 'Committees, paged, ordered by name descending',
    rpc: ListCommittees, toRpc: ({ call, query }) => ({ ...call, ...listArgs(query) }),
  }),
  committeeStatistics: defineRoute({
    method: 'GET', path: '/api/committees/statistics', access: 'user', tags: committees,
    summary: 'Committee statistics: totals and members/admins per committee',
    rpc: CommitteeStatistics, toRpc: ({ call }) => call,
  }),
  getCommittee: defineRoute({
    method: 'GET', path: '/api/committees/:id', access: 'user', tags: committees, params: zIdParams, summary: 'One committee',
    rpc: GetCommitteeDetails, toRpc: ({ call, params }) => ({ ...call, committeeId: params.id }),
  }),
  createCommittee: defineRoute({
    method: 'POST', path: '/api/committees', access: 'user', tags: committees, body: zCommitteeBody, message: OrgMessages.committeeAdded,
    summary: 'Add a committee (name, description, admins, users required; quorum 5–100)',
    rpc: CreateCommittee, toRpc: ({ call, body }) => ({ ...call, ...body }),
  }),
  updateCommittee: defineRoute({
    method: 'PUT', path: '/api/committees/:id', access: 'user', tags: committees, params: zIdParams, body: zCommitteeBody, message: OrgMessages.committeeUpdated,
    summary: 'Edit a committee',
    rpc: UpdateCommittee, toRpc: ({ call, params, body }) => ({ ...call, ...body, committeeId: params.id }),
  }),
  setCommitteeStatus: defineRoute({
    method: 'PUT', path: '/api/committees/:id/status', access: 'user', tags: committees, params: zIdParams, body: zCommitteeStatusBody, message: OrgMessages.statusUpdated,
    summary: 'Set (or toggle, without status) the committee status',
    rpc: SetCommitteeStatus, toRpc: ({ call, params, body }) => ({ ...call, committeeId: params.id, status: body.status }),
  }),
  setCommitteeStatusPost: defineRoute({
    method: 'POST', path: '/api/committees/:id/status', access: 'user', tags: committees, params: zIdParams, body: zCommitteeStatusBody, message: OrgMessages.statusUpdated,
    summary: 'Set (or toggle, without status) the committee status',
    rpc: SetCommitteeStatus, toRpc: ({ call, params, body }) => ({ ...call, committeeId: params.id, status: body.status }),
  }),
  deleteCommittee: defineRoute({
    method: 'DELETE', path: '/api/committees/:id', access: 'user', tags: committees, params: zIdParams, answer: 'empty', message: OrgMessages.committeeDeleted,
    summary: 'Delete a committee',
    rpc: DeleteCommittee, toRpc: ({ call, params }) => ({ ...call, committeeId: params.id }),
  }),
} as const;

/** Boards: committees of committees with an expiration date. */
export const BoardRoutes = {
  listBoards: defineRoute({
    method: 'GET', path: '/api/boards', access: 'user', tags: boards, query: zCommitteesQuery, answer: 'paged',
    summary: 'Boards, paged, ordered by name descending',
    rpc: ListBoards, toRpc: ({ call, query }) => ({ ...call, ...listArgs(query) }),
  }),
  getBoard: defineRoute({
    method: 'GET', path: '/api/boards/:id', access: 'user', tags: boards, params: zIdParams, summary: 'One board',
    rpc: GetBoard, toRpc: ({ call, params }) => ({ ...call, boardId: params.id }),
  }),
  createBoard: defineRoute({
    method: 'POST', path: '/api/boards', access: 'user', tags: boards, body: zBoardBody, message: OrgMessages.boardAdded,
    summary: 'Add a board (as a committee, plus expiration_date and committees)',
    rpc: CreateBoard, toRpc: ({ call, body }) => ({ ...call, ...body }),
  }),
  updateBoard: defineRoute({
    method: 'PUT', path: '/api/boards/:id', access: 'user', tags: boards, params: zIdParams, body: zBoardBody, message: OrgMessages.boardUpdated,
    summary: 'Edit a board',
    rpc: UpdateBoard, toRpc: ({ call, params, body }) => ({ ...call, ...body, boardId: params.id }),
  }),
  setBoardStatus: defineRoute({
    method: 'PUT', path: '/api/boards/:id/status', access: 'user', tags: boards, params: zIdParams, body: zCommitteeStatusBody, message: OrgMessages.statusUpdated,
    summary: 'Set (or toggle, without status) the board status',
    rpc: SetBoardStatus, toRpc: ({ call, params, body }) => ({ ...call, boardId: params.id, status: body.status }),
  }),
  deleteBoard: defineRoute({
    method: 'DELETE', path: '/api/boards/:id', access: 'user', tags: boards, params: zIdParams, answer: 'empty', message: OrgMessages.boardDeleted,
    summary: 'Delete a board',
    rpc: DeleteBoard, toRpc: ({ call, params }) => ({ ...call, boardId: params.id }),
  }),
} as const;
