import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  CastVote, CreateDecision, DeleteDecision, GetDecision, ListArchivedDecisions, ListSingleDecisions, SetDecisionFulfilled, SetDecisionVisibility, UpdateDecision,
  translate, zDecisionBody, zDecisionPayload, zFulfilledBody, zId, zSingleDecisionsQuery, zVisibilityBody, zVoteBody,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { GuestAllowed } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok, paged } from '../core/http';
import { Z } from '../core/zod.pipe';
import { Call, type MeetingCall } from './context';

const tags = ['decisions'];
const zStandaloneVote = zVoteBody;

/** Decisions in a meeting, votes, visibility, end/resume, and standalone resolutions (/singleDecision...). */
@Controller()
export class DecisionsController {
  constructor(private readonly bus: Bus) {}

  // ---------- in a meeting ----------

  @Post('meetings/:id/decisions')
  @HttpCode(200)
  @Doc({ summary: 'Add a decision {title, description, deadline, voters, talkingpoint_id, talkingpoint_subpoint_id, attachments, decisionable, tender_number}', tags, body: zDecisionBody, response: zDecisionPayload })
  async create(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zDecisionBody)) body: z.output<typeof zDecisionBody>) {
    return ok(await this.bus.request(CreateDecision, { ...c, meetingId: id, body }), translate('Decision saved successfully', c.lang));
  }

  @Put('meetings/:id/decisions/:decision')
  @Doc({ summary: 'Edit a decision', tags, body: zDecisionBody, response: zDecisionPayload })
  async update(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Param('decision', Z(zId)) decision: number, @Body(Z(zDecisionBody)) body: z.output<typeof zDecisionBody>) {
    return ok(await this.bus.request(UpdateDecision, { ...c, meetingId: id, decisionId: decision, body }), translate('Decision saved successfully', c.lang));
  }

  @Delete('meetings/:id/decisions/:decision')
  @Doc({ summary: 'Delete a decision', tags })
  async remove(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Param('decision', Z(zId)) decision: number) {
    await this.bus.request(DeleteDecision, { ...c, meetingId: id, decisionId: decision });
    return ok(null, translate('Deleted successfully', c.lang));
  }

  @Get('meetings/:id/decisions/archived')
  @Doc({ summary: 'Hidden (archived) decisions of a meeting', tags, response: z.array(zDecisionPayload) })
  async archived(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok((await this.bus.request(ListArchivedDecisions, { ...c, meetingId: id })).items);
  }

  @Get('decisions/:id')
  @GuestAllowed()
  @Doc({ summary: 'A decision with voters, tallies and the flags can_vote, voting_open', tags, response: zDecisionPayload })
  async get(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(GetDecision, { ...c, decisionId: id }));
  }

  @Post('decisions/:id/vote/change')
  @HttpCode(200)
  @GuestAllowed()
  @Doc({ summary: 'Vote {vote, reason} (reason required for Denied and Others); an admin adds user_id to vote for another voter; guests vote with ?token=', tags, body: zVoteBody, response: zDecisionPayload })
  async vote(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zVoteBody)) body: z.output<typeof zVoteBody>) {
    return ok(await this.bus.request(CastVote, { ...c, decisionId: id, body }), translate('Done', c.lang));
  }

  @Post('decisions/:id/visibility')
  @HttpCode(200)
  @Doc({ summary: 'Hide (archive) or unhide a decision {is_visible}: a meeting member, Live meeting, not every voter Pending', tags, body: zVisibilityBody, response: zDecisionPayload })
  async visibility(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zVisibilityBody)) body: z.output<typeof zVisibilityBody>) {
    return ok(await this.bus.request(SetDecisionVisibility, { ...c, decisionId: id, body }), translate('Done', c.lang));
  }

  @Post('decisions/:id/fulfill')
  @HttpCode(200)
  @Doc({ summary: 'End (is_fulfilled 1) or resume (0) voting on a decision', tags, body: zFulfilledBody, response: zDecisionPayload })
  async fulfill(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zFulfilledBody)) body: z.output<typeof zFulfilledBody>) {
    return ok(await this.bus.request(SetDecisionFulfilled, { ...c, decisionId: id, body }), translate('Done', c.lang));
  }

  // ---------- standalone resolutions ----------

  @Get('singleDecisions')
  @Doc({ summary: 'Standalone resolutions of my committees (page, per_page, search, committee_id, state OPEN/DUE, archived)', tags: ['resolutions'], query: zSingleDecisionsQuery, response: z.array(zDecisionPayload) })
  async listSingle(@Call() c: MeetingCall, @Query(Z(zSingleDecisionsQuery)) query: z.output<typeof zSingleDecisionsQuery>) {
    return paged(await this.bus.request(ListSingleDecisions, { ...c, query }));
  }

  @Get('singleDecision/:id')
  @Doc({ summary: 'A standalone resolution', tags: ['resolutions'], response: zDecisionPayload })
  async getSingle(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(GetDecision, { ...c, decisionId: id, standalone: true }));
  }

  @Post('singleDecision')
  @HttpCode(200)
  @Doc({ summary: 'Create a standalone resolution (committee_id required; voters from the committee)', tags: ['resolutions'], body: zDecisionBody, response: zDecisionPayload })
  async createSingle(@Call() c: MeetingCall, @Body(Z(zDecisionBody)) body: z.output<typeof zDecisionBody>) {
    return ok(await this.bus.request(CreateDecision, { ...c, meetingId: null, body }), translate('Decision saved successfully', c.lang));
  }

  @Put('singleDecision/hide/:id')
  @Doc({ summary: 'End or resume a standalone resolution {is_fulfilled}', tags: ['resolutions'], body: zFulfilledBody, response: zDecisionPayload })
  async hideSingle(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zFulfilledBody)) body: z.output<typeof zFulfilledBody>) {
    return ok(await this.bus.request(SetDecisionFulfilled, { ...c, decisionId: id, standalone: true, body }), translate('Done', c.lang));
  }

  @Put('singleDecision/:id')
  @Doc({ summary: 'Edit a standalone resolution (the committee stays)', tags: ['resolutions'], body: zDecisionBody, response: zDecisionPayload })
  async updateSingle(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zDecisionBody)) body: z.output<typeof zDecisionBody>) {
    return ok(await this.bus.request(UpdateDecision, { ...c, meetingId: null, decisionId: id, body }), translate('Decision saved successfully', c.lang));
  }

  @Delete('singleDecision/:id')
  @Doc({ summary: 'Delete a standalone resolution', tags: ['resolutions'] })
  async removeSingle(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number) {
    await this.bus.request(DeleteDecision, { ...c, meetingId: null, decisionId: id });
    return ok(null, translate('Deleted successfully', c.lang));
  }

  @Post('singleDecision/vote/:id')
  @HttpCode(200)
  @Doc({ summary: 'Vote on a standalone resolution {vote, reason}', tags: ['resolutions'], body: zStandaloneVote, response: zDecisionPayload })
  async voteSingle(@Call() c: MeetingCall, @Param('id', Z(zId)) id: number, @Body(Z(zStandaloneVote)) body: z.output<typeof zStandaloneVote>) {
    return ok(await this.bus.request(CastVote, { ...c, decisionId: id, standalone: true, body }), translate('Done', c.lang));
  }
}
