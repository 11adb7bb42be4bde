import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import {
  CreateTalkingPoint, DeleteSubpoint, DeleteTalkingPoint, GetTalkingPoint, UpdateTalkingPoint, translate, zId, zTalkingPointBody, zTalkingPointPayload,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { GuestAllowed } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok } from '../core/http';
import { Z } from '../core/zod.pipe';
import { Call, type MeetingCall } from './context';

const tags = ['meeting agenda'];

/** Talking points with sub-points (meetings.md §7 "Agenda"). */
@Controller()
export class AgendaController {
  constructor(private readonly bus: Bus) {}

  @Post('meetings/:id/talkingpoints')
  @HttpCode(200)
  @Doc({ summary: 'Add a talking point {title, description, duration, viewers, presenters, attachments, subpoints[]}', tags, body: zTalkingPointBody, response: zTalkingPointPayload })
  async create(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zTalkingPointBody)) body: z.output<typeof zTalkingPointBody>) {
    return ok(await this.bus.request(CreateTalkingPoint, { ...c, meetingId: id, body }), translate('Talking point saved successfully', c.lang));
  }

  @Get('meetings/:id/talkingpoints/:tp')
  @GuestAllowed()
  @Doc({ summary: 'One talking point with its sub-points, decisions, actions and comments', tags, response: zTalkingPointPayload })
  async get(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Param('tp', Z(zId)) tp: number) {
    return ok(await this.bus.request(GetTalkingPoint, { ...c, meetingId: id, talkingPointId: tp }));
  }

  @Put('meetings/:id/talkingpoints/:tp')
  @Doc({ summary: 'Edit a talking point (sub-points named by subpoint_id are kept, new ones added, missing ones deleted)', tags, body: zTalkingPointBody, response: zTalkingPointPayload })
  async update(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Param('tp', Z(zId)) tp: number, @Body(Z(zTalkingPointBody)) body: z.output<typeof zTalkingPointBody>) {
    return ok(await this.bus.request(UpdateTalkingPoint, { ...c, meetingId: id, talkingPointId: tp, body }), translate('Talking point saved successfully', c.lang));
  }

  @Delete('meetings/:id/talkingpoints/:tp')
  @Doc({ summary: 'Delete a talking point', tags })
  async remove(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Param('tp', Z(zId)) tp: number) {
    await this.bus.request(DeleteTalkingPoint, { ...c, meetingId: id, talkingPointId: tp });
    return ok(null, translate('Deleted successfully', c.lang));
  }

  @Delete('meetings/:id/talkingpoints/:tp/subpoints/:sub')
  @Doc({ summary: 'Delete a sub-point', tags, response: zTalkingPointPayload })
  async removeSubpoint(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Param('tp', Z(zId)) tp: number, @Param('sub', Z(zId)) sub: number) {
    return ok(await this.bus.request(DeleteSubpoint, { ...c, meetingId: id, talkingPointId: tp, subpointId: sub }), translate('Deleted successfully', c.lang));
  }
}
