import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  ChangeActionStatus, CreateAction, DeleteAction, GetAction, GetActionTracker, UpdateAction, translate, zActionBody, zActionPayload, zActionStatusBody, zId,
  zTracker, zTrackerQuery,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { GuestAllowed } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok } from '../core/http';
import { Z } from '../core/zod.pipe';
import { Call, type MeetingCall } from './context';

const tags = ['actions'];

/** Actions of a meeting, participant status, and the action tracker. */
@Controller()
export class ActionsController {
  constructor(private readonly bus: Bus) {}

  @Post('meetings/:id/actions')
  @HttpCode(200)
  @Doc({ summary: 'Add an action {title, description, participants, open_till, priority (default Low), progress, talkingpoint_id, talkingpoint_subpoint_id, attachments}', tags, body: zActionBody, response: zActionPayload })
  async create(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zActionBody)) body: z.output<typeof zActionBody>) {
    return ok(await this.bus.request(CreateAction, { ...c, meetingId: id, body }), translate('Action saved successfully', c.lang));
  }

  @Put('meetings/:id/actions/:action')
  @Doc({ summary: 'Edit an action (locked once open_till has passed)', tags, body: zActionBody, response: zActionPayload })
  async update(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Param('action', Z(zId)) action: number, @Body(Z(zActionBody)) body: z.output<typeof zActionBody>) {
    return ok(await this.bus.request(UpdateAction, { ...c, meetingId: id, actionId: action, body }), translate('Action saved successfully', c.lang));
  }

  @Delete('meetings/:id/actions/:action')
  @Doc({ summary: 'Delete an action', tags })
  async remove(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Param('action', Z(zId)) action: number) {
    await this.bus.request(DeleteAction, { ...c, meetingId: id, actionId: action });
    return ok(null, translate('Deleted successfully', c.lang));
  }

  @Get('actions/:id')
  @GuestAllowed()
  @Doc({ summary: 'An action with participants, overall status, locked and can_change_status', tags, response: zActionPayload })
  async get(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(GetAction, { ...c, actionId: id }));
  }

  @Post('actions/:id/status/change')
  @HttpCode(200)
  @GuestAllowed()
  @Doc({ summary: 'My status on an action {status: In Progress, Complete, Not Complete; reason}; guests with ?token=', tags, body: zActionStatusBody, response: zActionPayload })
  async status(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zActionStatusBody)) body: z.output<typeof zActionStatusBody>) {
    return ok(await this.bus.request(ChangeActionStatus, { ...c, actionId: id, body }), translate('Done', c.lang));
  }

  @Get('action_tracker')
  @Doc({ summary: 'Action tracker: groups not_started, on_going, completed, overdue; search, sort (deadline, meeting_date, priority), meeting_status, user_id', tags: ['dashboards'], query: zTrackerQuery, response: zTracker })
  async tracker(@Call() c: MeetingCall, @Query(Z(zTrackerQuery)) query: z.output<typeof zTrackerQuery>) {
    return ok(await this.bus.request(GetActionTracker, { ...c, query }));
  }
}
