import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { z } from 'zod';
import {
  AppError, CreateUser, DeleteUser, DeleteUserPhoto, GetUser, ImportUsers, ListAllUsers, ListUsers, OrgMessages, RestoreUser, ToggleUserStatus,
  UpdateUser, UsersTemplate, translate, zId, zUser, zUserBody, zUserBrief, zUsersAllQuery, zUsersQuery,
  type Actor, type Lang, type OrgPublic,
} from '@app/contracts';
import { Bus, Storage } from '@app/platform';
import { CurrentActor, Org, ReqLang } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok, paged } from '../core/http';
import { Z } from '../core/zod.pipe';
import { uploadOptions, Uploads } from './uploads';

type UsersQuery = z.output<typeof zUsersQuery>;
type UserBody = z.output<typeof zUserBody>;

/** Users administration (platform.md §2 Administration, §7 /api/users ...). */
@Controller('users')
export class UsersController {
  constructor(private readonly bus: Bus, private readonly uploads: Uploads, private readonly storage: Storage) {}

  private listRequest(org: OrgPublic, actor: Actor, q: UsersQuery, deleted: boolean) {
    const perPage = q.perpage ?? q.per_page ?? 20;
    // 'reset' clears the filters (platform.md §7)
    const filters = q.reset !== undefined ? {} : { search: q.search || undefined, status: q.status, role_id: q.role_id, committee_id: q.committee_id };
    return { orgId: org.id, actor, page: q.page, per_page: perPage, deleted, ...filters };
  }

  @Get()
  @Doc({ summary: 'Users, paged (page, perpage, search, status, role_id, committee_id; reset clears filters)', query: zUsersQuery, response: z.array(zUser) })
  async list(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Query(Z(zUsersQuery)) q: UsersQuery) {
    return paged(await this.bus.request(ListUsers, this.listRequest(org, actor, q, false)));
  }

  @Get('deleted')
  @Doc({ summary: 'Deleted users, paged', query: zUsersQuery, response: z.array(zUser) })
  async deleted(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Query(Z(zUsersQuery)) q: UsersQuery) {
    return paged(await this.bus.request(ListUsers, this.listRequest(org, actor, q, true)));
  }

  @Get('all')
  @Doc({ summary: 'Every active user (pickers); committee_id limits to its members', query: zUsersAllQuery, response: z.array(zUserBrief) })
  async all(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Query(Z(zUsersAllQuery)) q: z.output<typeof zUsersAllQuery>) {
    return ok((await this.bus.request(ListAllUsers, { orgId: org.id, actor, committee_id: q.committee_id, search: q.search || undefined })).users);
  }

  @Get('list')
  @Doc({ summary: 'Active users matching search (pickers)', query: zUsersAllQuery, response: z.array(zUserBrief) })
  async search(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Query(Z(zUsersAllQuery)) q: z.output<typeof zUsersAllQuery>) {
    return ok((await this.bus.request(ListAllUsers, { orgId: org.id, actor, committee_id: q.committee_id, search: q.search || undefined })).users);
  }

  @Get('template')
  @Doc({ summary: 'The Excel template of the users upload (xlsx)' })
  async template(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Res() res: Response) {
    const t = await this.bus.request(UsersTemplate, { orgId: org.id, actor });
    const stream = await this.storage.get(t.key);
    res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Disposition', `attachment; filename="${t.fileName}"`);
    stream.pipe(res);
  }

  @Post('upload')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', uploadOptions))
  @Doc({ summary: 'Upload users from an Excel sheet with the template structure', file: 'file', response: z.object({ created: z.number(), skipped: z.array(z.unknown()) }) })
  async upload(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @UploadedFile() file: Express.Multer.File | undefined, @ReqLang() lang: Lang) {
    if (!file) throw AppError.validation({ file: 'This field is required.' });
    const key = await this.uploads.putSheet(org.id, file);
    const r = await this.uploads.guard([key], () => this.bus.request(ImportUsers, { orgId: org.id, actor, fileKey: key }));
    return ok(r, translate(OrgMessages.usersImported, lang));
  }

  @Get(':id')
  @Doc({ summary: 'One user', response: zUser })
  async get(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(GetUser, { orgId: org.id, actor, userId: id }));
  }

  @Post()
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('image', uploadOptions))
  @Doc({ summary: 'Add a user (an e-mail is sent to finish registration); optional image (png/jpeg)', body: zUserBody, file: 'image', response: zUser })
  async create(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zUserBody)) body: UserBody, @UploadedFile() file: Express.Multer.File | undefined, @ReqLang() lang: Lang) {
    const image = file ? await this.uploads.putImage(org.id, 'images', file) : undefined;
    const user = await this.uploads.guard([image], () => this.bus.request(CreateUser, { orgId: org.id, actor, ...body, image }));
    return ok(user, translate(OrgMessages.userAdded, lang));
  }

  @Put(':id')
  @UseInterceptors(FileInterceptor('image', uploadOptions))
  @Doc({ summary: 'Edit a user; optional image (png/jpeg)', body: zUserBody, file: 'image', response: zUser })
  async update(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @Body(Z(zUserBody)) body: UserBody, @UploadedFile() file: Express.Multer.File | undefined, @ReqLang() lang: Lang) {
    const image = file ? await this.uploads.putImage(org.id, 'images', file) : undefined;
    const user = await this.uploads.guard([image], () => this.bus.request(UpdateUser, { orgId: org.id, actor, userId: id, ...body, image }));
    return ok(user, translate(OrgMessages.userUpdated, lang));
  }

  @Post(':id/update')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('image', uploadOptions))
  @Doc({ summary: 'Edit a user (POST form for multipart clients)', body: zUserBody, file: 'image', response: zUser })
  updatePost(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @Body(Z(zUserBody)) body: UserBody, @UploadedFile() file: Express.Multer.File | undefined, @ReqLang() lang: Lang) {
    return this.update(org, actor, id, body, file, lang);
  }

  @Post(':id/togglestatus')
  @HttpCode(200)
  @Doc({ summary: 'Activate or deactivate a user (deactivation ends their sessions)', response: zUser })
  async toggle(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    const user = await this.bus.request(ToggleUserStatus, { orgId: org.id, actor, userId: id });
    return ok(user, translate(user.status === 'Inactive' ? OrgMessages.userDeactivated : OrgMessages.userActivated, lang));
  }

  @Put(':id/togglestatus')
  @Doc({ summary: 'Activate or deactivate a user', response: zUser })
  togglePut(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    return this.toggle(org, actor, id, lang);
  }

  @Post(':id/restore')
  @HttpCode(200)
  @Doc({ summary: 'Restore a deleted user', response: zUser })
  async restore(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(RestoreUser, { orgId: org.id, actor, userId: id }), translate(OrgMessages.userRestored, lang));
  }

  @Put(':id/restore')
  @Doc({ summary: 'Restore a deleted user', response: zUser })
  restorePut(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    return this.restore(org, actor, id, lang);
  }

  @Delete(':id/delete_photo')
  @Doc({ summary: "Delete a user's photo", response: zUser })
  async deletePhoto(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(DeleteUserPhoto, { orgId: org.id, actor, userId: id }), translate(OrgMessages.photoDeleted, lang));
  }

  @Post(':id/delete_photo')
  @HttpCode(200)
  @Doc({ summary: "Delete a user's photo", response: zUser })
  deletePhotoPost(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    return this.deletePhoto(org, actor, id, lang);
  }

  @Delete(':id')
  @Doc({ summary: 'Delete a user (soft; ends their sessions; can be restored)' })
  async delete(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    await this.bus.request(DeleteUser, { orgId: org.id, actor, userId: id });
    return ok(null, translate(OrgMessages.userDeleted, lang));
  }
}
