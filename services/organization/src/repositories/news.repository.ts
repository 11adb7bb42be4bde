import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { committees, newsComments, newsLikes, newsPosts, users } from '../db/schema';
import type { Scope } from '../common/org-db';

export type PostRow = typeof newsPosts.$inferSelect;

@Injectable()
export class NewsRepository {
  async get(s: Scope, id: number): Promise<PostRow | null> {
    const [row] = await s.tx.select().from(newsPosts).where(and(eq(newsPosts.orgId, s.orgId), eq(newsPosts.id, id))).limit(1);
    return row ?? null;
  }

  async page(s: Scope, q: { page: number; perPage: number; committeeId?: number }): Promise<{ rows: PostRow[]; total: number }> {
    const where = and(eq(newsPosts.orgId, s.orgId), q.committeeId ? eq(newsPosts.committeeId, q.committeeId) : undefined);
    const [{ n }] = await s.tx.select({ n: count() }).from(newsPosts).where(where);
    const rows = await s.tx.select().from(newsPosts).where(where).orderBy(desc(newsPosts.createdAt), desc(newsPosts.id)).limit(q.perPage).offset((q.page - 1) * q.perPage);
    return { rows, total: Number(n) };
  }

  async insert(s: Scope, v: Omit<typeof newsPosts.$inferInsert, 'orgId' | 'id'>): Promise<PostRow> {
    const [row] = await s.tx.insert(newsPosts).values({ ...v, orgId: s.orgId }).returning();
    return row;
  }

  async delete(s: Scope, id: number): Promise<void> {
    await s.tx.delete(newsPosts).where(and(eq(newsPosts.orgId, s.orgId), eq(newsPosts.id, id)));
  }

  async like(s: Scope, postId: number, userId: number, like: boolean): Promise<void> {
    if (like) await s.tx.insert(newsLikes).values({ orgId: s.orgId, postId, userId }).onConflictDoNothing();
    else await s.tx.delete(newsLikes).where(and(eq(newsLikes.orgId, s.orgId), eq(newsLikes.postId, postId), eq(newsLikes.userId, userId)));
  }

  async comment(s: Scope, postId: number, userId: number | null, comment: string): Promise<void> {
    await s.tx.insert(newsComments).values({ orgId: s.orgId, postId, userId, comment });
  }

  /** Likes, whether `userId` liked, comments with their authors, committee names and authors of these posts. */
  async details(s: Scope, posts: PostRow[], userId: number | null) {
    const ids = posts.map((p) => p.id);
    if (!ids.length) return { likes: new Map<number, number>(), liked: new Set<number>(), comments: new Map<number, { id: number; comment: string; userId: number | null; name: string | null; image: string | null; createdAt: Date }[]>(), committees: new Map<number, string>(), authors: new Map<number, { name: string; image: string | null }>() };
    const likeRows = await s.tx
      .select({ postId: newsLikes.postId, n: count(), mine: sql<boolean>`bool_or(${newsLikes.userId} = ${userId ?? 0})` })
      .from(newsLikes)
      .where(and(eq(newsLikes.orgId, s.orgId), inArray(newsLikes.postId, ids)))
      .groupBy(newsLikes.postId);
    const commentRows = await s.tx
      .select({ id: newsComments.id, postId: newsComments.postId, comment: newsComments.comment, userId: newsComments.userId, name: users.name, image: users.image, createdAt: newsComments.createdAt })
      .from(newsComments)
      .leftJoin(users, eq(users.id, newsComments.userId))
      .where(and(eq(newsComments.orgId, s.orgId), inArray(newsComments.postId, ids)))
      .orderBy(asc(newsComments.createdAt), asc(newsComments.id));
    const cIds = [...new Set(posts.map((p) => p.committeeId).filter((x): x is number => !!x))];
    const cRows = cIds.length ? await s.tx.select({ id: committees.id, name: committees.name }).from(committees).where(and(eq(committees.orgId, s.orgId), inArray(committees.id, cIds))) : [];
    const aIds = [...new Set(posts.map((p) => p.authorId).filter((x): x is number => !!x))];
    const aRows = aIds.length ? await s.tx.select({ id: users.id, name: users.name, image: users.image }).from(users).where(and(eq(users.orgId, s.orgId), inArray(users.id, aIds))) : [];
    const comments = new Map<number, { id: number; comment: string; userId: number | null; name: string | null; image: string | null; createdAt: Date }[]>();
    for (const c of commentRows) (comments.get(c.postId) ?? comments.set(c.postId, []).get(c.postId)!).push(c);
    return {
      likes: new Map(likeRows.map((r) => [r.postId, Number(r.n)])),
      liked: new Set(likeRows.filter((r) => r.mine).map((r) => r.postId)),
      comments,
      committees: new Map(cRows.map((c) => [c.id, c.name])),
      authors: new Map(aRows.map((a) => [a.id, { name: a.name, image: a.image }])),
    };
  }
}
