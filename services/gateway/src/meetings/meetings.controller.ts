import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  AcceptNda, ChangeMeetingStatus, CopyMeeting, CreateMeeting, DeleteMeeting, GetAnalytics, GetCalendar, GetGuestMeeting, GetHome, GetMeeting, JoinVirtual,
  ListActivities, ListMeetings, RateMeeting, ReorderAgenda, SaveNote, SaveRecordSummary, UpdateMeeting, zSummaryBody, MM, translate, zActivity, zAnalytics, zCalendarEntry, zCalendarQuery,
  zChangeStatusBody, zHome, zId, zMeetingBody, zMeetingDetails, zMeetingListQuery, zMeetingSummary, zNoteBody, zOrderBody, zParticipantLink, zRateBody,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { GuestAllowed, RateLimit } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok, paged } from '../core/http';
import { Z } from '../core/zod.pipe';
import { Call, type MeetingCall } from './context';

const tags = ['meetings'];

/** Meetings (meetings.md §7 "Meetings"): list, details, create/edit/delete, copy, status, order, NDA, analytics, rating, notes, activity, virtual join. */
@Controller()
export class MeetingsController {
  constructor(private readonly bus: Bus) {}

  @Get('meetings')
  @Doc({ summary: 'Meetings the user sees (role filter All/Organizer/Editor/Participate, status, search, paging); date=YYYY/MM gives a whole month', tags, query: zMeetingListQuery, response: z.array(zMeetingSummary) })
  async list(@Call() c: MeetingCall, @Query(Z(zMeetingListQuery)) query: z.output<typeof zMeetingListQuery>) {
    return paged(await this.bus.request(ListMeetings, { ...c, query }));
  }

  @Post('meetings')
  @HttpCode(200)
  @Doc({ summary: 'Create a meeting (Draft); start_date YYYY-MM-DD hh:mm A in the organization time zone', tags, body: zMeetingBody, response: zMeetingDetails })
  async create(@Call() c: MeetingCall, @Body(Z(zMeetingBody)) body: z.output<typeof zMeetingBody>) {
    return ok(await this.bus.request(CreateMeeting, { ...c, body }), translate('Meeting created successfully', c.lang));
  }

  @Get('meetings/:id')
  @GuestAllowed()
  @Doc({ summary: 'Meeting details with the permission flags of the actor (members, or guests with ?token=)', tags, response: zMeetingDetails })
  async get(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(GetMeeting, { ...c, meetingId: id }));
  }

  @Put('meetings/:id')
  @Doc({ summary: 'Edit a meeting (same payload as create)', tags, body: zMeetingBody, response: zMeetingDetails })
  async update(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zMeetingBody)) body: z.output<typeof zMeetingBody>) {
    return ok(await this.bus.request(UpdateMeeting, { ...c, meetingId: id, body }), translate('Meeting updated successfully', c.lang));
  }

  @Delete('meetings/:id')
  @Doc({ summary: 'Delete a meeting (admins, statuses 1-3; irreversible)', tags })
  async remove(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    const r = await this.bus.request(DeleteMeeting, { ...c, meetingId: id });
    return ok(null, translate(r.message ?? 'Deleted successfully', c.lang));
  }

  @Post('meetings/copy_meeting/:id')
  @HttpCode(200)
  @Doc({ summary: 'Copy a meeting into a new Draft (details, participants, talking points)', tags, response: zMeetingDetails })
  async copy(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(CopyMeeting, { ...c, meetingId: id }), translate('Meeting copied successfully', c.lang));
  }

  @Post('meetings/:id/changestatus')
  @HttpCode(200)
  @Doc({ summary: 'Change the status {meeting_status_id, reason}; the message may be shown as info', tags, body: zChangeStatusBody, response: zMeetingDetails })
  async changeStatus(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zChangeStatusBody)) body: z.output<typeof zChangeStatusBody>) {
    const r = await this.bus.request(ChangeMeetingStatus, { ...c, meetingId: id, body });
    return ok(r.meeting, translate(r.message, c.lang, { status: translate(r.meeting.status.name, c.lang) }));
  }

  @Put('meetings/:id/order')
  @Doc({ summary: 'Reorder the agenda: a list of {type, type_id} (talking_point, decision, action)', tags, body: zOrderBody, response: zMeetingDetails })
  async order(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zOrderBody)) order: z.output<typeof zOrderBody>) {
    return ok(await this.bus.request(ReorderAgenda, { ...c, meetingId: id, order }));
  }

  @Get('meeting/guest/:token')
  @GuestAllowed()
  @RateLimit({ name: 'guest' })
  @Doc({ summary: 'The meeting of a guest link token', tags, response: zMeetingDetails })
  async guest(@Call() c: MeetingCall) {
    return ok(await this.bus.request(GetGuestMeeting, c));
  }

  @Get('meeting/:id/approve')
  @Doc({ summary: 'Accept the NDA of a meeting (member)', tags, response: zMeetingDetails })
  async acceptNda(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(AcceptNda, { ...c, meetingId: id }), translate('Done', c.lang));
  }

  @Get('nda/guest/:token')
  @GuestAllowed()
  @RateLimit({ name: 'guest' })
  @Doc({ summary: 'Accept the NDA of a meeting (guest, by the link token)', tags, response: zMeetingDetails })
  async acceptGuestNda(@Call() c: MeetingCall) {
    return ok(await this.bus.request(AcceptNda, c), translate('Done', c.lang));
  }

  @Get('meeting_analytics/:id')
  @Doc({ summary: 'Meeting analytics: attendance, agenda, votes, actions, comments, rating', tags, response: zAnalytics })
  async analytics(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(GetAnalytics, { ...c, meetingId: id }));
  }

  @Post('meeting_rate/:id')
  @HttpCode(200)
  @Doc({ summary: 'Rate a meeting {rating 1-5, comment} (both required)', tags, body: zRateBody, response: zAnalytics })
  async rate(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zRateBody)) body: z.output<typeof zRateBody>) {
    return ok(await this.bus.request(RateMeeting, { ...c, meetingId: id, body }), translate('Thank you for your rating', c.lang));
  }

  @Post('meetings/:id/note')
  @HttpCode(200)
  @Doc({ summary: 'Save my private note {note: rich text as a JSON string}', tags, body: zNoteBody, response: z.object({ note: z.string() }) })
  async note(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zNoteBody)) body: z.output<typeof zNoteBody>) {
    return ok(await this.bus.request(SaveNote, { ...c, meetingId: id, body }), translate('Note saved successfully', c.lang));
  }

  @Post('app/activity/meetings/:id/record-summarize')
  @HttpCode(200)
  @Doc({ summary: "Save the recorder's voice-note summary {summary} (committee admins; 'Summary cannot be empty')", tags, body: zSummaryBody })
  async recordSummary(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zSummaryBody)) body: z.output<typeof zSummaryBody>) {
    const r = await this.bus.request(SaveRecordSummary, { ...c, meetingId: id, body });
    return { success: true, summary: r.summary, message: translate(MM.summarySaved, c.lang), data: r };
  }

  @Get('meetings/:id/activities')
  @Doc({ summary: 'The full activity list of a meeting', tags, response: z.array(zActivity) })
  async activities(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok((await this.bus.request(ListActivities, { ...c, meetingId: id })).items);
  }

  @Get('meetings/:id/participant')
  @GuestAllowed()
  @Doc({ summary: "Join the online meeting: the actor's name, participant_id and participant_url ('deadline_passed' for meetings on or before 20-07-2024)", tags, response: zParticipantLink })
  async participant(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    const r = await this.bus.request(JoinVirtual, { ...c, meetingId: id });
    return { success: true, ...r, data: r };
  }

  @Get('calender')
  @Doc({ summary: 'Meetings of a month (date=YYYY/MM), as the calender dashboard shows them', tags: ['dashboards'], query: zCalendarQuery, response: z.array(zCalendarEntry) })
  async calendar(@Call() c: MeetingCall, @Query(Z(zCalendarQuery)) query: z.output<typeof zCalendarQuery>) {
    return ok((await this.bus.request(GetCalendar, { ...c, query })).items);
  }

  @Get('calendar')
  @Doc({ summary: 'Same as /calender', tags: ['dashboards'], query: zCalendarQuery, response: z.array(zCalendarEntry) })
  calendarAlias(@Call() c: MeetingCall, @Query(Z(zCalendarQuery)) query: z.output<typeof zCalendarQuery>) {
    return this.calendar(c, query);
  }

  @Get('home')
  @Doc({ summary: 'Home dashboard: ongoing, pending and draft meetings; my agenda, decisions and actions; upcoming meetings', tags: ['dashboards'], response: zHome })
  async home(@Call() c: MeetingCall) {
    return ok(await this.bus.request(GetHome, c));
  }
}
