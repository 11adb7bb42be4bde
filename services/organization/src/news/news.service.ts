import { Injectable } from '@nestjs/common';
import {
  AppError, OrgMessages, hasPermission, pageMeta, serverDate, uploadUrl,
  type Actor, type NewsPost, type RequestOf, type CreateNews, type ListNews,
} from '@app/contracts';
import { OrgDb, type Scope } from '../common/org-db';
import { requirePermission, requireUser } from '../common/access';
import { OrganizationsRepository } from '../repositories/organizations.repository';
import { NewsRepository, type PostRow } from '../repositories/news.repository';
import { CommitteesRepository } from '../repositories/committees.repository';
import { LogsRepository } from '../repositories/logs.repository';
import { ownKey } from '../rules/users';

/**
 * News posts of the organization: every signed-in user reads, likes and comments; posting and
 * deleting need news_manage (authors may delete their own posts).
 */
@Injectable()
export class NewsService {
  constructor(private readonly db: OrgDb, private readonly organizations: OrganizationsRepository, private readonly news: NewsRepository, private readonly committees: CommitteesRepository, private readonly logs: LogsRepository) {}

  private async present(s: Scope, rows: PostRow[], actor: Actor): Promise<NewsPost[]> {
    const d = await this.news.details(s, rows, actor.userId);
    const zone = await this.organizations.timeZone(s);
    return rows.map((p) => {
      const comments = (d.comments.get(p.id) ?? []).map((c) => ({
        id: c.id, comment: c.comment, user_id: c.userId, user_name: c.name ?? 'Deleted user', user_image: uploadUrl(c.image), created_at: serverDate(c.createdAt, zone)!,
      }));
      const author = p.authorId ? d.authors.get(p.authorId) : undefined;
      return {
        id: p.id,
        title: p.title,
        url: p.url,
        description: p.description,
        committee_id: p.committeeId,
        committee: p.committeeId && d.committees.has(p.committeeId) ? { id: p.committeeId, name: d.committees.get(p.committeeId)! } : null,
        media: p.media.map((k) => uploadUrl(k)!),
        likes: d.likes.get(p.id) ?? 0,
        liked: d.liked.has(p.id),
        comments_count: comments.length,
        comments,
        author: { id: p.authorId, name: author?.name ?? 'Deleted user', image: uploadUrl(author?.image) },
        can_delete: hasPermission(actor, 'news_manage') || (!!actor.userId && actor.userId === p.authorId),
        created_at: serverDate(p.createdAt, zone)!,
      };
    });
  }

  list(req: RequestOf<typeof ListNews>) {
    requireUser(req.actor);
    return this.db.tenant(req.orgId, async (s) => {
      const { rows, total } = await this.news.page(s, { page: req.page, perPage: req.per_page, committeeId: req.committee_id });
      return { items: await this.present(s, rows, req.actor), meta: pageMeta(req.page, req.per_page, total) };
    });
  }

  private async post(s: Scope, id: number): Promise<PostRow> {
    const p = await this.news.get(s, id);
    if (!p) throw AppError.notFound('news');
    return p;
  }

  get(orgId: string, actor: Actor, postId: number) {
    requireUser(actor);
    return this.db.tenant(orgId, async (s) => (await this.present(s, [await this.post(s, postId)], actor))[0]);
  }

  create(req: RequestOf<typeof CreateNews>) {
    requirePermission(req.actor, 'news_manage');
    return this.db.command(req.orgId, async (s) => {
      const errors: Record<string, string> = {};
      if (!(await this.committees.existingIds(s, 'committee', [req.committee_id])).has(req.committee_id)) errors.committee_id = OrgMessages.unknownCommittee;
      if (req.media.some((k) => !ownKey(req.orgId, 'images', k))) errors.media = OrgMessages.imageType;
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const p = await this.news.insert(s, { title: req.title, url: req.url, description: req.description, committeeId: req.committee_id, authorId: req.actor.userId, media: req.media });
      await this.logs.write(s, req.actor, `Posted news: ${p.title}`);
      return (await this.present(s, [p], req.actor))[0];
    });
  }

  like(orgId: string, actor: Actor, postId: number, like: boolean) {
    const userId = requireUser(actor);
    return this.db.command(orgId, async (s) => {
      const p = await this.post(s, postId);
      await this.news.like(s, p.id, userId, like);
      return (await this.present(s, [p], actor))[0];
    });
  }

  comment(orgId: string, actor: Actor, postId: number, comment: string) {
    const userId = requireUser(actor);
    return this.db.command(orgId, async (s) => {
      const p = await this.post(s, postId);
      await this.news.comment(s, p.id, userId, comment);
      return (await this.present(s, [p], actor))[0];
    });
  }

  delete(orgId: string, actor: Actor, postId: number) {
    requireUser(actor);
    return this.db.command(orgId, async (s) => {
      const p = await this.post(s, postId);
      if (!hasPermission(actor, 'news_manage') && actor.userId !== p.authorId) throw AppError.forbidden('news_manage');
      await this.news.delete(s, p.id);
      await this.logs.write(s, actor, `Deleted news: ${p.title}`);
      return p.media;
    });
  }
}
