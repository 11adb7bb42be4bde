import { z } from 'zod';
import { defineRpc } from '../core/define';
import { paged, zId, zOk, zTenant } from '../core/common';
import { zNamed, zUserBrief } from './fields';
import { boardFields, committeeFields, zMemberWeight } from './committees.http';

/** Committees and boards (a board is a committee of committees with an expiration date). */
export const zCommittee = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  quorum: z.number(),
  status: z.enum(['active', 'inactive']),
  admins: z.array(zUserBrief),
  users: z.array(zUserBrief),
  admins_count: z.number().int(),
  users_count: z.number().int(),
  /** every member's weight (1 unless set) */
  weights: z.array(zMemberWeight).default([]),
  can_edit: z.boolean(),
  created_at: z.string(),
});
export type Committee = z.output<typeof zCommittee>;

export const zBoard = zCommittee.extend({
  expiration_date: z.string().nullable(),
  expired: z.boolean(),
  committees: z.array(zNamed),
});
export type Board = z.output<typeof zBoard>;

const listReq = zTenant.extend({
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(500).default(20),
  search: z.string().max(200).optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
const committeeId = { committeeId: zId };
const boardId = { boardId: zId };

/** Ordered by name descending (docs/product/administration.md#api). */
export const ListCommittees = defineRpc({ subject: 'organization.v1.list-committees', request: listReq, response: paged(zCommittee) });
export const GetCommitteeDetails = defineRpc({ subject: 'organization.v1.get-committee-details', request: zTenant.extend(committeeId), response: zCommittee });
export const CreateCommittee = defineRpc({ subject: 'organization.v1.create-committee', request: zTenant.extend(committeeFields), response: zCommittee });
export const UpdateCommittee = defineRpc({ subject: 'organization.v1.update-committee', request: zTenant.extend({ ...committeeFields, ...committeeId }), response: zCommittee });
export const SetCommitteeStatus = defineRpc({
  subject: 'organization.v1.set-committee-status',
  request: zTenant.extend({ ...committeeId, status: z.enum(['active', 'inactive']).optional() }),
  response: zCommittee,
});
export const DeleteCommittee = defineRpc({ subject: 'organization.v1.delete-committee', request: zTenant.extend(committeeId), response: zOk });

export const zCommitteeStatistics = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  members: z.number().int(),
  committees: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.enum(['active', 'inactive']), quorum: z.number(), admins: z.number().int(), members: z.number().int() })),
});
export const CommitteeStatistics = defineRpc({ subject: 'organization.v1.committee-statistics', request: zTenant, response: zCommitteeStatistics });

export const ListBoards = defineRpc({ subject: 'organization.v1.list-boards', request: listReq, response: paged(zBoard) });
export const GetBoard = defineRpc({ subject: 'organization.v1.get-board', request: zTenant.extend(boardId), response: zBoard });
export const CreateBoard = defineRpc({ subject: 'organization.v1.create-board', request: zTenant.extend(boardFields), response: zBoard });
export const UpdateBoard = defineRpc({ subject: 'organization.v1.update-board', request: zTenant.extend({ ...boardFields, ...boardId }), response: zBoard });
export const SetBoardStatus = defineRpc({
  subject: 'organization.v1.set-board-status',
  request: zTenant.extend({ ...boardId, status: z.enum(['active', 'inactive']).optional() }),
  response: zBoard,
});
export const DeleteBoard = defineRpc({ subject: 'organization.v1.delete-board', request: zTenant.extend(boardId), response: zOk });
