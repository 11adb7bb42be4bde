import { Injectable } from '@nestjs/common';
import { CreateNews, Routes } from '@app/contracts';
import { Bus } from '@app/platform';
import { Implements, type RouteContext, type RouteResult } from '../core/routes';
import { Uploads } from '../core/uploads';

/** A news post: its photos go to S3 first (removed again when the service refuses the post). */
@Injectable()
export class NewsRoutes {
  constructor(private readonly bus: Bus, private readonly uploads: Uploads) {}

  @Implements(Routes.createNews)
  async create({ call, body, files }: RouteContext<typeof Routes.createNews>): Promise<RouteResult<typeof Routes.createNews>> {
    const upload = Routes.createNews.upload;
    // the route requires at least one photo in one of its fields: the dispatcher answered 409 without it
    const photos = upload?.kind === 'fields' ? upload.fields.flatMap((f) => files?.[f.name] ?? []) : [];
    const keys: string[] = [];
    return this.uploads.guard(keys, async () => {
      for (const p of photos) keys.push(await this.uploads.putImage(call.orgId, 'images', p, 'media'));
      return this.bus.request(CreateNews, { ...call, ...body, media: keys });
    });
  }
}
