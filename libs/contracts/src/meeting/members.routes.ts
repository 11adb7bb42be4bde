import { z } from 'zod';
import { zId } from '../core/common';
import { defineRoute } from '../core/route';
import { zAddMemberBody, zAttendanceBody, zChangeTypeBody, zGuestLinkBody, zGuestNameBody, zRemoveMemberQuery } from './meeting.http';
import { AddCommitteeMembers, AddMembers, ChangeAttendance, ChangeMemberType, ListMembers, RemoveMember, SetGuestLink, SetGuestName } from './meeting.rpc';

const zIdParams = z.object({ id: zId });
/** DELETE /meetings/{id}/members/{user_id}: a user id, or a guest's e-mail; ?member_id= names the row itself */
const zRemoveParams = z.object({ id: zId, user_id: z.union([zId, z.string().trim().toLowerCase().pipe(z.email())]) });
const tags = ['meeting members'];
/** every member route answers the meeting's participants, as the drawer shows them */
const members = { pick: 'items' } as const;

/** Participants of a meeting (docs/product/meetings.md#api "Members"). */
export const MemberRoutes = {
  listMembers: defineRoute({
    method: 'GET', path: '/api/meetings/:id/members', access: 'guest', tags, params: zIdParams, answer: members,
    summary: 'Participants of a meeting with per-row flags (can_change_type, can_remove, can_change_attendance)',
    rpc: ListMembers, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  addMembers: defineRoute({
    method: 'POST', path: '/api/meetings/:id/members', access: 'user', tags, params: zIdParams, body: zAddMemberBody, answer: members, message: 'Done',
    summary: 'Add participants by user_id (one or a list) or a guest by user_email (organization_guest, type Viewer/Editor, member_type 1-4)',
    rpc: AddMembers, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  setGuestName: defineRoute({
    method: 'POST', path: '/api/meetings/:id/members/guest_name', access: 'guest', tags, params: zIdParams, body: zGuestNameBody, answer: members, message: 'Done',
    summary: "A guest's name and title {guest_name, guest_title, user_email}",
    rpc: SetGuestName, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  setGuestLink: defineRoute({
    method: 'POST', path: '/api/meetings/:id/members/guest_link', access: 'user', tags, params: zIdParams, body: zGuestLinkBody, answer: members, message: 'Done',
    summary: "A guest's link {member_id, revoke: true} or {member_id, expires_at: 'YYYY-MM-DD HH:mm:ss' | null}: the owner, committee admins and administrators; a revoked or expired link answers 410",
    rpc: SetGuestLink, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  addCommitteeMembers: defineRoute({
    method: 'GET', path: '/api/meetings/:id/members/addcommittee', access: 'user', tags, params: zIdParams, answer: members, message: 'Done',
    summary: "Add every member of the meeting's committee in one call",
    rpc: AddCommitteeMembers, toRpc: ({ call, params }) => ({ ...call, meetingId: params.id }),
  }),
  changeMemberType: defineRoute({
    method: 'POST', path: '/api/meetings/:id/members/changetype', access: 'user', tags, params: zIdParams, body: zChangeTypeBody, answer: members, message: 'Done',
    summary: "Change a participant's type {user_id | member_id | user_email, type: Viewer/Editor or 1-4}",
    rpc: ChangeMemberType, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body }),
  }),
  changeAttendance: defineRoute({
    method: 'POST', path: '/api/meetings/:id/members/changestatus', access: 'guest', tags, params: zIdParams, body: zAttendanceBody, answer: members, message: 'Done',
    summary: 'My attendance {status, reason} (Going, Pending, Not going, Maybe; Delegate, Other in the ministry variant); statuses 2 and 3 only',
    rpc: ChangeAttendance, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body, asAdmin: false }),
  }),
  adminChangeAttendance: defineRoute({
    method: 'POST', path: '/api/meetings/:id/members/adminchangestatus', access: 'user', tags, params: zIdParams, body: zAttendanceBody, answer: members, message: 'Done',
    summary: "Another participant's attendance {status, member_id | user_id | user_email, reason} (owner, admins, editors; Live meetings)",
    rpc: ChangeAttendance, toRpc: ({ call, params, body }) => ({ ...call, meetingId: params.id, body, asAdmin: true }),
  }),
  removeMember: defineRoute({
    method: 'DELETE', path: '/api/meetings/:id/members/:user_id', access: 'user', tags, params: zRemoveParams, query: zRemoveMemberQuery, answer: members,
    summary: 'Remove a participant (a user id, or a guest e-mail; ?member_id= for the row); the owner row only by the owner', message: 'Deleted successfully',
    rpc: RemoveMember,
    toRpc: ({ call, params, query }) => ({
      ...call,
      meetingId: params.id,
      ...(query.member_id ? { memberId: query.member_id } : typeof params.user_id === 'number' ? { userId: params.user_id } : { userEmail: params.user_id }),
    }),
  }),
} as const;
