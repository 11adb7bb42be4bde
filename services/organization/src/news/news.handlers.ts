import { Injectable } from '@nestjs/common';
import { CommentNews, CreateNews, DeleteNews, GetNews, LikeNews, ListNews, type RequestOf } from '@app/contracts';
import { logger, Rpc, Storage } from '@app/platform';
import { NewsService } from './news.service';

@Injectable()
export class NewsHandlers {
  constructor(private readonly news: NewsService, private readonly storage: Storage) {}

  @Rpc(ListNews) list(req: RequestOf<typeof ListNews>) { return this.news.list(req); }
  @Rpc(GetNews) get(req: RequestOf<typeof GetNews>) { return this.news.get(req.orgId, req.actor, req.postId); }
  @Rpc(CreateNews) create(req: RequestOf<typeof CreateNews>) { return this.news.create(req); }
  @Rpc(LikeNews) like(req: RequestOf<typeof LikeNews>) { return this.news.like(req.orgId, req.actor, req.postId, req.like); }
  @Rpc(CommentNews) comment(req: RequestOf<typeof CommentNews>) { return this.news.comment(req.orgId, req.actor, req.postId, req.comment); }
  @Rpc(DeleteNews) async delete(req: RequestOf<typeof DeleteNews>) {
    const media = await this.news.delete(req.orgId, req.actor, req.postId);
    await Promise.all(media.map((k) => this.storage.remove(k).catch((err: unknown) => logger().warn({ err, key: k }, 'photo of a deleted post left in storage'))));
    return { ok: true as const };
  }
}
