import { z } from 'zod';
import { zId } from '../core/common';
import { defineRpc } from '../core/define';
import { defineRoute } from '../core/route';
import { zMeetingRequest } from './meeting.rpc';
import { zMeetingDetails } from './meeting.schemas';
import { zConflictBody, zMotionBody } from './record';

/**
 * The record of a board (issue 27, docs/meeting.md#the-record-of-a-board): conflicts of interest on an agenda item and
 * the mover and seconder of a decision. Each answers the meeting's details.
 */
const R = <T extends z.ZodRawShape>(shape: T) => zMeetingRequest.extend(shape);
export const DeclareConflict = defineRpc({ subject: 'meeting.v1.declare-conflict', request: R({ meetingId: zId, talkingPointId: zId, body: zConflictBody }), response: zMeetingDetails });
export const WithdrawConflict = defineRpc({ subject: 'meeting.v1.withdraw-conflict', request: R({ meetingId: zId, talkingPointId: zId }), response: zMeetingDetails });
export const SetMotion = defineRpc({ subject: 'meeting.v1.set-motion', request: R({ meetingId: zId, decisionId: zId, body: zMotionBody }), response: zMeetingDetails });

const tags = ['meeting record'];
const zItemParams = z.object({ id: zId, tp: zId });
const zDecisionParams = z.object({ id: zId, decision: zId });

export const RecordRoutes = {
  declareConflict: defineRoute({
    method: 'POST', path: '/api/meetings/:id/talkingpoints/:tp/conflict', access: 'user', tags, params: zItemParams, body: zConflictBody, message: 'Done',
    summary: 'The caller, a member of the meeting, declares a conflict of interest on the agenda item {note?}: they cannot vote on its decisions; statuses 1-3',
    rpc: DeclareConflict, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, talkingPointId: params.tp, body }),
  }),
  withdrawConflict: defineRoute({
    method: 'DELETE', path: '/api/meetings/:id/talkingpoints/:tp/conflict', access: 'user', tags, params: zItemParams, message: 'Done',
    summary: "The caller withdraws their own declaration on the agenda item; statuses 1-3",
    rpc: WithdrawConflict, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id, talkingPointId: params.tp }),
  }),
  setMotion: defineRoute({
    method: 'POST', path: '/api/meetings/:id/decisions/:decision/motion', access: 'user', tags, params: zDecisionParams, body: zMotionBody, message: 'Done',
    summary: 'Who moved and who seconded the decision {mover_user_id, seconder_user_id} (members of the meeting, two different people, null for nobody): the owner, a committee admin or the chair, statuses 1-3',
    rpc: SetMotion, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, decisionId: params.decision, body }),
  }),
} as const;
