import { z } from 'zod';
import { zId } from '../core/common';
import { defineRoute } from '../core/route';
import type { AttachmentKind } from './meeting.constants';
import { zAttachmentBody, zDetachQuery, zTalkingPointBody } from './meeting.http';
import { AddAttachment, CreateTalkingPoint, DeleteSubpoint, DeleteTalkingPoint, GetTalkingPoint, RemoveAttachment, UpdateTalkingPoint } from './meeting.rpc';

const zIdParams = z.object({ id: zId });
const zTalkingPointParams = z.object({ id: zId, tp: zId });
const tags = ['meeting agenda'];

/** POST /{kind}/{id}/attachment and DELETE /{kind}/attachment/{library_id} of one item kind (explicit paths, no catch-all `:kind`). */
function attachmentRoutes<K extends AttachmentKind>(kind: K) {
  return {
    attach: defineRoute({
      method: 'POST', path: `/api/${kind}/:id/attachment`, access: 'user', tags, params: zIdParams, body: zAttachmentBody, answer: { pick: 'attachments' },
      summary: `Attach a library file {library_id} to ${kind}`, message: 'Done',
      rpc: AddAttachment, toRpc: ({ call, params, body }) => ({ ...call, kind, itemId: params.id, libraryId: body.library_id }),
    }),
    detach: defineRoute({
      method: 'DELETE', path: `/api/${kind}/attachment/:library_id`, access: 'user', tags, params: z.object({ library_id: zId }), query: zDetachQuery,
      answer: { pick: 'attachments' },
      summary: `Remove a library file from ${kind} (?item_id= when it is attached to several)`, message: 'Deleted successfully',
      rpc: RemoveAttachment, toRpc: ({ call, params, query }) => ({ ...call, kind, libraryId: params.library_id, itemId: query.item_id }),
    }),
  };
}
const onTalkingPoints = attachmentRoutes('talkingpoints');
const onSubpoints = attachmentRoutes('subpoints');
const onDecisions = attachmentRoutes('decisions');
const onActions = attachmentRoutes('actions');

/** Talking points with sub-points (docs/product/meetings.md#api "Agenda"), and library attachments on agenda items. */
export const AgendaRoutes = {
  createTalkingPoint: defineRoute({
    method: 'POST', path: '/api/meetings/:id/talkingpoints', access: 'user', tags, params: zIdParams, body: zTalkingPointBody,
    summary: 'Add a talking point {title, description, duration, viewers, presenters, attachments, subpoints[]}', message: 'Talking point saved successfully',
    rpc: CreateTalkingPoint, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  getTalkingPoint: defineRoute({
    method: 'GET', path: '/api/meetings/:id/talkingpoints/:tp', access: 'guest', tags, params: zTalkingPointParams,
    summary: 'One talking point with its sub-points, decisions, actions and comments',
    rpc: GetTalkingPoint, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id, talkingPointId: params.tp }),
  }),
  updateTalkingPoint: defineRoute({
    method: 'PUT', path: '/api/meetings/:id/talkingpoints/:tp', access: 'user', tags, params: zTalkingPointParams, body: zTalkingPointBody,
    summary: 'Edit a talking point (sub-points named by subpoint_id are kept, new ones added, missing ones deleted)', message: 'Talking point saved successfully',
    rpc: UpdateTalkingPoint, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, talkingPointId: params.tp, body }),
  }),
  deleteTalkingPoint: defineRoute({
    method: 'DELETE', path: '/api/meetings/:id/talkingpoints/:tp', access: 'user', tags, params: zTalkingPointParams, answer: 'empty',
    summary: 'Delete a talking point', message: 'Deleted successfully',
    rpc: DeleteTalkingPoint, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id, talkingPointId: params.tp }),
  }),
  deleteSubpoint: defineRoute({
    method: 'DELETE', path: '/api/meetings/:id/talkingpoints/:tp/subpoints/:sub', access: 'user', tags, params: z.object({ id: zId, tp: zId, sub: zId }),
    summary: 'Delete a sub-point; answers the talking point', message: 'Deleted successfully',
    rpc: DeleteSubpoint, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id, talkingPointId: params.tp, subpointId: params.sub }),
  }),
  attachToTalkingPoint: onTalkingPoints.attach,
  detachFromTalkingPoint: onTalkingPoints.detach,
  attachToSubpoint: onSubpoints.attach,
  detachFromSubpoint: onSubpoints.detach,
  attachToDecision: onDecisions.attach,
  detachFromDecision: onDecisions.detach,
  attachToAction: onActions.attach,
  detachFromAction: onActions.detach,
} as const;
