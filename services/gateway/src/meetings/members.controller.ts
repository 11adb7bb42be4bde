import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  AddCommitteeMembers, AddMembers, ChangeAttendance, ChangeMemberType, ListMembers, RemoveMember, SetGuestName, translate, zAddMemberBody, zAttendanceBody,
  zChangeTypeBody, zGuestNameBody, zId, zMemberPayload, zRemoveMemberQuery,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { GuestAllowed } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok } from '../core/http';
import { Z } from '../core/zod.pipe';
import { Call, type MeetingCall } from './context';

const tags = ['meeting members'];
const zMembers = z.array(zMemberPayload);
/** DELETE /meetings/{id}/members/{user_id}: a user id, or a guest's e-mail; ?member_id= names the row itself */
const zMemberRef = z.union([zId, z.string().trim().toLowerCase().pipe(z.email())]);

/** Participants of a meeting (meetings.md §7 "Members"). */
@Controller('meetings/:id/members')
export class MembersController {
  constructor(private readonly bus: Bus) {}

  @Get()
  @GuestAllowed()
  @Doc({ summary: 'Participants of a meeting with per-row flags (can_change_type, can_remove, can_change_attendance)', tags, response: zMembers })
  async list(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok((await this.bus.request(ListMembers, { ...c, meetingId: id })).items);
  }

  @Post()
  @HttpCode(200)
  @Doc({ summary: 'Add participants by user_id (one or a list) or a guest by user_email (organization_guest, type Viewer/Editor, member_type 1-4)', tags, body: zAddMemberBody, response: zMembers })
  async add(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zAddMemberBody)) body: z.output<typeof zAddMemberBody>) {
    return ok((await this.bus.request(AddMembers, { ...c, meetingId: id, body })).items, translate('Done', c.lang));
  }

  @Post('guest_name')
  @HttpCode(200)
  @GuestAllowed()
  @Doc({ summary: "A guest's name and title {guest_name, guest_title, user_email}", tags, body: zGuestNameBody, response: zMembers })
  async guestName(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zGuestNameBody)) body: z.output<typeof zGuestNameBody>) {
    return ok((await this.bus.request(SetGuestName, { ...c, meetingId: id, body })).items, translate('Done', c.lang));
  }

  @Get('addcommittee')
  @Doc({ summary: "Add every member of the meeting's committee in one call", tags, response: zMembers })
  async addCommittee(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok((await this.bus.request(AddCommitteeMembers, { ...c, meetingId: id })).items, translate('Done', c.lang));
  }

  @Post('changetype')
  @HttpCode(200)
  @Doc({ summary: "Change a participant's type {user_id | member_id | user_email, type: Viewer/Editor or 1-4}", tags, body: zChangeTypeBody, response: zMembers })
  async changeType(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zChangeTypeBody)) body: z.output<typeof zChangeTypeBody>) {
    return ok((await this.bus.request(ChangeMemberType, { ...c, meetingId: id, body })).items, translate('Done', c.lang));
  }

  @Post('changestatus')
  @HttpCode(200)
  @GuestAllowed()
  @Doc({ summary: 'My attendance {status, reason} (Going, Pending, Not going, Maybe; Delegate, Other in the ministry variant); statuses 2 and 3 only', tags, body: zAttendanceBody, response: zMembers })
  async attendance(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zAttendanceBody)) body: z.output<typeof zAttendanceBody>) {
    return ok((await this.bus.request(ChangeAttendance, { ...c, meetingId: id, body, asAdmin: false })).items, translate('Done', c.lang));
  }

  @Post('adminchangestatus')
  @HttpCode(200)
  @Doc({ summary: "Another participant's attendance {status, member_id | user_id | user_email, reason} (owner, admins, editors; Live meetings)", tags, body: zAttendanceBody, response: zMembers })
  async adminAttendance(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zAttendanceBody)) body: z.output<typeof zAttendanceBody>) {
    return ok((await this.bus.request(ChangeAttendance, { ...c, meetingId: id, body, asAdmin: true })).items, translate('Done', c.lang));
  }

  @Delete(':userId')
  @Doc({ summary: 'Remove a participant (a user id, or a guest e-mail; ?member_id= for the row); the owner row only by the owner', tags, response: zMembers })
  async remove(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Param('userId', Z(zMemberRef)) ref: number | string, @Query(Z(zRemoveMemberQuery)) q: z.output<typeof zRemoveMemberQuery>) {
    const who = q.member_id ? { memberId: q.member_id } : typeof ref === 'number' ? { userId: ref } : { userEmail: ref };
    return ok((await this.bus.request(RemoveMember, { ...c, meetingId: id, ...who })).items, translate('Deleted successfully', c.lang));
  }
}
