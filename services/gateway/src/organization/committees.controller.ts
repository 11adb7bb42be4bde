import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  CommitteeStatistics, CreateBoard, CreateCommittee, DeleteBoard, DeleteCommittee, GetBoard, GetCommitteeDetails, ListBoards, ListCommittees,
  OrgMessages, SetBoardStatus, SetCommitteeStatus, UpdateBoard, UpdateCommittee, translate, zBoard, zBoardBody, zCommittee, zCommitteeBody,
  zCommitteeStatistics, zCommitteeStatusBody, zCommitteesQuery, zId, type Actor, type Lang, type OrgPublic,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { CurrentActor, Org, ReqLang } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok, paged } from '../core/http';
import { Z } from '../core/zod.pipe';

type Query = z.output<typeof zCommitteesQuery>;
const listArgs = (q: Query) => ({ page: q.page, per_page: q.perpage ?? q.per_page, search: q.search || undefined, status: q.status });

/** Committees (ordered by name descending), their statistics and status. */
@Controller('committees')
export class CommitteesController {
  constructor(private readonly bus: Bus) {}

  @Get()
  @Doc({ summary: 'Committees, paged, ordered by name descending', tags: ['committees'], query: zCommitteesQuery, response: z.array(zCommittee) })
  async list(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Query(Z(zCommitteesQuery)) q: Query) {
    return paged(await this.bus.request(ListCommittees, { orgId: org.id, actor, ...listArgs(q) }));
  }

  @Get('statistics')
  @Doc({ summary: 'Committee statistics: totals and members/admins per committee', tags: ['committees'], response: zCommitteeStatistics })
  async statistics(@Org() org: OrgPublic, @CurrentActor() actor: Actor) {
    return ok(await this.bus.request(CommitteeStatistics, { orgId: org.id, actor }));
  }

  @Get(':id')
  @Doc({ summary: 'One committee', tags: ['committees'], response: zCommittee })
  async get(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(GetCommitteeDetails, { orgId: org.id, actor, committeeId: id }));
  }

  @Post()
  @HttpCode(200)
  @Doc({ summary: 'Add a committee (name, description, admins, users required; quorum 5–100)', tags: ['committees'], body: zCommitteeBody, response: zCommittee })
  async create(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zCommitteeBody)) body: z.output<typeof zCommitteeBody>, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(CreateCommittee, { orgId: org.id, actor, ...body }), translate(OrgMessages.committeeAdded, lang));
  }

  @Put(':id')
  @Doc({ summary: 'Edit a committee', tags: ['committees'], body: zCommitteeBody, response: zCommittee })
  async update(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @Body(Z(zCommitteeBody)) body: z.output<typeof zCommitteeBody>, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(UpdateCommittee, { orgId: org.id, actor, committeeId: id, ...body }), translate(OrgMessages.committeeUpdated, lang));
  }

  @Put(':id/status')
  @Doc({ summary: 'Set (or toggle) the committee status', tags: ['committees'], body: zCommitteeStatusBody, response: zCommittee })
  async status(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @Body(Z(zCommitteeStatusBody)) body: z.output<typeof zCommitteeStatusBody>, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(SetCommitteeStatus, { orgId: org.id, actor, committeeId: id, status: body.status }), translate(OrgMessages.statusUpdated, lang));
  }

  @Post(':id/status')
  @HttpCode(200)
  @Doc({ summary: 'Set (or toggle) the committee status', tags: ['committees'], body: zCommitteeStatusBody, response: zCommittee })
  statusPost(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @Body(Z(zCommitteeStatusBody)) body: z.output<typeof zCommitteeStatusBody>, @ReqLang() lang: Lang) {
    return this.status(org, actor, id, body, lang);
  }

  @Delete(':id')
  @Doc({ summary: 'Delete a committee', tags: ['committees'] })
  async delete(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    await this.bus.request(DeleteCommittee, { orgId: org.id, actor, committeeId: id });
    return ok(null, translate(OrgMessages.committeeDeleted, lang));
  }
}

/** Boards: committees of committees with an expiration date. */
@Controller('boards')
export class BoardsController {
  constructor(private readonly bus: Bus) {}

  @Get()
  @Doc({ summary: 'Boards, paged, ordered by name descending', tags: ['boards'], query: zCommitteesQuery, response: z.array(zBoard) })
  async list(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Query(Z(zCommitteesQuery)) q: Query) {
    return paged(await this.bus.request(ListBoards, { orgId: org.id, actor, ...listArgs(q) }));
  }

  @Get(':id')
  @Doc({ summary: 'One board', tags: ['boards'], response: zBoard })
  async get(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(GetBoard, { orgId: org.id, actor, boardId: id }));
  }

  @Post()
  @HttpCode(200)
  @Doc({ summary: 'Add a board (as a committee, plus expiration_date and committees)', tags: ['boards'], body: zBoardBody, response: zBoard })
  async create(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zBoardBody)) body: z.output<typeof zBoardBody>, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(CreateBoard, { orgId: org.id, actor, ...body }), translate(OrgMessages.boardAdded, lang));
  }

  @Put(':id')
  @Doc({ summary: 'Edit a board', tags: ['boards'], body: zBoardBody, response: zBoard })
  async update(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @Body(Z(zBoardBody)) body: z.output<typeof zBoardBody>, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(UpdateBoard, { orgId: org.id, actor, boardId: id, ...body }), translate(OrgMessages.boardUpdated, lang));
  }

  @Put(':id/status')
  @Doc({ summary: 'Set (or toggle) the board status', tags: ['boards'], body: zCommitteeStatusBody, response: zBoard })
  async status(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @Body(Z(zCommitteeStatusBody)) body: z.output<typeof zCommitteeStatusBody>, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(SetBoardStatus, { orgId: org.id, actor, boardId: id, status: body.status }), translate(OrgMessages.statusUpdated, lang));
  }

  @Delete(':id')
  @Doc({ summary: 'Delete a board', tags: ['boards'] })
  async delete(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    await this.bus.request(DeleteBoard, { orgId: org.id, actor, boardId: id });
    return ok(null, translate(OrgMessages.boardDeleted, lang));
  }
}
