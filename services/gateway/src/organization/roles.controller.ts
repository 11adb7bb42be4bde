import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import {
  CreateRole, DeleteRole, GetRole, ListRoles, OrgMessages, PERMISSIONS, UpdateRole, translate, zId, zPermission, zRole, zRoleBody, zRolesQuery,
  type Actor, type Lang, type OrgPublic,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { CurrentActor, Org, ReqLang } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok, paged } from '../core/http';
import { Z } from '../core/zod.pipe';

type RoleBody = z.output<typeof zRoleBody>;

/** Roles with permission slugs; GET /api/permissions lists every slug. */
@Controller()
export class RolesController {
  constructor(private readonly bus: Bus) {}

  @Get('permissions')
  @Doc({ summary: 'Every permission slug a role can hold', tags: ['roles'], response: z.array(zPermission) })
  permissions() {
    return ok(PERMISSIONS.map((p) => ({ ...p })));
  }

  @Get('roles')
  @Doc({ summary: 'Roles with their permissions and users, paged', tags: ['roles'], query: zRolesQuery, response: z.array(zRole) })
  async list(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Query(Z(zRolesQuery)) q: z.output<typeof zRolesQuery>) {
    return paged(await this.bus.request(ListRoles, { orgId: org.id, actor, page: q.page, per_page: q.per_page, search: q.search || undefined }));
  }

  @Get('roles/:id')
  @Doc({ summary: 'One role', tags: ['roles'], response: zRole })
  async get(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(GetRole, { orgId: org.id, actor, roleId: id }));
  }

  @Post('roles')
  @HttpCode(200)
  @Doc({ summary: 'Add a role (name and users required; permissions are slugs)', tags: ['roles'], body: zRoleBody, response: zRole })
  async create(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zRoleBody)) body: RoleBody, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(CreateRole, { orgId: org.id, actor, ...body }), translate(OrgMessages.roleAdded, lang));
  }

  @Put('roles/:id')
  @Doc({ summary: 'Edit a role', tags: ['roles'], body: zRoleBody, response: zRole })
  async update(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @Body(Z(zRoleBody)) body: RoleBody, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(UpdateRole, { orgId: org.id, actor, roleId: id, ...body }), translate(OrgMessages.roleUpdated, lang));
  }

  @Delete('roles/:id')
  @Doc({ summary: 'Delete a role (its users go back to Member)', tags: ['roles'] })
  async delete(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    await this.bus.request(DeleteRole, { orgId: org.id, actor, roleId: id });
    return ok(null, translate(OrgMessages.roleDeleted, lang));
  }
}
