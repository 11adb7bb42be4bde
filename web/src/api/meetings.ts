import {
  Routes, type CommentKind, type ConflictBody, type MotionBody, type RollCallMark, type PublishAgendaBody, type MeetingDetails, type MeetingSummary, type MemberPayload, type RouteData, type RouteRequest, type TalkingPointPayload,
} from '@app/contracts';
import { api, apiCommand } from './client';
import type { Paged } from './paging';

/**
 * Meetings, their participants, agenda (talking points), notes and comments (docs/product/meetings.md):
 * the contract's routes and types only. Guest pages pass the token of their invitation link.
 */
export type { MeetingDetails, MeetingSummary, MemberPayload, TalkingPointPayload };
export type MeetingInput = RouteRequest<typeof Routes.createMeeting>['body'];
export type MeetingListQuery = NonNullable<RouteRequest<typeof Routes.listMeetings>['query']>;
export type TalkingPointInput = RouteRequest<typeof Routes.createTalkingPoint>['body'];
export type AddMemberInput = RouteRequest<typeof Routes.addMembers>['body'];
export type AttendanceInput = RouteRequest<typeof Routes.changeAttendance>['body'];
export type Activity = MeetingDetails['activities'][number];
export type JoinLink = RouteData<typeof Routes.joinVirtual>;
export type CommentPayload = MeetingDetails['comments'][number];

export const meetingsApi = {
  list: (q: MeetingListQuery): Promise<Paged<MeetingSummary>> => api(Routes.listMeetings, { query: q }),
  get: (id: number, token?: string): Promise<MeetingDetails> => api(Routes.getMeeting, { params: { id }, token }),
  create: (body: MeetingInput) => apiCommand(Routes.createMeeting, { body, notify: false }),
  update: (id: number, body: MeetingInput) => apiCommand(Routes.updateMeeting, { params: { id }, body, notify: false }),
  remove: (id: number) => apiCommand(Routes.deleteMeeting, { params: { id }, notify: false }),
  changeStatus: (id: number, meetingStatusId: number, reason: string) =>
    apiCommand(Routes.changeMeetingStatus, { params: { id }, body: { meeting_status_id: meetingStatusId, reason }, notify: false }),
  reorder: (id: number, order: Array<{ type: 'talking_point' | 'decision' | 'action'; type_id: number }>) => apiCommand(Routes.reorderAgenda, { params: { id }, body: order }),
  acceptNda: (id: number) => apiCommand(Routes.acceptNda, { params: { id } }),
  acceptGuestNda: (token: string) => apiCommand(Routes.acceptGuestNda, { params: { token }, token }),
  activities: (id: number): Promise<Activity[]> => api(Routes.meetingActivities, { params: { id } }),
  join: (id: number, token?: string): Promise<JoinLink> => api(Routes.joinVirtual, { params: { id }, token, notify: false }),
  saveNote: (id: number, note: string) => apiCommand(Routes.saveNote, { params: { id }, body: { note }, notify: false }),
};

export const membersApi = {
  add: (meetingId: number, body: AddMemberInput) => apiCommand(Routes.addMembers, { params: { id: meetingId }, body, notify: false }),
  setGuestName: (meetingId: number, body: { guest_name: string; guest_title?: string; user_email: string }, token?: string) =>
    apiCommand(Routes.setGuestName, { params: { id: meetingId }, body, token, notify: false }),
  /** a guest's link: revoke it, or set until when it works (the owner, committee admins, administrators) */
  setGuestLink: (meetingId: number, m: MemberPayload, body: { revoke?: true; expires_at?: string | null }) =>
    apiCommand(Routes.setGuestLink, { params: { id: meetingId }, body: { member_id: m.member_id, ...body }, notify: false }),
  changeType: (meetingId: number, m: MemberPayload, type: 'Viewer' | 'Editor') =>
    apiCommand(Routes.changeMemberType, { params: { id: meetingId }, body: { member_id: m.member_id, type }, notify: false }),
  remove: (meetingId: number, m: MemberPayload) =>
    apiCommand(Routes.removeMember, { params: { id: meetingId, user_id: m.user_id ?? m.user_email ?? '' }, query: { member_id: m.member_id }, notify: false }),
  attendance: (meetingId: number, body: AttendanceInput, token?: string) => apiCommand(Routes.changeAttendance, { params: { id: meetingId }, body, token, notify: false }),
  adminAttendance: (meetingId: number, body: AttendanceInput) => apiCommand(Routes.adminChangeAttendance, { params: { id: meetingId }, body, notify: false }),
};

/** a meeting's proxies (docs/meeting.md#proxies): every command answers the list with the caller's flags */
export const proxiesApi = {
  give: (meetingId: number, body: { from_user_id: number; to_user_id: number }) => apiCommand(Routes.giveProxy, { params: { id: meetingId }, body, notify: false }),
  revoke: (meetingId: number, proxyId: number) => apiCommand(Routes.revokeProxy, { params: { id: meetingId, proxy: proxyId }, notify: false }),
};

/** Meetings run from the chair (docs/meeting.md#running-the-meeting): each answers the meeting's details */
export const chairApi = {
  setRoles: (meetingId: number, body: { chair_user_id: number | null; secretary_user_id: number | null }) => apiCommand(Routes.setMeetingRoles, { params: { id: meetingId }, body, notify: false }),
  start: (meetingId: number) => apiCommand(Routes.startMeeting, { params: { id: meetingId }, body: {}, notify: false }),
  end: (meetingId: number) => apiCommand(Routes.endMeeting, { params: { id: meetingId }, body: {}, notify: false }),
  mark: (meetingId: number, body: { user_id: number; status: RollCallMark }) => apiCommand(Routes.markRollCall, { params: { id: meetingId }, body, notify: false }),
  publishAgenda: (meetingId: number, body: PublishAgendaBody = {}) => apiCommand(Routes.publishAgenda, { params: { id: meetingId }, body, notify: false }),
};

/** The record of a board (docs/meeting.md#the-record-of-a-board): each answers the meeting's details */
export const recordApi = {
  declareConflict: (meetingId: number, tp: number, body: ConflictBody) => apiCommand(Routes.declareConflict, { params: { id: meetingId, tp }, body, notify: false }),
  withdrawConflict: (meetingId: number, tp: number) => apiCommand(Routes.withdrawConflict, { params: { id: meetingId, tp }, notify: false }),
  setMotion: (meetingId: number, decision: number, body: MotionBody) => apiCommand(Routes.setMotion, { params: { id: meetingId, decision }, body, notify: false }),
};

export const agendaApi = {
  get: (meetingId: number, tp: number, token?: string): Promise<TalkingPointPayload> => api(Routes.getTalkingPoint, { params: { id: meetingId, tp }, token }),
  create: (meetingId: number, body: TalkingPointInput) => apiCommand(Routes.createTalkingPoint, { params: { id: meetingId }, body, notify: false }),
  update: (meetingId: number, tp: number, body: TalkingPointInput) => apiCommand(Routes.updateTalkingPoint, { params: { id: meetingId, tp }, body, notify: false }),
  remove: (meetingId: number, tp: number) => apiCommand(Routes.deleteTalkingPoint, { params: { id: meetingId, tp }, notify: false }),
};

const COMMENT_ROUTES = {
  talkingpoints: { add: Routes.commentOnTalkingPoint, notify: Routes.notifyTalkingPointComment },
  subpoints: { add: Routes.commentOnSubpoint, notify: Routes.notifySubpointComment },
  decisions: { add: Routes.commentOnDecision, notify: Routes.notifyDecisionComment },
  actions: { add: Routes.commentOnAction, notify: Routes.notifyActionComment },
} as const;

export const commentsApi = {
  add: (kind: CommentKind, itemId: number, comment: string, token?: string) =>
    apiCommand(COMMENT_ROUTES[kind].add, { params: { id: itemId }, body: { comment }, token, notify: false }),
  notify: (kind: CommentKind, itemId: number, commentId: number, participants: Array<{ user_id: number } | { user_email: string }>, token?: string) =>
    apiCommand(COMMENT_ROUTES[kind].notify, { params: { id: itemId, comment_id: commentId }, body: { participants }, token, notify: false }),
  remove: (id: number, token?: string) => apiCommand(Routes.deleteComment, { params: { id }, token, notify: false }),
};
