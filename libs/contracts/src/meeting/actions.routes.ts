import { z } from 'zod';
import { zId } from '../core/common';
import { defineRoute } from '../core/route';
import { zActionBody, zActionStatusBody } from './meeting.http';
import { ChangeActionStatus, CreateAction, DeleteAction, GetAction, UpdateAction } from './meeting.rpc';

const zIdParams = z.object({ id: zId });
const zMeetingActionParams = z.object({ id: zId, action: zId });
const tags = ['actions'];

/** Actions of a meeting and the participants' status (the action tracker is in dashboards.routes.ts). */
export const ActionRoutes = {
  createAction: defineRoute({
    method: 'POST', path: '/api/meetings/:id/actions', access: 'user', tags, params: zIdParams, body: zActionBody,
    summary: 'Add an action {title, description, participants, open_till, priority (default Low), progress, talkingpoint_id, talkingpoint_subpoint_id, attachments}',
    message: 'Action saved successfully',
    rpc: CreateAction, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  updateAction: defineRoute({
    method: 'PUT', path: '/api/meetings/:id/actions/:action', access: 'user', tags, params: zMeetingActionParams, body: zActionBody,
    summary: 'Edit an action (locked once open_till has passed)', message: 'Action saved successfully',
    rpc: UpdateAction, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, actionId: params.action, body }),
  }),
  deleteAction: defineRoute({
    method: 'DELETE', path: '/api/meetings/:id/actions/:action', access: 'user', tags, params: zMeetingActionParams, answer: 'empty',
    summary: 'Delete an action', message: 'Deleted successfully',
    rpc: DeleteAction, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id, actionId: params.action }),
  }),
  getAction: defineRoute({
    method: 'GET', path: '/api/actions/:id', access: 'guest', tags, params: zIdParams,
    summary: 'An action with participants, overall status, locked and can_change_status',
    rpc: GetAction, toRpc: ({ call, params }) => ({ ...call, actionId: params.id }),
  }),
  changeActionStatus: defineRoute({
    method: 'POST', path: '/api/actions/:id/status/change', access: 'guest', tags, params: zIdParams, body: zActionStatusBody,
    summary: 'My status on an action {status: In Progress, Complete, Not Complete; reason}; guests with ?token=', message: 'Done',
    rpc: ChangeActionStatus, toRpc: ({ call, params, body }) => ({ ...call, actionId: params.id, body }),
  }),
} as const;
