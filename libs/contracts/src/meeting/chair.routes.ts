import { z } from 'zod';
import { zId } from '../core/common';
import { defineRpc } from '../core/define';
import { defineRoute } from '../core/route';
import { zMeetingRequest } from './meeting.rpc';
import { zMeetingDetails } from './meeting.schemas';
import { zMeetingRolesBody, zPublishAgendaBody, zRollCallBody, zRunBody } from './roll-call';

/**
 * Meetings run from the chair (issue 27, docs/meeting.md#running-the-meeting): the chair and secretary, Start and End
 * (the spec's statuses 2 -> 3 and 3 -> 5), and the roll call. Each answers the meeting's details.
 */
const R = <T extends z.ZodRawShape>(shape: T) => zMeetingRequest.extend(shape);
export const SetMeetingRoles = defineRpc({ subject: 'meeting.v1.set-roles', request: R({ meetingId: zId, body: zMeetingRolesBody }), response: zMeetingDetails });
export const StartMeeting = defineRpc({ subject: 'meeting.v1.start-meeting', request: R({ meetingId: zId, body: zRunBody }), response: zMeetingDetails });
export const EndMeeting = defineRpc({ subject: 'meeting.v1.end-meeting', request: R({ meetingId: zId, body: zRunBody }), response: zMeetingDetails });
export const MarkRollCall = defineRpc({ subject: 'meeting.v1.roll-call', request: R({ meetingId: zId, body: zRollCallBody }), response: zMeetingDetails });
export const PublishAgenda = defineRpc({ subject: 'meeting.v1.publish-agenda', request: R({ meetingId: zId, body: zPublishAgendaBody }), response: zMeetingDetails });

const tags = ['meeting chair'];
const zIdParams = z.object({ id: zId });

export const ChairRoutes = {
  setMeetingRoles: defineRoute({
    method: 'POST', path: '/api/meetings/:id/roles', access: 'user', tags, params: zIdParams, body: zMeetingRolesBody, message: 'Done',
    summary: 'The chair and the secretary {chair_user_id, secretary_user_id} (members of the meeting, two different people, null for nobody): the owner or a committee admin, statuses 1-3',
    rpc: SetMeetingRoles, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  startMeeting: defineRoute({
    method: 'POST', path: '/api/meetings/:id/start', access: 'user', tags, params: zIdParams, body: zRunBody, message: 'Done',
    summary: 'Start meeting: Scheduled (2) -> Live (3), by the owner, a committee admin or the chair; otherwise 409 MEETING_STATUS_NOT_ALLOWED',
    rpc: StartMeeting, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  endMeeting: defineRoute({
    method: 'POST', path: '/api/meetings/:id/end', access: 'user', tags, params: zIdParams, body: zRunBody, message: 'Done',
    summary: 'End meeting: Live (3) -> Archived (5), by the owner, a committee admin or the chair; otherwise 409 MEETING_STATUS_NOT_ALLOWED',
    rpc: EndMeeting, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  markRollCall: defineRoute({
    method: 'POST', path: '/api/meetings/:id/rollcall', access: 'user', tags, params: zIdParams, body: zRollCallBody, message: 'Done',
    summary: "Mark one member in the roll call {user_id, status: present | remote | absent | excused}: the chair, the secretary, the owner or a committee admin, while the meeting is Live",
    rpc: MarkRollCall, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  publishAgenda: defineRoute({
    method: 'POST', path: '/api/meetings/:id/agenda/publish', access: 'user', tags, params: zIdParams, body: zPublishAgendaBody, message: 'Agenda published',
    summary: 'Publish the agenda {note?}: its members get an e-mail in their language with the agenda (planned start, duration, presenters, files) and a link to the board book; again after changes, an update. The owner, a committee admin or the chair, while Scheduled or Live; an agenda without talking points is 409',
    rpc: PublishAgenda, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
} as const;
