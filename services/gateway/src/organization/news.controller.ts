import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { z } from 'zod';
import {
  AppError, CommentNews, CreateNews, DeleteNews, GetNews, LikeNews, ListNews, OrgMessages, fieldErrorsOf, translate, zId, zNewsBody,
  zNewsCommentBody, zNewsPost, zNewsQuery, type Actor, type Lang, type OrgPublic,
} from '@app/contracts';
import { Bus } from '@app/platform';
import { CurrentActor, Org, ReqLang } from '../core/decorators';
import { Doc } from '../core/openapi';
import { ok, paged } from '../core/http';
import { Z } from '../core/zod.pipe';
import { uploadOptions, Uploads } from './uploads';

type Files = Record<string, Express.Multer.File[] | undefined>;
const MEDIA_FIELDS = [{ name: 'media', maxCount: 20 }, { name: 'media[]', maxCount: 20 }, { name: 'photos', maxCount: 20 }, { name: 'photos[]', maxCount: 20 }];

/** News posts with photos, likes and comments. */
@Controller('news')
export class NewsController {
  constructor(private readonly bus: Bus, private readonly uploads: Uploads) {}

  @Get()
  @Doc({ summary: 'News posts, newest first, paged', tags: ['news'], query: zNewsQuery, response: z.array(zNewsPost) })
  async list(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Query(Z(zNewsQuery)) q: z.output<typeof zNewsQuery>) {
    return paged(await this.bus.request(ListNews, { orgId: org.id, actor, ...q }));
  }

  @Get(':id')
  @Doc({ summary: 'One news post with its comments', tags: ['news'], response: zNewsPost })
  async get(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(GetNews, { orgId: org.id, actor, postId: id }));
  }

  @Post()
  @HttpCode(200)
  @UseInterceptors(FileFieldsInterceptor(MEDIA_FIELDS, uploadOptions))
  @Doc({ summary: 'Post news: title, url, description, committee_id and at least one photo (media, png/jpeg)', tags: ['news'], body: zNewsBody, file: 'media', response: zNewsPost })
  async create(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Body() raw: unknown, @UploadedFiles() files: Files | undefined, @ReqLang() lang: Lang) {
    const photos = MEDIA_FIELDS.flatMap((f) => files?.[f.name] ?? []);
    const parsed = zNewsBody.safeParse(raw ?? {});
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (!photos.length) errors.media = [OrgMessages.photoRequired];
    if (!parsed.success || !photos.length) throw new AppError('VALIDATION', { fields: errors });
    const keys: string[] = [];
    return this.uploads.guard(keys, async () => {
      for (const p of photos) keys.push(await this.uploads.putImage(org.id, 'images', p, 'media'));
      const post = await this.bus.request(CreateNews, { orgId: org.id, actor, ...parsed.data, media: keys });
      return ok(post, translate(OrgMessages.postAdded, lang));
    });
  }

  @Post(':id/like')
  @HttpCode(200)
  @Doc({ summary: 'Like a post', tags: ['news'], response: zNewsPost })
  async like(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(LikeNews, { orgId: org.id, actor, postId: id, like: true }));
  }

  @Delete(':id/like')
  @Doc({ summary: 'Take back a like', tags: ['news'], response: zNewsPost })
  async unlike(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number) {
    return ok(await this.bus.request(LikeNews, { orgId: org.id, actor, postId: id, like: false }));
  }

  @Post(':id/comments')
  @HttpCode(200)
  @Doc({ summary: 'Comment on a post', tags: ['news'], body: zNewsCommentBody, response: zNewsPost })
  async comment(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @Body(Z(zNewsCommentBody)) body: z.output<typeof zNewsCommentBody>, @ReqLang() lang: Lang) {
    return ok(await this.bus.request(CommentNews, { orgId: org.id, actor, postId: id, comment: body.comment }), translate(OrgMessages.commentAdded, lang));
  }

  @Get(':id/comments')
  @Doc({ summary: "A post's comments", tags: ['news'] })
  async comments(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number) {
    return ok((await this.bus.request(GetNews, { orgId: org.id, actor, postId: id })).comments);
  }

  @Delete(':id')
  @Doc({ summary: 'Delete a post', tags: ['news'] })
  async delete(@Org() org: OrgPublic, @CurrentActor() actor: Actor, @Param('id', Z(zId)) id: number, @ReqLang() lang: Lang) {
    await this.bus.request(DeleteNews, { orgId: org.id, actor, postId: id });
    return ok(null, translate(OrgMessages.postDeleted, lang));
  }
}
