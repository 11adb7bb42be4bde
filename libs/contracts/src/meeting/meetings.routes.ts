import { z } from 'zod';
import { zId } from '../core/common';
import { defineComposedRoute, defineRoute } from '../core/route';
import { zChangeStatusBody, zMeetingBody, zMeetingListQuery, zOrderBody, zRateBody } from './meeting.http';
import {
  AcceptNda, ChangeMeetingStatus, CopyMeeting, CreateMeeting, DeleteMeeting, GetAnalytics, GetGuestMeeting, GetMeeting, JoinVirtual, ListActivities,
  ListMeetings, RateMeeting, ReorderAgenda, UpdateMeeting,
} from './meeting.rpc';

const zIdParams = z.object({ id: zId });
/** a guest link's token (the gateway's guard authenticates it; the service finds the meeting by it) */
const zTokenParams = z.object({ token: z.string().min(1).max(500) });
const tags = ['meetings'];

/** Meetings (docs/product/meetings.md#api "Meetings"): list, details, create/edit/delete, copy, status, order, NDA, analytics, rating, activity, virtual join. */
export const MeetingRoutes = {
  listMeetings: defineRoute({
    method: 'GET', path: '/api/meetings', access: 'user', tags, query: zMeetingListQuery, answer: 'paged',
    summary: 'Meetings the user sees (role filter All/Organizer/Editor/Participate, status, search, paging); date=YYYY/MM gives a whole month',
    rpc: ListMeetings, toRpc: ({ call, query }) => ({ ...call, query }),
  }),
  createMeeting: defineRoute({
    method: 'POST', path: '/api/meetings', access: 'user', tags, body: zMeetingBody,
    summary: 'Create a meeting (Draft); start_date YYYY-MM-DD hh:mm A in the organization time zone', message: 'Meeting created successfully',
    rpc: CreateMeeting, toRpc: ({ call, body }) => ({ ...call, body }),
  }),
  /** composed in the gateway: the meeting service's details with the minutes service's fields (mom_versions, can_commit, agenda_merged_file...) */
  getMeeting: defineComposedRoute({
    method: 'GET', path: '/api/meetings/:id', access: 'guest', tags, params: zIdParams, response: GetMeeting.response,
    summary: 'Meeting details with the permission flags of the actor (members, or guests with ?token=); the minutes fields (mom_settings, mom_versions, can_commit, mom_conclusion, agenda_merged_file, number_of_files_merged) come from the minutes service',
  }),
  updateMeeting: defineRoute({
    method: 'PUT', path: '/api/meetings/:id', access: 'user', tags, params: zIdParams, body: zMeetingBody,
    summary: 'Edit a meeting (same payload as create)', message: 'Meeting updated successfully',
    rpc: UpdateMeeting, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  deleteMeeting: defineRoute({
    method: 'DELETE', path: '/api/meetings/:id', access: 'user', tags, params: zIdParams, answer: 'empty',
    summary: 'Delete a meeting (admins, statuses 1-3; irreversible)', message: 'Meeting deleted successfully',
    rpc: DeleteMeeting, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  copyMeeting: defineRoute({
    method: 'POST', path: '/api/meetings/copy_meeting/:id', access: 'user', tags, params: zIdParams,
    summary: 'Copy a meeting into a new Draft (details, participants, talking points)', message: 'Meeting copied successfully',
    rpc: CopyMeeting, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  /** composed: the success message is the service's, with the new status's name in it */
  changeMeetingStatus: defineComposedRoute({
    method: 'POST', path: '/api/meetings/:id/changestatus', access: 'user', tags, params: zIdParams, body: zChangeStatusBody, answer: 'raw',
    summary: "Change the status {meeting_status_id, reason}; the message (naming the new status) may be shown as info",
    response: z.object({ success: z.literal(true), message: z.string(), data: ChangeMeetingStatus.response.shape.meeting }),
  }),
  reorderAgenda: defineRoute({
    method: 'PUT', path: '/api/meetings/:id/order', access: 'user', tags, params: zIdParams, body: zOrderBody,
    summary: 'Reorder the agenda: a list of {type, type_id} (talking_point, decision, action)',
    rpc: ReorderAgenda, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, order: body }),
  }),
  guestMeeting: defineRoute({
    method: 'GET', path: '/api/meeting/guest/:token', access: 'guest', tags, params: zTokenParams, rateLimit: { name: 'guest' },
    summary: 'The meeting of a guest link token',
    rpc: GetGuestMeeting, toRpc: ({ call }) => call,
  }),
  acceptNda: defineRoute({
    method: 'GET', path: '/api/meeting/:id/approve', access: 'user', tags, params: zIdParams,
    summary: 'Accept the NDA of a meeting (member)', message: 'Done',
    rpc: AcceptNda, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  acceptGuestNda: defineRoute({
    method: 'GET', path: '/api/nda/guest/:token', access: 'guest', tags, params: zTokenParams, rateLimit: { name: 'guest' },
    summary: 'Accept the NDA of a meeting (guest, by the link token)', message: 'Done',
    rpc: AcceptNda, toRpc: ({ call }) => call,
  }),
  meetingAnalytics: defineRoute({
    method: 'GET', path: '/api/meeting_analytics/:id', access: 'user', tags, params: zIdParams,
    summary: 'Meeting analytics: attendance, agenda, votes, actions, comments, rating',
    rpc: GetAnalytics, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  rateMeeting: defineRoute({
    method: 'POST', path: '/api/meeting_rate/:id', access: 'user', tags, params: zIdParams, body: zRateBody,
    summary: 'Rate a meeting {rating 1-5, comment} (both required)', message: 'Thank you for your rating',
    rpc: RateMeeting, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  meetingActivities: defineRoute({
    method: 'GET', path: '/api/meetings/:id/activities', access: 'user', tags, params: zIdParams, answer: { pick: 'items' },
    summary: 'The full activity list of a meeting',
    rpc: ListActivities, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  /** composed: the spec's answer has the link's fields at the top level as well as in data */
  joinVirtual: defineComposedRoute({
    method: 'GET', path: '/api/meetings/:id/participant', access: 'guest', tags, params: zIdParams, answer: 'raw',
    summary: "Join the online meeting: the actor's name, participant_id and participant_url ('deadline_passed' for meetings on or before 20-07-2024)",
    response: JoinVirtual.response.extend({ success: z.literal(true), data: JoinVirtual.response }),
  }),
} as const;
