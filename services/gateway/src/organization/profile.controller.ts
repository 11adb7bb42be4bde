import { Body, Controller, Delete, Get, HttpCode, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { z } from 'zod';
import { DeleteProfilePhoto, GetProfile, OrgMessages, UpdateProfile, translate, zProfile, zProfileBody, type Actor, type Lang, type OrgPublic } from '@app/contracts';
import { Bus } from '@app/platform';
import { CurrentActor, Org, ReqLang } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok } from '../core/http';
import { Z } from '../core/zod.pipe';
import { uploadOptions, Uploads } from './uploads';

/** The signed-in user's profile (name, position, designation, phone, birth date, email, image; permissions). */
@Controller('profile')
export class ProfileController {
  constructor(private readonly bus: Bus, private readonly uploads: Uploads) {}

  @Get()
  @Doc({ summary: 'My profile, with the permission slugs of my role', tags: ['profile'], response: zProfile })
  async get(@Org() org: OrgPublic, @CurrentActor() actor: Actor) {
    return ok(await this.bus.request(GetProfile, { orgId: org.id, actor }));
  }

  @Put()
  @UseInterceptors(FileInterceptor('image', uploadOptions))
  @Doc({ summary: 'Edit my profile (name, phone, email required); optional image (png/jpeg)', tags: ['profile'], body: zProfileBody, file: 'image', response: zProfile })
  async update(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zProfileBody)) body: z.output<typeof zProfileBody>, @UploadedFile() file: Express.Multer.File | undefined, @ReqLang() lang: Lang) {
    const image = file ? await this.uploads.putImage(org.id, 'images', file) : undefined;
    const profile = await this.uploads.guard([image], () => this.bus.request(UpdateProfile, { orgId: org.id, actor, ...body, image }));
    return ok(profile, translate(OrgMessages.profileUpdated, lang));
  }

  @Post()
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('image', uploadOptions))
  @Doc({ summary: 'Edit my profile (POST form for multipart clients)', tags: ['profile'], body: zProfileBody, file: 'image', response: zProfile })
  updatePost(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body(Z(zProfileBody)) body: z.output<typeof zProfileBody>, @UploadedFile() file: Express.Multer.File | undefined, @ReqLang() lang: Lang) {
    return this.update(org, actor, body, file, lang);
  }

  @Delete('photo')
  @Doc({ summary: 'Delete my photo', tags: ['profile'], response: zProfile })
  async deletePhoto(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(DeleteProfilePhoto, { orgId: org.id, actor }), translate(OrgMessages.photoDeleted, lang));
  }

  @Post('delete_photo')
  @HttpCode(200)
  @Doc({ summary: 'Delete my photo', tags: ['profile'], response: zProfile })
  deletePhotoPost(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @ReqLang() lang: Lang) {
    return this.deletePhoto(org, actor, lang);
  }
}
